/**
 * The whole API on this machine: DynamoDB Local and local S3 with data under `dataDir`, the functions'
 * environment, the stream poller, the report jobs and their schedules, and the gateway on loopback. `npm start` and the e2e tests use it.
 */
import { mkdirSync } from 'node:fs';
import type { BackgroundWork } from './background-work';
import { startBackgroundWork } from './background-work';
import type { BackingServices, ProcessExit } from './backing-services';
import { startBackingServices } from './backing-services';
import { dataPaths } from './data-dir';
import type { Gateway } from './gateway';
import { startGateway } from './gateway';
import { applyLocalEnvironment, localCorsOrigins } from './local-env';
import { removeRuntimeMarker, runningRuntime, writeRuntimeMarker } from './runtime-marker';

export interface RuntimeOptions {
  port: number;
  dataDir: string;
  dynamoPort?: number;
  s3Port?: number;
  /** An S3 emulator already running for the data dir (startBackingServices), instead of one in this process. */
  s3Endpoint?: string;
  quiet?: boolean;
  /** The stream poller, report jobs and daily alerts (true by default); false: the caller runs them (startBackgroundWork). */
  background?: boolean;
  /** The table in DynamoDB Local's memory, not in the data dir (startBackingServices). */
  dynamoInMemory?: boolean;
}

export interface Runtime {
  url: string;
  dataDir: string;
  eventsFile: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  /** The DynamoDB Local JVM's process id. */
  dynamoPid: number | undefined;
  /**
   * Settles with a description when the DynamoDB Local JVM exits before stop() was called: the
   * runtime can no longer serve, and whoever runs it should say so and stop. Never settles otherwise.
   */
  dynamoLost: Promise<string>;
  stop(): Promise<void>;
}

function describeExit(exit: ProcessExit): string {
  return exit.signal ? `killed by ${exit.signal}` : `exited with code ${exit.code}`;
}

export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const paths = dataPaths(options.dataDir);
  mkdirSync(paths.root, { recursive: true });
  const other = runningRuntime(paths.root);
  if (other) {
    throw new Error(
      `A runtime (pid ${other.pid}) already serves ${other.url} from ${paths.root}; stop it first.`,
    );
  }

  let services: BackingServices | undefined;
  let background: BackgroundWork | undefined;
  let gateway: Gateway | undefined;
  let stopping = false;
  const stop = async () => {
    stopping = true;
    // Requests first, then the poller (it finishes its batch), then the stores.
    await gateway?.stop();
    await background?.stop();
    await services?.stop();
    removeRuntimeMarker(paths.root);
  };
  try {
    services = await startBackingServices({ ...options, corsOrigins: localCorsOrigins() });
    applyLocalEnvironment({
      ...options,
      dynamoEndpoint: services.dynamoEndpoint,
      s3Endpoint: services.s3Endpoint,
    });
    if (options.background !== false) {
      background = await startBackgroundWork({
        dataDir: paths.root,
        dynamoEndpoint: services.dynamoEndpoint,
        quiet: options.quiet,
      });
    }
    gateway = await startGateway({ port: options.port, dataDir: paths.root, quiet: options.quiet });
  } catch (error) {
    await stop();
    throw error;
  }
  writeRuntimeMarker(paths.root, {
    pid: process.pid,
    url: gateway.url,
    dynamoEndpoint: services.dynamoEndpoint,
    s3Endpoint: services.s3Endpoint,
    dynamoPid: services.dynamoPid,
  });
  const { dynamoPid } = services;
  const dynamoLost = services.dynamoExited.then((exit) =>
    stopping
      ? new Promise<string>(() => {})
      : `DynamoDB Local (pid ${dynamoPid}) ${describeExit(exit)}; the local API cannot serve without it.`,
  );
  return {
    url: gateway.url,
    dataDir: paths.root,
    eventsFile: paths.events,
    dynamoEndpoint: services.dynamoEndpoint,
    s3Endpoint: services.s3Endpoint,
    dynamoPid,
    dynamoLost,
    stop,
  };
}

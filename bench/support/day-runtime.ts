/**
 * The busy day's local stack in two child processes (day-runtime-child.ts): one serves the requests (the
 * gateway, the handlers, DynamoDB Local), the other runs the background work (the stream poller and its
 * consumers, the report jobs, the daily alerts), as deployed they run in functions of their own. The
 * bench's client (its requests, its JSON, its checks) and the S3 emulator run in this process. So the CPU
 * per request the day reads is that of the process serving requests, and the rest is told apart. This
 * process gets the functions' environment too (applyLocalEnvironment), for the checks that read the table.
 */
import type { ChildProcess } from 'node:child_process';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dataPaths, localExportsBucket } from '../../infra/local/data-dir';
import { freePort } from '../../infra/local/free-port';
import { applyLocalEnvironment, localCorsOrigins } from '../../infra/local/local-env';
import { startS3Local } from '../../infra/local/s3-local';
import type { RouteCalls } from './day-calls';

export type DayRuntimeRequest = { type: 'measure' } | { type: 'stop' };

/**
 * Where DynamoDB Local keeps the day's table. In memory by default: the table is thrown away after the
 * day, and on disk DynamoDB Local holds its one write lock while each commit reaches the disk, so the
 * day's wall time would measure the disk's flushes, which DynamoDB does not make the functions wait
 * for in that way. `DAY_DYNAMO=disk` keeps it on disk, as `npm start` does.
 */
export type DayTableStore = 'memory' | 'disk';

export interface DayProcessMeasure {
  /** The process's CPU (user and system) since it started, in seconds. */
  cpuSeconds: number;
  /** Of which in the kernel (sockets, files). */
  systemSeconds: number;
  /** DynamoDB commands sent while serving a request, and the rest. */
  calls: { requests: number; background: number };
  byRoute: RouteCalls[];
}

export type DayRuntimeMessage =
  | {
      type: 'ready';
      url?: string;
      dynamoEndpoint?: string;
      dynamoPid?: number;
    }
  | ({ type: 'measure' } & DayProcessMeasure)
  | { type: 'stopped' };

export interface DayRuntime {
  url: string;
  dataDir: string;
  dynamoEndpoint: string;
  dynamoPid: number | undefined;
  measure(): Promise<{ requests: DayProcessMeasure; background: DayProcessMeasure }>;
  stop(): Promise<void>;
}

const childScript = fileURLToPath(new URL('./day-runtime-child.ts', import.meta.url));

interface DayProcess {
  ready: Extract<DayRuntimeMessage, { type: 'ready' }>;
  measure(): Promise<DayProcessMeasure>;
  stop(): Promise<void>;
}

async function startDayProcess(args: string[]): Promise<DayProcess> {
  // DAY_PROFILE_DIR: each service process writes a V8 CPU profile there when it exits.
  const profile = process.env.DAY_PROFILE_DIR;
  const child: ChildProcess = fork(childScript, args, {
    execArgv: ['--import', 'tsx', ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) =>
      reject(new Error(`the day's ${args[0]} process exited (${signal ?? `code ${code}`})`)),
    ),
  );
  exited.catch(() => {});
  const next = <T extends DayRuntimeMessage['type']>(type: T) =>
    Promise.race([
      new Promise<Extract<DayRuntimeMessage, { type: T }>>((resolve) => {
        const listener = (message: DayRuntimeMessage) => {
          if (message.type !== type) return;
          child.off('message', listener);
          resolve(message as Extract<DayRuntimeMessage, { type: T }>);
        };
        child.on('message', listener);
      }),
      exited,
    ]);
  // A child that never gets ready (DynamoDB Local that does not start, say) is killed, not waited on.
  const readyTimeout = setTimeout(() => child.kill('SIGKILL'), 120_000);
  const ready = await next('ready').finally(() => clearTimeout(readyTimeout));
  return {
    ready,
    async measure() {
      const answer = next('measure');
      child.send({ type: 'measure' } satisfies DayRuntimeRequest);
      const { type: _type, ...measure } = await answer;
      return measure;
    },
    async stop() {
      if (ended()) return;
      const stopped = next('stopped');
      child.send({ type: 'stop' } satisfies DayRuntimeRequest);
      await stopped;
      if (!ended()) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

export async function startDayRuntime(
  port: number,
  dataDir: string,
  tableIn: DayTableStore,
): Promise<DayRuntime> {
  // The S3 emulator runs in this process: deployed, S3 is not the functions' work.
  const s3 = await startS3Local({
    port: await freePort(),
    directory: dataPaths(dataDir).s3,
    bucket: localExportsBucket,
    corsOrigins: localCorsOrigins(),
  });
  let requests: DayProcess;
  try {
    requests = await startDayProcess(['requests', dataDir, String(port), '', s3.endpoint, tableIn]);
  } catch (error) {
    await s3.stop();
    throw error;
  }
  const { url, dynamoEndpoint, dynamoPid } = requests.ready;
  let background: DayProcess;
  try {
    background = await startDayProcess(['background', dataDir, '', dynamoEndpoint!, s3.endpoint]);
  } catch (error) {
    await requests.stop();
    await s3.stop();
    throw error;
  }
  applyLocalEnvironment({ dataDir, dynamoEndpoint: dynamoEndpoint!, s3Endpoint: s3.endpoint });
  return {
    url: url!,
    dataDir,
    dynamoEndpoint: dynamoEndpoint!,
    dynamoPid,
    measure: async () => ({ requests: await requests.measure(), background: await background.measure() }),
    async stop() {
      // The requests' process keeps the stores: the background work stops first, and the stores stop
      // even if it failed to.
      try {
        await background.stop();
      } finally {
        await requests.stop().finally(() => s3.stop());
      }
    },
  };
}

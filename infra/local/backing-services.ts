/**
 * The stateful services behind the functions, with their data under the data dir: DynamoDB Local
 * (the table created when missing) and local S3 (the exports bucket created when missing).
 */
import { dataPaths, localExportsBucket, localTableName } from './data-dir';
import type { DynamoLocal } from './dynamodb-local';
import { ensureTable, startDynamoLocal } from './dynamodb-local';
import { freePort } from './free-port';
import { startS3Local } from './s3-local';

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface BackingServices {
  dynamoEndpoint: string;
  s3Endpoint: string;
  /** The DynamoDB Local JVM's process id. */
  dynamoPid: number | undefined;
  /** Settles when the JVM exits, whoever stopped it (stop() included). */
  dynamoExited: Promise<ProcessExit>;
  stop(): Promise<void>;
}

function jvmExited(dynamo: DynamoLocal): Promise<ProcessExit> {
  const child = dynamo.process;
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

export async function startBackingServices(options: {
  dataDir: string;
  dynamoPort?: number;
  s3Port?: number;
  /**
   * An S3 emulator already serving the data dir's files (its bucket made), used instead of starting one
   * here: the busy-day bench runs it outside the process that serves requests.
   */
  s3Endpoint?: string;
  /** Origins the exports bucket's CORS rule allows (the UI follows presigned URLs). */
  corsOrigins: string[];
  /**
   * The table in the JVM's memory, gone when it stops, instead of in the data dir: for a run that throws
   * its table away (the busy-day bench), where DynamoDB Local's commits to disk would be measured too.
   */
  dynamoInMemory?: boolean;
}): Promise<BackingServices> {
  // Before the first SDK client: Node 20 would get the SDK's support warning on every start.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const paths = dataPaths(options.dataDir);
  let dynamo: DynamoLocal | undefined;
  try {
    dynamo = await startDynamoLocal({
      port: options.dynamoPort ?? (await freePort()),
      ...(options.dynamoInMemory ? {} : { dbPath: paths.dynamodb }),
    });
    await ensureTable(dynamo.endpoint, localTableName);
    const s3 = options.s3Endpoint
      ? { endpoint: options.s3Endpoint, stop: async () => {} }
      : await startS3Local({
          port: options.s3Port ?? (await freePort()),
          directory: paths.s3,
          bucket: localExportsBucket,
          corsOrigins: options.corsOrigins,
        });
    const running = dynamo;
    const exited = jvmExited(running);
    return {
      dynamoEndpoint: dynamo.endpoint,
      s3Endpoint: s3.endpoint,
      dynamoPid: running.process.pid,
      dynamoExited: exited,
      async stop() {
        await s3.stop();
        // A Ctrl-C reaches the JVM too; DynamoLocal.stop() would wait for an exit that already happened.
        await Promise.race([running.stop(), exited]);
      },
    };
  } catch (error) {
    await dynamo?.stop();
    throw error;
  }
}

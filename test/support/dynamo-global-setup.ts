/**
 * DynamoDB Local JVMs, one per test worker, and one S3 emulator (s3rver, in this process, objects in a
 * temp folder) for the whole integration run, started side by side; each test file creates its own table
 * in its worker's JVM, and all files share one exports bucket (their keys are ULIDs, so they never meet).
 * One JVM per worker: a JVM serves a heavy file's burst of requests (a 10,000-order table, a staged
 * change over hundreds of items) ahead of a neighbour file's, whose tests then ran out of time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { DynamoLocal } from '../../infra/local/dynamodb-local';
import { startDynamoLocal } from '../../infra/local/dynamodb-local';
import { freePort } from '../../infra/local/free-port';
import type { S3Local } from '../../infra/local/s3-local';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One DynamoDB Local per worker (int-setup.ts picks its worker's by VITEST_POOL_ID). */
    dynamoEndpoints: string[];
    s3Endpoint: string;
    /** A bucket the emulator was started with. */
    s3Bucket: string;
  }
}

const bucket = 'test-exports';

let dynamos: DynamoLocal[] = [];
let s3: S3Local | undefined;
let s3Directory: string | undefined;

/** The project's test workers (1 where files run one at a time), at most 4 JVMs of about 0.5 GB each. */
function workerCount(project: TestProject): number {
  // As vitest resolves it: the project's own setting, else the run's (`--maxWorkers`).
  const workers = Number(project.config.maxWorkers || project.vitest.config.maxWorkers) || 1;
  return Math.min(4, Math.max(1, workers));
}

export async function setup(project: TestProject) {
  s3Directory = mkdtempSync(join(tmpdir(), 'commerce-int-s3-'));
  const workers = workerCount(project);
  const [s3Port = 0, ...dynamoPorts] = await Promise.all(
    Array.from({ length: workers + 1 }, () => freePort()),
  );
  const dynamoStarting = Promise.all(dynamoPorts.map((port) => startDynamoLocal({ port })));
  // s3rver takes about half a second to import: load it while the JVM boots, not before.
  const s3Starting = import('../../infra/local/s3-local').then(({ startS3Local }) =>
    startS3Local({ port: s3Port, directory: s3Directory!, bucket, corsOrigins: [] }),
  );
  const [dynamoStarted, s3Started] = await Promise.allSettled([dynamoStarting, s3Starting]);
  if (dynamoStarted.status === 'fulfilled') dynamos = dynamoStarted.value;
  if (s3Started.status === 'fulfilled') s3 = s3Started.value;
  if (dynamos.length === 0 || !s3) {
    await teardown();
    throw [dynamoStarted, s3Started].find((started) => started.status === 'rejected')!.reason;
  }
  project.provide(
    'dynamoEndpoints',
    dynamos.map((dynamo) => dynamo.endpoint),
  );
  project.provide('s3Endpoint', s3.endpoint);
  project.provide('s3Bucket', bucket);
}

export async function teardown() {
  const running = [...dynamos, s3];
  dynamos = [];
  s3 = undefined;
  await Promise.all(running.map((service) => service?.stop()));
  if (s3Directory) rmSync(s3Directory, { recursive: true, force: true });
  s3Directory = undefined;
}

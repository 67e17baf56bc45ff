/**
 * One DynamoDB Local JVM and one S3 emulator (s3rver, in this process, objects in a temp folder) for the
 * whole integration run, started side by side; each test file creates its own table, and all files
 * share one exports bucket (their keys are ULIDs, so they never meet).
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
    dynamoEndpoint: string;
    s3Endpoint: string;
    /** A bucket the emulator was started with. */
    s3Bucket: string;
  }
}

const bucket = 'test-exports';

let dynamo: DynamoLocal | undefined;
let s3: S3Local | undefined;
let s3Directory: string | undefined;

export async function setup(project: TestProject) {
  s3Directory = mkdtempSync(join(tmpdir(), 'commerce-int-s3-'));
  const [dynamoPort, s3Port] = await Promise.all([freePort(), freePort()]);
  const dynamoStarting = startDynamoLocal({ port: dynamoPort });
  // s3rver takes about half a second to import: load it while the JVM boots, not before.
  const s3Starting = import('../../infra/local/s3-local').then(({ startS3Local }) =>
    startS3Local({ port: s3Port, directory: s3Directory!, bucket, corsOrigins: [] }),
  );
  const [dynamoStarted, s3Started] = await Promise.allSettled([dynamoStarting, s3Starting]);
  if (dynamoStarted.status === 'fulfilled') dynamo = dynamoStarted.value;
  if (s3Started.status === 'fulfilled') s3 = s3Started.value;
  if (!dynamo || !s3) {
    await teardown();
    throw [dynamoStarted, s3Started].find((started) => started.status === 'rejected')!.reason;
  }
  project.provide('dynamoEndpoint', dynamo.endpoint);
  project.provide('s3Endpoint', s3.endpoint);
  project.provide('s3Bucket', bucket);
}

export async function teardown() {
  const running = [dynamo, s3];
  dynamo = s3 = undefined;
  await Promise.all(running.map((service) => service?.stop()));
  if (s3Directory) rmSync(s3Directory, { recursive: true, force: true });
  s3Directory = undefined;
}

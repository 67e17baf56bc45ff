/** One local runtime (gateway, DynamoDB Local, S3, stream poller) for the e2e run, on free ports, fresh data. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../infra/local/free-port';
import type { Runtime } from '../../infra/local/runtime';
import { startRuntime } from '../../infra/local/runtime';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** A UI origin the runtime's CORS configuration allows. */
    corsOrigin: string;
    /** The runtime's DynamoDB Local and table, for tests that check a request changed nothing. */
    e2eDynamoEndpoint: string;
    e2eTableName: string;
  }
}

export const e2eCorsOrigin = 'https://backoffice.example.test';

let runtime: Runtime | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject) {
  dataDir = mkdtempSync(join(tmpdir(), 'commerce-e2e-'));
  process.env.CORS_ORIGINS = e2eCorsOrigin;
  process.env.LOG_LEVEL ??= 'silent';
  runtime = await startRuntime({ port: await freePort(), dataDir, quiet: true });
  project.provide('baseUrl', runtime.url);
  project.provide('dataDir', runtime.dataDir);
  project.provide('corsOrigin', e2eCorsOrigin);
  project.provide('e2eDynamoEndpoint', process.env.DYNAMODB_ENDPOINT!);
  project.provide('e2eTableName', process.env.TABLE_NAME!);
}

export async function teardown() {
  await runtime?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

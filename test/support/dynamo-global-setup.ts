/** One DynamoDB Local JVM for the whole integration run; each test file creates its own table. */
import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';
import type { DynamoLocal } from '../../infra/local/dynamodb-local';
import { startDynamoLocal } from '../../infra/local/dynamodb-local';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let dynamo: DynamoLocal | undefined;

export async function setup(project: TestProject) {
  dynamo = await startDynamoLocal({ port: await freePort() });
  project.provide('dynamoEndpoint', dynamo.endpoint);
}

export async function teardown() {
  await dynamo?.stop();
}

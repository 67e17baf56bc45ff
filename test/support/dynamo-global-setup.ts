/** One DynamoDB Local JVM for the whole integration run; each test file creates its own table. */
import type { TestProject } from 'vitest/node';
import type { DynamoLocal } from '../../infra/local/dynamodb-local';
import { startDynamoLocal } from '../../infra/local/dynamodb-local';
import { freePort } from '../../infra/local/free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

let dynamo: DynamoLocal | undefined;

export async function setup(project: TestProject) {
  dynamo = await startDynamoLocal({ port: await freePort() });
  project.provide('dynamoEndpoint', dynamo.endpoint);
}

export async function teardown() {
  await dynamo?.stop();
}

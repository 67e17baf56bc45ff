/**
 * DynamoDB Local in memory on a free port with the service's table, stopped however the work ends. The
 * table has no stream: these benches never read it, and DynamoDB Local looks up a table's stream on every
 * write at a cost that grows with every record it holds (the deployed table's stream costs the request
 * nothing), so a long bench measured the emulator's stream more than our code.
 */
import { ensureTable, startDynamoLocal } from '../../infra/local/dynamodb-local';
import { db, setDb } from '../../shared/db/client';
import type { SilencedStdout } from './silenced-stdout';
import { silenceStdout } from './silenced-stdout';
import { freePort } from '../../infra/local/free-port';

export async function withDynamoLocal<T>(
  tableName: string,
  work: (endpoint: string) => Promise<T>,
): Promise<T> {
  const dynamo = await startDynamoLocal({ port: await freePort() });
  try {
    await ensureTable(dynamo.endpoint, tableName, { stream: false });
    return await work(dynamo.endpoint);
  } finally {
    await dynamo.stop();
  }
}

/**
 * DynamoDB Local plus the environment a function reads (endpoint, table, LOG_LEVEL=info: logging is part
 * of the overhead measured), a fresh document client and stdout silenced, all undone however the work ends.
 * Import handlers inside `work`, after the environment is set, as Lambda would start them.
 */
export function withHandlerEnvironment<T>(
  tableName: string,
  work: (stdout: SilencedStdout) => Promise<T>,
): Promise<T> {
  return withDynamoLocal(tableName, async (endpoint) => {
    Object.assign(process.env, {
      DYNAMODB_ENDPOINT: endpoint,
      TABLE_NAME: tableName,
      AWS_REGION: 'local',
      LOG_LEVEL: 'info',
    });
    setDb(undefined);
    const stdout = silenceStdout();
    try {
      return await work(stdout);
    } finally {
      stdout.restore();
      db().destroy();
      setDb(undefined);
    }
  });
}

/** DynamoDB Local in memory on a free port with the service's table, stopped however the work ends. */
import { ensureTable, startDynamoLocal } from '../../infra/local/dynamodb-local';
import { freePort } from '../../infra/local/free-port';

export async function withDynamoLocal<T>(
  tableName: string,
  work: (endpoint: string) => Promise<T>,
): Promise<T> {
  const dynamo = await startDynamoLocal({ port: await freePort() });
  try {
    await ensureTable(dynamo.endpoint, tableName);
    return await work(dynamo.endpoint);
  } finally {
    await dynamo.stop();
  }
}

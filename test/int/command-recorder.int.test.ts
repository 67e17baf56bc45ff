import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { call } from '../support/call';
import { recordCommands } from '../support/command-recorder';

describe('the command recorder behind the no-Scan rule', () => {
  it('sees the commands a client sends, a Scan included', async () => {
    const client = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: process.env.DYNAMODB_ENDPOINT,
        region: 'local',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
    const recorded = recordCommands(client);
    await client.send(new ScanCommand({ TableName: process.env.TABLE_NAME, Limit: 1 }));
    expect(recorded.some((name) => name.startsWith('Scan'))).toBe(true);
    client.destroy();
  });

  it('a request through a handler issues only key-based commands', async () => {
    const response = await call({ method: 'GET', path: '/v1/vendors?limit=5' });
    expect(response.status).toBe(200);
  });
});

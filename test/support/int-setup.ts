/**
 * Per test file: its own table in the shared DynamoDB Local, and a recorder of every command the file
 * issues, which fails the file on any Scan (DESIGN §2: no Scan on a request path).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, expect, inject } from 'vitest';
import { ensureTable } from '../../infra/local/dynamodb-local';
import { db } from '../../shared/db/client';
import { recordCommands } from './command-recorder';

process.env.DYNAMODB_ENDPOINT = inject('dynamoEndpoint');
process.env.AWS_REGION = 'local';
process.env.TABLE_NAME = `test-${randomUUID()}`;

await ensureTable(process.env.DYNAMODB_ENDPOINT, process.env.TABLE_NAME);
const recorded = recordCommands(db());

afterAll(() => {
  expect(
    recorded.filter((command) => command.startsWith('Scan')),
    'no Scan on any request path',
  ).toEqual([]);
});

/**
 * Per test file: its own table in its worker's DynamoDB Local (with a stream only for the files that
 * read it: stream-tables.ts; dropped at the file's end), the shared S3 emulator and its bucket
 * (shared/files reads S3_ENDPOINT, EXPORTS_BUCKET and the default credential chain), and a recorder of every command the file
 * issues, which fails the file on any Scan (DESIGN §2: no Scan on a request path) and on any table access
 * a group's handler sent that its IAM grants would refuse (DynamoDB Local enforces no IAM).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, expect, inject } from 'vitest';
import { dropTable, ensureTable } from '../../infra/local/dynamodb-local';
import { db } from '../../shared/db/client';
import { recordCommands } from './command-recorder';
import { accessesOutsideGrants, recordAccess } from './access-recorder';
import { keepsStream } from './stream-tables';

// Each worker's files use a JVM of their own (dynamo-global-setup.ts): VITEST_POOL_ID is 1 … maxWorkers.
const endpoints = inject('dynamoEndpoints');
process.env.DYNAMODB_ENDPOINT = endpoints[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % endpoints.length]!;
process.env.AWS_REGION = 'local';
process.env.TABLE_NAME = `test-${randomUUID()}`;
process.env.S3_ENDPOINT = inject('s3Endpoint');
process.env.EXPORTS_BUCKET = inject('s3Bucket');
// s3rver's fixed credentials (infra/local/s3-local.ts s3rverCredentials; not imported: that module loads
// s3rver itself, which every test file would pay for). Only S3 clients use the default chain.
process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';

// Test tables may hold the key layout before sharding (the files that test readers of both layouts put
// legacy items in them): no layout item, so every reader reads both.
await ensureTable(process.env.DYNAMODB_ENDPOINT, process.env.TABLE_NAME, {
  stream: keepsStream(expect.getState().testPath ?? ''),
  legacyLayout: true,
});
const recorded = recordCommands(db());
const accesses = recordAccess(db());

afterAll(async () => {
  try {
    expect(
      recorded.filter((command) => command.startsWith('Scan')),
      'no Scan on any request path',
    ).toEqual([]);
    expect(
      await accessesOutsideGrants(accesses),
      "table accesses the group's IAM grants would refuse in AWS (infra/group-access.ts)",
    ).toEqual([]);
  } finally {
    // The worker's JVM serves its later files: a smaller database for them.
    await dropTable(process.env.DYNAMODB_ENDPOINT!, process.env.TABLE_NAME!);
  }
});

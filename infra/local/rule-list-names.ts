/**
 * `npm run rule-lists:names -- [--data-dir DIR] [--table NAME]`: gives every rule list made before list
 * names were unique its name marker (functions/inventory-alerts/rule-lists/name-backfill.ts), in the local
 * database (the running `npm start`'s, or DynamoDB Local started for the run) or with --table in that
 * DynamoDB table in AWS (the default credentials and region). Safe to run again; lists whose names an
 * older list holds are printed for renaming.
 */
import { resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { backfillRuleListNames } from '../../functions/inventory-alerts/rule-lists/name-backfill';
import { terminalSafe } from '../../functions/taxonomy/taxonomies/file-text';
import { localTableName, repoDataDir } from './data-dir';
import { localDynamoClient } from './dynamodb-local';
import { openSeedDatabase } from './seed/local-database';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const usage = `Usage: npm run rule-lists:names -- [--data-dir DIR] [--table NAME]
  --data-dir DIR  the local data folder (default .data, the one npm start uses)
  --table NAME    this DynamoDB table in AWS instead`;

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const index = args.indexOf(name);
  if (index < 0) return undefined;
  const value = args[index + 1];
  if (value === undefined || value.startsWith('--')) {
    console.error(`${name} needs a value.\n${usage}`);
    process.exit(2);
  }
  return value;
}

const unknown = process.argv
  .slice(2)
  .filter(
    (arg, index, args) =>
      arg.startsWith('--') &&
      !['--data-dir', '--table'].includes(arg) &&
      !['--data-dir', '--table'].includes(args[index - 1] ?? ''),
  );
if (process.argv.includes('--help') || unknown.length > 0) {
  if (unknown.length > 0) console.error(`Unknown option ${unknown[0]}.`);
  console.log(usage);
  process.exit(unknown.length > 0 ? 2 : 0);
}

const table = option('--table');
let close = async (_complete: boolean) => {};
let client: DynamoDBDocumentClient;
if (table) {
  client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
} else {
  const database = await openSeedDatabase(resolve(option('--data-dir') ?? repoDataDir), 0).catch(
    (error: Error) => {
      console.error(`Could not reach or start DynamoDB Local: ${error.message}`);
      return process.exit(1);
    },
  );
  client = DynamoDBDocumentClient.from(localDynamoClient(database.endpoint));
  close = (complete) => database.close(complete);
}

let exitCode = 0;
try {
  const result = await backfillRuleListNames(client, table ?? localTableName);
  console.log(
    `Rule list names: ${result.written} marker(s) written, ${result.already} held already, ${result.duplicates.length} name(s) another list holds.`,
  );
  for (const duplicate of result.duplicates) {
    console.log(
      `  list ${duplicate.listId} "${terminalSafe(duplicate.name)}": the name is held by list ${duplicate.heldBy}; rename one of them.`,
    );
  }
} catch (error) {
  exitCode = 1;
  console.error(`The name markers could not be written: ${(error as Error).message}`);
}
client.destroy();
await close(exitCode === 0);
process.exit(exitCode);

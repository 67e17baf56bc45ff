/**
 * `npm run taxonomy:load -- <channel> <file> [--format google|shopify] [--allow-retire] [--allow-move] [--data-dir DIR] [--table NAME]`:
 * loads a channel's published taxonomy (Google's taxonomy-with-ids.<locale>.txt, Shopify's
 * categories.txt) into the local database (the running `npm start`'s, or DynamoDB Local started for the
 * run), or with --table into that DynamoDB table in AWS (the default credentials and region). Loading a
 * newer file retires the categories it no longer has and reports what changed; one that would retire more
 * than 1 % of them, or any in use, is refused without --allow-retire; one that would move a category in
 * use to a strict prefix of its path (a line cut short) is refused without --allow-move. What it prints of the file is
 * escaped: a bad file never sends raw bytes to the terminal.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { terminalSafe } from '../../functions/taxonomy/taxonomies/file-text';
import type { LoadReport } from '../../functions/taxonomy/taxonomies/load';
import { loadTaxonomy } from '../../functions/taxonomy/taxonomies/load';
import type { RetireRefusal } from '../../functions/taxonomy/taxonomies/retire-guard';
import type { TaxonomyFormat } from '../../functions/taxonomy/taxonomies/taxonomy-file';
import { localTableName, repoDataDir } from './data-dir';
import { ensureTable } from './dynamodb-local';
import { openSeedDatabase } from './seed/local-database';
import type { Progress } from './seed/progress';
import { progressBar } from './seed/progress';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const usage = `Usage: npm run taxonomy:load -- <channel> <file> [--format google|shopify] [--allow-retire] [--allow-move] [--data-dir DIR] [--table NAME]
  <channel>       the channel's code (google, shopify, …)
  <file>          Google's taxonomy-with-ids.<locale>.txt or Shopify's categories.txt, in UTF-8
  --format F      google or shopify (default: read from the file)
  --allow-retire  retire more than 1 % of the categories, or categories mappings, templates or
                  channel attributes use (refused without it, nothing written)
  --allow-move    move categories in use to a path that is a strict prefix of their own, as a
                  last line cut short reads (refused without it, nothing written)
  --data-dir DIR  the local data folder (default .data, the one npm start uses)
  --table NAME    load into this DynamoDB table in AWS instead`;

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

function commandLine() {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  const positional: string[] = [];
  const options = new Map<string, string>();
  let allowRetire = false;
  let allowMove = false;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    if (arg === '--allow-retire') {
      allowRetire = true;
      continue;
    }
    if (arg === '--allow-move') {
      allowMove = true;
      continue;
    }
    const value = args[index + 1];
    if (!['--format', '--data-dir', '--table'].includes(arg)) fail(`Unknown option ${arg}.`);
    if (value === undefined || value.startsWith('--')) fail(`${arg} needs a value.`);
    options.set(arg, value);
    index++;
  }
  if (positional.length !== 2) fail('Name the channel and the file.');
  const [channel, file] = positional as [string, string];
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/.test(channel))
    fail(`${terminalSafe(JSON.stringify(channel))} is not a channel code.`);
  const format = options.get('--format');
  if (format !== undefined && format !== 'google' && format !== 'shopify')
    fail('--format is google or shopify.');
  return {
    channel,
    file: resolve(file),
    format: format as TaxonomyFormat | undefined,
    allowRetire,
    allowMove,
    dataDir: resolve(options.get('--data-dir') ?? repoDataDir),
    table: options.get('--table'),
  };
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

function printReport(report: LoadReport): void {
  const { changes, mappings } = report;
  const sample = (list: ReadonlyArray<{ id: string; path: string }>) =>
    list
      .slice(0, 5)
      .map((category) => `    ${category.id}  ${terminalSafe(category.path)}`)
      .join('\n');
  console.log(
    `${report.channel}: ${report.format} taxonomy version ${report.version}${report.previousVersion ? ` (was ${report.previousVersion})` : ''}, ${report.categories.toLocaleString('en-US')} categories.`,
  );
  console.log(
    `  added ${changes.added.length}, renamed or moved ${changes.renamed.length}, retired ${changes.retired.length}, restored ${changes.restored.length}, unchanged ${changes.unchanged}`,
  );
  if (changes.retired.length > 0) console.log(`  retired:\n${sample(changes.retired)}`);
  if (changes.renamed.length > 0) {
    console.log(
      `  renamed:\n${changes.renamed
        .slice(0, 5)
        .map(
          (category) =>
            `    ${category.id}  ${terminalSafe(category.previousPath)} → ${terminalSafe(category.path)}`,
        )
        .join('\n')}`,
    );
  }
  console.log(
    `  mappings: ${mappings.retired} now retired, ${mappings.restored} restored, ${mappings.renamed} took a new path`,
  );
  console.log(
    `  followed moved categories: ${plural(report.followed.attributes, 'channel attribute')}, ${plural(report.followed.templates, 'template')}`,
  );
  const { rekeyed } = report;
  if (rekeyed.attributes > 0 || rekeyed.kept.length > 0) {
    console.log(
      `  ${plural(rekeyed.attributes, 'attribute definition')} re-keyed by category id${rekeyed.kept.length > 0 ? `, ${rekeyed.kept.length} kept under the path key` : ''}`,
    );
  }
  for (const kept of rekeyed.kept.slice(0, 50)) {
    console.log(
      `    kept ${kept.id} "${terminalSafe(kept.name)}" in ${kept.scope ? `${kept.scope.id} ${terminalSafe(kept.scope.path)}` : 'every category'} (key ${terminalSafe(kept.sortKey)}): ${kept.reason}`,
    );
  }
}

function printRefusal(file: string, message: string, refusal: RetireRefusal): void {
  console.error(`${terminalSafe(file)}: ${message}`);
  for (const category of refusal.cutMoves.slice(0, 50)) {
    console.error(
      `  it would cut ${category.id}, which ${category.usedBy.map(terminalSafe).join('; ')} use${category.usedBy.length === 1 ? 's' : ''}: ${terminalSafe(category.previousPath)} → ${terminalSafe(category.path)}`,
    );
  }
  const cut = new Set(refusal.cutMoves.map((category) => category.id));
  for (const category of refusal.movedInUse.filter(({ id }) => !cut.has(id)).slice(0, 50)) {
    console.error(
      `  it would also move ${category.id}, which ${category.usedBy.map(terminalSafe).join('; ')} use${category.usedBy.length === 1 ? 's' : ''}: ${terminalSafe(category.previousPath)} → ${terminalSafe(category.path)}`,
    );
  }
  if (refusal.used.length === 0) return;
  console.error('  in use:');
  for (const category of refusal.used.slice(0, 50)) {
    console.error(
      `    ${category.id}  ${terminalSafe(category.path)}  (${category.usedBy.map(terminalSafe).join('; ')})`,
    );
  }
  if (refusal.used.length > 50) console.error(`    … and ${refusal.used.length - 50} more`);
}

const command = commandLine();
let content: Buffer;
try {
  content = readFileSync(command.file);
} catch (error) {
  console.error(`Cannot read ${command.file}: ${(error as Error).message}`);
  process.exit(1);
}

let close = async (_complete: boolean) => {};
if (command.table) {
  process.env.TABLE_NAME = command.table;
} else {
  const database = await openSeedDatabase(command.dataDir, 0).catch((error: Error) => {
    console.error(`Could not reach or start DynamoDB Local: ${error.message}`);
    return process.exit(1);
  });
  await ensureTable(database.endpoint, localTableName);
  process.env.DYNAMODB_ENDPOINT = database.endpoint;
  process.env.TABLE_NAME = localTableName;
  close = (complete) => database.close(complete);
  console.error(`Loading into ${database.description}.`);
}

let exitCode = 0;
let bar: Progress | undefined;
try {
  const outcome = await loadTaxonomy({
    channel: command.channel,
    content,
    allowRetire: command.allowRetire,
    allowMove: command.allowMove,
    ...(command.format ? { format: command.format } : {}),
    progress: {
      start: (total) => (bar = progressBar(total)),
      add: (count) => bar?.add(count),
      finish: () => bar?.finish(),
    },
  });
  if ('refused' in outcome) {
    exitCode = 1;
    printRefusal(command.file, outcome.message, outcome.refused);
  } else if ('problems' in outcome) {
    exitCode = 1;
    console.error(`${terminalSafe(command.file)}: ${outcome.message}`);
    for (const problem of outcome.problems.slice(0, 50))
      console.error(`  line ${problem.line}: ${problem.message}`);
    if (outcome.problems.length > 50) console.error(`  … and ${outcome.problems.length - 50} more`);
  } else {
    printReport(outcome.loaded);
  }
} catch (error) {
  exitCode = 1;
  console.error('The load failed:', error);
}
try {
  await close(exitCode === 0);
} catch (error) {
  console.error((error as Error).message);
  exitCode = 1;
}
process.exit(exitCode);

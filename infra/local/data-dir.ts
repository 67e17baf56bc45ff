/**
 * Where the local runtime keeps its state: one folder (`.data/` for `npm start`, a temp folder in
 * tests) holds the database, the S3 objects, the dev signing key, the events and the stream checkpoint.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * The folder `npm start`, `npm run token`, `event`, `invoke` and `seed` share: the git-ignored `.data/`,
 * or `DATA_DIR` when set (a second, separate local environment; the tests' temp folders).
 */
export const repoDataDir = process.env.DATA_DIR ? resolve(process.env.DATA_DIR) : join(repoRoot, '.data');

export const localTableName = 'commerce-local';
export const localExportsBucket = 'commerce-exports-local';

export function dataPaths(dataDir: string) {
  const root = resolve(dataDir);
  return {
    root,
    dynamodb: join(root, 'dynamodb'),
    s3: join(root, 's3'),
    devJwt: join(root, 'dev-jwt'),
    events: join(root, 'events.jsonl'),
    /** Stream records the poller could not read, with the reason (the dead-letter queue's stand-in). */
    deadLetters: join(root, 'events-dead-letter.jsonl'),
    /** Stream records the report aggregates could not read, with the reason (one JSON line each). */
    aggregateDeadLetters: join(root, 'aggregates-dead-letter.jsonl'),
    /** Stream batches the alert evaluation failed on, with the reason (its dead-letter queue's stand-in). */
    alertDeadLetters: join(root, 'alerts-dead-letter.jsonl'),
    /** Export and scheduled report jobs that failed, with the reason (the jobs' dead-letter queues' stand-in). */
    reportJobDeadLetters: join(root, 'report-jobs-dead-letter.jsonl'),
    /** The reporting day the daily alert run last ran for. */
    alertsDailyRun: join(root, 'alerts-daily-run.json'),
    streamCheckpoint: join(root, 'stream-checkpoint.json'),
    cursorKey: join(root, 'cursor-signing-key'),
    /** Present while a runtime serves from this folder: its endpoints, for `npm run invoke`. */
    runtimeMarker: join(root, 'runtime.json'),
    eventFiles: join(root, 'events'),
  };
}

/** A random key made on first use and kept, so list cursors stay valid across restarts. */
export function cursorSigningKey(dataDir: string): string {
  const file = dataPaths(dataDir).cursorKey;
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dirname(file), { recursive: true });
    const key = randomBytes(32).toString('base64url');
    try {
      writeFileSync(file, key, { flag: 'wx', mode: 0o600 });
      return key;
    } catch {
      // Another process made it first: use theirs.
      return readFileSync(file, 'utf8').trim();
    }
  }
}

/**
 * The seeding core: loads the data set into a table through a document client (the CLI's or a test's),
 * or into a table at a DynamoDB endpoint (`seedTable`, for benchmarks). It refuses a table that already
 * has warehouses, because the seed's warehouse counters and default pointer must describe every
 * warehouse and every stock record there is.
 */
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { defaultWarehouseKey } from '../../../shared/db/keys';
import { ensureTable, localDynamoClient } from '../dynamodb-local';
import { writeAll } from './batch-writer';
import type { ItemKind, SeedOptions } from './seed-items';
import { seedItems } from './seed-items';

export interface SeedDatabaseOptions extends Partial<Omit<SeedOptions, 'orders'>> {
  client: DynamoDBDocumentClient;
  tableName: string;
  orders: number;
  /** BatchWriteItem requests in flight. */
  concurrency?: number;
  /**
   * Told the item total before writing starts; answers where to report items written. Given, the
   * generator runs twice (a first pass counts the items); without it, once.
   */
  progress?: (total: number) => { add(count: number): void; finish(): void };
}

export interface SeedSummary {
  counts: Record<ItemKind, number>;
  items: number;
  orders: number;
  /** Time to plan the data set (a first pass that counts the items; 0 without `progress`). */
  planSeconds: number;
  writeSeconds: number;
}

export class TableNotEmpty extends Error {}

const seconds = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e9;

export async function seedDatabase(options: SeedDatabaseOptions): Promise<SeedSummary> {
  const { client, tableName } = options;
  const pointer = await client.send(
    new GetCommand({ TableName: tableName, Key: defaultWarehouseKey(), ConsistentRead: true }),
  );
  if (pointer.Item) {
    throw new TableNotEmpty(
      `Table ${tableName} already has warehouses; the seed loads into an empty database only.`,
    );
  }
  // The service's item builders name the table from TABLE_NAME; the seed writes to `tableName` regardless.
  process.env.TABLE_NAME ??= tableName;
  const seedOptions: SeedOptions = {
    orders: options.orders,
    seed: options.seed ?? 1,
    // On the hour: the same seed run within the hour writes the same data.
    now: options.now ?? Math.floor(Date.now() / 3_600_000) * 3_600_000,
    days: options.days ?? 395,
    skus: options.skus ?? 500,
  };

  // With progress, two passes over the same deterministic generator: one counts (for the total), one writes.
  const planning = process.hrtime.bigint();
  let planned: number | undefined;
  if (options.progress) {
    planned = 0;
    for (const _ of seedItems(seedOptions)) planned++;
  }
  const planSeconds = planned === undefined ? 0 : seconds(planning);

  const writing = process.hrtime.bigint();
  const counts = {} as Record<ItemKind, number>;
  let items = 0;
  function* itemsOf() {
    for (const { kind, item } of seedItems(seedOptions)) {
      counts[kind] = (counts[kind] ?? 0) + 1;
      items++;
      yield item;
    }
  }
  const progress = planned === undefined ? undefined : options.progress?.(planned);
  try {
    await writeAll(client, tableName, itemsOf(), {
      concurrency: options.concurrency ?? 8,
      onWritten: (count) => progress?.add(count),
    });
  } finally {
    progress?.finish();
  }
  return { counts, items, orders: options.orders, planSeconds, writeSeconds: seconds(writing) };
}

/** The document client the seed writes with (undefined attributes left out, as the service's client does). */
export function seedClient(endpoint: string): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(localDynamoClient(endpoint), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
}

export interface SeedTableOptions extends Omit<SeedDatabaseOptions, 'client'> {
  /** A DynamoDB (Local) endpoint, `http://127.0.0.1:8000`. */
  endpoint: string;
}

/**
 * Seeds `tableName` at `endpoint` (creating the table from the shared definition when it is missing):
 * `await seedTable({ endpoint, tableName, orders: 100_000, days: 30, seed: 1, now })` loads about 100,000
 * orders over the 30 days before `now` (default: the current hour), with their shipments and totals cells.
 */
export async function seedTable(options: SeedTableOptions): Promise<SeedSummary> {
  const { endpoint, ...rest } = options;
  await ensureTable(endpoint, options.tableName);
  const client = seedClient(endpoint);
  try {
    return await seedDatabase({ ...rest, client });
  } finally {
    client.destroy();
  }
}

/**
 * The seeding core: loads the data set into a table through a document client (the CLI's or a test's).
 * It refuses a table that already has warehouses, because the seed's warehouse counters and default
 * pointer must describe every warehouse and every stock record there is.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { defaultWarehouseKey } from '../../../shared/db/keys';
import { writeAll } from './batch-writer';
import type { ItemKind, SeedOptions } from './seed-items';
import { seedItems } from './seed-items';

export interface SeedDatabaseOptions extends Partial<Omit<SeedOptions, 'orders'>> {
  client: DynamoDBDocumentClient;
  tableName: string;
  orders: number;
  /** BatchWriteItem requests in flight. */
  concurrency?: number;
  /** Told the item total before writing starts; answers where to report items written. */
  progress?: (total: number) => { add(count: number): void; finish(): void };
}

export interface SeedSummary {
  counts: Record<ItemKind, number>;
  items: number;
  orders: number;
  /** Time to plan the data set (a first pass that counts the items). */
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

  // Two passes over the same deterministic generator: one counts (for the progress total), one writes.
  const planning = process.hrtime.bigint();
  const counts = {} as Record<ItemKind, number>;
  let items = 0;
  for (const { kind } of seedItems(seedOptions)) {
    counts[kind] = (counts[kind] ?? 0) + 1;
    items++;
  }
  const planSeconds = seconds(planning);

  const writing = process.hrtime.bigint();
  const progress = options.progress?.(items);
  try {
    await writeAll(client, tableName, itemsOf(seedOptions), {
      concurrency: options.concurrency ?? 8,
      onWritten: (count) => progress?.add(count),
    });
  } finally {
    progress?.finish();
  }
  return { counts, items, orders: options.orders, planSeconds, writeSeconds: seconds(writing) };
}

function* itemsOf(options: SeedOptions) {
  for (const { item } of seedItems(options)) yield item;
}

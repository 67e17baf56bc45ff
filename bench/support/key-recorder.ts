/**
 * Records the keys a request writes and reads, from the commands the service really sends (a middleware
 * on the document client), then reads each written item back to learn its index keys and size: what one
 * operation does to each partition key of the table and of its indexes.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../shared/db/client';
import { tableDefinition } from '../../shared/db/table-definition';

const indexNames = tableDefinition.globalIndexes.map((index) => index.indexName);

/**
 * An item as an index holds it: every attribute (ALL), or the table's and the index's keys and the
 * attributes the index includes. DynamoDB charges an index write by the size of that entry.
 */
function indexEntry(index: string, item: Item | undefined): Item | undefined {
  const shape = tableDefinition.globalIndexes.find((candidate) => candidate.indexName === index)!;
  if (!item || shape.projection.type === 'ALL') return item;
  const kept = new Set<string>([
    tableDefinition.partitionKey,
    tableDefinition.sortKey,
    shape.partitionKey,
    shape.sortKey,
    ...(shape.projection.type === 'INCLUDE' ? shape.projection.attributes : []),
  ]);
  return Object.fromEntries(Object.entries(item).filter(([name]) => kept.has(name)));
}

type Item = Record<string, unknown>;

export interface KeyWrite {
  /** The partition key written: the table's, or an index's as `<index>:<PK>`. */
  partition: string;
  /** Write capacity units this write costs that partition. */
  units: number;
}

export interface KeyRead {
  partition: string;
  units: number;
}

export interface RecordedOperation {
  writes: KeyWrite[];
  reads: KeyRead[];
  /** Stream records of the items it changed (old and new images), as the consumers receive them. */
  records: Array<{ old?: Item; new?: Item }>;
}

interface CapturedWrite {
  key: { PK: string; SK: string };
  transactional: boolean;
  kind: 'put' | 'update' | 'delete' | 'check';
}

interface CapturedRead {
  partition: string;
  units: number;
}

const kib = (item: Item | undefined) =>
  item ? Math.max(1, Math.ceil(Buffer.byteLength(JSON.stringify(item)) / 1024)) : 1;
/** Reads are counted in 4 KB units; strongly consistent reads cost twice an eventual one's half unit. */
const readUnits = (bytes: number, consistent: boolean) =>
  Math.max(1, Math.ceil(bytes / 4096)) * (consistent ? 1 : 0.5);

export class KeyRecorder {
  private writes: CapturedWrite[] = [];
  private reads: CapturedRead[] = [];
  /** Every item as last seen: the old image of the next change. */
  private readonly known = new Map<string, Item>();
  private recording = false;

  constructor() {
    db().middlewareStack.add(
      (next, context) => async (args) => {
        const output = await next(args);
        if (this.recording)
          this.capture(context.commandName as string, args.input as Item, output.output as Item);
        return output;
      },
      { step: 'initialize', name: 'keyRecorder' },
    );
  }

  /** Command names as the client's stack sees them (the low-level ones, before marshalling). */
  private capture(command: string, input: Item, output: Item) {
    const keyOf = (entry: Item) => {
      const { PK, SK } = (entry.Key ?? entry.Item) as { PK: string; SK: string };
      return { PK, SK };
    };
    if (command === 'TransactWriteItemsCommand') {
      for (const entry of input.TransactItems as Item[]) {
        const [kind, body] = Object.entries(entry)[0] as [string, Item];
        this.writes.push({
          key: keyOf(body),
          transactional: true,
          kind: ({ Put: 'put', Update: 'update', Delete: 'delete', ConditionCheck: 'check' } as const)[
            kind as 'Put'
          ],
        });
      }
    } else if (
      command === 'PutItemCommand' ||
      command === 'UpdateItemCommand' ||
      command === 'DeleteItemCommand'
    ) {
      this.writes.push({
        key: keyOf(input),
        transactional: false,
        kind: command === 'PutItemCommand' ? 'put' : command === 'UpdateItemCommand' ? 'update' : 'delete',
      });
    } else if (command === 'BatchWriteItemCommand') {
      for (const requests of Object.values(input.RequestItems as Record<string, Item[]>)) {
        for (const request of requests) {
          const put = request.PutRequest as Item | undefined;
          const remove = request.DeleteRequest as Item | undefined;
          this.writes.push({
            key: keyOf((put ?? remove)!),
            transactional: false,
            kind: put ? 'put' : 'delete',
          });
        }
      }
    } else if (command === 'GetItemCommand') {
      const item = output.Item as Item | undefined;
      this.reads.push({
        partition: String((input.Key as Item).PK),
        units: readUnits(item ? Buffer.byteLength(JSON.stringify(item)) : 1, input.ConsistentRead === true),
      });
    } else if (command === 'BatchGetItemCommand') {
      for (const [table, request] of Object.entries(input.RequestItems as Record<string, Item>)) {
        const found = ((output.Responses as Record<string, Item[]> | undefined)?.[table] ?? []) as Item[];
        for (const key of request.Keys as Item[]) {
          const item = found.find((candidate) => candidate.PK === key.PK && candidate.SK === key.SK);
          this.reads.push({
            partition: String(key.PK),
            units: readUnits(
              item ? Buffer.byteLength(JSON.stringify(item)) : 1,
              request.ConsistentRead === true,
            ),
          });
        }
      }
    } else if (command === 'QueryCommand') {
      const values = input.ExpressionAttributeValues as Item;
      const bytes = ((output.Items as Item[] | undefined) ?? []).reduce<number>(
        (sum, item) => sum + Buffer.byteLength(JSON.stringify(item)),
        0,
      );
      const index = input.IndexName as string | undefined;
      this.reads.push({
        partition: index ? `${index}:${String(values[':pk'])}` : String(values[':pk']),
        units: readUnits(bytes, input.ConsistentRead === true),
      });
    }
  }

  /** Runs one operation and answers what it wrote and read, per partition key, and its stream records. */
  async record(operation: () => Promise<unknown>): Promise<RecordedOperation> {
    this.writes = [];
    this.reads = [];
    this.recording = true;
    try {
      await operation();
    } finally {
      this.recording = false;
    }
    const writes: KeyWrite[] = [];
    const records: RecordedOperation['records'] = [];
    const seen = new Set<string>();
    for (const write of this.writes) {
      if (write.kind === 'check') continue;
      const id = `${write.key.PK}\u0000${write.key.SK}`;
      const before = this.known.get(id);
      const { Item: after } = await db().send(
        new GetCommand({ TableName: tableName(), Key: write.key, ConsistentRead: true }),
      );
      // A transaction's items cost twice; the table partition pays for the larger image.
      const units = Math.max(kib(before), kib(after)) * (write.transactional ? 2 : 1);
      writes.push({ partition: write.key.PK, units });
      // Each index the item is in (before or after) takes a write of its own, two when its key moved.
      for (const index of indexNames) {
        const was = before?.[`${index}PK`];
        const is = after?.[`${index}PK`];
        const [wasEntry, isEntry] = [indexEntry(index, before), indexEntry(index, after)];
        // An entry whose key and projected attributes did not change is not written at all.
        if (was !== undefined && is === was && JSON.stringify(wasEntry) === JSON.stringify(isEntry)) continue;
        if (was !== undefined) writes.push({ partition: `${index}:${String(was)}`, units: kib(wasEntry) });
        if (is !== undefined && is !== was)
          writes.push({ partition: `${index}:${String(is)}`, units: kib(isEntry) });
      }
      if (!seen.has(id) && JSON.stringify(before) !== JSON.stringify(after)) {
        records.push({ ...(before ? { old: before } : {}), ...(after ? { new: after } : {}) });
      }
      seen.add(id);
      if (after) this.known.set(id, after);
      else this.known.delete(id);
    }
    return { writes, reads: this.reads, records };
  }
}

/**
 * The wcu benchmark's recorder: a middleware on the service's document client asks DynamoDB for the
 * capacity every write consumes, per table and per index (`ReturnConsumedCapacity: 'INDEXES'`), and keeps
 * each written item's images just before and just after the write (read with a client of its own, so the
 * reads are not recorded), so the same writes can be priced under another projection.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { BatchGetCommand, DynamoDBDocument } from '@aws-sdk/lib-dynamodb';

type Item = Record<string, unknown>;
type Key = { PK: string; SK: string };

export interface WrittenItem {
  kind: 'put' | 'update' | 'delete' | 'check';
  key: Key;
  before?: Item;
  after?: Item;
}

export interface RecordedWrite {
  /** PutItem, UpdateItem, DeleteItem, TransactWriteItems or BatchWriteItem. */
  command: string;
  transactional: boolean;
  items: WrittenItem[];
  /** What DynamoDB answered it consumed: table units and units per index. */
  table: number;
  indexes: Record<string, number>;
  /** The error's name when the write was refused (a failed condition is still charged; see notes). */
  failed?: string;
}

const writeCommands = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'TransactWriteItemsCommand',
  'BatchWriteItemCommand',
]);

interface ConsumedCapacity {
  Table?: { CapacityUnits?: number };
  GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number }>;
}

function itemsOf(command: string, input: Item): WrittenItem[] {
  const keyOf = (body: Item): Key => {
    const { PK, SK } = (body.Key ?? body.Item) as Key;
    return { PK, SK };
  };
  if (command === 'TransactWriteItemsCommand') {
    return (input.TransactItems as Item[]).map((entry) => {
      const [kind, body] = Object.entries(entry)[0] as [string, Item];
      const kinds = { Put: 'put', Update: 'update', Delete: 'delete', ConditionCheck: 'check' } as const;
      return { kind: kinds[kind as keyof typeof kinds], key: keyOf(body) };
    });
  }
  if (command === 'BatchWriteItemCommand') {
    return Object.values(input.RequestItems as Record<string, Item[]>).flatMap((requests) =>
      requests.map((request) => {
        const put = request.PutRequest as Item | undefined;
        return {
          kind: put ? ('put' as const) : ('delete' as const),
          key: keyOf(put ?? (request.DeleteRequest as Item)),
        };
      }),
    );
  }
  const kind = ({ PutItemCommand: 'put', UpdateItemCommand: 'update', DeleteItemCommand: 'delete' } as const)[
    command as 'PutItemCommand'
  ];
  return [{ kind, key: keyOf(input) }];
}

function sumConsumed(consumed: ConsumedCapacity | ConsumedCapacity[] | undefined) {
  const indexes: Record<string, number> = {};
  let table = 0;
  for (const entry of [consumed ?? []].flat()) {
    table += entry.Table?.CapacityUnits ?? 0;
    for (const [name, units] of Object.entries(entry.GlobalSecondaryIndexes ?? {}))
      indexes[name] = (indexes[name] ?? 0) + (units.CapacityUnits ?? 0);
  }
  return { table, indexes };
}

export class WriteRecorder {
  private writes: RecordedWrite[] = [];
  private recording = false;
  private readonly probe: DynamoDBDocument;

  constructor(
    private readonly client: DynamoDBDocumentClient,
    endpoint: string,
    private readonly table: string,
  ) {
    this.probe = DynamoDBDocument.from(
      new DynamoDBClient({
        endpoint,
        region: 'local',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const command = context.commandName as string;
        if (!this.recording || !writeCommands.has(command)) return next(args);
        const input = args.input as Item;
        input.ReturnConsumedCapacity = 'INDEXES';
        const items = itemsOf(command, input);
        const before = await this.images(items.map((item) => item.key));
        const write: RecordedWrite = {
          command: command.replace(/Command$/, ''),
          transactional: command === 'TransactWriteItemsCommand',
          items,
          table: 0,
          indexes: {},
        };
        this.writes.push(write);
        try {
          const output = await next(args);
          Object.assign(
            write,
            sumConsumed((output.output as { ConsumedCapacity?: ConsumedCapacity }).ConsumedCapacity),
          );
          return output;
        } catch (error) {
          write.failed = (error as Error).name;
          throw error;
        } finally {
          const after = await this.images(items.map((item) => item.key));
          for (const item of items) {
            item.before = before.get(`${item.key.PK}\u0000${item.key.SK}`);
            item.after = after.get(`${item.key.PK}\u0000${item.key.SK}`);
          }
        }
      },
      { step: 'initialize', name: 'wcuRecorder' },
    );
  }

  /** Consistent reads of the keys, by `PK\0SK`. */
  private async images(keys: Key[]): Promise<Map<string, Item>> {
    const unique = [...new Map(keys.map((key) => [`${key.PK}\u0000${key.SK}`, key])).values()];
    const found = new Map<string, Item>();
    for (let start = 0; start < unique.length; start += 100) {
      let pending: Key[] | undefined = unique.slice(start, start + 100);
      while (pending && pending.length > 0) {
        const result = await this.probe.send(
          new BatchGetCommand({ RequestItems: { [this.table]: { Keys: pending, ConsistentRead: true } } }),
        );
        for (const item of result.Responses?.[this.table] ?? [])
          found.set(`${String(item.PK)}\u0000${String(item.SK)}`, item);
        pending = result.UnprocessedKeys?.[this.table]?.Keys as Key[] | undefined;
      }
    }
    return found;
  }

  /** Runs one operation and answers the writes it sent, in order. */
  async record(operation: () => Promise<unknown>): Promise<RecordedWrite[]> {
    this.writes = [];
    this.recording = true;
    try {
      await operation();
    } finally {
      this.recording = false;
    }
    return this.writes;
  }

  stop(): void {
    this.client.middlewareStack.remove('wcuRecorder');
    this.probe.destroy();
  }
}

/**
 * Prices recorded item writes one item at a time, as DynamoDB prices them: each item's before image is put
 * into a scratch table (unmeasured), then its after image put (or the item deleted) with
 * `ReturnConsumedCapacity: 'INDEXES'`. DynamoDB Local follows the per-item rules for single writes, but
 * prices a transaction by the sum of its items' bytes rounded once, where DynamoDB rounds each item up to
 * a KB: replaying each item on its own gives DynamoDB's figure, twice for an item of a transaction.
 */
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocument, PutCommand } from '@aws-sdk/lib-dynamodb';
import { createTableInput, projectionInput } from '../../shared/db/table-definition';
import type { IndexShape } from './wcu-capacity';
import type { WrittenItem } from './wcu-recorder';

type Item = Record<string, unknown>;

export interface ItemUnits {
  table: number;
  indexes: Record<string, number>;
}

export class ReplayPricer {
  private readonly client: DynamoDBDocument;

  private constructor(
    endpoint: string,
    private readonly table: string,
  ) {
    this.client = DynamoDBDocument.from(
      new DynamoDBClient({
        endpoint,
        region: 'local',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
  }

  /** A scratch table like the service's, with these indexes' projections. */
  static async create(
    endpoint: string,
    table: string,
    indexes: readonly IndexShape[],
  ): Promise<ReplayPricer> {
    const pricer = new ReplayPricer(endpoint, table);
    const input: CreateTableCommandInput = createTableInput(table);
    input.GlobalSecondaryIndexes = input.GlobalSecondaryIndexes!.map((index) => ({
      ...index,
      Projection: projectionInput(indexes.find((shape) => shape.indexName === index.IndexName)!.projection),
    }));
    delete input.StreamSpecification;
    await pricer.client.send(new CreateTableCommand(input));
    return pricer;
  }

  /** The units of one item going from its before image to its after image (a single, non-transactional write). */
  async price(item: WrittenItem): Promise<ItemUnits> {
    const key = item.key;
    await this.client.send(new DeleteCommand({ TableName: this.table, Key: key }));
    if (item.before) await this.client.send(new PutCommand({ TableName: this.table, Item: item.before }));
    const output = item.after
      ? await this.client.send(
          new PutCommand({
            TableName: this.table,
            Item: item.after as Item,
            ReturnConsumedCapacity: 'INDEXES',
          }),
        )
      : await this.client.send(
          new DeleteCommand({ TableName: this.table, Key: key, ReturnConsumedCapacity: 'INDEXES' }),
        );
    const consumed = output.ConsumedCapacity;
    return {
      table: consumed?.Table?.CapacityUnits ?? 0,
      indexes: Object.fromEntries(
        Object.entries(consumed?.GlobalSecondaryIndexes ?? {}).map(([name, units]) => [
          name,
          units.CapacityUnits ?? 0,
        ]),
      ),
    };
  }

  destroy(): void {
    this.client.destroy();
  }
}

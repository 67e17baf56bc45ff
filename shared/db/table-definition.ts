/**
 * The single table, declared once: the CDK construct and the local/test setup both build it from here.
 * Entities and access patterns are documented in shared/db/keys.ts and the data-model table of docs/data-model.md.
 */
import type { CreateTableCommandInput, Projection } from '@aws-sdk/client-dynamodb';

/** What an index holds besides the keys: every attribute, none, or the ones named. */
export type IndexProjection =
  { type: 'ALL' } | { type: 'KEYS_ONLY' } | { type: 'INCLUDE'; attributes: readonly string[] };

/** Typed as any projection, so code reading the definition handles each kind whatever the indexes hold today. */
const projected = (projection: IndexProjection): IndexProjection => projection;

export const tableDefinition = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /**
   * Overloaded secondary indexes: each entity documents what it writes into them (keys/index.ts). GSI1
   * holds whole items: its readers read stock records and movements by warehouse by the thousand (reports,
   * alerts) and list a dozen entities with filters on their fields. GSI2 and GSI3 hold the keys and the
   * attributes their queries filter on; their readers get whole items through `fullItems` (query.ts), so an
   * order header, which every order change rewrites, is not rewritten in them unless its channel, currency
   * or warehouse changes. A deployed index's projection cannot change in place (docs/operations.md, Migrations).
   */
  globalIndexes: [
    { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK', projection: projected({ type: 'ALL' }) },
    {
      indexName: 'GSI2',
      partitionKey: 'GSI2PK',
      sortKey: 'GSI2SK',
      projection: projected({
        type: 'INCLUDE',
        attributes: [
          // Vendors by code: the name prefix (the other index's sort key) and the active flag.
          'GSI1SK',
          'active',
          // Orders of a day (sales detailed): channel, currency, warehouse.
          'channel',
          'currency',
          'warehouseId',
          // Movements of a day: the type. Shipments by carrier: warehouse, service, status, source.
          'type',
          'serviceKey',
          'status',
          'source',
          // Rule periods active on a day.
          'from',
          'to',
        ],
      }),
    },
    {
      indexName: 'GSI3',
      partitionKey: 'GSI3PK',
      sortKey: 'GSI3SK',
      // Shipments by warehouse: service, status, source; every purchase-order source: warehouse.
      projection: projected({
        type: 'INCLUDE',
        attributes: ['serviceKey', 'status', 'source', 'warehouseId'],
      }),
    },
    {
      indexName: 'GSI4',
      partitionKey: 'GSI4PK',
      sortKey: 'GSI4SK',
      // Orders waiting to ship (sparse, keys/orders.ts pendingOrderIndexKeys): what the pending-shipments
      // report shows of each, so it reads no order header.
      projection: projected({
        type: 'INCLUDE',
        attributes: [
          'id',
          'channel',
          'orderDate',
          'statusId',
          'warehouseId',
          'currency',
          'totals',
          'pendingUnits',
        ],
      }),
    },
  ],
  /** Epoch seconds; DynamoDB deletes the item after it (idempotency records, exports). */
  ttlAttribute: 'expiresAt',
  stream: 'NEW_AND_OLD_IMAGES',
} as const;

export type IndexName = (typeof tableDefinition.globalIndexes)[number]['indexName'];

/** The index's projection as CreateTable (and CloudFormation) take it. */
export function projectionInput(projection: IndexProjection): Projection {
  return projection.type === 'INCLUDE'
    ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...projection.attributes] }
    : { ProjectionType: projection.type };
}

/**
 * CreateTable input for DynamoDB Local and tests (on-demand billing, stream on). `stream: false` is for
 * tables nothing reads the stream of (most test files): DynamoDB Local looks up its stream on every
 * write, at a cost that grows with every stream record the JVM holds, deleted tables' included.
 */
export function createTableInput(
  tableName: string,
  options: { stream?: boolean } = {},
): CreateTableCommandInput {
  const keyAttributes = [
    tableDefinition.partitionKey,
    tableDefinition.sortKey,
    ...tableDefinition.globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: keyAttributes.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
      { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: tableDefinition.globalIndexes.map((index) => ({
      IndexName: index.indexName,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ],
      Projection: projectionInput(index.projection),
    })),
    ...(options.stream === false
      ? {}
      : { StreamSpecification: { StreamEnabled: true, StreamViewType: tableDefinition.stream } }),
  };
}

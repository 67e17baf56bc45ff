/**
 * The single table, declared once: the CDK construct and the local/test setup both build it from here.
 * Entities and access patterns are documented in shared/db/keys.ts and the README's data-model table.
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
  /** Overloaded secondary indexes: each entity documents what it writes into them. */
  globalIndexes: [
    { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK', projection: projected({ type: 'ALL' }) },
    { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK', projection: projected({ type: 'ALL' }) },
    { indexName: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK', projection: projected({ type: 'ALL' }) },
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

/** CreateTable input for DynamoDB Local and tests (on-demand billing, stream on). */
export function createTableInput(tableName: string): CreateTableCommandInput {
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
    StreamSpecification: { StreamEnabled: true, StreamViewType: tableDefinition.stream },
  };
}

/**
 * The aggregates' generation pointer (`AGGGEN`, shared/domain/aggregate-generations.ts): the readers and
 * the consumer read which generation is live; a rebuild claims the next one, switches to it in one
 * conditional write, and clears the cells of every generation nobody reads. The rebuild's functions take the
 * rebuild's own client and table (an offline tool); the readers use the service's.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchWrite } from '../db/batch-write';
import { isConditionalCheckFailed } from '../db/errors';
import type { AggregateGeneration } from '../db/keys';
import { aggregateCellsPrefix, aggregateGenerationKey, generationOfCellKey } from '../db/keys';
import { getItem } from '../db/query';
import type { GenerationState } from '../domain/aggregate-generations';
import { generationState } from '../domain/aggregate-generations';

/** The table a rebuild works on, through its own client. */
export interface RebuildStore {
  client: DynamoDBDocumentClient;
  table: string;
}

/** Another rebuild changed the pointer since this one read it: this one neither claims nor switches. */
export class GenerationMoved extends Error {
  override readonly name = 'GenerationMoved';
}

/** The generation the reports read and the consumer counts into (consistent: a switch shows at once). */
export async function liveGeneration(): Promise<AggregateGeneration> {
  return generationState(await getItem(aggregateGenerationKey(), true)).live;
}

export async function readGenerations({ client, table }: RebuildStore): Promise<GenerationState> {
  const result = await client.send(
    new GetCommand({ TableName: table, Key: aggregateGenerationKey(), ConsistentRead: true }),
  );
  return generationState(result.Item);
}

async function updatePointer(
  store: RebuildStore,
  input: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName' | 'Key'>,
) {
  try {
    await store.client.send(
      new UpdateCommand({ TableName: store.table, Key: aggregateGenerationKey(), ...input }),
    );
  } catch (error) {
    if (isConditionalCheckFailed(error))
      throw new GenerationMoved('another rebuild changed the aggregates’ generation pointer meanwhile');
    throw error;
  }
}

/** Marks `generation` as being built, if the pointer is still as `seen` (no other rebuild got there first). */
export async function claimBuild(
  store: RebuildStore,
  seen: GenerationState,
  generation: AggregateGeneration,
) {
  await updatePointer(store, {
    UpdateExpression: 'SET live = :live, building = :building, buildingSince = :now, version = :next',
    ConditionExpression: seen.version === 0 ? 'attribute_not_exists(PK)' : 'version = :version',
    ExpressionAttributeValues: {
      ':live': seen.live,
      ':building': generation,
      ':now': new Date().toISOString(),
      ':next': seen.version + 1,
      ...(seen.version === 0 ? {} : { ':version': seen.version }),
    },
  });
}

/**
 * The one step that switches the readers: `generation` becomes live, if it is still the one being built
 * and `from` still the live one. Before it the readers see `from` whole, after it `generation` whole.
 */
export async function switchTo(
  store: RebuildStore,
  generation: AggregateGeneration,
  from: AggregateGeneration,
) {
  await updatePointer(store, {
    UpdateExpression:
      'SET live = :generation, switchedAt = :now ADD version :one REMOVE building, buildingSince',
    ConditionExpression: 'building = :generation AND live = :from',
    ExpressionAttributeValues: {
      ':generation': generation,
      ':from': from,
      ':now': new Date().toISOString(),
      ':one': 1,
    },
  });
}

/**
 * Deletes the cells of every generation but `keep`: old live ones, half-written ones a rebuild left.
 * Answers how many it deleted, per generation.
 */
export async function clearGenerationsExcept(
  store: RebuildStore,
  keep: readonly AggregateGeneration[],
): Promise<Map<AggregateGeneration, number>> {
  const removed = new Map<AggregateGeneration, number>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await store.client.send(
      new ScanCommand({
        TableName: store.table,
        FilterExpression: 'begins_with(PK, :cells)',
        ExpressionAttributeValues: { ':cells': aggregateCellsPrefix },
        ProjectionExpression: 'PK, SK',
        ExclusiveStartKey: start,
      }),
    );
    const stale = (page.Items ?? []).filter((item) => !keep.includes(generationOfCellKey(String(item.PK))));
    await batchWrite(
      stale.map((item) => ({ DeleteRequest: { Key: { PK: item.PK, SK: item.SK } } })),
      store.client,
      store.table,
    );
    for (const item of stale) {
      const generation = generationOfCellKey(String(item.PK));
      removed.set(generation, (removed.get(generation) ?? 0) + 1);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return removed;
}

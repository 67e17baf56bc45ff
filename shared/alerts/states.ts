/**
 * Where each alert rule stands for each SKU in each warehouse (`stock-alert` items): low or not, since
 * when, the last stock.low, and the numbers of the last assessment. A change of standing is written on
 * the version read, with the event it publishes in `eventType` (the projector turns it into stock.low or
 * stock.recovered; `none` publishes nothing), so two evaluations racing publish one event.
 */
import { tableName } from '../db/client';
import { alertStateKey, alertStatesOfRule } from '../db/keys';
import { getItem, queryAll } from '../db/query';
import { conditionalPut } from '../db/transactions';
import { batchWrite } from '../db/batch-write';
import type { AlertEvent, AlertStanding } from '../domain/stock-alerts';
import type { Assessment } from '../domain/alert-assessment';
import { orderedExplanation } from '../domain/alert-assessment';

export interface AlertState extends AlertStanding {
  ruleId: string;
  ruleName: string;
  sku: string;
  warehouseId: string;
  suggestedQuantity: number;
  explanation: Assessment['explanation'];
  /** The version of the stock record last assessed: a stream image at or before it was assessed already. */
  stockVersion?: number;
  version: number;
  updatedAt: string;
}

function toState(item: Record<string, unknown>): AlertState {
  return {
    ruleId: String(item.ruleId),
    ruleName: String(item.ruleName),
    sku: String(item.sku),
    warehouseId: String(item.warehouseId),
    state: item.state === 'low' ? 'low' : 'ok',
    notified: item.notified === true,
    ...(typeof item.lowSince === 'string' ? { lowSince: item.lowSince } : {}),
    ...(typeof item.lastLowEventAt === 'string' ? { lastLowEventAt: item.lastLowEventAt } : {}),
    suggestedQuantity: typeof item.suggestedQuantity === 'number' ? item.suggestedQuantity : 0,
    explanation: orderedExplanation(
      (item.explanation ?? {}) as Record<string, unknown>,
    ) as Assessment['explanation'],
    ...(typeof item.stockVersion === 'number' ? { stockVersion: item.stockVersion } : {}),
    version: typeof item.version === 'number' ? item.version : 0,
    updatedAt: String(item.updatedAt),
  };
}

export async function readAlertState(
  ruleId: string,
  warehouseId: string,
  sku: string,
): Promise<AlertState | undefined> {
  const item = await getItem(alertStateKey(ruleId, warehouseId, sku), true);
  return item ? toState(item) : undefined;
}

export async function statesOfRule(ruleId: string): Promise<AlertState[]> {
  return (await queryAll({ ...alertStatesOfRule(ruleId), consistent: true })).map(toState);
}

/** Writes the next standing only if the stored one is still at `readVersion` (0: none stored). */
export async function writeAlertState(
  next: Omit<AlertState, 'version'>,
  readVersion: number,
  event: AlertEvent | undefined,
): Promise<void> {
  const version = readVersion + 1;
  await conditionalPut({
    TableName: tableName(),
    Item: {
      ...alertStateKey(next.ruleId, next.warehouseId, next.sku),
      entity: 'stock-alert',
      id: `${next.ruleId}:${next.warehouseId}:${next.sku}`,
      ...next,
      version,
      eventType: event ?? 'none',
    },
    ConditionExpression: readVersion === 0 ? 'attribute_not_exists(PK)' : 'version = :read',
    ExpressionAttributeValues: readVersion === 0 ? undefined : { ':read': readVersion },
  });
}

/** Removes standings read before (a deleted rule's): nothing reads them any more. */
export async function removeStandings(states: readonly AlertState[]): Promise<void> {
  await batchWrite(
    states.map((state) => ({
      DeleteRequest: { Key: alertStateKey(state.ruleId, state.warehouseId, state.sku) },
    })),
  );
}

/** A deleted rule's standings. */
export async function removeStandingsOfRule(ruleId: string): Promise<void> {
  await removeStandings(await statesOfRule(ruleId));
}

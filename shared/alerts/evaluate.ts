/**
 * Alert evaluation: assesses SKUs in warehouses against the enabled alert rules that cover them and moves
 * each rule's standing (shared/alerts/states.ts), publishing stock.low once per crossing and
 * stock.recovered when it ends. Run by the alerts stream consumer for the stock records a batch changed
 * and for rules created or changed, and by the daily run for every rule (a new day moves the window and
 * the seasonal factors). Nothing happens while the alert settings are off.
 *
 * A SKU is assessed in a warehouse where it has a stock record.
 */
import { isDeepStrictEqual } from 'node:util';
import { allWarehouses, stockInWarehouse } from '../db/keys';
import { queryAll } from '../db/query';
import { anyRefusal, withRetry } from '../db/retry';
import type { Assessment } from '../domain/alert-assessment';
import { assess } from '../domain/alert-assessment';
import type { AlertStanding } from '../domain/stock-alerts';
import { nextAlertStanding } from '../domain/stock-alerts';
import type { StoredAlertRule } from '../inventory/alert-rule';
import { ruleAppliesIn, ruleCoversSku } from '../inventory/alert-rule';
import type { AlertInputs } from './inputs';
import { readAlertState, statesOfRule, writeAlertState } from './states';
import { batchWrite } from '../db/batch-write';
import { alertStateKey } from '../db/keys';

export interface StockPair {
  sku: string;
  warehouseId: string;
}

export interface EvaluationResult {
  /** (rule, SKU, warehouse) assessments made. */
  assessed: number;
  low: number;
  recovered: number;
}

const standingOf = (state: AlertStanding): AlertStanding => ({
  state: state.state,
  notified: state.notified,
  ...(state.lowSince ? { lowSince: state.lowSince } : {}),
  ...(state.lastLowEventAt ? { lastLowEventAt: state.lastLowEventAt } : {}),
});

const pairKey = (pair: StockPair) => `${pair.warehouseId}\u0000${pair.sku}`;

/** Moves one rule's standing for one pair, on the version read; a racing evaluation makes it read again. */
async function settle(
  rule: StoredAlertRule,
  pair: StockPair,
  assessment: Assessment | undefined,
  inputs: AlertInputs,
  result: EvaluationResult,
): Promise<void> {
  await withRetry({ what: `The alert of rule ${rule.id}`, isRace: anyRefusal }, async () => {
    const previous = await readAlertState(rule.id, pair.warehouseId, pair.sku);
    const crossed = nextAlertStanding(
      previous,
      assessment?.holds ?? false,
      inputs.nowIso,
      rule.cooldownHours,
    );
    // Still low: the standing keeps its numbers current (what GET answers), publishing nothing.
    const refreshed =
      !crossed &&
      previous?.state === 'low' &&
      assessment &&
      !isDeepStrictEqual(previous.explanation, assessment.explanation)
        ? { next: standingOf(previous), event: undefined }
        : undefined;
    const step = crossed ?? refreshed;
    if (!step) return;
    await writeAlertState(
      {
        ruleId: rule.id,
        ruleName: rule.name,
        sku: pair.sku,
        warehouseId: pair.warehouseId,
        ...step.next,
        suggestedQuantity: assessment?.suggestedQuantity ?? previous?.suggestedQuantity ?? 0,
        explanation: assessment?.explanation ?? previous!.explanation,
        updatedAt: inputs.nowIso,
      },
      previous?.version ?? 0,
      step.event,
    );
    if (step.event === 'stock.low') result.low += 1;
    if (step.event === 'stock.recovered') result.recovered += 1;
  });
}

async function assessPair(rule: StoredAlertRule, pair: StockPair, inputs: AlertInputs): Promise<Assessment> {
  return assess({ ...(await inputs.pairInputs(pair.sku, pair.warehouseId)), condition: rule.condition });
}

/** The stock records a batch changed: every enabled rule that covers each, assessed and settled. */
export async function evaluatePairs(
  pairs: readonly StockPair[],
  inputs: AlertInputs,
): Promise<EvaluationResult> {
  const result: EvaluationResult = { assessed: 0, low: 0, recovered: 0 };
  if (!(await inputs.settings()).enabled) return result;
  const rules = (await inputs.rules()).filter((rule) => rule.enabled);
  const unique = [...new Map(pairs.map((pair) => [pairKey(pair), pair])).values()];
  for (const pair of unique) {
    const lists = await inputs.listsHolding(pair.sku);
    for (const rule of rules) {
      if (!ruleAppliesIn(rule.scope, pair.warehouseId) || !ruleCoversSku(rule.scope, pair.sku, lists))
        continue;
      result.assessed += 1;
      await settle(rule, pair, await assessPair(rule, pair, inputs), inputs, result);
    }
  }
  return result;
}

/**
 * One rule over its whole scope: every covered SKU with a stock record in the warehouses it names (all
 * when none), and every pair it stood low for that it no longer covers (those recover). A disabled
 * rule's standings are cleared without events.
 */
export async function sweepRule(rule: StoredAlertRule, inputs: AlertInputs): Promise<EvaluationResult> {
  const result: EvaluationResult = { assessed: 0, low: 0, recovered: 0 };
  const states = await statesOfRule(rule.id);
  if (!rule.enabled || !(await inputs.settings()).enabled) {
    if (!rule.enabled && states.length > 0) {
      await batchWrite(
        states.map((state) => ({
          DeleteRequest: { Key: alertStateKey(state.ruleId, state.warehouseId, state.sku) },
        })),
      );
    }
    return result;
  }
  const warehouseIds =
    rule.scope.warehouseIds ?? (await queryAll(allWarehouses())).map((item) => String(item.id));
  const covered = new Map<string, StockPair>();
  for (const warehouseId of warehouseIds) {
    for (const record of await queryAll(stockInWarehouse(warehouseId))) {
      const pair = { sku: String(record.sku), warehouseId };
      if (ruleCoversSku(rule.scope, pair.sku, await inputs.listsHolding(pair.sku)))
        covered.set(pairKey(pair), pair);
    }
  }
  for (const pair of covered.values()) {
    result.assessed += 1;
    await settle(rule, pair, await assessPair(rule, pair, inputs), inputs, result);
  }
  for (const state of states) {
    const pair = { sku: state.sku, warehouseId: state.warehouseId };
    if (state.state === 'low' && !covered.has(pairKey(pair)))
      await settle(rule, pair, undefined, inputs, result);
  }
  return result;
}

/** The daily run: every rule over its scope, with the day's window and factors. */
export async function evaluateAllRules(inputs: AlertInputs): Promise<EvaluationResult> {
  const total: EvaluationResult = { assessed: 0, low: 0, recovered: 0 };
  for (const rule of await inputs.rules()) {
    const result = await sweepRule(rule, inputs);
    total.assessed += result.assessed;
    total.low += result.low;
    total.recovered += result.recovered;
  }
  return total;
}

/** A stream batch's alert work, in one run: the rules written and the settings first, then the stock changed. */
export async function evaluateAlertWork(
  work: { pairs: readonly StockPair[]; rules: readonly StoredAlertRule[]; settingsChanged: boolean },
  inputs: AlertInputs,
): Promise<EvaluationResult> {
  const total: EvaluationResult = { assessed: 0, low: 0, recovered: 0 };
  const add = (result: EvaluationResult) => {
    total.assessed += result.assessed;
    total.low += result.low;
    total.recovered += result.recovered;
  };
  if (!work.settingsChanged && work.rules.length === 0 && work.pairs.length === 0) return total;
  if (work.settingsChanged) add(await evaluateAllRules(inputs));
  else for (const rule of work.rules) add(await sweepRule(rule, inputs));
  add(await evaluatePairs(work.pairs, inputs));
  return total;
}

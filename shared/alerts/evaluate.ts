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
import { findAlertRule, ruleAppliesIn, ruleCoversSku } from '../inventory/alert-rule';
import type { AlertInputs } from './inputs';
import {
  readAlertState,
  removeStandings,
  removeStandingsOfRule,
  statesOfRule,
  writeAlertState,
} from './states';
import { skusOfRuleList, stockKey } from '../db/keys';
import { getItems } from '../db/query';
import { logger } from '../logging/logger';

export interface StockPair {
  sku: string;
  warehouseId: string;
}

export interface EvaluationResult {
  /** (rule, SKU, warehouse) assessments made. */
  assessed: number;
  low: number;
  recovered: number;
  /** Assessments that failed (logged; the next stock change or the daily run tries again). */
  failed: number;
}

const noResult = (): EvaluationResult => ({ assessed: 0, low: 0, recovered: 0, failed: 0 });

function addInto(total: EvaluationResult, result: EvaluationResult): void {
  total.assessed += result.assessed;
  total.low += result.low;
  total.recovered += result.recovered;
  total.failed += result.failed;
}

/**
 * One rule's assessment of one pair, settled; a failure is logged and counted, never stops the others:
 * one SKU's bad data must not hold back every alert of a batch or of the day.
 */
async function assessAndSettle(
  rule: StoredAlertRule,
  pair: StockPair,
  inputs: AlertInputs,
  result: EvaluationResult,
  covered = true,
): Promise<void> {
  try {
    if (covered) result.assessed += 1;
    await settle(rule, pair, covered ? await assessPair(rule, pair, inputs) : undefined, inputs, result);
  } catch (error) {
    result.failed += 1;
    logger.error('alert assessment failed', { ruleId: rule.id, ...pair, error });
  }
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
  return assess({
    ...(await inputs.pairInputs(pair.sku, pair.warehouseId)),
    condition: rule.condition,
    rule: { id: rule.id, name: rule.name },
  });
}

/** The stock records a batch changed: every enabled rule that covers each, assessed and settled. */
export async function evaluatePairs(
  pairs: readonly StockPair[],
  inputs: AlertInputs,
): Promise<EvaluationResult> {
  const result = noResult();
  if (!(await inputs.settings()).enabled) return result;
  const rules = (await inputs.rules()).filter((rule) => rule.enabled);
  const unique = [...new Map(pairs.map((pair) => [pairKey(pair), pair])).values()];
  for (const pair of unique) {
    const lists = await inputs.listsHolding(pair.sku);
    for (const rule of rules) {
      if (!ruleAppliesIn(rule.scope, pair.warehouseId) || !ruleCoversSku(rule.scope, pair.sku, lists))
        continue;
      await assessAndSettle(rule, pair, inputs, result);
    }
  }
  return result;
}

/** The pairs a rule covers: SKUs with a stock record in the warehouses it names (all when none). */
async function coveredPairs(rule: StoredAlertRule, inputs: AlertInputs): Promise<Map<string, StockPair>> {
  const warehouseIds =
    rule.scope.warehouseIds ?? (await queryAll(allWarehouses())).map((item) => String(item.id));
  const covered = new Map<string, StockPair>();
  if (rule.scope.ruleListId !== undefined && rule.scope.skuPatterns === undefined) {
    // A list rule reads its list's SKUs' records, not every record of its warehouses.
    const skus = (await queryAll({ ...skusOfRuleList(rule.scope.ruleListId), consistent: true })).map(
      (item) => String(item.sku),
    );
    const records = await getItems(
      skus.flatMap((sku) => warehouseIds.map((warehouseId) => stockKey(sku, warehouseId))),
    );
    for (const record of records) {
      const pair = { sku: String(record.sku), warehouseId: String(record.warehouseId) };
      covered.set(pairKey(pair), pair);
    }
    return covered;
  }
  for (const warehouseId of warehouseIds) {
    for (const record of await queryAll(stockInWarehouse(warehouseId))) {
      const pair = { sku: String(record.sku), warehouseId };
      if (ruleCoversSku(rule.scope, pair.sku, await inputs.listsHolding(pair.sku)))
        covered.set(pairKey(pair), pair);
    }
  }
  return covered;
}

/**
 * One rule over its whole scope, as stored now (read again: the image a stream record carried may be
 * stale, or the rule deleted since): every pair it covers, and every pair it stood low for that it no
 * longer covers (those recover). A deleted or disabled rule's standings are cleared without events.
 */
export async function sweepRule(ruleId: string, inputs: AlertInputs): Promise<EvaluationResult> {
  const result = noResult();
  const rule = await findAlertRule(ruleId, true);
  const states = await statesOfRule(ruleId);
  if (!rule || !rule.enabled) {
    await removeStandings(states);
    return result;
  }
  if (!(await inputs.settings()).enabled) return result;
  const covered = await coveredPairs(rule, inputs);
  for (const pair of covered.values()) await assessAndSettle(rule, pair, inputs, result);
  for (const state of states) {
    const pair = { sku: state.sku, warehouseId: state.warehouseId };
    if (state.state === 'low' && !covered.has(pairKey(pair)))
      await assessAndSettle(rule, pair, inputs, result, false);
  }
  return result;
}

/** The daily run: every rule over its scope, with the day's window and factors. */
export async function evaluateAllRules(inputs: AlertInputs): Promise<EvaluationResult> {
  const total = noResult();
  for (const rule of await inputs.rules()) addInto(total, await sweepRule(rule.id, inputs));
  return total;
}

/** A stream batch's alert work, in one run: rules deleted, written, the settings, then the stock changed. */
export async function evaluateAlertWork(
  work: {
    pairs: readonly StockPair[];
    ruleIds: readonly string[];
    removedRuleIds: readonly string[];
    settingsChanged: boolean;
  },
  inputs: AlertInputs,
): Promise<EvaluationResult> {
  const total = noResult();
  if (
    !work.settingsChanged &&
    work.ruleIds.length === 0 &&
    work.removedRuleIds.length === 0 &&
    work.pairs.length === 0
  )
    return total;
  for (const ruleId of work.removedRuleIds) await removeStandingsOfRule(ruleId);
  if (work.settingsChanged) addInto(total, await evaluateAllRules(inputs));
  else for (const ruleId of new Set(work.ruleIds)) addInto(total, await sweepRule(ruleId, inputs));
  addInto(total, await evaluatePairs(work.pairs, inputs));
  return total;
}

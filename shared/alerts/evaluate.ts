/**
 * Alert evaluation: assesses SKUs in warehouses against the enabled alert rules that cover them and moves
 * each rule's standing (shared/alerts/states.ts), publishing stock.low once per crossing and
 * stock.recovered when it ends. Run by the alerts stream consumer for every input a batch changed (stock
 * records, image by image; rules; settings; vendors, sources, factors, stock rules and list SKUs), and by
 * the daily run for every rule (a new day moves the window and the seasonal factors). Nothing happens
 * while the alert settings are off.
 *
 * A SKU is assessed in a warehouse where it has a stock record. A rule that stops covering a pair (the SKU
 * left its list, the rule was narrowed or disabled) stops speaking of it: a low standing is quieted, with
 * no event (the stock did not recover), and keeps when it last announced a low, so the cool-down holds.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  allWarehouses,
  poSourcesOfVendor,
  skusOfRuleList,
  stockInWarehousePartitions,
  stockKey,
  stockOfSku,
} from '../db/keys';
import { getItems, queryAll } from '../db/query';
import { queryEveryPartition } from '../db/every-partition';
import { anyRefusal, withRetry } from '../db/retry';
import type { Assessment } from '../domain/alert-assessment';
import { assess } from '../domain/alert-assessment';
import type { AlertStanding } from '../domain/stock-alerts';
import { nextAlertStanding } from '../domain/stock-alerts';
import type { StoredAlertRule } from '../inventory/alert-rule';
import { findAlertRule, ruleAppliesIn, ruleCoversSku } from '../inventory/alert-rule';
import { skuMatchesPattern } from '../inventory/sku-pattern';
import { logger } from '../logging/logger';
import type { AlertInputs } from './inputs';
import type { AlertWork, StockImage, StockPair, TouchedScope } from './records';
import type { AlertState } from './states';
import { readAlertState, removeStandingsOfRule, statesOfRule, writeAlertState } from './states';

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
 * One assessment to settle: of the stock as one write left it (`fromImage`: skipped when the standing
 * assessed that version or a later one already, so a batch read again publishes nothing twice), or as
 * read now; none when the rule no longer covers the pair.
 */
interface Step {
  assessment: Assessment | undefined;
  stockVersion: number;
  fromImage: boolean;
}

/**
 * One rule's steps for one pair, settled; a failure is logged and counted, never stops the others: one
 * SKU's bad data must not hold back every alert of a batch or of the day.
 */
async function settleGuarded(
  rule: StoredAlertRule,
  pair: StockPair,
  steps: () => Promise<Step[]>,
  inputs: AlertInputs,
  result: EvaluationResult,
): Promise<void> {
  try {
    const made = await steps();
    result.assessed += made.filter((step) => step.assessment).length;
    await settle(rule, pair, made, inputs, result);
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

/** The standing's next move for one step: a crossing, fresh numbers of a low, quieting, or nothing. */
function moveOf(rule: StoredAlertRule, previous: AlertState | undefined, step: Step, nowIso: string) {
  if (!step.assessment) {
    // No longer covered: a low goes quiet (no event), remembering its last announcement.
    if (previous?.state !== 'low') return undefined;
    const quiet: AlertStanding = {
      state: 'ok',
      notified: false,
      ...(previous.lastLowEventAt ? { lastLowEventAt: previous.lastLowEventAt } : {}),
    };
    return { next: quiet, event: undefined };
  }
  const crossed = nextAlertStanding(previous, step.assessment.holds, nowIso, rule.cooldownHours);
  if (crossed) return crossed;
  // Still low: the standing keeps its numbers current (what GET and the report answer), publishing nothing.
  if (previous?.state === 'low' && !isDeepStrictEqual(previous.explanation, step.assessment.explanation))
    return { next: standingOf(previous), event: undefined };
  return undefined;
}

/** Keeps the last step of each run of steps that agree on whether the rule holds: one write per run. */
function lastOfRuns(steps: readonly Step[]): Step[] {
  const holds = (step: Step) => step.assessment?.holds;
  return steps.filter(
    (step, index) => index === steps.length - 1 || holds(steps[index + 1]!) !== holds(step),
  );
}

/**
 * Moves one rule's standing for one pair through its steps in order, each write on the version read
 * (and the one before it wrote); a racing evaluation makes it read again.
 */
async function settle(
  rule: StoredAlertRule,
  pair: StockPair,
  steps: readonly Step[],
  inputs: AlertInputs,
  result: EvaluationResult,
): Promise<void> {
  await withRetry({ what: `The alert of rule ${rule.id}`, isRace: anyRefusal }, async () => {
    let previous = await readAlertState(rule.id, pair.warehouseId, pair.sku);
    const assessedUpTo = previous?.stockVersion ?? 0;
    const due = lastOfRuns(steps.filter((step) => !step.fromImage || step.stockVersion > assessedUpTo));
    for (const step of due) {
      const move = moveOf(rule, previous, step, inputs.nowIso);
      if (!move) continue;
      const next = {
        ruleId: rule.id,
        ruleName: rule.name,
        sku: pair.sku,
        warehouseId: pair.warehouseId,
        ...move.next,
        suggestedQuantity: step.assessment?.suggestedQuantity ?? previous?.suggestedQuantity ?? 0,
        explanation: step.assessment?.explanation ?? previous!.explanation,
        stockVersion: step.assessment ? step.stockVersion : (previous?.stockVersion ?? 0),
        updatedAt: inputs.nowIso,
      };
      const readVersion = previous?.version ?? 0;
      await writeAlertState(next, readVersion, move.event);
      previous = { ...next, version: readVersion + 1 };
      if (move.event === 'stock.low') result.low += 1;
      if (move.event === 'stock.recovered') result.recovered += 1;
    }
  });
}

/** The rule's assessment of the pair as stored now. */
async function currentStep(rule: StoredAlertRule, pair: StockPair, inputs: AlertInputs): Promise<Step> {
  const read = await inputs.pairInputs(pair.sku, pair.warehouseId);
  return {
    assessment: assess({ ...read, condition: rule.condition, rule: { id: rule.id, name: rule.name } }),
    stockVersion: read.stockVersion,
    fromImage: false,
  };
}

/** The rule's assessment of each image of the pair's stock, oldest first; the rest as stored now. */
async function imageSteps(
  rule: StoredAlertRule,
  pair: StockPair,
  images: readonly StockImage[],
  inputs: AlertInputs,
): Promise<Step[]> {
  const read = await inputs.pairInputs(pair.sku, pair.warehouseId);
  return images.map((image) => ({
    assessment: assess({
      ...read,
      stock: {
        onHand: image.onHand,
        allocated: image.allocated,
        available: Math.max(0, image.onHand - image.allocated),
      },
      condition: rule.condition,
      rule: { id: rule.id, name: rule.name },
    }),
    stockVersion: image.version,
    fromImage: true,
  }));
}

const noStep = async (): Promise<Step[]> => [{ assessment: undefined, stockVersion: 0, fromImage: false }];

const enabledRules = async (inputs: AlertInputs) => (await inputs.rules()).filter((rule) => rule.enabled);

const covers = async (rule: StoredAlertRule, pair: StockPair, inputs: AlertInputs) =>
  ruleAppliesIn(rule.scope, pair.warehouseId) &&
  ruleCoversSku(rule.scope, pair.sku, await inputs.listsWeighedBy(rule.scope, pair.sku));

/**
 * Pairs whose inputs changed, assessed as stored now by every enabled rule that covers each. A rule on
 * one of `editedLists` (SKUs were put on or taken off it) that no longer covers a pair quiets its low.
 */
export async function evaluatePairs(
  pairs: readonly StockPair[],
  inputs: AlertInputs,
  options: { editedLists?: ReadonlySet<string> } = {},
): Promise<EvaluationResult> {
  const result = noResult();
  if (!(await inputs.settings()).enabled) return result;
  const rules = await enabledRules(inputs);
  const unique = [...new Map(pairs.map((pair) => [pairKey(pair), pair])).values()];
  for (const pair of unique) {
    for (const rule of rules) {
      if (await covers(rule, pair, inputs))
        await settleGuarded(rule, pair, async () => [await currentStep(rule, pair, inputs)], inputs, result);
      else if (rule.scope.ruleListId !== undefined && options.editedLists?.has(rule.scope.ruleListId))
        await settleGuarded(rule, pair, noStep, inputs, result);
    }
  }
  return result;
}

/**
 * Stock writes of a batch, each image assessed in order by every enabled rule that covers its pair: a
 * receipt that recovers and an order that makes it low again are two crossings, both published.
 */
export async function evaluateStockImages(
  images: readonly StockImage[],
  inputs: AlertInputs,
): Promise<EvaluationResult> {
  const result = noResult();
  if (images.length === 0 || !(await inputs.settings()).enabled) return result;
  const rules = await enabledRules(inputs);
  const byPair = new Map<string, StockImage[]>();
  for (const image of images) byPair.set(pairKey(image), [...(byPair.get(pairKey(image)) ?? []), image]);
  for (const writes of byPair.values()) {
    const pair = { sku: writes[0]!.sku, warehouseId: writes[0]!.warehouseId };
    // One image per version, oldest first (a batch read again may repeat one).
    const ordered = [...new Map(writes.map((image) => [image.version, image])).values()].sort(
      (a, b) => a.version - b.version,
    );
    for (const rule of rules) {
      if (await covers(rule, pair, inputs))
        await settleGuarded(rule, pair, () => imageSteps(rule, pair, ordered, inputs), inputs, result);
    }
  }
  return result;
}

/** Every warehouse's id, or the one named. */
async function warehouseIdsOf(named: readonly string[] | undefined): Promise<string[]> {
  return named ? [...named] : (await queryAll(allWarehouses())).map((item) => String(item.id));
}

/** Pairs of SKUs with a stock record, of those given, in the warehouses given (every one when none). */
async function pairsOfSkus(skus: Iterable<string>, warehouseIds?: readonly string[]): Promise<StockPair[]> {
  const pairs: StockPair[] = [];
  for (const sku of new Set(skus)) {
    for (const record of await queryAll({ ...stockOfSku(sku), consistent: true })) {
      const warehouseId = String(record.warehouseId);
      if (!warehouseIds || warehouseIds.includes(warehouseId)) pairs.push({ sku, warehouseId });
    }
  }
  return pairs;
}

/** The pairs with a stock record that a factor's or stock rule's scope covers. */
async function pairsInScope(scope: TouchedScope): Promise<StockPair[]> {
  const warehouseIds = await warehouseIdsOf(scope.warehouseId ? [scope.warehouseId] : undefined);
  const patterns = scope.skuPatterns ?? [];
  const every = patterns.length === 0 && scope.ruleListId === undefined;
  const pairs: StockPair[] = [];
  for (const warehouseId of warehouseIds) {
    // Each pattern by its prefix on the warehouse's stock index; every SKU: the whole index.
    const prefixes = every
      ? ['']
      : patterns.map((pattern) => (pattern.endsWith('*') ? pattern.slice(0, -1) : pattern));
    for (const prefix of new Set(prefixes)) {
      const partitions = stockInWarehousePartitions(warehouseId).map((partition) => ({
        ...partition,
        skPrefix: `${partition.skPrefix}${prefix}`,
      }));
      for (const record of await queryEveryPartition(partitions)) {
        const sku = String(record.sku);
        if (every || patterns.some((pattern) => skuMatchesPattern(sku, pattern)))
          pairs.push({ sku, warehouseId });
      }
    }
  }
  if (scope.ruleListId !== undefined) {
    const skus = (await queryAll({ ...skusOfRuleList(scope.ruleListId), consistent: true })).map((item) =>
      String(item.sku),
    );
    pairs.push(...(await pairsOfSkus(skus, warehouseIds)));
  }
  return pairs;
}

/** The pairs a rule covers: SKUs with a stock record in the warehouses it names (all when none). */
async function coveredPairs(rule: StoredAlertRule, inputs: AlertInputs): Promise<Map<string, StockPair>> {
  const warehouseIds = await warehouseIdsOf(rule.scope.warehouseIds);
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
    for (const record of await queryEveryPartition(stockInWarehousePartitions(warehouseId))) {
      const pair = { sku: String(record.sku), warehouseId };
      if (ruleCoversSku(rule.scope, pair.sku, await inputs.listsWeighedBy(rule.scope, pair.sku)))
        covered.set(pairKey(pair), pair);
    }
  }
  return covered;
}

/**
 * One rule over its whole scope, as stored now (read again: the image a stream record carried may be
 * stale, or the rule deleted since): every pair it covers, and every pair it stood low for that it no
 * longer covers (those go quiet). A disabled rule's lows go quiet; a deleted rule's standings go.
 */
export async function sweepRule(ruleId: string, inputs: AlertInputs): Promise<EvaluationResult> {
  const result = noResult();
  const rule = await findAlertRule(ruleId, true);
  const states = await statesOfRule(ruleId);
  if (!rule) {
    await removeStandingsOfRule(ruleId);
    return result;
  }
  const lows = states.filter((state) => state.state === 'low');
  if (!rule.enabled) {
    for (const { sku, warehouseId } of lows)
      await settleGuarded(rule, { sku, warehouseId }, noStep, inputs, result);
    return result;
  }
  if (!(await inputs.settings()).enabled) return result;
  const covered = await coveredPairs(rule, inputs);
  for (const pair of covered.values())
    await settleGuarded(rule, pair, async () => [await currentStep(rule, pair, inputs)], inputs, result);
  for (const state of lows) {
    const pair = { sku: state.sku, warehouseId: state.warehouseId };
    if (!covered.has(pairKey(pair))) await settleGuarded(rule, pair, noStep, inputs, result);
  }
  return result;
}

/** The daily run: every rule over its scope, with the day's window and factors. */
export async function evaluateAllRules(inputs: AlertInputs): Promise<EvaluationResult> {
  const total = noResult();
  for (const rule of await inputs.rules()) addInto(total, await sweepRule(rule.id, inputs));
  return total;
}

/** The pairs whose suggestion inputs a batch changed: its sources', its vendors' sources', its scopes'. */
async function pairsOfInputs(work: AlertWork): Promise<StockPair[]> {
  const pairs = [...work.sourcePairs];
  for (const vendorId of new Set(work.vendorIds)) {
    for (const source of await queryAll(poSourcesOfVendor(vendorId)))
      pairs.push({ sku: String(source.sku), warehouseId: String(source.warehouseId) });
  }
  const scopes = new Map(work.scopes.map((scope) => [JSON.stringify(scope), scope]));
  for (const scope of scopes.values()) pairs.push(...(await pairsInScope(scope)));
  return pairs;
}

const hasWork = (work: AlertWork) =>
  work.settingsChanged ||
  [
    work.stockImages,
    work.ruleIds,
    work.removedRuleIds,
    work.sourcePairs,
    work.vendorIds,
    work.scopes,
    work.memberships,
  ].some((list) => list.length > 0);

/**
 * A stream batch's alert work, in one run: rules deleted; the stock written, image by image (before any
 * assessment of the stock as it is now, which would leave the images nothing to say); then rules written,
 * or every rule when the settings changed; then the pairs whose other inputs changed.
 */
export async function evaluateAlertWork(work: AlertWork, inputs: AlertInputs): Promise<EvaluationResult> {
  const total = noResult();
  if (!hasWork(work)) return total;
  inputs.heed(work);
  for (const ruleId of work.removedRuleIds) await removeStandingsOfRule(ruleId);
  addInto(total, await evaluateStockImages(work.stockImages, inputs));
  if (work.settingsChanged) {
    addInto(total, await evaluateAllRules(inputs));
    return total;
  }
  for (const ruleId of new Set(work.ruleIds)) addInto(total, await sweepRule(ruleId, inputs));
  addInto(total, await evaluatePairs(await pairsOfInputs(work), inputs));
  const inUse = await inputs.listsInUse();
  const memberships = work.memberships.filter((membership) => inUse.has(membership.listId));
  const listed = await pairsOfSkus(memberships.map((membership) => membership.sku));
  const editedLists = new Set(memberships.map((membership) => membership.listId));
  addInto(total, await evaluatePairs(listed, inputs, { editedLists }));
  return total;
}

/**
 * What assessing a SKU in a warehouse reads, once per evaluation run (a stream batch, a daily sweep):
 * the alert settings, rules, seasonal factors, the SKU's stock rules and purchase-order sources, and per
 * pair its stock record, the window's movements and the units sold. All by key or by one partition.
 * Factors, stock rules, sources and list SKUs are listed by indexes, which may not show a write yet when
 * its stream record arrives: what the batch itself carried (`heed`) stands over what they answer.
 */
import {
  allSeasonalFactors,
  allStockRules,
  movementsOfSkuPartitions,
  poSourcesOfSku,
  rulePeriodKey,
  stockKey,
  vendorKey,
} from '../db/keys';
import { getItem, getItems, queryAll } from '../db/query';
import { withSlotTotals } from '../stock/slots';
import { toResource } from '../db/resource';
import { readUnitsSold } from '../aggregates/units-sold';
import type { AssessmentInput, SourceWithLead } from '../domain/alert-assessment';
import type { Day } from '../domain/reporting-days';
import { addDays, daysBetween, reportingDay, startOfDay } from '../domain/reporting-days';
import type { FactorLike } from '../domain/seasonal-factors';
import { scopeCoversSku } from '../domain/seasonal-factors';
import { readAlertRules } from '../inventory/alert-rule';
import { readAlertSettings } from '../inventory/alert-settings';
import { listsHoldingSku } from '../inventory/rule-lists';
import { seasonalFactorSchema } from '../inventory/seasonal-factor';
import { skuMatchesPattern } from '../inventory/sku-pattern';
import type { AlertWork, WrittenInputs } from './records';

/** One read for the run, made when first asked for. */
function once<T>(read: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= read());
}

/** Memoizes one read per key for the run. */
function memo<T>(read: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const cache = new Map<string, Promise<T>>();
  return (key) => {
    let value = cache.get(key);
    if (!value) {
      value = read(key);
      cache.set(key, value);
    }
    return value;
  };
}

interface StockLevelRule {
  id: string;
  skuPattern: string;
  warehouseId?: string;
  minLevel: number;
  maxLevel: number;
  periodIds: string[];
}

/** Exact SKU before a longer prefix before a shorter one; a warehouse's own rule before an every-warehouse one. */
function specificity(rule: StockLevelRule): number {
  const pattern = rule.skuPattern.endsWith('*') ? rule.skuPattern.length - 1 : 1000;
  return pattern * 2 + (rule.warehouseId ? 1 : 0);
}

const noLists: ReadonlySet<string> = new Set();

/** What an assessment reads of one pair, besides the rule's condition, and the stock record's version. */
export type PairInputs = Omit<AssessmentInput, 'condition'> & { stockVersion: number };

type Item = Record<string, unknown>;

/** Items listed by an index, with the batch's own writes of them (by id) in their place. */
function withWritten(
  listed: readonly Item[],
  written: ReadonlyMap<string, Item | null>,
  keep = (_: Item) => true,
) {
  const byId = new Map(listed.map((item) => [String(item.id), item]));
  for (const [id, image] of written) {
    if (image && keep(image)) byId.set(id, image);
    else byId.delete(id);
  }
  return [...byId.values()];
}

export class AlertInputs {
  readonly today: Day;
  readonly nowIso: string;
  private written: WrittenInputs = { sources: new Map(), factors: new Map(), stockRules: new Map() };
  /** SKU → list → on it, as the batch left them. */
  private readonly memberships = new Map<string, Map<string, boolean>>();

  constructor(
    readonly now: Date,
    readonly timeZone: string,
  ) {
    this.today = reportingDay(now, timeZone);
    this.nowIso = now.toISOString();
  }

  /** The inputs a stream batch wrote: heeded before anything is read. */
  heed(work: Pick<AlertWork, 'written' | 'memberships'>): void {
    this.written = work.written;
    for (const { sku, listId, onList } of work.memberships) {
      const lists = this.memberships.get(sku) ?? new Map<string, boolean>();
      lists.set(listId, onList);
      this.memberships.set(sku, lists);
    }
  }

  readonly settings = once(() => readAlertSettings(true));

  readonly rules = once(readAlertRules);

  private readonly factors = once(async (): Promise<FactorLike[]> =>
    withWritten(await queryAll(allSeasonalFactors()), this.written.factors).map((item) =>
      toResource(seasonalFactorSchema, item),
    ),
  );

  private readonly stockRules = once(async (): Promise<StockLevelRule[]> =>
    withWritten(await queryAll(allStockRules()), this.written.stockRules)
      .filter((item) => item.enabled !== false)
      .map((item) => ({
        id: String(item.id),
        skuPattern: String(item.skuPattern),
        ...(typeof item.warehouseId === 'string' ? { warehouseId: item.warehouseId } : {}),
        minLevel: Number(item.minLevel ?? 0),
        maxLevel: Number(item.maxLevel),
        periodIds: Array.isArray(item.periodIds) ? (item.periodIds as string[]) : [],
      })),
  );

  private readonly listsHolding = memo(async (sku: string) => {
    const lists = await listsHoldingSku(sku);
    for (const [listId, onList] of this.memberships.get(sku) ?? []) {
      if (onList) lists.add(listId);
      else lists.delete(listId);
    }
    return lists;
  });

  /**
   * The lists holding the SKU, read only when the scope names a list: a scope without one covers a SKU or
   * not by its patterns alone, and most stock writes touch SKUs that no list-scoped rule weighs.
   */
  async listsWeighedBy(scope: { ruleListId?: string }, sku: string): Promise<ReadonlySet<string>> {
    return scope.ruleListId === undefined ? noLists : this.listsHolding(sku);
  }

  /** Lists an enabled rule or a factor names: putting a SKU on another list or taking it off changes nothing. */
  async listsInUse(): Promise<Set<string>> {
    const [rules, factors] = await Promise.all([this.rules(), this.factors()]);
    return new Set(
      [...rules.filter((rule) => rule.enabled), ...factors]
        .map((named) => named.scope.ruleListId)
        .filter((id): id is string => id !== undefined),
    );
  }

  /** The factors that cover the SKU. */
  async factorsFor(sku: string): Promise<FactorLike[]> {
    const covering: FactorLike[] = [];
    for (const factor of await this.factors()) {
      if (scopeCoversSku(factor.scope, sku, await this.listsWeighedBy(factor.scope, sku)))
        covering.push(factor);
    }
    return covering;
  }

  /**
   * The most specific enabled stock rule for the pair, with its levels today (its active period's when one
   * applies) and how many rules matched.
   */
  async levelFor(sku: string, warehouseId: string): Promise<AssessmentInput['level']> {
    const candidates = (await this.stockRules())
      .filter((rule) => skuMatchesPattern(sku, rule.skuPattern))
      .filter((rule) => rule.warehouseId === undefined || rule.warehouseId === warehouseId)
      .sort((a, b) => specificity(b) - specificity(a));
    const rule = candidates[0];
    if (!rule) return undefined;
    const periods = await getItems(rule.periodIds.map(rulePeriodKey), true);
    const active = periods.find(
      (period) => String(period.from) <= this.today && this.today <= String(period.to),
    );
    const chosen = {
      stockRuleId: rule.id,
      skuPattern: rule.skuPattern,
      ...(rule.warehouseId === undefined ? {} : { warehouseId: rule.warehouseId }),
      matching: candidates.length,
    };
    return active
      ? {
          ...chosen,
          minLevel: Number(active.minLevel ?? 0),
          maxLevel: Number(active.maxLevel),
          rulePeriodId: String(active.id),
          rulePeriod: { name: String(active.name), from: String(active.from), to: String(active.to) },
        }
      : { ...chosen, minLevel: rule.minLevel, maxLevel: rule.maxLevel };
  }

  /** Sources of the SKU by warehouse, from active vendors, with the lead time that applies. */
  readonly sourcesOf = memo(async (sku: string): Promise<Map<string, SourceWithLead[]>> => {
    const sources = withWritten(
      await queryAll(poSourcesOfSku(sku)),
      this.written.sources,
      (source) => source.sku === sku,
    );
    const vendors = new Map(
      (
        await getItems(
          sources.map((source) => vendorKey(String(source.vendorId))),
          true,
        )
      ).map((vendor) => [String(vendor.id), vendor]),
    );
    const byWarehouse = new Map<string, SourceWithLead[]>();
    for (const source of sources) {
      const vendor = vendors.get(String(source.vendorId));
      if (!vendor || vendor.active === false) continue;
      const own = typeof source.leadTimeDays === 'number' ? source.leadTimeDays : undefined;
      const vendorLead = typeof vendor.leadTimeDays === 'number' ? vendor.leadTimeDays : undefined;
      const cost = source.unitCost as { amount: number; currency: string };
      const option: SourceWithLead = {
        poSourceId: String(source.id),
        vendorId: String(source.vendorId),
        vendorName: String(vendor.name),
        unitCost: cost.amount,
        currency: cost.currency,
        minimumOrderQuantity: Number(source.minimumOrderQuantity ?? 1),
        ...(typeof source.packSize === 'number' ? { packSize: source.packSize } : {}),
        ...(own !== undefined
          ? { leadTimeDays: own, leadTimeFrom: 'po-source' as const }
          : vendorLead !== undefined
            ? { leadTimeDays: vendorLead, leadTimeFrom: 'vendor' as const }
            : {}),
      };
      const warehouseId = String(source.warehouseId);
      byWarehouse.set(warehouseId, [...(byWarehouse.get(warehouseId) ?? []), option]);
    }
    return byWarehouse;
  });

  /**
   * The look-back window: the `lookBackDays` complete days before today. Today is left out: a day under
   * way would count as a whole day in stock with part of a day's sales (just after midnight, none).
   */
  async window(): Promise<Day[]> {
    const { lookBackDays } = await this.settings();
    return daysBetween(addDays(this.today, -lookBackDays), addDays(this.today, -1));
  }

  private readonly pairReads = new Map<string, Promise<PairInputs>>();

  /** What the assessment reads of one SKU in one warehouse, besides the rule's condition: once per run. */
  pairInputs(sku: string, warehouseId: string): Promise<PairInputs> {
    const key = `${warehouseId}\u0000${sku}`;
    let read = this.pairReads.get(key);
    if (!read) {
      read = this.readPair(sku, warehouseId);
      this.pairReads.set(key, read);
    }
    return read;
  }

  private async readPair(sku: string, warehouseId: string): Promise<PairInputs> {
    const [settings, window] = await Promise.all([this.settings(), this.window()]);
    const windowStart = startOfDay(window[0]!, this.timeZone).toISOString();
    const [record, movements, unitsSold, factors, level, sources] = await Promise.all([
      getItem(stockKey(sku, warehouseId), true),
      windowMovements(sku, warehouseId, windowStart),
      readUnitsSold(sku, { from: window[0]!, to: window.at(-1)! }, warehouseId),
      this.factorsFor(sku),
      this.levelFor(sku, warehouseId),
      this.sourcesOf(sku),
    ]);
    const [totals] = record ? await withSlotTotals([record], true) : [];
    const onHand = typeof totals?.onHand === 'number' ? totals.onHand : 0;
    const allocated = typeof totals?.allocated === 'number' ? totals.allocated : 0;
    const moved = movements.reduce((sum, movement) => sum + Number(movement.quantity), 0);
    return {
      today: this.today,
      window,
      stock: { onHand, allocated, available: Math.max(0, onHand - allocated) },
      unitsSold,
      onHandAtWindowStart: onHand - moved,
      changes: movements.map((movement) => ({
        day: reportingDay(String(movement.at), this.timeZone),
        onHandAfter: Number(movement.onHandAfter),
      })),
      factors,
      defaults: { leadTimeDays: settings.defaultLeadTimeDays, safetyDays: settings.defaultSafetyDays },
      sources: sources.get(warehouseId) ?? [],
      ...(level ? { level } : {}),
      openOnWorkOrders: 0,
      stockVersion: typeof record?.version === 'number' ? record.version : 0,
    };
  }
}

/** A SKU's movements in one warehouse since the window's start, from each of its partitions, in time order. */
async function windowMovements(sku: string, warehouseId: string, from: string): Promise<Item[]> {
  const read = await Promise.all(
    movementsOfSkuPartitions(sku).map((partition) =>
      queryAll({
        pk: partition.pk,
        skBetween: { from, to: '\uffff' },
        filter: { expression: 'warehouseId = :warehouse', values: { ':warehouse': warehouseId } },
      }),
    ),
  );
  return read.flat().sort((a, b) => (String(a.SK) < String(b.SK) ? -1 : String(a.SK) > String(b.SK) ? 1 : 0));
}

/**
 * The inventory reports: read on known keys (read.ts), figured by pure functions
 * (shared/domain/stock-valuation.ts). Each is also a function the exports read as tables (tables.ts).
 */
import type { output } from 'zod/v4/core';
import { reportingTimeZone } from '../../../shared/aggregates/time-zone';
import type { Assessment } from '../../../shared/domain/alert-assessment';
import { orderedExplanation } from '../../../shared/domain/alert-assessment';
import { addDays, reportingDay, startOfDay } from '../../../shared/domain/reporting-days';
import type { StockRecord } from '../../../shared/domain/stock-ledger';
import { addAged, ageLayers, agingBuckets, onHandAtEndOfDays } from '../../../shared/domain/stock-valuation';
import { daysBetween } from '../../../shared/domain/reporting-days';
import { NotFound } from '../../../shared/errors';
import type { Implementations } from '../../../shared/http/catalogue';
import { readAlertRules } from '../../../shared/inventory/alert-rule';
import { readAlertSettings } from '../../../shared/inventory/alert-settings';
import { inventoryCurrency } from '../../../shared/inventory/cost-currency';
import type { WarehouseRecord } from '../../../shared/warehouses/repository';
import { capacityUsed } from '../../../shared/warehouses/stock-summary';
import { reportRange } from '../operations';
import { valuation } from './valuation';
import { codesCheckingFilter } from '../warehouses';
import { codesOf, warehousesOf } from './warehouses';
import type { inventoryRoutes } from './routes';
import {
  movementPage,
  poSources,
  rangeInstants,
  standingsOfRule,
  stockRecordPage,
  stockRecords,
  warehouseMovementsBetween,
} from './read';
import type { RuleStanding } from './rule-applied';
import { ruleApplied } from './rule-applied';
import type {
  agingQuery,
  lowStockQuery,
  movementsReportQuery,
  stockLevelsQuery,
  warehouseCapacityQuery,
} from './schemas';

type Routes = typeof inventoryRoutes;
type InventoryOperations = Pick<
  Implementations<Routes>,
  | 'getLowStockReport'
  | 'getStockLevels'
  | 'getInventoryMovements'
  | 'getInventoryValuation'
  | 'getInventoryAging'
  | 'getWarehouseCapacity'
>;

type Explanation = Assessment['explanation'];

/**
 * Every SKU and warehouse an enabled alert rule stands low for, as the evaluation left it (each stock
 * change and the daily run keep the figures current): one row per SKU and warehouse, naming its rules
 * with what each suggests, and showing the figures of the rule that suggests the most (`appliedRule`
 * says which and why).
 */
export async function lowStock(query: output<typeof lowStockQuery>) {
  const [rules, settings, warehouses] = await Promise.all([
    readAlertRules(),
    readAlertSettings(),
    warehousesOf(query.warehouseId),
  ]);
  const codes = codesOf(warehouses);
  const chosen = rules.filter(
    (rule) => rule.enabled && (query.ruleId === undefined || rule.id === query.ruleId),
  );
  if (query.ruleId !== undefined && !rules.some((rule) => rule.id === query.ruleId))
    throw new NotFound(`No alert rule has the id ${query.ruleId}.`);
  const standings = (await Promise.all(chosen.map((rule) => standingsOfRule(rule.id)))).flat();
  const rows = new Map<string, { sku: string; warehouseId: string; standings: RowStanding[] }>();
  for (const standing of standings) {
    if (standing.state !== 'low') continue;
    const warehouseId = String(standing.warehouseId);
    if (query.warehouseId !== undefined && warehouseId !== query.warehouseId) continue;
    const explanation = (standing.explanation ?? {}) as Partial<Explanation>;
    if (query.vendorId !== undefined && explanation.vendor?.vendorId !== query.vendorId) continue;
    const key = `${warehouseId}\u0000${String(standing.sku)}`;
    const row = rows.get(key) ?? { sku: String(standing.sku), warehouseId, standings: [] };
    row.standings.push({
      ruleId: String(standing.ruleId),
      ruleName: String(standing.ruleName),
      suggestedQuantity: Number(standing.suggestedQuantity ?? 0),
      item: standing,
    });
    rows.set(key, row);
  }
  const items = [...rows.values()]
    .map(({ sku, warehouseId, standings: held }) => {
      const applied = ruleApplied(held);
      const best = applied.standing.item;
      const explanation = (best.explanation ?? {}) as Partial<Explanation>;
      const vendor = explanation.vendor ?? null;
      return {
        sku,
        warehouseId,
        warehouseCode: codes.get(warehouseId) ?? warehouseId,
        onHand: explanation.onHand ?? 0,
        available: explanation.available ?? 0,
        velocity: explanation.velocity ?? 0,
        daysOfCover: typeof explanation.daysOfCover === 'number' ? explanation.daysOfCover : null,
        suggestedQuantity: applied.standing.suggestedQuantity,
        leadTimeDays: typeof explanation.leadTimeDays === 'number' ? explanation.leadTimeDays : null,
        leadTimeFrom: typeof explanation.leadTimeFrom === 'string' ? explanation.leadTimeFrom : null,
        vendor: vendor
          ? {
              vendorId: vendor.vendorId,
              vendorName: vendor.vendorName ?? null,
              poSourceId: vendor.poSourceId,
              unitCost: vendor.unitCost,
              leadTimeDays: vendor.leadTimeDays ?? null,
            }
          : null,
        rules: held
          .map(({ ruleId, ruleName, suggestedQuantity, item }) => ({
            ruleId,
            ruleName,
            suggestedQuantity,
            leadTimeDays: leadTimeOf(item),
          }))
          .sort((a, b) => a.ruleName.localeCompare(b.ruleName)),
        appliedRule: {
          ruleId: applied.standing.ruleId,
          ruleName: applied.standing.ruleName,
          reason: applied.reason,
        },
        lowSince: typeof best.lowSince === 'string' ? best.lowSince : null,
        assessedAt: String(best.updatedAt),
        explanation: orderedExplanation(explanation as Record<string, unknown>),
      };
    })
    .sort(
      (a, b) =>
        a.warehouseCode.localeCompare(b.warehouseCode) || (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0),
    );
  return {
    timeZone: reportingTimeZone(),
    generatedAt: new Date().toISOString(),
    alertsEnabled: settings.enabled,
    items,
  };
}

interface RowStanding extends RuleStanding {
  item: Record<string, unknown>;
}

/** The lead time a standing's suggestion used; null for one assessed before explanations named it. */
function leadTimeOf(item: Record<string, unknown>): number | null {
  const lead = (item.explanation as Partial<Explanation> | undefined)?.leadTimeDays;
  return typeof lead === 'number' ? lead : null;
}

/** The draft purchase order: the suggestions with a vendor, by vendor, with each source's vendor SKU. */
export async function draftPurchaseOrder(items: Awaited<ReturnType<typeof lowStock>>['items']) {
  const withVendor = items.filter((item) => item.vendor !== null && item.suggestedQuantity > 0);
  const sources = await poSources(withVendor.map((item) => item.vendor!.poSourceId));
  return withVendor
    .map((item) => ({
      vendorId: item.vendor!.vendorId,
      vendorName: item.vendor!.vendorName ?? item.vendor!.vendorId,
      sku: item.sku,
      vendorSku: (sources.get(item.vendor!.poSourceId)?.vendorSku as string | undefined) ?? null,
      warehouseCode: item.warehouseCode,
      quantity: item.suggestedQuantity,
      unitCost: item.vendor!.unitCost.amount,
      lineCost: item.suggestedQuantity * item.vendor!.unitCost.amount,
      currency: item.vendor!.unitCost.currency,
    }))
    .sort(
      (a, b) =>
        a.vendorName.localeCompare(b.vendorName) ||
        a.currency.localeCompare(b.currency) ||
        (a.sku < b.sku ? -1 : 1),
    );
}

const stockLevelRow = (record: StockRecord, code: string, currency: string) => ({
  sku: record.sku,
  warehouseId: record.warehouseId,
  warehouseCode: code,
  onHand: record.onHand,
  allocated: record.allocated,
  available: record.available,
  backordered: record.backordered ?? 0,
  averageUnitCost: record.averageUnitCost,
  value: record.onHand * record.averageUnitCost,
  currency,
  updatedAt: record.updatedAt,
});

export async function stockLevels(
  query: output<typeof stockLevelsQuery>,
  known: { warehouses?: WarehouseRecord[] } = {},
) {
  const warehouses = known.warehouses ?? (await warehousesOf(query.warehouseId));
  const codes = codesOf(warehouses);
  const currency = inventoryCurrency();
  const page = await stockRecordPage({
    warehouseIds: warehouses.map((record) => record.warehouse.id),
    skuPrefix: query.sku,
    filter:
      query.inStock || query.backordered
        ? {
            // A record with slots keeps its backorder in its own `backordered` (slots never backorder).
            expression: [
              query.inStock ? 'onHand > :zero' : '',
              query.backordered ? '(allocated > onHand OR (slots > :zero AND backordered > :zero))' : '',
            ]
              .filter(Boolean)
              .join(' AND '),
            values: { ':zero': 0 },
          }
        : undefined,
    limit: query.limit,
    cursor: query.cursor,
    scope: `stock-levels:${JSON.stringify({ ...query, limit: undefined, cursor: undefined })}`,
  });
  return {
    items: page.items.map((record) =>
      stockLevelRow(record, codes.get(record.warehouseId) ?? record.warehouseId, currency),
    ),
    nextCursor: page.nextCursor,
  };
}

export async function movementsReport(
  query: output<typeof movementsReportQuery>,
  known: { codes?: Map<string, string> } = {},
) {
  const timeZone = reportingTimeZone();
  const range = reportRange(query, timeZone);
  const codes = known.codes ?? (await codesCheckingFilter(query.warehouseId));
  const page = await movementPage({
    sku: query.sku,
    warehouseId: query.warehouseId,
    type: query.type,
    ...rangeInstants(range.from, range.to, timeZone),
    limit: query.limit,
    cursor: query.cursor,
    scope: `movements-report:${JSON.stringify({ ...query, ...range, limit: undefined, cursor: undefined })}`,
  });
  return {
    ...range,
    currency: inventoryCurrency(),
    items: page.items.map((movement) => ({
      id: movement.id,
      at: movement.at,
      day: reportingDay(movement.at, timeZone),
      sku: movement.sku,
      warehouseId: movement.warehouseId,
      warehouseCode: codes.get(movement.warehouseId) ?? movement.warehouseId,
      type: movement.type,
      quantity: movement.quantity,
      allocatedChange: movement.allocatedChange ?? 0,
      unitCost: movement.unitCost ?? null,
      reference: movement.reference ? `${movement.reference.type} ${movement.reference.id}` : null,
      onHandAfter: movement.onHandAfter,
      availableAfter: movement.availableAfter,
    })),
    nextCursor: page.nextCursor,
  };
}

export async function aging(query: output<typeof agingQuery>) {
  const timeZone = reportingTimeZone();
  const today = reportingDay(new Date(), timeZone);
  const warehouses = await warehousesOf(query.warehouseId);
  const records = await stockRecords(
    warehouses.map((record) => record.warehouse.id),
    query.sku,
  );
  const none = agingBuckets.map((bucket) => ({ bucket, units: 0, value: 0 }));
  return {
    today,
    timeZone,
    currency: inventoryCurrency(),
    warehouses: warehouses.map(({ warehouse }) => {
      const items = records
        .filter((record) => record.warehouseId === warehouse.id && record.onHand > 0)
        .map((record) => ({
          sku: record.sku,
          onHand: record.onHand,
          buckets: ageLayers(record.layers ?? [], today, timeZone),
        }));
      return {
        warehouseId: warehouse.id,
        warehouseCode: warehouse.code,
        onHand: items.reduce((total, item) => total + item.onHand, 0),
        buckets: items.reduce((total, item) => addAged(total, item.buckets), none),
        items,
      };
    }),
  };
}

export const capacityTrendDays = 30;

export async function warehouseCapacity(query: output<typeof warehouseCapacityQuery>) {
  const timeZone = reportingTimeZone();
  const now = new Date();
  const today = reportingDay(now, timeZone);
  const days = daysBetween(addDays(today, -(capacityTrendDays - 1)), today);
  const warehouses = await warehousesOf(query.warehouseId);
  const fromInstant = startOfDay(days[0]!, timeZone).toISOString();
  const beforeInstant = startOfDay(addDays(today, 1), timeZone).toISOString();
  return {
    today,
    timeZone,
    warehouses: await Promise.all(
      warehouses.map(async ({ warehouse, counters }) => {
        const moved = (await warehouseMovementsBetween(warehouse.id, fromInstant, beforeInstant)).map(
          (movement) => ({
            day: reportingDay(movement.at, timeZone),
            quantity: movement.quantity,
          }),
        );
        return {
          warehouseId: warehouse.id,
          warehouseCode: warehouse.code,
          name: warehouse.name,
          active: warehouse.active,
          capacity: warehouse.capacity ?? null,
          unitsOnHand: counters.unitsOnHand,
          skusHeld: counters.skusHeld,
          capacityUsed: capacityUsed(counters.unitsOnHand, warehouse.capacity),
          trend: onHandAtEndOfDays(days, counters.unitsOnHand, moved).map(({ day, onHand }) => ({
            day,
            unitsOnHand: onHand,
            capacityUsed: capacityUsed(onHand, warehouse.capacity),
          })),
        };
      }),
    ),
  };
}

export const inventoryOperations: InventoryOperations = {
  getLowStockReport: async ({ query }) => ({ body: await lowStock(query) }),
  getStockLevels: async ({ query }) => ({ body: await stockLevels(query) }),
  getInventoryMovements: async ({ query }) => ({ body: await movementsReport(query) }),
  getInventoryValuation: async ({ query }) => ({ body: await valuation(query) }),
  getInventoryAging: async ({ query }) => ({ body: await aging(query) }),
  getWarehouseCapacity: async ({ query }) => ({ body: await warehouseCapacity(query) }),
};

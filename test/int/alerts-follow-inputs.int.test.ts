/**
 * Alerts and suggestions follow every input, at once: each write goes through its group's real handler,
 * the table's stream is read batch by batch and handed to the alerts function (functions/alerts/handler.ts)
 * with the record filter its stream mapping has, and the standings' stream records are turned into the
 * events the projector publishes. Vendors and their sources, seasonal factors, stock rules and periods,
 * alert rules, rule-list items and settings each move the low-stock report and its draft purchase order
 * before any stock moves or the daily run comes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as alertsHandler } from '../../functions/alerts/handler';
import { draftPurchaseOrder } from '../../functions/reports/inventory/operations';
import { evaluatePairs, sweepRule } from '../../shared/alerts/evaluate';
import { AlertInputs } from '../../shared/alerts/inputs';
import { isAlertInput } from '../../shared/alerts/records';
import { readAlertState } from '../../shared/alerts/states';
import type { DomainEvent, StreamRecord } from '../../shared/events/domain-events';
import { toDomainEvent } from '../../shared/events/domain-events';
import { db } from '../../shared/db/client';
import { DocumentClient } from '../../shared/db/document-client';
import { applyStockMovements } from '../../shared/stock/ledger';
import { poSourceInput, seedWarehouse, vendorInput } from '../support/builders';
import { call } from '../support/call';
import { countUnitsSold } from '../support/sold-units';
import { createRulePeriod, createStockRule } from '../support/inventory-builders';
import type { StreamFollower } from '../support/stream-follow';
import { followStream } from '../support/stream-follow';

let stream: StreamFollower;
beforeAll(async () => {
  stream = await followStream();
  await settings();
});
afterAll(() => stream.close());

/**
 * Hands what was written since the last call to the alerts function, batch by batch, until its own writes
 * are all read: the stock.low and stock.recovered the projector would publish, in order, and the batches.
 */
async function settle(): Promise<{ events: DomainEvent[]; batches: StreamRecord[][] }> {
  const events: DomainEvent[] = [];
  const batches: StreamRecord[][] = [];
  for (;;) {
    const records = await stream.next();
    if (records.length === 0) return { events, batches };
    for (const record of records) {
      const event = toDomainEvent(record);
      if (event?.type.startsWith('stock.')) events.push(event);
    }
    // What the stream mapping's filter lets through (infra/constructs/inventory-alerts.ts).
    const inputs = records.filter((record) => isAlertInput(record));
    if (inputs.length > 0) {
      batches.push(inputs);
      await alertsHandler({ Records: inputs as never });
    }
  }
}

const settings = async (overrides: Record<string, unknown> = {}) => {
  const response = await call({
    method: 'PUT',
    path: '/v1/inventory/alert-settings',
    role: 'manager',
    body: { enabled: true, lookBackDays: 10, defaultLeadTimeDays: 7, defaultSafetyDays: 3, ...overrides },
  });
  expect(response.status, response.text).toBe(200);
  await settle();
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are arbitrary JSON
async function ok(method: string, path: string, body?: unknown, status = 200): Promise<any> {
  const response = await call({ method, path, body, role: 'manager' });
  expect(response.status, `${method} ${path}: ${response.text}`).toBe(status);
  return response.body;
}

let serial = 0;
const uniqueSku = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++serial}`.toUpperCase();

/** Units sold yesterday on an order assigned to the warehouse, counted into the sold cells. */
async function soldYesterday(sku: string, warehouseId: string, quantity: number) {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await countUnitsSold({ sku, warehouseId, quantity, day: yesterday });
}

const move = (sku: string, warehouseId: string, quantity: number) =>
  applyStockMovements([
    { sku, warehouseId, type: quantity > 0 ? 'receipt' : 'adjustment', quantity, unitCost: 100 },
  ]);

/**
 * A SKU selling 3 a day (30 sold yesterday; received today, so over the 10 look-back days) with 20
 * available in its own warehouse, and a rule that holds for it whatever the suggestion.
 */
async function lowSku(prefix: string) {
  const warehouse = await seedWarehouse();
  const sku = uniqueSku(prefix);
  await soldYesterday(sku, warehouse.id, 30);
  await move(sku, warehouse.id, 20);
  const rule = await ok(
    'POST',
    '/v1/inventory/alert-rules',
    {
      name: `Below 100 ${sku}`,
      scope: { skuPatterns: [sku], warehouseIds: [warehouse.id] },
      condition: { type: 'available_below', quantity: 100 },
    },
    201,
  );
  await settle();
  return { warehouseId: warehouse.id, sku, ruleId: rule.id as string };
}

interface LowStockRow {
  sku: string;
  suggestedQuantity: number;
  vendor: { vendorId: string } | null;
  explanation: Record<string, unknown>;
}

async function lowStock(query: Record<string, string>) {
  const report = await ok('GET', `/v1/reports/inventory/low-stock?${new URLSearchParams(query).toString()}`);
  return report.items as LowStockRow[];
}

async function rowOf(warehouseId: string, sku: string): Promise<LowStockRow | undefined> {
  return (await lowStock({ warehouseId })).find((row) => row.sku === sku);
}

const createVendor = async (overrides: Record<string, unknown>) =>
  (await ok('POST', '/v1/vendors', vendorInput(overrides), 201)) as { id: string; [field: string]: unknown };

const createSource = async (vendorId: string, warehouseId: string, sku: string, amount: number) =>
  (await ok(
    'POST',
    '/v1/vendors/po-sources',
    poSourceInput(vendorId, warehouseId, {
      sku,
      unitCost: { amount, currency: 'USD' },
      minimumOrderQuantity: 1,
    }),
    201,
  )) as { id: string };

describe('vendors and purchase-order sources move suggestions at once', () => {
  it('follows a vendor lead time, deactivation and delete with its sources: report, ?vendorId and draft order', async () => {
    const { warehouseId, sku } = await lowSku('VEND');
    const cheap = await createVendor({ leadTimeDays: 5 });
    const dear = await createVendor({ leadTimeDays: 10 });
    await createSource(cheap.id, warehouseId, sku, 1000);
    await createSource(dear.id, warehouseId, sku, 1500);
    await settle();
    // Velocity 3 a day: 3 × (5 + 3) = 24 wanted, 20 available: 4 from the cheaper vendor.
    let row = await rowOf(warehouseId, sku);
    expect(row).toMatchObject({ vendor: { vendorId: cheap.id }, suggestedQuantity: 4 });
    expect(row!.explanation).toMatchObject({ leadTimeDays: 5, leadTimeFrom: 'vendor' });

    await ok('PUT', `/v1/vendors/${cheap.id}`, { ...vendorInput(), code: cheap.code, leadTimeDays: 9 });
    await settle();
    row = await rowOf(warehouseId, sku);
    // 3 × (9 + 3) − 20 = 16.
    expect(row).toMatchObject({ vendor: { vendorId: cheap.id }, suggestedQuantity: 16 });
    expect(row!.explanation).toMatchObject({ leadTimeDays: 9 });

    await ok('PUT', `/v1/vendors/${cheap.id}`, {
      ...vendorInput(),
      code: cheap.code,
      leadTimeDays: 9,
      active: false,
    });
    await settle();
    // 3 × (10 + 3) − 20 = 19 from the other vendor.
    expect(await rowOf(warehouseId, sku)).toMatchObject({
      vendor: { vendorId: dear.id },
      suggestedQuantity: 19,
    });

    await ok('PUT', `/v1/vendors/${cheap.id}`, { ...vendorInput(), code: cheap.code, leadTimeDays: 5 });
    await settle();
    expect(await rowOf(warehouseId, sku)).toMatchObject({ vendor: { vendorId: cheap.id } });
    expect(await lowStock({ warehouseId, vendorId: cheap.id })).toHaveLength(1);

    const deleted = await ok('DELETE', `/v1/vendors?ids=${cheap.id}&withPoSources=true`);
    expect(deleted.deletedPoSources).toHaveLength(1);
    await settle();
    const rows = await lowStock({ warehouseId });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sku, vendor: { vendorId: dear.id }, suggestedQuantity: 19 });
    expect(await lowStock({ warehouseId, vendorId: cheap.id })).toEqual([]);
    const report = await ok('GET', `/v1/reports/inventory/low-stock?warehouseId=${warehouseId}`);
    const lines = await draftPurchaseOrder(report.items);
    expect(lines.map((line) => [line.vendorId, line.sku, line.quantity])).toEqual([[dear.id, sku, 19]]);
  });

  it('follows a cheaper source created and deleted', async () => {
    const { warehouseId, sku } = await lowSku('SRC');
    const first = await createVendor({ leadTimeDays: 5 });
    await createSource(first.id, warehouseId, sku, 1000);
    await settle();
    expect(await rowOf(warehouseId, sku)).toMatchObject({ vendor: { vendorId: first.id } });
    const cheaper = await createVendor({ leadTimeDays: 2 });
    const source = await createSource(cheaper.id, warehouseId, sku, 500);
    await settle();
    // 3 × (2 + 3) − 20: nothing to order, from the cheaper vendor.
    expect(await rowOf(warehouseId, sku)).toMatchObject({
      vendor: { vendorId: cheaper.id },
      suggestedQuantity: 0,
    });
    await ok('DELETE', `/v1/vendors/po-sources?ids=${source.id}`);
    await settle();
    expect(await rowOf(warehouseId, sku)).toMatchObject({
      vendor: { vendorId: first.id },
      suggestedQuantity: 4,
    });
  });
});

describe('seasonal factors, stock rules and periods move suggestions at once', () => {
  const today = () => new Date().toISOString().slice(0, 10);
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  it('applies a factor created, replaced and deleted, naming only the factors that exist', async () => {
    const { warehouseId, sku } = await lowSku('FACT');
    const factor = await ok(
      'POST',
      '/v1/inventory/seasonal-factors',
      {
        name: 'Promo',
        multiplier: 2,
        applies: { from: today(), to: inDays(60) },
        scope: { skuPatterns: [sku] },
      },
      201,
    );
    await settle();
    let row = await rowOf(warehouseId, sku);
    // 3 × 2 × (7 + 3) − 20 = 40.
    expect(row!.explanation).toMatchObject({
      seasonalFactor: 2,
      seasonalFactors: [{ id: factor.id, multiplier: 2 }],
    });
    expect(row!.suggestedQuantity).toBe(40);

    await ok('PUT', `/v1/inventory/seasonal-factors/${factor.id}`, {
      name: 'Promo',
      multiplier: 1.5,
      applies: { from: today(), to: inDays(60) },
      scope: { skuPatterns: [sku] },
    });
    await settle();
    row = await rowOf(warehouseId, sku);
    expect(row!.explanation).toMatchObject({ seasonalFactors: [{ id: factor.id, multiplier: 1.5 }] });
    expect(row!.suggestedQuantity).toBe(25);

    await ok('DELETE', `/v1/inventory/seasonal-factors/${factor.id}`, undefined, 204);
    await settle();
    row = await rowOf(warehouseId, sku);
    expect(row!.explanation).toMatchObject({ seasonalFactor: 1, seasonalFactors: [] });
    expect(row!.suggestedQuantity).toBe(10);
  });

  it("applies a stock rule's maximum created, replaced, its period, and its deletion", async () => {
    const { warehouseId, sku } = await lowSku('LEVEL');
    const stockRule = await createStockRule({ skuPattern: sku, warehouseId, minLevel: 1, maxLevel: 24 });
    await settle();
    let row = await rowOf(warehouseId, sku);
    // Wanted 3 × 10 − 20 = 10, room under 24: 4.
    expect(row!.explanation).toMatchObject({ maxLevel: 24, stockRuleId: stockRule.id, capped: true });
    expect(row!.suggestedQuantity).toBe(4);

    await ok('PUT', `/v1/inventory/rules/${stockRule.id}`, {
      skuPattern: sku,
      warehouseId,
      minLevel: 1,
      maxLevel: 26,
    });
    await settle();
    row = await rowOf(warehouseId, sku);
    expect(row!.explanation).toMatchObject({ maxLevel: 26, rulePeriodId: null });
    expect(row!.suggestedQuantity).toBe(6);

    const period = await createRulePeriod(stockRule.id, {
      from: today(),
      to: inDays(30),
      minLevel: 1,
      maxLevel: 28,
    });
    await settle();
    row = await rowOf(warehouseId, sku);
    expect(row!.explanation).toMatchObject({ maxLevel: 28, rulePeriodId: period.id });
    expect(row!.suggestedQuantity).toBe(8);

    await ok('DELETE', `/v1/inventory/rules/periods/${period.id}`, undefined, 204);
    await settle();
    expect((await rowOf(warehouseId, sku))!.explanation).toMatchObject({ maxLevel: 26, rulePeriodId: null });

    await ok('DELETE', `/v1/inventory/rules/${stockRule.id}`, undefined, 204);
    await settle();
    row = await rowOf(warehouseId, sku);
    expect(row!.explanation).toMatchObject({ maxLevel: null, stockRuleId: null });
    expect(row!.suggestedQuantity).toBe(10);
  });

  it('applies new alert settings to the standings at once', async () => {
    const { warehouseId, sku } = await lowSku('SETTINGS');
    await settings({ defaultSafetyDays: 5 });
    const row = await rowOf(warehouseId, sku);
    // 3 × (7 + 5) − 20 = 16.
    expect(row!.explanation).toMatchObject({ safetyDays: 5, safetyDaysFrom: 'alert settings' });
    expect(row!.suggestedQuantity).toBe(16);
    await settings();
  });
});

describe('rule-list edits evaluate their SKUs at once', () => {
  it('stops a SKU taken off the list without an event, alerts a low SKU put on it, and leaves the daily run nothing', async () => {
    const warehouse = await seedWarehouse();
    const [taken, added] = [uniqueSku('LIST-OFF'), uniqueSku('LIST-ON')];
    await move(taken, warehouse.id, 2);
    await move(added, warehouse.id, 1);
    const list = await ok('POST', '/v1/inventory/rule-lists', { name: `Watch ${taken}`, skus: [taken] }, 201);
    const rule = await ok(
      'POST',
      '/v1/inventory/alert-rules',
      {
        name: `List ${taken}`,
        scope: { ruleListId: list.id, warehouseIds: [warehouse.id] },
        condition: { type: 'available_below', quantity: 5 },
      },
      201,
    );
    const first = await settle();
    expect(first.events.map((event) => [event.type, event.summary.sku])).toEqual([['stock.low', taken]]);

    await ok('DELETE', '/v1/inventory/rule-lists/items', { listId: list.id, skus: [taken] });
    const removed = await settle();
    expect(removed.events).toEqual([]);
    expect(await readAlertState(rule.id, warehouse.id, taken)).toMatchObject({ state: 'ok' });
    expect(await rowOf(warehouse.id, taken)).toBeUndefined();

    await ok('POST', '/v1/inventory/rule-lists/items', { listId: list.id, skus: [added] });
    const put = await settle();
    expect(put.events.map((event) => [event.type, event.summary.sku])).toEqual([['stock.low', added]]);
    expect(await rowOf(warehouse.id, added)).toBeDefined();

    // The next daily run: no stock moved, so nothing to say.
    expect(await sweepRule(rule.id, new AlertInputs(new Date(), 'UTC'))).toMatchObject({
      low: 0,
      recovered: 0,
    });
    expect((await settle()).events).toEqual([]);
  });
});

describe('what a stock write makes the alerts read', () => {
  /** The alerts' reads of the lists holding the SKU while `work` runs (the handler runs in this process). */
  async function listReadsOf(sku: string, work: () => Promise<unknown>): Promise<number> {
    const client = db();
    if (!(client instanceof DocumentClient)) throw new Error('the tests count reads at the DocumentClient');
    let reads = 0;
    const stop = client.onCommand((name, input) => {
      const values = JSON.stringify(
        (input as { ExpressionAttributeValues?: unknown }).ExpressionAttributeValues,
      );
      if (name === 'QueryCommand' && values?.includes(`RULELIST_SKU#${sku}`)) reads += 1;
    });
    try {
      await work();
    } finally {
      stop();
    }
    return reads;
  }

  it('reads no rule list for a SKU when no rule or factor weighing it is scoped to one', async () => {
    const { warehouseId, sku } = await lowSku('NO-LIST');
    const reads = await listReadsOf(sku, async () => {
      await move(sku, warehouseId, -1);
      return settle();
    });
    expect(reads).toBe(0);
  });

  it('still reads the lists for a rule scoped to a list, and the rule still weighs the SKU', async () => {
    const { warehouseId, sku, ruleId } = await lowSku('ON-LIST');
    const list = await ok('POST', '/v1/inventory/rule-lists', { name: `Watch ${sku}`, skus: [sku] }, 201);
    const rule = await ok(
      'POST',
      '/v1/inventory/alert-rules',
      {
        name: `List ${sku}`,
        scope: { ruleListId: list.id, warehouseIds: [warehouseId] },
        condition: { type: 'available_below', quantity: 1000 },
      },
      201,
    );
    const created = await settle();
    expect(created.events.map((event) => [event.type, event.summary.sku])).toEqual([['stock.low', sku]]);
    let events: DomainEvent[] = [];
    const reads = await listReadsOf(sku, async () => {
      await move(sku, warehouseId, 2000);
      events = (await settle()).events;
    });
    expect(reads).toBeGreaterThan(0);
    // Both rules recover: the list's (1,000) through the list, the pattern's (100) by its pattern.
    expect(events.map((event) => [event.type, event.summary.ruleId]).sort()).toEqual(
      [
        ['stock.recovered', rule.id],
        ['stock.recovered', ruleId],
      ].sort(),
    );
    expect(await readAlertState(rule.id, warehouseId, sku)).toMatchObject({ state: 'ok' });
  });
});

describe('alert rules: enable, disable and cool-down', () => {
  it('keeps the cool-down of a rule turned off and on: no second stock.low within it', async () => {
    const warehouse = await seedWarehouse();
    const sku = uniqueSku('TOGGLE');
    await move(sku, warehouse.id, 2);
    const input = {
      name: `Toggle ${sku}`,
      scope: { skuPatterns: [sku], warehouseIds: [warehouse.id] },
      condition: { type: 'available_below', quantity: 5 },
      cooldownHours: 1,
    };
    const rule = await ok('POST', '/v1/inventory/alert-rules', input, 201);
    expect((await settle()).events.map((event) => event.type)).toEqual(['stock.low']);

    await ok('PUT', `/v1/inventory/alert-rules/${rule.id}`, { ...input, enabled: false });
    expect((await settle()).events).toEqual([]);
    expect(await rowOf(warehouse.id, sku)).toBeUndefined();
    await ok('PUT', `/v1/inventory/alert-rules/${rule.id}`, { ...input, enabled: true });
    expect((await settle()).events).toEqual([]);
    // Still low, announced once the hour is over.
    expect(await readAlertState(rule.id, warehouse.id, sku)).toMatchObject({ state: 'low', notified: false });
    const later = new Date(Date.now() + 3_600_000 + 60_000);
    expect(
      await evaluatePairs([{ sku, warehouseId: warehouse.id }], new AlertInputs(later, 'UTC')),
    ).toMatchObject({ low: 1 });
    expect((await settle()).events.map((event) => event.type)).toEqual(['stock.low']);
  });
});

describe('crossings in one stream batch', () => {
  it('publishes stock.recovered then stock.low for a receipt and an order back to back, once', async () => {
    const warehouse = await seedWarehouse();
    const sku = uniqueSku('BATCH');
    await move(sku, warehouse.id, 2);
    await ok(
      'POST',
      '/v1/inventory/alert-rules',
      {
        name: `Batch ${sku}`,
        scope: { skuPatterns: [sku], warehouseIds: [warehouse.id] },
        condition: { type: 'available_below', quantity: 5 },
        cooldownHours: 0,
      },
      201,
    );
    expect((await settle()).events.map((event) => event.type)).toEqual(['stock.low']);

    await move(sku, warehouse.id, 10);
    await move(sku, warehouse.id, -10);
    const { events, batches } = await settle();
    expect(
      events.map((event) => [event.type, (event.summary.explanation as { available: number }).available]),
    ).toEqual([
      ['stock.recovered', 12],
      ['stock.low', 2],
    ]);
    // The same batch again (a retried Lambda batch): nothing more.
    await alertsHandler({ Records: batches[0] as never });
    expect((await settle()).events).toEqual([]);
  });
});

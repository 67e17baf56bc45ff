/**
 * Inventory alerts firing against DynamoDB Local: a rule assessed after each stock change moves its
 * standing once per crossing (stock.low, then stock.recovered), never once per movement, not again within
 * the cool-down; the explanation carries real velocity from the sold cells, the stock rule's cap and the
 * purchase-order source chosen; the daily sweep quiets what a rule no longer covers.
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { evaluatePairs, sweepRule } from '../../shared/alerts/evaluate';
import { AlertInputs } from '../../shared/alerts/inputs';
import { readAlertState, statesOfRule } from '../../shared/alerts/states';
import { alertStateKey } from '../../shared/db/keys';
import { getItem } from '../../shared/db/query';
import { toDomainEvent } from '../../shared/events/domain-events';
import { applyStockMovements } from '../../shared/stock/ledger';
import { seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import { countUnitsSold } from '../support/sold-units';

const settings = (overrides: Record<string, unknown> = {}) =>
  call({
    method: 'PUT',
    path: '/v1/inventory/alert-settings',
    role: 'manager',
    headers: { 'if-match': '*' },
    body: { enabled: true, lookBackDays: 10, defaultLeadTimeDays: 7, defaultSafetyDays: 3, ...overrides },
  });

async function createRule(body: Record<string, unknown>) {
  const response = await call({ method: 'POST', path: '/v1/inventory/alert-rules', role: 'manager', body });
  if (response.status !== 201) throw new Error(`create rule: ${response.status} ${response.text}`);
  return response.body as { id: string; [field: string]: unknown };
}

const evaluate = (sku: string, warehouseId: string, at = new Date()) =>
  evaluatePairs([{ sku, warehouseId }], new AlertInputs(at, 'UTC'));

/** What the projector makes of the standing as it is stored now (its event, or none). */
async function eventOfStanding(ruleId: string, warehouseId: string, sku: string) {
  const item = await getItem(alertStateKey(ruleId, warehouseId, sku), true);
  return toDomainEvent({
    eventID: 'test',
    eventName: (item?.version as number) === 1 ? 'INSERT' : 'MODIFY',
    dynamodb: { NewImage: marshallLoose(item!) },
  });
}

// The projector reads stream images (attribute values); the document client's item, marshalled back.
const marshallLoose = (item: Record<string, unknown>) =>
  marshall(item, { removeUndefinedValues: true, convertClassInstanceToMap: true }) as never;

describe('alert rules fire once per crossing', () => {
  it('publishes one stock.low as available falls under the quantity, none on further sales, and stock.recovered once back', async () => {
    const warehouse = await seedWarehouse();
    expect((await settings()).status).toBeLessThan(300);
    const sku = `FIRE-${Date.now().toString(36)}`;
    const rule = await createRule({
      name: 'Mugs below 5',
      scope: { skuPatterns: ['FIRE-*'], warehouseIds: [warehouse.id] },
      condition: { type: 'available_below', quantity: 5 },
      cooldownHours: 0,
    });
    await applyStockMovements([
      { sku, warehouseId: warehouse.id, type: 'receipt', quantity: 8, unitCost: 100 },
    ]);
    expect(await evaluate(sku, warehouse.id)).toEqual({ assessed: 1, low: 0, recovered: 0, failed: 0 });
    expect(await readAlertState(rule.id, warehouse.id, sku)).toBeUndefined();

    const fired = { low: 0, recovered: 0 };
    // Sell 1 unit at a time from 8 down to 1: only the step from 5 to 4 crosses.
    for (let left = 7; left >= 1; left--) {
      await applyStockMovements([{ sku, warehouseId: warehouse.id, type: 'adjustment', quantity: -1 }]);
      const result = await evaluate(sku, warehouse.id);
      fired.low += result.low;
      fired.recovered += result.recovered;
      if (left === 4) expect(result.low).toBe(1);
    }
    expect(fired).toEqual({ low: 1, recovered: 0 });
    const low = await readAlertState(rule.id, warehouse.id, sku);
    // Its numbers stay current while it stays low (no event for those writes).
    expect(low).toMatchObject({ state: 'low', notified: true });
    expect(low!.explanation).toMatchObject({ available: 1, conditionHolds: true });
    expect(await eventOfStanding(rule.id, warehouse.id, sku)).toBeUndefined();
    const event = toDomainEvent({
      eventID: 'test',
      eventName: 'INSERT',
      dynamodb: {
        NewImage: marshallLoose({
          ...(await getItem(alertStateKey(rule.id, warehouse.id, sku), true))!,
          eventType: 'stock.low',
        }),
      },
    });
    expect(event).toMatchObject({
      type: 'stock.low',
      entity: 'stock-alert',
      summary: { ruleId: rule.id, sku, warehouseId: warehouse.id, state: 'low' },
    });
    expect((event!.summary.explanation as Record<string, unknown>).available).toBe(1);
    expect(JSON.stringify(event).length).toBeLessThan(4096);

    // Restock: one stock.recovered, then nothing more.
    await applyStockMovements([
      { sku, warehouseId: warehouse.id, type: 'receipt', quantity: 20, unitCost: 100 },
    ]);
    expect(await evaluate(sku, warehouse.id)).toMatchObject({ low: 0, recovered: 1 });
    expect((await eventOfStanding(rule.id, warehouse.id, sku))?.type).toBe('stock.recovered');
    await applyStockMovements([
      { sku, warehouseId: warehouse.id, type: 'receipt', quantity: 1, unitCost: 100 },
    ]);
    expect(await evaluate(sku, warehouse.id)).toMatchObject({ low: 0, recovered: 0 });
  });

  it('does not publish stock.low again within the cool-down, nor the recovery of a low it did not announce', async () => {
    const warehouse = await seedWarehouse();
    await settings();
    const sku = `COOL-${Date.now().toString(36)}`;
    const rule = await createRule({
      name: 'Cool-down',
      scope: { skuPatterns: [sku], warehouseIds: [warehouse.id] },
      condition: { type: 'available_below', quantity: 3 },
      cooldownHours: 24,
    });
    const move = (quantity: number) =>
      applyStockMovements([
        {
          sku,
          warehouseId: warehouse.id,
          type: quantity > 0 ? 'receipt' : 'adjustment',
          quantity,
          unitCost: 100,
        },
      ]);
    await move(5);
    await move(-4);
    expect(await evaluate(sku, warehouse.id)).toMatchObject({ low: 1 });
    await move(10);
    expect(await evaluate(sku, warehouse.id)).toMatchObject({ recovered: 1 });
    await move(-10);
    // Low again an instant later: inside the 24 h cool-down, so no second stock.low …
    expect(await evaluate(sku, warehouse.id)).toMatchObject({ low: 0 });
    expect(await readAlertState(rule.id, warehouse.id, sku)).toMatchObject({ state: 'low', notified: false });
    expect(await eventOfStanding(rule.id, warehouse.id, sku)).toBeUndefined();
    await move(10);
    // … and its recovery is silent too.
    expect(await evaluate(sku, warehouse.id)).toMatchObject({ recovered: 0 });
    await move(-10);
    // A day and a minute later, a crossing announces again.
    const later = new Date(Date.now() + 24 * 3_600_000 + 60_000);
    expect(await evaluate(sku, warehouse.id, later)).toMatchObject({ low: 1 });
  });

  it('explains a cover_below alert with velocity from the sold cells, the factor, the cap and the chosen vendor', async () => {
    const warehouse = await seedWarehouse();
    await settings({ lookBackDays: 10 });
    const sku = `COVER-${Date.now().toString(36)}`;
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    // 30 units sold yesterday on orders assigned to the warehouse (the window is the days before today).
    await countUnitsSold({
      sku,
      warehouseId: warehouse.id,
      quantity: 30,
      day: yesterday,
      recordId: `cover-${sku}`,
    });
    await applyStockMovements([
      { sku, warehouseId: warehouse.id, type: 'receipt', quantity: 20, unitCost: 100 },
    ]);
    const rule = await createRule({
      name: 'Cover',
      scope: { skuPatterns: [sku] },
      condition: { type: 'cover_below', leadTimeDays: 7, safetyDays: 3 },
    });
    expect(await evaluate(sku, warehouse.id)).toMatchObject({ assessed: 1, low: 1 });
    const state = await readAlertState(rule.id, warehouse.id, sku);
    // Received today, so in stock on no day of the window: velocity over the 10 look-back days, 30 / 10 = 3;
    // cover 20 / 3 = 6.67 days < 7 + 3; demand 3 × 10 = 30, shortfall 10, no source: MOQ 1.
    expect(state!.explanation).toMatchObject({
      window: { to: yesterday, days: 10 },
      unitsSold: 30,
      daysInStock: 0,
      velocity: 3,
      velocityOver: 'look-back days',
      seasonalFactor: 1,
      leadTimeDays: 7,
      leadTimeFrom: 'rule',
      safetyDays: 3,
      safetyDaysFrom: 'rule',
      daysOfCover: 6.67,
      demand: 30,
      shortfall: 10,
      suggestedQuantity: 10,
      vendor: null,
      maxLevel: null,
    });
    expect(state!.suggestedQuantity).toBe(10);

    const answered = await call({ method: 'GET', path: `/v1/inventory/alert-rules/${rule.id}` });
    expect(answered.body.firing).toMatchObject({
      count: 1,
      more: false,
      items: [{ sku, warehouseId: warehouse.id, notified: true, suggestedQuantity: 10 }],
    });
  });

  it('sweeps a rule over its scope and quiets, without stock.recovered, the SKUs it no longer covers', async () => {
    const warehouse = await seedWarehouse();
    await settings();
    const stamp = Date.now().toString(36);
    const [kept, dropped] = [`SWEEP-A-${stamp}`, `SWEEP-B-${stamp}`];
    for (const sku of [kept, dropped]) {
      await applyStockMovements([
        { sku, warehouseId: warehouse.id, type: 'receipt', quantity: 1, unitCost: 100 },
      ]);
    }
    const input = {
      name: 'Sweep',
      scope: { skuPatterns: [kept, dropped], warehouseIds: [warehouse.id] },
      condition: { type: 'available_below', quantity: 2 },
    };
    const rule = await createRule(input);
    const inputs = () => new AlertInputs(new Date(), 'UTC');
    expect(await sweepRule(rule.id, inputs())).toMatchObject({ assessed: 2, low: 2 });
    // The same day again: nothing crosses.
    expect(await sweepRule(rule.id, inputs())).toMatchObject({ assessed: 2, low: 0, recovered: 0 });
    const narrowed = await call({
      method: 'PUT',
      path: `/v1/inventory/alert-rules/${rule.id}`,
      role: 'manager',
      body: { ...input, scope: { ...input.scope, skuPatterns: [kept] } },
    });
    expect(narrowed.status, narrowed.text).toBe(200);
    // The dropped SKU's stock did not recover: the rule stops speaking of it, with no event.
    expect(await sweepRule(rule.id, inputs())).toMatchObject({ assessed: 1, low: 0, recovered: 0 });
    expect(await eventOfStanding(rule.id, warehouse.id, dropped)).toBeUndefined();
    const standings = await statesOfRule(rule.id);
    expect(Object.fromEntries(standings.map((state) => [state.sku, state.state]))).toEqual({
      [kept]: 'low',
      [dropped]: 'ok',
    });
    // Deleted: its standings go with it.
    expect(
      (await call({ method: 'DELETE', path: `/v1/inventory/alert-rules/${rule.id}`, role: 'manager' }))
        .status,
    ).toBe(204);
    expect(await sweepRule(rule.id, inputs())).toMatchObject({ assessed: 0 });
    expect(await statesOfRule(rule.id)).toEqual([]);
  });

  it('assesses nothing while the alert settings are off', async () => {
    const warehouse = await seedWarehouse();
    await settings({ enabled: false });
    const sku = `OFF-${Date.now().toString(36)}`;
    await createRule({
      name: 'Off',
      scope: { skuPatterns: [sku] },
      condition: { type: 'available_below', quantity: 5 },
    });
    await applyStockMovements([
      { sku, warehouseId: warehouse.id, type: 'receipt', quantity: 1, unitCost: 100 },
    ]);
    expect(await evaluate(sku, warehouse.id)).toEqual({ assessed: 0, low: 0, recovered: 0, failed: 0 });
    await settings({ enabled: true });
  });
});

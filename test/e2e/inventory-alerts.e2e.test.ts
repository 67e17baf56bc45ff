/**
 * Inventory alerts as staff use them, over HTTP with real tokens: a rule on a rule list, stock sold down
 * by orders until it crosses, and exactly one stock.low in the local events file with its explanation,
 * evaluated by the local stream poller with the alerts function's own code.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { api } from '../support/http';
import { orderId, orderInput, orderLine } from '../support/order-builders';

const dataDir = inject('dataDir');

interface PublishedEvent {
  type: string;
  resourceId?: string;
  summary: Record<string, unknown>;
}

function alertEvents(ruleId: string): PublishedEvent[] {
  const file = join(dataDir, 'events.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as PublishedEvent)
    .filter((event) => event.type.startsWith('stock.') && event.summary.ruleId === ruleId);
}

async function eventually<T>(probe: () => T, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('inventory alerts, end to end', () => {
  it('sells stock down over HTTP and publishes exactly one stock.low, with its explanation', async () => {
    const code = `AL${Date.now().toString(36).toUpperCase().slice(-6)}`;
    const sku = `E2E-ALERT-${code}`;
    const warehouse = await api('POST', '/v1/inventory/warehouses', {
      role: 'manager',
      body: {
        code,
        name: `Alerts ${code}`,
        originAddress: {
          name: 'Dock',
          line1: '1 Quay',
          city: 'Springfield',
          postalCode: '12345',
          country: 'US',
        },
      },
    });
    expect(warehouse.status, warehouse.text).toBe(201);
    const warehouseId = warehouse.body.id as string;
    const settings = await api('PUT', '/v1/inventory/alert-settings', {
      role: 'manager',
      body: { enabled: true, lookBackDays: 14, defaultLeadTimeDays: 5, defaultSafetyDays: 2 },
    });
    expect(settings.status, settings.text).toBe(200);
    const received = await api('POST', '/v1/orders/work-orders', {
      role: 'operator',
      body: { warehouseId, reason: 'receipt', lines: [{ sku, quantity: 10, unitCost: 250 }] },
    });
    expect(received.status, received.text).toBe(201);

    const list = await api('POST', '/v1/inventory/rule-lists', {
      role: 'operator',
      body: { name: `Fast movers ${code}`, skus: [sku] },
    });
    expect(list.status, list.text).toBe(201);
    const rule = await api('POST', '/v1/inventory/alert-rules', {
      role: 'operator',
      body: {
        name: `Below 5 in ${code}`,
        scope: { ruleListId: list.body.id, warehouseIds: [warehouseId] },
        condition: { type: 'available_below', quantity: 5 },
        recipients: ['buyer@example.com'],
      },
    });
    expect(rule.status, rule.text).toBe(201);
    const ruleId = rule.body.id as string;

    // Four orders of 2 units, allocated in the warehouse: available 10 → 8 → 6 → 4 → 2. Only 6 → 4 crosses.
    for (let n = 0; n < 4; n++) {
      const order = await api('PUT', `/v1/orders/${orderId()}`, {
        role: 'operator',
        body: orderInput({
          warehouseId,
          orderDate: new Date().toISOString(),
          lines: [orderLine({ itemId: 'L1', sku, quantity: 2 })],
        }),
      });
      expect(order.status, order.text).toBe(201);
    }
    const events = await eventually(
      () => alertEvents(ruleId),
      (found) => found.length > 0,
    );
    // Give the poller time to publish anything more it would (it should not).
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(alertEvents(ruleId).map((event) => event.type)).toEqual(['stock.low']);
    const explanation = events[0]!.summary.explanation as Record<string, unknown>;
    expect(events[0]!.summary).toMatchObject({ sku, warehouseId, state: 'low' });
    expect(explanation).toMatchObject({
      available: expect.any(Number),
      conditionHolds: true,
      leadTimeDays: 5,
      leadTimeFrom: 'alert settings',
      safetyDays: 2,
      window: { days: 14 },
      vendor: null,
    });
    expect(explanation.available as number).toBeLessThan(5);
    // Velocity reads the complete days before today: today's sales are not in it yet.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(explanation.window).toMatchObject({ to: yesterday });

    const read = await api('GET', `/v1/inventory/alert-rules/${ruleId}`, { role: 'viewer' });
    expect(read.status, read.text).toBe(200);
    expect(read.body.ruleList).toMatchObject({ id: list.body.id, skuCount: 1, skus: [sku] });
    expect(read.body.firing).toMatchObject({ count: 1, items: [{ sku, warehouseId, notified: true }] });
    // Its numbers are current: all 8 units allocated, 2 available.
    expect(read.body.firing.items[0].explanation).toMatchObject({ available: 2, allocated: 8 });
  });
});

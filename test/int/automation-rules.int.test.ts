import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { seedWarehouse } from '../support/builders';
import { call } from '../support/call';

const unknownId = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

function ruleInput(overrides: Record<string, unknown> = {}) {
  return {
    name: `Rule ${ulid()}`,
    trigger: 'order.created',
    priority: 100,
    actions: [{ type: 'add_tag', tag: 'auto' }],
    ...overrides,
  };
}

async function createRule(overrides: Record<string, unknown> = {}) {
  const response = await call({
    method: 'POST',
    path: '/v1/orders/automation-rules',
    body: ruleInput(overrides),
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function listRules(query = '') {
  const response = await call({ method: 'GET', path: `/v1/orders/automation-rules${query}`, role: 'viewer' });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

const idsOf = (page: { items: Array<{ id: string }> }) => page.items.map((rule) => rule.id);

describe('creating automation rules', () => {
  it('creates a rule with its defaults, naming its author', async () => {
    const warehouse = await seedWarehouse();
    const status = await call({
      method: 'POST',
      path: '/v1/orders/statuses',
      body: { name: `Big ${ulid()}`, category: 'on_hold' },
    });
    const conditions = [
      { field: 'shipTo.region', operator: 'equals', value: 'ca' },
      { field: 'totals.total', operator: 'greater_than', value: 100_00 },
      { field: 'sku', operator: 'in', value: ['MUG-RED', 'MUG-BLUE'], caseSensitive: true },
    ];
    const body = ruleInput({
      name: 'Big Californian orders',
      conditions,
      actions: [
        { type: 'assign_warehouse', warehouseId: warehouse.id },
        { type: 'set_status', statusId: status.body.id },
        { type: 'set_status', statusId: 'backordered' },
        { type: 'hold' },
        { type: 'add_tag', tag: 'big' },
        { type: 'set_shipping_service', service: 'Freight' },
      ],
    });
    const created = await call({
      method: 'POST',
      path: '/v1/orders/automation-rules',
      body,
      subject: 'maria',
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual({
      ...body,
      match: 'all',
      conditions: conditions.map((condition) => ({ caseSensitive: false, ...condition })),
      enabled: true,
      stopAfterMatch: false,
      id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
      version: 1,
      createdAt: expect.any(String),
      updatedAt: created.body.createdAt,
      createdBy: 'maria',
    });
    expect(idsOf(await listRules())).toContain(created.body.id);
  });

  it('is for managers only', async () => {
    for (const role of ['viewer', 'operator'] as const) {
      const response = await call({
        method: 'POST',
        path: '/v1/orders/automation-rules',
        body: ruleInput(),
        role,
      });
      expect(response.status, role).toBe(403);
    }
    const anonymous = await call({
      method: 'POST',
      path: '/v1/orders/automation-rules',
      body: ruleInput(),
      role: null,
    });
    expect(anonymous.status).toBe(401);
  });

  it('refuses statuses and warehouses that do not exist, naming each field path', async () => {
    const response = await call({
      method: 'POST',
      path: '/v1/orders/automation-rules',
      body: ruleInput({
        actions: [
          { type: 'add_tag', tag: 'x' },
          { type: 'set_status', statusId: unknownId },
          { type: 'assign_warehouse', warehouseId: unknownId },
          { type: 'set_status', statusId: 'no-such-status' },
        ],
      }),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { path: 'body.actions[1].statusId', message: 'no status has this id' },
      { path: 'body.actions[2].warehouseId', message: 'no warehouse has this id' },
      { path: 'body.actions[3].statusId', message: 'no status has this id' },
    ]);
    expect(response.body.detail).toContain(unknownId);
  });

  it('refuses unknown condition fields, operators that do not fit and malformed actions', async () => {
    const response = await call({
      method: 'POST',
      path: '/v1/orders/automation-rules',
      body: ruleInput({
        trigger: 'order.shipped',
        match: 'most',
        priority: -1,
        conditions: [
          { field: 'customer.phone', operator: 'equals', value: '1' },
          { field: 'lineCount', operator: 'starts_with', value: 1 },
          { field: 'channel', operator: 'in', value: 'web' },
        ],
        actions: [{ type: 'explode' }, { type: 'add_tag' }],
      }),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      'body.actions[0].type',
      'body.actions[1].tag',
      'body.conditions[0].field',
      'body.conditions[1].operator',
      'body.conditions[2].value',
      'body.match',
      'body.priority',
      'body.trigger',
    ]);
    const unknownField = response.body.errors.find(
      (error: { path: string }) => error.path === 'body.conditions[0].field',
    );
    expect(unknownField.message).toContain('shipTo.postalCode');
  });

  it('needs at least one action and at most 20 conditions', async () => {
    const response = await call({
      method: 'POST',
      path: '/v1/orders/automation-rules',
      body: ruleInput({
        actions: [],
        conditions: Array.from({ length: 21 }, () => ({
          field: 'channel',
          operator: 'equals',
          value: 'web',
        })),
      }),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      'body.actions',
      'body.conditions',
    ]);
  });
});

describe('listing automation rules', () => {
  it('lists in run order (priority, then creation), filtered by trigger and enabled, by page', async () => {
    const trigger = 'order.paid';
    const late = await createRule({ trigger, priority: 900 });
    const first = await createRule({ trigger, priority: 1 });
    const tieA = await createRule({ trigger, priority: 50 });
    const tieB = await createRule({ trigger, priority: 50 });
    const disabled = await createRule({ trigger, priority: 2, enabled: false });
    await createRule({ trigger: 'order.updated', priority: 0 });

    const paid = await listRules('?trigger=order.paid');
    expect(idsOf(paid)).toEqual([first.id, disabled.id, tieA.id, tieB.id, late.id]);
    const enabled = await listRules('?trigger=order.paid&enabled=true');
    expect(idsOf(enabled)).toEqual([first.id, tieA.id, tieB.id, late.id]);
    expect(idsOf(await listRules('?trigger=order.paid&enabled=false'))).toEqual([disabled.id]);

    const page1 = await listRules('?trigger=order.paid&enabled=true&limit=3');
    expect(idsOf(page1)).toEqual([first.id, tieA.id, tieB.id]);
    const page2 = await listRules(
      `?trigger=order.paid&enabled=true&limit=3&cursor=${encodeURIComponent(page1.nextCursor)}`,
    );
    expect(page2).toEqual({ items: [expect.objectContaining({ id: late.id })], nextCursor: null });
  });

  it('refuses a cursor from another listing and bad filters', async () => {
    await createRule({ trigger: 'order.updated' });
    await createRule({ trigger: 'order.updated' });
    const page = await listRules('?trigger=order.updated&limit=1');
    const replayed = await call({
      method: 'GET',
      path: `/v1/orders/automation-rules?trigger=order.paid&cursor=${encodeURIComponent(page.nextCursor)}`,
    });
    expect(replayed.status).toBe(400);
    const bad = await call({ method: 'GET', path: '/v1/orders/automation-rules?enabled=yes&trigger=x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      'query.enabled',
      'query.trigger',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { historyOfOrder } from '../../shared/db/keys';
import { queryAll } from '../../shared/db/query';
import { call } from '../support/call';
import { orderId, orderInput } from '../support/order-builders';

const gb = { line1: '10 Downing St', city: 'London', postalCode: 'SW1A 2AA', country: 'GB' };

async function rule(body: Record<string, unknown>) {
  const response = await call({
    method: 'POST',
    path: '/v1/orders/automation-rules',
    body: { match: 'all', enabled: true, ...body },
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

describe('automation rules inside order writes', () => {
  it('applies matching rules in priority order when an order is created, recording each firing', async () => {
    const tagger = await rule({
      name: 'Tag UK orders',
      trigger: 'order.created',
      priority: 10,
      conditions: [{ field: 'shipTo.country', operator: 'equals', value: 'gb' }],
      actions: [
        { type: 'add_tag', tag: 'uk' },
        { type: 'set_shipping_service', service: 'royal-mail-48' },
      ],
    });
    await rule({
      name: 'Never for other countries',
      trigger: 'order.created',
      priority: 20,
      conditions: [{ field: 'shipTo.country', operator: 'equals', value: 'FR' }],
      actions: [{ type: 'add_tag', tag: 'france' }],
    });
    const id = orderId();
    const body = orderInput({ shipTo: gb });
    const created = await call({ method: 'PUT', path: `/v1/orders/${id}`, body });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ tags: ['uk'], requestedShippingService: 'royal-mail-48' });
    const firings = (await queryAll(historyOfOrder(id))).filter((entry) => entry.kind === 'rule');
    expect(firings).toHaveLength(1);
    expect(firings[0]).toMatchObject({
      actor: `rule:${tagger.id}`,
      summary: expect.stringContaining('Tag UK orders'),
    });

    // The same rule does not run again on updates (its trigger is creation), and a re-sync keeps what it did.
    const replaced = await call({ method: 'PUT', path: `/v1/orders/${id}`, body });
    expect(replaced.body).toMatchObject({
      tags: ['uk'],
      requestedShippingService: 'royal-mail-48',
      version: 1,
    });
  });

  it('holds an order when it is paid, if a paid rule says so', async () => {
    await rule({
      name: 'Hold big payments',
      trigger: 'order.paid',
      priority: 5,
      conditions: [{ field: 'totals.total', operator: 'greater_than', value: 100000 }],
      actions: [{ type: 'hold' }],
    });
    const id = orderId();
    const created = await call({
      method: 'PUT',
      path: `/v1/orders/${id}`,
      body: orderInput({
        lines: [{ itemId: 'BIG', sku: 'TV-1', title: 'Television', quantity: 1, unitPrice: 150000 }],
      }),
    });
    const paid = await call({
      method: 'POST',
      path: `/v1/orders/${id}/payments`,
      body: { amount: created.body.totals.total, method: 'bank_transfer' },
    });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body.statusId).toBe('on-hold');
    const kinds = (await queryAll(historyOfOrder(id))).map((entry) => entry.kind);
    expect(kinds).toEqual(expect.arrayContaining(['payment', 'rule', 'status']));
  });

  it('applies a rule whose action would re-trigger it once per write', async () => {
    await rule({
      name: 'Stamp every update',
      trigger: 'order.updated',
      priority: 1,
      conditions: [{ field: 'channel', operator: 'equals', value: 'loopshop' }],
      actions: [{ type: 'add_tag', tag: 'stamped' }],
    });
    const id = orderId();
    await call({ method: 'PUT', path: `/v1/orders/${id}`, body: orderInput({ channel: 'loopshop' }) });
    const updated = await call({
      method: 'PUT',
      path: `/v1/orders/${id}`,
      body: orderInput({ channel: 'loopshop' }),
    });
    expect(updated.body.tags).toEqual(['stamped']);
    const firings = (await queryAll(historyOfOrder(id))).filter((entry) => entry.kind === 'rule');
    expect(firings).toHaveLength(1);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { historyOfOrder } from '../../shared/db/keys';
import { queryAll } from '../../shared/db/query';
import type { HistoryKind } from '../../shared/domain/order-history';
import { recordShipment } from '../../shared/shipments/commit';
import { call } from '../support/call';
import { orderId, orderInput, orderLine } from '../support/order-builders';

interface Entry {
  id: string;
  orderId: string;
  kind: HistoryKind;
  at: string;
  actor: string;
  summary: string;
  changes?: Record<string, { from: unknown; to: unknown }>;
}

const endpoints: Record<string, HistoryKind | undefined> = {
  'status-history': 'status',
  'address-history': 'address',
  'fulfillment-history': 'fulfillment',
  'edit-history': 'edit',
  history: undefined,
};

const path = (id: string, endpoint: string, query = '') => `/v1/orders/${id}/${endpoint}${query}`;
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

/** What the order writer stored, newest first: the truth every endpoint is checked against. */
async function storedEntries(id: string): Promise<Entry[]> {
  const items = await queryAll({ ...historyOfOrder(id), consistent: true });
  return items.reverse().map((item) => {
    const { PK: _pk, SK: _sk, ...entry } = item;
    return entry as Entry;
  });
}

/** Every page of a listing, following nextCursor; fails on a page over the limit. */
async function allPages(id: string, endpoint: string, query: string, limit: number): Promise<Entry[]> {
  const seen: Entry[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page = await call({
      method: 'GET',
      path: path(id, endpoint, `?limit=${limit}${query}${after}`),
      role: 'viewer',
    });
    expect(page.status, page.text).toBe(200);
    expect(page.body.items.length).toBeLessThanOrEqual(limit);
    seen.push(...page.body.items);
    cursor = page.body.nextCursor;
    pages += 1;
  } while (cursor && pages < 100);
  return seen;
}

const ids = (entries: Entry[]) => entries.map((entry) => entry.id);

/** An order changed every way: created, status, address, payment, a line cancelled, a shipment. */
async function busyOrder() {
  const id = orderId();
  const input = orderInput({
    lines: [
      orderLine({ itemId: 'A', quantity: 2, unitPrice: 1000 }),
      orderLine({ itemId: 'B', quantity: 1, unitPrice: 500 }),
    ],
  });
  const marks: string[] = [];
  const step = async (response: Promise<{ status: number; text: string }>, status: number) => {
    const result = await response;
    expect(result.status, result.text).toBe(status);
    await pause();
    marks.push(new Date().toISOString());
    await pause();
  };
  await step(call({ method: 'PUT', path: `/v1/orders/${id}`, body: input, role: 'operator' }), 201);
  // A note lives in the order's partition too, but is no history entry.
  const note = await call({ method: 'POST', path: `/v1/orders/${id}/notes`, body: { text: 'not history' } });
  expect(note.status, note.text).toBe(201);
  await step(
    call({
      method: 'PUT',
      path: `/v1/orders/${id}`,
      body: { ...input, statusId: 'on-hold' },
      role: 'operator',
    }),
    200,
  );
  await step(
    call({
      method: 'PUT',
      path: `/v1/orders/${id}/address`,
      body: { shipTo: { line1: '221B Baker Street', city: 'London', postalCode: 'NW1 6XE', country: 'GB' } },
      role: 'operator',
    }),
    200,
  );
  await step(
    call({
      method: 'POST',
      path: `/v1/orders/${id}/payments`,
      body: { amount: 700, method: 'card' },
      role: 'manager',
    }),
    201,
  );
  await step(
    call({
      method: 'POST',
      path: `/v1/orders/${id}/items/B/cancel`,
      body: { reason: 'out of stock' },
      role: 'operator',
    }),
    200,
  );
  await step(
    recordShipment({
      orderId: id,
      actor: 'dora',
      details: {
        source: 'manual',
        carrier: 'UPS',
        service: 'Ground',
        trackingNumber: '1Z999AA10123456784',
        shipDate: new Date().toISOString().slice(0, 10),
        packages: 1,
      },
    }).then(() => ({ status: 0, text: '' })),
    0,
  );
  return { id, marks, entries: await storedEntries(id) };
}

let order: Awaited<ReturnType<typeof busyOrder>>;
beforeAll(async () => {
  order = await busyOrder();
});

const list = (id: string, endpoint: string, query = '') =>
  call({ method: 'GET', path: path(id, endpoint, query), role: 'viewer' });

describe('history of one kind and of every kind', () => {
  it('the order writer recorded what the order went through', () => {
    expect(order.entries.map((entry) => entry.kind)).toEqual([
      'status',
      'fulfillment',
      'edit',
      'payment',
      'address',
      'status',
      'status',
      'edit',
    ]);
  });

  it('each endpoint answers its kind of entries (all of them for /history), newest first', async () => {
    for (const [endpoint, kind] of Object.entries(endpoints)) {
      const response = await list(order.id, endpoint);
      expect(response.status, response.text).toBe(200);
      const expected = order.entries.filter((entry) => kind === undefined || entry.kind === kind);
      expect(response.body, endpoint).toEqual({ items: expected, nextCursor: null });
      const times = response.body.items.map((entry: Entry) => entry.at);
      expect(times, endpoint).toEqual([...times].sort().reverse());
    }
  });

  it('answers the entries in the shape of the interface', async () => {
    const statuses = (await list(order.id, 'status-history')).body.items as Entry[];
    expect(statuses.map((entry) => entry.summary)).toEqual([
      'Status changed from On hold to Shipped',
      'Status changed from Awaiting payment to On hold',
      'Status set to Awaiting payment',
    ]);
    expect(statuses[1]).toEqual({
      id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
      orderId: order.id,
      kind: 'status',
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      actor: 'user-operator',
      summary: 'Status changed from Awaiting payment to On hold',
      changes: { statusId: { from: 'awaiting-payment', to: 'on-hold' } },
    });
    const [address] = (await list(order.id, 'address-history')).body.items as Entry[];
    expect(address!.changes!.shipTo!.to).toMatchObject({ city: 'London', country: 'GB' });
    const [shipment] = (await list(order.id, 'fulfillment-history')).body.items as Entry[];
    expect(shipment).toMatchObject({ kind: 'fulfillment', actor: 'dora' });
    expect(shipment!.summary).toMatch(/^Shipped 2 units by UPS Ground/);
    const edits = (await list(order.id, 'edit-history')).body.items as Entry[];
    expect(edits.map((entry) => entry.summary)).toEqual([
      expect.stringMatching(/^Line B .* cancelled: out of stock$/),
      'Order created',
    ]);
    expect(edits[1]!.changes).toBeUndefined();
  });

  it('pages every entry once, in order, with a small limit', async () => {
    for (const [endpoint, kind] of Object.entries(endpoints)) {
      const expected = ids(order.entries.filter((entry) => kind === undefined || entry.kind === kind));
      for (const limit of [1, 2, 3]) {
        expect(ids(await allPages(order.id, endpoint, '', limit)), `${endpoint} limit ${limit}`).toEqual(
          expected,
        );
      }
    }
    const first = await list(order.id, 'history', '?limit=2');
    expect(ids(first.body.items)).toEqual(ids(order.entries.slice(0, 2)));
    expect(first.body.nextCursor).toEqual(expect.any(String));
  });

  it('answers an empty page for an order without entries of a kind', async () => {
    const id = orderId();
    await call({ method: 'PUT', path: `/v1/orders/${id}`, body: orderInput(), role: 'operator' });
    expect((await list(id, 'address-history')).body).toEqual({ items: [], nextCursor: null });
    expect((await list(id, 'fulfillment-history')).body).toEqual({ items: [], nextCursor: null });
    expect((await list(id, 'history')).body.items).toHaveLength(2);
  });

  it('answers 404 for an unknown order on every endpoint', async () => {
    for (const endpoint of Object.keys(endpoints)) {
      const response = await list(orderId(), endpoint, '?limit=5&from=2026-01-01');
      expect(response.status, endpoint).toBe(404);
      expect(response.headers['content-type']).toBe('application/problem+json');
    }
  });
});

describe('from and to', () => {
  const between = (from?: string, to?: string) =>
    order.entries.filter(
      (entry) => (from === undefined || entry.at >= from) && (to === undefined || entry.at <= to),
    );
  const q = (from?: string, to?: string) =>
    [
      from === undefined ? '' : `&from=${encodeURIComponent(from)}`,
      to === undefined ? '' : `&to=${encodeURIComponent(to)}`,
    ].join('');

  it('filters by the time of the entry, both bounds included', async () => {
    const { marks } = order;
    // Between the status change and the address change: only the address change.
    const address = await list(order.id, 'history', `?${q(marks[1], marks[2]).slice(1)}`);
    expect(address.body.items.map((entry: Entry) => entry.kind)).toEqual(['address']);
    expect((await list(order.id, 'status-history', `?${q(marks[0], marks[1]).slice(1)}`)).body.items).toEqual(
      between(marks[0], marks[1]).filter((entry) => entry.kind === 'status'),
    );
    expect(
      (await list(order.id, 'status-history', `?${q(marks[0], marks[1]).slice(1)}`)).body.items,
    ).toHaveLength(1);
    // Open on one side.
    expect(ids((await list(order.id, 'history', `?${q(marks[3]).slice(1)}`)).body.items)).toEqual(
      ids(between(marks[3])),
    );
    expect(ids(between(marks[3]))).toHaveLength(3);
    expect(ids((await list(order.id, 'history', `?${q(undefined, marks[0]).slice(1)}`)).body.items)).toEqual(
      ids(order.entries.slice(-2)),
    );
    // Exactly at an entry's time, on both ends.
    const at = order.entries.find((entry) => entry.kind === 'payment')!.at;
    expect(
      (await list(order.id, 'history', `?${q(at, at).slice(1)}`)).body.items.map((e: Entry) => e.kind),
    ).toEqual(['payment']);
    // The same instant written with an offset.
    const shifted = new Date(Date.parse(marks[1]!) + 2 * 60 * 60 * 1000).toISOString().replace('Z', '+02:00');
    expect(ids((await list(order.id, 'history', `?${q(shifted, marks[2]).slice(1)}`)).body.items)).toEqual(
      ids(address.body.items),
    );
  });

  it('pages a filtered listing every entry once', async () => {
    const { marks } = order;
    for (const [endpoint, kind] of Object.entries(endpoints)) {
      const expected = between(marks[0], marks[4]).filter(
        (entry) => kind === undefined || entry.kind === kind,
      );
      expect(ids(await allPages(order.id, endpoint, q(marks[0], marks[4]), 1)), endpoint).toEqual(
        ids(expected),
      );
    }
  });

  it('takes dates: a from date starts its day, a to date includes its whole day', async () => {
    const day = (at: string, shift = 0) =>
      new Date(Date.parse(at.slice(0, 10)) + shift * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const oldest = order.entries.at(-1)!.at;
    const newest = order.entries[0]!.at;
    const all = ids(order.entries);
    expect(
      ids((await list(order.id, 'history', `?from=${day(oldest)}&to=${day(newest)}`)).body.items),
    ).toEqual(all);
    expect(ids((await list(order.id, 'history', `?to=${day(newest)}`)).body.items)).toEqual(all);
    expect((await list(order.id, 'history', `?to=${day(oldest, -1)}`)).body.items).toEqual([]);
    expect((await list(order.id, 'history', `?from=${day(newest, 1)}`)).body.items).toEqual([]);
    expect((await list(order.id, 'history', `?from=${day(oldest)}&to=${day(oldest)}`)).status).toBe(200);
  });

  it('refuses from after to, and bounds that are not dates or instants', async () => {
    const reversed = await list(order.id, 'history', '?from=2026-11-21&to=2026-11-20');
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors).toEqual([{ path: 'query.from', message: 'must not be after to' }]);
    const instants = await list(
      order.id,
      'edit-history',
      `?${q('2026-11-20T10:00:00.001Z', '2026-11-20T10:00:00Z').slice(1)}`,
    );
    expect(instants.status).toBe(400);
    for (const bad of [
      'yesterday',
      '2026-02-30',
      '2026-11-20T25:00:00Z',
      '2026-11-20T10:00:00',
      '1700000000',
    ]) {
      const response = await list(order.id, 'status-history', `?from=${encodeURIComponent(bad)}`);
      expect(response.status, bad).toBe(400);
      expect(response.body.errors[0].path).toBe('query.from');
    }
    // The same day on both ends is a whole day, not a reversed range.
    expect((await list(order.id, 'history', '?from=2026-11-20&to=2026-11-20')).status).toBe(200);
  });
});

describe('cursors', () => {
  async function cursorOf(id: string, endpoint: string, query = '') {
    const page = await list(id, endpoint, `?limit=1${query}`);
    expect(page.status, page.text).toBe(200);
    expect(page.body.nextCursor).toEqual(expect.any(String));
    return page.body.nextCursor as string;
  }
  const withCursor = (id: string, endpoint: string, cursor: string, query = '') =>
    list(id, endpoint, `?limit=1${query}&cursor=${encodeURIComponent(cursor)}`);

  it('continues the listing it came from', async () => {
    const cursor = await cursorOf(order.id, 'history');
    const next = await withCursor(order.id, 'history', cursor);
    expect(ids(next.body.items)).toEqual([order.entries[1]!.id]);
  });

  it('refuses a tampered cursor', async () => {
    const cursor = await cursorOf(order.id, 'history');
    const [payload, signature] = cursor.split('.');
    const decoded = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    decoded.k.SK = 'N#';
    const forged = Buffer.from(JSON.stringify(decoded)).toString('base64url');
    for (const bad of [`${cursor}x`, `${forged}.${signature}`, payload!, 'not-a-cursor']) {
      const response = await withCursor(order.id, 'history', bad);
      expect(response.status, bad).toBe(400);
      expect(response.headers['content-type']).toBe('application/problem+json');
    }
  });

  it('refuses a cursor of another kind, another order or another range', async () => {
    const merged = await cursorOf(order.id, 'history');
    const statuses = await cursorOf(order.id, 'status-history');
    for (const endpoint of ['status-history', 'address-history', 'fulfillment-history', 'edit-history']) {
      expect((await withCursor(order.id, endpoint, merged)).status, endpoint).toBe(400);
    }
    expect((await withCursor(order.id, 'history', statuses)).status).toBe(400);
    expect((await withCursor(order.id, 'edit-history', statuses)).status).toBe(400);

    const other = orderId();
    await call({ method: 'PUT', path: `/v1/orders/${other}`, body: orderInput(), role: 'operator' });
    expect((await withCursor(other, 'history', merged)).status).toBe(400);

    const ranged = await cursorOf(order.id, 'history', `&from=${order.marks[0]}`);
    expect((await withCursor(order.id, 'history', ranged, `&from=${order.marks[0]}`)).status).toBe(200);
    expect((await withCursor(order.id, 'history', ranged)).status).toBe(400);
    expect((await withCursor(order.id, 'history', ranged, `&from=${order.marks[1]}`)).status).toBe(400);
    expect((await withCursor(order.id, 'history', merged, `&to=${order.marks[4]}`)).status).toBe(400);
  });
});

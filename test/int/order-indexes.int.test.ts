/**
 * The order indexes sharded by order id (ORDERS@<n>#STATUS / DAY / CHANNEL), read while a third of the
 * orders still lie in the partitions of the layout before (as a deployed table holds them until
 * `npm run migrate`): every reader lists every order once, in order, across shard boundaries, pages,
 * cursors and filters. Reporting zone Asia/Kathmandu (+05:45): a reporting day spans two UTC days.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { detailedSales, type DetailedRequest } from '../../functions/reports/detailed';
import { findChannel } from '../../functions/taxonomy/channels';
import { orderKey, ordersInStatusPartitions, shardedOrderIndexKeys } from '../../shared/db/keys';
import { queryEveryPartition } from '../../shared/db/every-partition';
import { db, tableName } from '../../shared/db/client';
import { getItem } from '../../shared/db/query';
import { newTableLayoutItem } from '../../shared/db/table-layout';
import { forgetReference } from '../../shared/reference/cache';
import { call } from '../support/call';
import { moveToLegacyLayout, orderId, orderInput, orderLine } from '../support/order-builders';

const zone = 'Asia/Kathmandu';
process.env.REPORTING_TIME_ZONE = zone;

interface Placed {
  id: string;
  orderDate: string;
  channel: string;
  statusId: string;
  lines: Array<{ itemId: string; sku: string }>;
  layout: 'sharded' | 'legacy';
}

const placed: Placed[] = [];
/** The Kathmandu day 2026-05-05: 2026-05-04T18:15Z up to 2026-05-05T18:15Z. */
const day = { from: '2026-05-04T18:15:00.000Z', to: '2026-05-05T18:15:00.000Z' };
const pendingStatuses = new Set(['awaiting-shipment', 'on-hold']);
/** A legacy order a payment rewrote meanwhile: it left the legacy partitions for its shards. */
let rewritten = '';

async function place(
  overrides: { orderDate: string; channel: string; statusId: string; lines: Placed['lines'] },
  layout: Placed['layout'],
): Promise<Placed> {
  const id = orderId();
  const created = await call({
    method: 'PUT',
    path: `/v1/orders/${id}`,
    body: orderInput({
      ...overrides,
      lines: overrides.lines.map((line) => orderLine({ ...line, quantity: 1 })),
    }),
    role: 'operator',
  });
  expect(created.status, created.text).toBe(201);
  if (layout === 'legacy') await moveToLegacyLayout(id);
  return { id, ...overrides, layout };
}

const sortKey = (order: Pick<Placed, 'orderDate' | 'id'>) => `${order.orderDate}#${order.id}`;
const inOrder = (orders: readonly Placed[]) => [...orders].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1));

beforeAll(async () => {
  // 36 orders 50 minutes apart from 17:00 UTC the day before: some before the Kathmandu day, most in
  // it (over both UTC days), some after; two pairs share an instant, so only the id orders them.
  const start = Date.parse('2026-05-04T17:00:00.000Z');
  for (let at = 0; at < 36; at++) {
    const minutes = (at === 11 ? 10 : at === 21 ? 20 : at) * 50;
    placed.push(
      await place(
        {
          orderDate: new Date(start + minutes * 60_000).toISOString(),
          channel: at % 3 === 0 ? 'idx-b' : 'idx-a',
          statusId: ['awaiting-payment', 'on-hold', 'awaiting-shipment'][at % 3]!,
          lines: [
            { itemId: `I${at}-1`, sku: 'IDX-1' },
            ...(at % 2 === 1 ? [{ itemId: `I${at}-2`, sku: 'IDX-2' }] : []),
          ],
        },
        at % 3 === 1 || at % 5 === 0 ? 'legacy' : 'sharded',
      ),
    );
  }
  // Any write of a legacy order puts it in its shards: a payment here.
  const legacyOnHold = placed.find((order) => order.layout === 'legacy' && order.statusId === 'on-hold')!;
  const paid = await call({
    method: 'POST',
    path: `/v1/orders/${legacyOnHold.id}/payments`,
    body: { amount: 100, method: 'card' },
    role: 'manager',
  });
  expect(paid.status, paid.text).toBe(201);
  rewritten = legacyOnHold.id;
  legacyOnHold.layout = 'sharded';
});

describe('the order writer', () => {
  it('writes the sharded index keys only, and moves a legacy order to its shards on any write', async () => {
    for (const order of placed) {
      const header = (await getItem(orderKey(order.id), true))!;
      const sharded = shardedOrderIndexKeys({ ...order, statusId: String(header.statusId) });
      if (order.layout === 'sharded') expect(header, order.id).toMatchObject(sharded);
      else expect(header.GSI1PK, order.id).toBe(`ORDERS#STATUS#${order.statusId}`);
    }
    expect(placed.filter((order) => order.layout === 'legacy').length).toBeGreaterThan(8);
    const header = (await getItem(orderKey(rewritten), true))!;
    expect(String(header.GSI1PK)).toMatch(/^ORDERS@\d+#STATUS#on-hold$/);
    const legacyStatus = ordersInStatusPartitions('on-hold').at(-1)!;
    expect(legacyStatus.name).toBe('legacy');
    const stillLegacy = await queryEveryPartition([legacyStatus]);
    expect(stillLegacy.map((item) => item.id)).not.toContain(rewritten);
  });
});

describe('sales detailed, merged across shards and the legacy partitions', () => {
  /** The lines the report should answer, in order: orders of the day by index key, lines as stored. */
  const expectedLines = (keep: (order: Placed, line: Placed['lines'][number]) => boolean, range = day) =>
    inOrder(placed)
      .filter((order) => order.orderDate >= range.from && order.orderDate < range.to)
      .flatMap((order) =>
        order.lines.filter((line) => keep(order, line)).map((line) => `${order.id}/${line.itemId}`),
      );

  async function allPages(request: Omit<DetailedRequest, 'cursor'>, readLimit?: number) {
    const lines: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await detailedSales({ ...request, cursor }, zone, readLimit);
      expect(page.items.length).toBeLessThanOrEqual(request.limit);
      lines.push(...page.items.map((line) => `${line.orderId}/${line.itemId}`));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 100);
    return { lines, pages };
  }

  it('the day spans two UTC days, many shards and the legacy partitions', () => {
    const orders = placed.filter((order) => order.orderDate >= day.from && order.orderDate < day.to);
    expect(new Set(orders.map((order) => order.orderDate.slice(0, 10)))).toEqual(
      new Set(['2026-05-04', '2026-05-05']),
    );
    const shards = new Set(orders.map((order) => shardedOrderIndexKeys(order).GSI2PK));
    expect(shards.size).toBeGreaterThan(6);
    expect(orders.some((order) => order.layout === 'legacy')).toBe(true);
    expect(orders.length).toBeLessThan(placed.length);
  });

  it('answers every line once, in order, three lines a page', async () => {
    const { lines, pages } = await allPages({ from: '2026-05-05', to: '2026-05-05', limit: 3 });
    const expected = expectedLines(() => true);
    expect(lines).toEqual(expected);
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(expected.length / 3));
  });

  it('filters on the index (channel) and on the orders (SKU, status category) across pages', async () => {
    expect(
      (await allPages({ from: '2026-05-05', to: '2026-05-05', channel: 'idx-b', limit: 2 })).lines,
    ).toEqual(expectedLines((order) => order.channel === 'idx-b'));
    expect(
      (
        await allPages({
          from: '2026-05-05',
          to: '2026-05-05',
          sku: 'IDX-2',
          statusCategory: 'open',
          limit: 1,
        })
      ).lines,
    ).toEqual(expectedLines((order, line) => line.sku === 'IDX-2' && order.statusId === 'awaiting-shipment'));
  });

  it('loses no line when a request reads its share of orders before the page is full', async () => {
    const range = { from: day.from, to: '2026-05-06T18:15:00.000Z' };
    const { lines, pages } = await allPages({ from: '2026-05-05', to: '2026-05-06', limit: 50 }, 4);
    expect(lines).toEqual(expectedLines(() => true, range));
    expect(pages).toBeGreaterThan(3);
  });

  it('pages over HTTP with the cursor it answers', async () => {
    const lines: string[] = [];
    let cursor = '';
    for (let pages = 0; pages < 100; pages++) {
      const answer = await call({
        method: 'GET',
        path: `/v1/reports/sales/detailed?from=2026-05-05&to=2026-05-05&limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        role: 'viewer',
      });
      expect(answer.status, answer.text).toBe(200);
      lines.push(
        ...answer.body.items.map(
          (line: { orderId: string; itemId: string }) => `${line.orderId}/${line.itemId}`,
        ),
      );
      if (!answer.body.nextCursor) break;
      cursor = answer.body.nextCursor;
    }
    expect(lines).toEqual(expectedLines(() => true));
  });
});

describe('pending shipments, every status partition read', () => {
  const pendingIds = (keep: (order: Placed) => boolean = () => true) =>
    inOrder(placed.filter((order) => pendingStatuses.has(order.statusId) && keep(order))).map(
      (order) => order.id,
    );

  const report = async (query: string) => {
    const answer = await call({
      method: 'GET',
      path: `/v1/reports/pending-shipments?limit=200${query}`,
      role: 'viewer',
    });
    expect(answer.status, answer.text).toBe(200);
    return answer.body;
  };

  it('lists every pending order once, oldest first, whichever layout holds it', async () => {
    const all = await report('');
    expect(all.oldest.map((order: { orderId: string }) => order.orderId)).toEqual(pendingIds());
    expect(all.orders).toBe(pendingIds().length);
    expect(pendingIds((order) => order.layout === 'legacy').length).toBeGreaterThan(3);
  });

  it('filters by channel and status category', async () => {
    const byChannel = await report('&channel=idx-a');
    expect(byChannel.oldest.map((order: { orderId: string }) => order.orderId)).toEqual(
      pendingIds((order) => order.channel === 'idx-a'),
    );
    const onHold = await report('&statusCategory=on_hold');
    expect(onHold.oldest.map((order: { orderId: string }) => order.orderId)).toEqual(
      pendingIds((order) => order.statusId === 'on-hold'),
    );
  });
});

describe("taxonomy's check for a channel's orders", () => {
  it('finds an order in a shard or in the legacy partition, in either spelling of the code; none is none', async () => {
    const elsewhere = { orderDate: '2026-01-15T10:00:00.000Z', statusId: 'awaiting-payment' };
    await place({ ...elsewhere, channel: 'idx-old', lines: [{ itemId: 'O1', sku: 'IDX-1' }] }, 'legacy');
    await place({ ...elsewhere, channel: 'idx-new', lines: [{ itemId: 'N1', sku: 'IDX-1' }] }, 'sharded');
    for (const channel of ['idx-old', 'IDX-OLD', 'idx-new', 'Idx-New'])
      expect(await findChannel(channel), channel).toEqual({ channel, registered: false });
    expect(await findChannel('idx-none')).toBeUndefined();
    const known = await call({
      method: 'GET',
      path: '/v1/platform/taxonomy-mappings?channel=idx-old',
      role: 'viewer',
    });
    expect(known.status, known.text).toBe(200);
    const unknown = await call({
      method: 'GET',
      path: '/v1/platform/taxonomy-mappings?channel=idx-none',
      role: 'viewer',
    });
    expect(unknown.status).toBe(404);
  });
});

// Last in the file: a container that has seen the table's layout say `sharded` keeps that for good.
describe('once the table holds only the sharded layout (its layout item says so)', () => {
  it('reads no legacy partition: the pending report queries the status shards only', async () => {
    const queried: string[] = [];
    db().middlewareStack.add(
      (next, context) => async (args) => {
        const input = (args as { input: { ExpressionAttributeValues?: Record<string, unknown> } }).input;
        if (context.commandName === 'QueryCommand')
          queried.push(String(input.ExpressionAttributeValues?.[':pk']));
        return next(args);
      },
      { step: 'initialize', name: 'legacyPartitionWatch' },
    );
    try {
      const pending = '/v1/reports/pending-shipments?limit=200';
      expect((await call({ method: 'GET', path: pending, role: 'viewer' })).status).toBe(200);
      expect(queried).toContain('ORDERS#STATUS#on-hold');
      // As the first sharding migration left it (before the pending-orders index, so the report still
      // reads the status shards).
      await db().send(
        new PutCommand({ TableName: tableName(), Item: { ...newTableLayoutItem(), layoutVersion: 1 } }),
      );
      forgetReference('table-layout');
      queried.length = 0;
      const after = await call({ method: 'GET', path: pending, role: 'viewer' });
      expect(after.status, after.text).toBe(200);
      expect(queried.filter((pk) => pk.startsWith('ORDERS@'))).not.toEqual([]);
      expect(queried.filter((pk) => pk.startsWith('ORDERS#'))).toEqual([]);
    } finally {
      db().middlewareStack.remove('legacyPartitionWatch');
    }
  });
});

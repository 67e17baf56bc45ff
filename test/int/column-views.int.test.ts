import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../shared/http/permissions';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../shared/db/client';
import { columnViewCountKey } from '../../shared/db/keys';
import { call } from '../support/call';

const unknownId = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

function viewInput(overrides: Record<string, unknown> = {}) {
  return {
    name: `View ${ulid()}`,
    columns: [
      { field: 'id', width: 120, visible: true },
      { field: 'customer.name', width: 240, visible: true },
      { field: 'totals.total', width: 90, visible: false },
    ],
    ...overrides,
  };
}

async function createView(subject: string, overrides: Record<string, unknown> = {}, role: Role = 'viewer') {
  const response = await call({
    method: 'POST',
    path: '/v1/orders/column-views',
    body: viewInput(overrides),
    role,
    subject,
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function listIds(subject: string, scope?: string) {
  const response = await call({
    method: 'GET',
    path: `/v1/orders/column-views${scope ? `?scope=${scope}` : ''}`,
    role: 'viewer',
    subject,
  });
  expect(response.status, response.text).toBe(200);
  expect(response.body.nextCursor).toBeNull();
  return response.body.items.map((view: { id: string }) => view.id);
}

/** Subjects unique to each test, so listings only see that test's views. */
const person = (name: string) => `${name}-${ulid()}`;

describe('saving column views', () => {
  it('saves a layout for any signed-in role, owned by the caller, with defaults', async () => {
    const alice = person('alice');
    const view = await createView(alice, {
      sort: [{ field: 'orderDate', direction: 'desc' }],
      filters: [{ field: 'statusId', operator: 'in', value: ['on-hold', 'backordered'] }],
    });
    expect(view).toEqual({
      id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
      name: expect.any(String),
      columns: viewInput().columns,
      sort: [{ field: 'orderDate', direction: 'desc' }],
      filters: [{ field: 'statusId', operator: 'in', value: ['on-hold', 'backordered'] }],
      shared: false,
      owner: alice,
      ownerName: alice,
      createdAt: expect.any(String),
    });
    const plain = await createView(alice, {}, 'operator');
    expect(plain).toMatchObject({ sort: [], filters: [], shared: false });
  });

  it('validates columns, sort and filters, naming each field', async () => {
    const response = await call({
      method: 'POST',
      path: '/v1/orders/column-views',
      role: 'viewer',
      body: {
        name: '',
        columns: [
          { field: 'id', width: 10, visible: true },
          { field: 'bad field!', width: 2001, visible: 'yes' },
        ],
        sort: [{ field: 'id', direction: 'up' }],
        filters: [{ field: 'channel', operator: 'like', value: {} }],
        shared: 'no',
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      'body.columns[0].width',
      'body.columns[1].field',
      'body.columns[1].visible',
      'body.columns[1].width',
      'body.filters[0].operator',
      'body.filters[0].value',
      'body.name',
      'body.shared',
      'body.sort[0].direction',
    ]);
  });

  it('refuses a column or sort field named twice, pointing at the repeat', async () => {
    const response = await call({
      method: 'POST',
      path: '/v1/orders/column-views',
      body: viewInput({
        columns: [
          { field: 'id', width: 100, visible: true },
          { field: 'id', width: 100, visible: false },
        ],
        sort: [
          { field: 'orderDate', direction: 'asc' },
          { field: 'orderDate', direction: 'desc' },
        ],
      }),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { path: 'body.columns[1].field', message: 'id is already a column' },
      { path: 'body.sort[1].field', message: 'orderDate is already a sort key' },
    ]);
  });

  it('needs at least one column and at most 100', async () => {
    for (const columns of [
      [],
      Array.from({ length: 101 }, (_, i) => ({ field: `f${i}`, width: 50, visible: true })),
    ]) {
      const response = await call({
        method: 'POST',
        path: '/v1/orders/column-views',
        body: viewInput({ columns }),
      });
      expect(response.status).toBe(400);
      expect(response.body.errors[0].path).toBe('body.columns');
    }
  });

  it('needs a token', async () => {
    const response = await call({
      method: 'POST',
      path: '/v1/orders/column-views',
      body: viewInput(),
      role: null,
    });
    expect(response.status).toBe(401);
  });
});

describe('limits and permissions of column views', () => {
  it('lets a viewer keep private views but not publish shared ones (403, nothing saved)', async () => {
    const vera = person('vera');
    const response = await call({
      method: 'POST',
      path: '/v1/orders/column-views',
      body: viewInput({ shared: true }),
      role: 'viewer',
      subject: vera,
    });
    expect(response.status, response.text).toBe(403);
    expect(await listIds(vera, 'mine')).toEqual([]);
  });

  it('refuses a view over 64 KB with a 400 naming the limit', async () => {
    const filters = Array.from({ length: 50 }, (_, index) => ({
      field: `f${index}`,
      operator: 'in',
      value: Array.from({ length: 4 }, () => 'x'.repeat(400)),
    }));
    const response = await call({
      method: 'POST',
      path: '/v1/orders/column-views',
      body: viewInput({ filters }),
    });
    expect(response.status, response.text).toBe(400);
    expect(response.body.detail).toContain('65536');
  });

  it('keeps at most 100 views per owner, also under concurrent saves, and frees a place on delete', async () => {
    const olga = person('olga');
    await db().send(
      new PutCommand({ TableName: tableName(), Item: { ...columnViewCountKey(olga), viewCount: 97 } }),
    );
    const attempts = await Promise.all(
      Array.from({ length: 5 }, () =>
        call({ method: 'POST', path: '/v1/orders/column-views', body: viewInput(), subject: olga }),
      ),
    );
    const statuses = attempts.map((attempt) => attempt.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409]);
    const refused = attempts.find((attempt) => attempt.status === 409)!;
    expect(refused.body.detail).toContain('100');
    const kept = attempts.find((attempt) => attempt.status === 201)!;
    const removed = await call({
      method: 'DELETE',
      path: `/v1/orders/column-views/${kept.body.id}`,
      subject: olga,
    });
    expect(removed.status).toBe(204);
    const again = await call({
      method: 'POST',
      path: '/v1/orders/column-views',
      body: viewInput(),
      subject: olga,
    });
    expect(again.status, again.text).toBe(201);
  });
});

describe('listing column views', () => {
  it("answers the caller's own views and the shared ones, each once, by name", async () => {
    const alice = person('alice');
    const bob = person('bob');
    const tag = ulid();
    const alicePrivate = await createView(alice, { name: `b ${tag}` });
    const aliceShared = await createView(alice, { name: `A ${tag}`, shared: true }, 'operator');
    const bobPrivate = await createView(bob, { name: `c ${tag}` });
    const bobShared = await createView(bob, { name: `d ${tag}`, shared: true }, 'operator');

    const forAlice = await listIds(alice);
    expect(
      forAlice.filter((id: string) => [aliceShared.id, alicePrivate.id, bobShared.id].includes(id)),
    ).toEqual([aliceShared.id, alicePrivate.id, bobShared.id]);
    expect(forAlice).not.toContain(bobPrivate.id);
    expect(new Set(forAlice).size).toBe(forAlice.length);

    expect(await listIds(alice, 'mine')).toEqual([aliceShared.id, alicePrivate.id]);
    const shared = await listIds(bob, 'shared');
    expect(shared).toContain(aliceShared.id);
    expect(shared).toContain(bobShared.id);
    expect(shared).not.toContain(alicePrivate.id);
    expect(shared).not.toContain(bobPrivate.id);
  });

  it('pages with limit and a cursor across own and shared views, each once and in order', async () => {
    const dora = person('dora');
    const tag = ulid();
    const names = ['a', 'B', 'c', 'D', 'e', 'F', 'g'];
    const made: Array<{ id: string }> = [];
    for (const [index, letter] of names.entries()) {
      // Alternate private and shared, so every page merges both sources.
      made.push(await createView(dora, { name: `${tag} ${letter}`, shared: index % 2 === 1 }, 'operator'));
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?scope=mine&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const response = await call({ method: 'GET', path: `/v1/orders/column-views${query}`, subject: dora });
      expect(response.status, response.text).toBe(200);
      expect(response.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...response.body.items.map((view: { id: string }) => view.id));
      cursor = response.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual(made.map((view) => view.id));
    expect(pages).toBe(4);

    const tampered = await call({
      method: 'GET',
      path: '/v1/orders/column-views?cursor=eyJzIjoieCJ9.abc',
      subject: dora,
    });
    expect(tampered.status).toBe(400);
    const over = await call({ method: 'GET', path: '/v1/orders/column-views?limit=201', subject: dora });
    expect(over.status).toBe(400);
  });

  it('refuses an unknown scope', async () => {
    const response = await call({ method: 'GET', path: '/v1/orders/column-views?scope=everyone' });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].path).toBe('query.scope');
  });
});

describe('deleting column views', () => {
  it('lets the owner delete their view, and then it is gone', async () => {
    const alice = person('alice');
    const view = await createView(alice);
    const deleted = await call({
      method: 'DELETE',
      path: `/v1/orders/column-views/${view.id}`,
      role: 'viewer',
      subject: alice,
    });
    expect(deleted.status, deleted.text).toBe(204);
    expect(deleted.text).toBe('');
    expect(await listIds(alice)).not.toContain(view.id);
    const again = await call({
      method: 'DELETE',
      path: `/v1/orders/column-views/${view.id}`,
      role: 'viewer',
      subject: alice,
    });
    expect(again.status).toBe(404);
  });

  it("hides someone else's private view: 404, even for a manager", async () => {
    const alice = person('alice');
    const view = await createView(alice);
    for (const role of ['viewer', 'manager'] as const) {
      const response = await call({
        method: 'DELETE',
        path: `/v1/orders/column-views/${view.id}`,
        role,
        subject: person('bob'),
      });
      expect(response.status, role).toBe(404);
      expect(response.body.detail).toBe(`No column view has the id ${view.id}.`);
    }
    expect(await listIds(alice)).toContain(view.id);
  });

  it("refuses someone else's shared view to a non-manager (403), and lets a manager delete it", async () => {
    const alice = person('alice');
    const view = await createView(alice, { shared: true }, 'manager');
    for (const role of ['viewer', 'operator'] as const) {
      const response = await call({
        method: 'DELETE',
        path: `/v1/orders/column-views/${view.id}`,
        role,
        subject: person('bob'),
      });
      expect(response.status, role).toBe(403);
    }
    const byManager = await call({
      method: 'DELETE',
      path: `/v1/orders/column-views/${view.id}`,
      role: 'manager',
      subject: person('carol'),
    });
    expect(byManager.status).toBe(204);
    expect(await listIds(alice)).not.toContain(view.id);
  });

  it('answers 404 for an unknown view and 400 for an id that is not a ULID', async () => {
    expect((await call({ method: 'DELETE', path: `/v1/orders/column-views/${unknownId}` })).status).toBe(404);
    const bad = await call({ method: 'DELETE', path: '/v1/orders/column-views/not-an-id' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: 'path.id', message: 'must be a ULID' }]);
  });
});

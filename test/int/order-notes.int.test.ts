import { marshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { notesOfOrder, orderNoteKey } from '../../shared/db/keys';
import { getItem, queryAll } from '../../shared/db/query';
import { toDomainEvent } from '../../shared/events/domain-events';
import type { Role } from '../../shared/http/permissions';
import { call } from '../support/call';
import { orderId, orderInput } from '../support/order-builders';
import { tableSnapshot } from '../support/table-snapshot';

const notes = (id: string) => `/v1/orders/${id}/notes`;
const stored = (id: string) => queryAll({ ...notesOfOrder(id), consistent: true });

async function newOrder(): Promise<string> {
  const id = orderId();
  const created = await call({
    method: 'PUT',
    path: `/v1/orders/${id}`,
    body: orderInput(),
    role: 'operator',
  });
  expect(created.status, created.text).toBe(201);
  return id;
}

const post = (
  id: string,
  body: unknown,
  options: { role?: Role; subject?: string; headers?: Record<string, string> } = {},
) =>
  call({
    method: 'POST',
    path: notes(id),
    body,
    role: options.role ?? 'operator',
    subject: options.subject,
    headers: options.headers,
  });

const remove = (id: string, noteId: string, role: Role, subject?: string) =>
  call({ method: 'DELETE', path: `${notes(id)}/${noteId}`, role, subject });

async function addNote(id: string, text: string, subject = 'alice', role: Role = 'operator') {
  const response = await post(id, { text }, { role, subject });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: string; text: string };
}

async function listAll(id: string, limit: number) {
  const seen: Array<{ id: string }> = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query: string = `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = await call({ method: 'GET', path: `${notes(id)}${query}`, role: 'viewer' });
    expect(page.status, page.text).toBe(200);
    expect(page.body.items.length).toBeLessThanOrEqual(limit);
    seen.push(...page.body.items);
    cursor = page.body.nextCursor;
    pages += 1;
  } while (cursor && pages < 50);
  return seen;
}

describe('POST /v1/orders/{orderId}/notes', () => {
  it('adds a note written by the caller, stored as its own item of the order that publishes order.note.added', async () => {
    const id = await newOrder();
    const response = await post(
      id,
      { text: '  Customer called: leave at the back door.  ' },
      { subject: 'alice' },
    );
    expect(response.status, response.text).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
      orderId: id,
      text: 'Customer called: leave at the back door.',
      author: { subject: 'alice', username: 'alice' },
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    const item = await getItem(orderNoteKey(id, response.body.id), true);
    expect(item).toMatchObject({ entity: 'order-note', ...response.body });
    // The stream projector names the events after what happened.
    const added = toDomainEvent({ eventName: 'INSERT', dynamodb: { NewImage: marshall(item!) } });
    expect(added).toMatchObject({ type: 'order.note.added', resourceId: response.body.id });
    const deleted = toDomainEvent({ eventName: 'REMOVE', dynamodb: { OldImage: marshall(item!) } });
    expect(deleted).toMatchObject({ type: 'order.note.deleted', resourceId: response.body.id });
    // The order itself is not touched: a note does not change its version.
    const order = await call({ method: 'GET', path: `/v1/orders/${id}` });
    expect(order.body.version).toBe(1);
  });

  it('keeps newlines and tabs, turns CRLF into LF, and normalises to NFC', async () => {
    const id = await newOrder();
    expect((await addNote(id, 'first line\nsecond line\n\tindented')).text).toBe(
      'first line\nsecond line\n\tindented',
    );
    expect((await addNote(id, 'one\r\ntwo\r\nthree')).text).toBe('one\ntwo\nthree');
    expect((await addNote(id, 'Cafe\u0301')).text).toBe('Caf\u00e9');
    const longest = await addNote(id, 'x'.repeat(4000));
    expect(longest.text).toHaveLength(4000);
  });

  it('refuses text over 4,000 characters, control characters, empty text and other bodies, writing nothing', async () => {
    const id = await newOrder();
    const before = await tableSnapshot();
    for (const body of [
      { text: 'x'.repeat(4001) },
      { text: 'bell \u0007 rings' },
      { text: 'escape \u001b[31m red' },
      { text: 'null \u0000 byte' },
      { text: 'override \u202e txet' },
      { text: '' },
      { text: '   \n\t  ' },
      { text: '\u200b\u200b' },
      { text: 7 },
      {},
      { text: 'fine', author: 'someone else' },
    ]) {
      const response = await post(id, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.headers['content-type']).toBe('application/problem+json');
    }
    const tooLong = await post(id, { text: 'x'.repeat(4001) });
    expect(tooLong.body.errors).toEqual([{ path: 'body.text', message: 'must be at most 4000 characters' }]);
    const control = await post(id, { text: 'bell \u0007' });
    expect(control.body.errors[0]).toMatchObject({ path: 'body.text' });
    expect(control.body.errors[0].message).toContain('control characters');
    expect(await tableSnapshot()).toEqual(before);
  });

  it('answers 404 for an unknown order and writes nothing, with or without an Idempotency-Key', async () => {
    const before = await tableSnapshot();
    const missing = orderId();
    const response = await post(missing, { text: 'hello' });
    expect(response.status).toBe(404);
    expect(response.body.detail).toContain(missing);
    const keyed = await post(
      missing,
      { text: 'hello' },
      { headers: { 'idempotency-key': `missing-${missing}` } },
    );
    expect(keyed.status).toBe(404);
    expect(await stored(missing)).toEqual([]);
    expect(await tableSnapshot()).toEqual(before);
  });

  it('refuses a viewer (403) and writes nothing', async () => {
    const id = await newOrder();
    const response = await post(id, { text: 'viewers only read' }, { role: 'viewer' });
    expect(response.status).toBe(403);
    expect(await stored(id)).toEqual([]);
  });

  it('replays an Idempotency-Key retry with the same note and writes one; another body is a 422', async () => {
    const id = await newOrder();
    const headers = { 'idempotency-key': `note-${id}` };
    const first = await post(id, { text: 'once only' }, { headers, subject: 'alice' });
    const again = await post(id, { text: 'once only' }, { headers, subject: 'alice' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await stored(id)).toHaveLength(1);
    const other = await post(id, { text: 'something else' }, { headers, subject: 'alice' });
    expect(other.status).toBe(422);
    // Keys are the caller's own: another user's same key is another request.
    const bob = await post(id, { text: 'once only' }, { headers, subject: 'bob' });
    expect(bob.status).toBe(201);
    expect(bob.body.id).not.toBe(first.body.id);
    expect(await stored(id)).toHaveLength(2);
  });
});

describe('GET /v1/orders/{orderId}/notes', () => {
  it('lists the notes newest first, every note once with a small page size', async () => {
    const id = await newOrder();
    const written: string[] = [];
    for (let i = 0; i < 7; i += 1) written.push((await addNote(id, `note ${i}`)).id);
    const newestFirst = [...written].reverse();
    const whole = await call({ method: 'GET', path: notes(id), role: 'viewer' });
    expect(whole.status).toBe(200);
    expect(whole.body.items.map((note: { id: string }) => note.id)).toEqual(newestFirst);
    expect(whole.body.items[0]).toMatchObject({ text: 'note 6', author: { subject: 'alice' } });
    expect(whole.body.nextCursor).toBeNull();
    for (const limit of [1, 2, 3, 7]) {
      expect((await listAll(id, limit)).map((note) => note.id)).toEqual(newestFirst);
    }
  });

  it('answers an empty list for an order without notes and 404 for an unknown order', async () => {
    const id = await newOrder();
    const empty = await call({ method: 'GET', path: notes(id), role: 'viewer' });
    expect(empty.body).toEqual({ items: [], nextCursor: null });
    const missing = await call({ method: 'GET', path: notes(orderId()), role: 'viewer' });
    expect(missing.status).toBe(404);
  });

  it('refuses a tampered cursor, a cursor of another order and a limit out of range', async () => {
    const [id, other] = [await newOrder(), await newOrder()];
    for (let i = 0; i < 3; i += 1) {
      await addNote(id, `a${i}`);
      await addNote(other, `b${i}`);
    }
    const page = await call({ method: 'GET', path: `${notes(id)}?limit=1` });
    const cursor = page.body.nextCursor as string;
    expect(cursor).toEqual(expect.any(String));
    const [payload, signature] = cursor.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), s: 'x' }),
    ).toString('base64url');
    for (const bad of [`${cursor}x`, `${forged}.${signature}`, 'garbage']) {
      const response = await call({ method: 'GET', path: `${notes(id)}?cursor=${encodeURIComponent(bad)}` });
      expect(response.status, bad).toBe(400);
    }
    const elsewhere = await call({
      method: 'GET',
      path: `${notes(other)}?cursor=${encodeURIComponent(cursor)}`,
    });
    expect(elsewhere.status).toBe(400);
    for (const limit of ['0', '201', 'ten', '1.5']) {
      expect((await call({ method: 'GET', path: `${notes(id)}?limit=${limit}` })).status, limit).toBe(400);
    }
  });
});

describe('DELETE /v1/orders/{orderId}/notes/{noteId}', () => {
  it('lets the author delete their own note, refuses another operator, and lets a manager delete any', async () => {
    const id = await newOrder();
    const alices = await addNote(id, 'by alice', 'alice');
    const bobs = await addNote(id, 'by bob', 'bob');

    const refused = await remove(id, alices.id, 'operator', 'bob');
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/only its author or a manager/);
    expect(await getItem(orderNoteKey(id, alices.id), true)).toBeDefined();
    expect((await remove(id, alices.id, 'viewer', 'alice')).status).toBe(403);

    expect((await remove(id, alices.id, 'operator', 'alice')).status).toBe(204);
    expect((await remove(id, bobs.id, 'manager', 'carol')).status).toBe(204);
    expect(await stored(id)).toEqual([]);
    const listed = await call({ method: 'GET', path: notes(id) });
    expect(listed.body.items).toEqual([]);
    // Gone: a second delete is a 404.
    expect((await remove(id, alices.id, 'operator', 'alice')).status).toBe(404);
  });

  it('answers 404 for an unknown note or order', async () => {
    const id = await newOrder();
    await addNote(id, 'keep me');
    const unknownNote = await remove(id, '01ARZ3NDEKTSV4RRFFQ69G5FAV', 'manager');
    expect(unknownNote.status).toBe(404);
    expect(unknownNote.body.detail).toContain('no note');
    const unknownOrder = await remove(orderId(), '01ARZ3NDEKTSV4RRFFQ69G5FAV', 'manager');
    expect(unknownOrder.status).toBe(404);
    expect(unknownOrder.body.detail).toContain('No order');
    // A note id of another order is not a note of this one.
    const other = await newOrder();
    const elsewhere = await addNote(other, 'other order');
    expect((await remove(id, elsewhere.id, 'manager')).status).toBe(404);
    expect(await stored(other)).toHaveLength(1);
    expect(await stored(id)).toHaveLength(1);
  });

  it('two concurrent deletes of one note: one 204 and one 404', async () => {
    const id = await newOrder();
    for (let round = 0; round < 5; round += 1) {
      const note = await addNote(id, `race ${round}`, 'alice');
      const results = await Promise.all([
        remove(id, note.id, 'operator', 'alice'),
        remove(id, note.id, 'manager', 'carol'),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual([204, 404]);
    }
    expect(await stored(id)).toEqual([]);
  });
});

/**
 * The inventory-alerts group through its real handler against DynamoDB Local: rule lists (create, add and
 * remove SKUs, delete with and without force, racing writes, the 10,000-SKU limit), alert rules (scope and
 * condition checks, reads with the list's SKUs, filters, pages, If-Match, the counts that keep lists and
 * warehouses from being deleted under them, roles) and seasonal factors (periods, filters, If-Match).
 * Every refusal is a problem document and leaves the table as it was.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addSkus,
  findRuleList,
  skusOf,
  takeBackOwnSkus,
} from '../../functions/inventory-alerts/rule-lists/repository';
import { db } from '../../shared/db/client';
import { warehouseKey } from '../../shared/db/keys';
import type { CallResult, CallSpec } from '../support/call';
import { call } from '../support/call';
import { createWarehouse, listAll, storedItem } from '../support/inventory-builders';
import { tableSnapshot } from '../support/table-snapshot';
import { withDbFault } from '../support/db-faults';

const rulesPath = '/v1/inventory/alert-rules';
const factorsPath = '/v1/inventory/seasonal-factors';
const listsPath = '/v1/inventory/rule-lists';
const itemsPath = '/v1/inventory/rule-lists/items';
const warehousesPath = '/v1/inventory/warehouses';
const unknownId = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

let sequence = 0;
const tag = () => `${++sequence}-${Date.now().toString(36)}`;

/** A refusal: a problem document with its status and a detail, and for validation the fields it names. */
function expectProblem(response: CallResult, status: number, paths?: string[]) {
  expect(response.status, response.text).toBe(status);
  expect(response.headers['content-type']).toBe('application/problem+json');
  expect(response.body).toMatchObject({ status, detail: expect.any(String), title: expect.any(String) });
  if (paths) {
    expect(response.body.errors.map((error: { path: string }) => error.path)).toEqual(paths);
    for (const error of response.body.errors) expect(error.message).toEqual(expect.any(String));
  }
}

/** Sends a request that must be refused and checks, by reading the whole table back, that it changed nothing. */
async function refused(spec: CallSpec, status: number, paths?: string[]): Promise<CallResult> {
  const before = await tableSnapshot();
  const response = await call(spec);
  expectProblem(response, status, paths);
  expect(await tableSnapshot(), 'a refused request changes nothing').toEqual(before);
  return response;
}

async function created(path: string, body: unknown, role: CallSpec['role'] = 'operator') {
  const response = await call({ method: 'POST', path, body, role });
  expect(response.status, response.text).toBe(201);
  return response;
}

const createList = async (skus: string[] = [], name = `List ${tag()}`) =>
  (await created(listsPath, { name, skus })).body;

function ruleInput(scope: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  return {
    name: `Rule ${tag()}`,
    scope,
    condition: { type: 'available_below', quantity: 5 },
    ...overrides,
  };
}

const createRule = async (scope: Record<string, unknown>, overrides: Record<string, unknown> = {}) =>
  (await created(rulesPath, ruleInput(scope, overrides))).body;

function factorInput(overrides: Record<string, unknown> = {}) {
  return { name: `Factor ${tag()}`, multiplier: 1.5, applies: { month: 12 }, ...overrides };
}

const createFactor = async (overrides: Record<string, unknown> = {}) =>
  (await created(factorsPath, factorInput(overrides))).body;

/** The list as stored, read strongly: its header and every SKU item (undefined when gone). */
async function storedList(id: string) {
  const stored = await findRuleList(id, true);
  return stored && { ...stored.header, skus: await skusOf(id), alertRuleCount: stored.alertRuleCount };
}

const deleteLists = (query: string, body?: unknown) =>
  call({ method: 'DELETE', path: `${listsPath}${query}`, body });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Commands in flight at once, by name, at most, while the work runs. */
let inFlight: Record<string, number> = {};
let mostInFlight: Record<string, number> = {};
/**
 * The number of the write of a list's SKUs to fail (a PutItem, or a transaction of SKU puts; counted from
 * when it is set), for fault injection.
 */
let failPut: number | undefined;
let putsSeen = 0;
/** The list whose SKU puts count towards failPut. */
let failPutOn: string | undefined;
db().middlewareStack.add(
  (next, context) => async (args) => {
    const name = context.commandName ?? 'unknown';
    const skuWrite =
      (name === 'PutItemCommand' && listIdOf(args.input) === failPutOn) ||
      (name === 'TransactWriteItemsCommand' &&
        failPutOn !== undefined &&
        JSON.stringify(args.input).includes(failPutOn));
    if (skuWrite && failPut !== undefined) {
      putsSeen += 1;
      if (putsSeen === failPut) {
        throw Object.assign(new Error('injected failure'), { name: 'ValidationException' });
      }
    }
    inFlight[name] = (inFlight[name] ?? 0) + 1;
    mostInFlight[name] = Math.max(mostInFlight[name] ?? 0, inFlight[name]!);
    try {
      return await next(args);
    } finally {
      inFlight[name]! -= 1;
    }
  },
  { step: 'initialize', name: 'concurrencyCounter' },
);

/** The listId of a put, as the document client or the marshalled command carries it. */
function listIdOf(input: unknown): unknown {
  const listId = (input as { Item?: { listId?: unknown } }).Item?.listId;
  return typeof listId === 'object' && listId !== null ? (listId as { S?: string }).S : listId;
}

async function whileCounting<T>(work: () => Promise<T>) {
  inFlight = {};
  mostInFlight = {};
  const result = await work();
  return { result, mostInFlight: { ...mostInFlight } };
}

const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);

/** The ids a listing answers (every page), among the ones a test made. */
async function listedAmong(path: string, mine: string[]): Promise<string[]> {
  const all = ids(await listAll<{ id: string }>(path));
  return mine.filter((id) => all.includes(id));
}

// The first warehouse of a table is the default (deleted only with a successor): the tests use others.
beforeAll(async () => {
  await createWarehouse({ code: `ANCHOR-${tag()}` });
});

describe('rule lists', () => {
  it('creates a list with its first SKUs, repeats counted once, answered sorted with skuCount', async () => {
    const name = `Fast movers ${tag()}`;
    const response = await created(listsPath, { name, skus: ['MUG-2', 'CUP-1', 'MUG-2', 'BOWL-9', 'CUP-1'] });
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
      name,
      skuCount: 3,
      skus: ['BOWL-9', 'CUP-1', 'MUG-2'],
      createdAt: expect.any(String),
      updatedAt: response.body.createdAt,
    });
    expect(await storedList(response.body.id)).toMatchObject({
      skuCount: 3,
      skus: ['BOWL-9', 'CUP-1', 'MUG-2'],
    });

    const empty = await created(listsPath, { name: `Empty ${tag()}` });
    expect(empty.body).toMatchObject({ skuCount: 0, skus: [] });
  });

  it('refuses an invalid list, naming the fields', async () => {
    await refused({ method: 'POST', path: listsPath, body: { skus: ['A-1'] } }, 400, ['body.name']);
    await refused(
      { method: 'POST', path: listsPath, body: { name: 'Bad', skus: ['OK-1', 'no spaces'] } },
      400,
      ['body.skus[1]'],
    );
    await refused({ method: 'POST', path: listsPath, body: { name: 'Bad', skus: [], extra: 1 } }, 400, [
      'body.extra',
    ]);
    await refused({ method: 'POST', path: listsPath, body: { name: 'Bad', skus: 'A-1' } }, 400, [
      'body.skus',
    ]);
  });

  it('adds SKUs as a set: those already on the list stay once, and the answer holds the union', async () => {
    const list = await createList(['B-1', 'C-1']);
    const added = await call({
      method: 'POST',
      path: itemsPath,
      body: { listId: list.id, skus: ['C-1', 'A-1', 'D-1', 'A-1'] },
      role: 'operator',
    });
    expect(added.status, added.text).toBe(200);
    expect(added.body).toMatchObject({
      id: list.id,
      name: list.name,
      skuCount: 4,
      skus: ['A-1', 'B-1', 'C-1', 'D-1'],
    });
    // A retry is harmless: nothing more is added.
    const again = await call({
      method: 'POST',
      path: itemsPath,
      body: { listId: list.id, skus: ['A-1', 'D-1'] },
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ skuCount: 4, skus: ['A-1', 'B-1', 'C-1', 'D-1'] });
    expect(await storedList(list.id)).toMatchObject({ skuCount: 4, skus: ['A-1', 'B-1', 'C-1', 'D-1'] });

    await refused({ method: 'POST', path: itemsPath, body: { listId: list.id, skus: [] } }, 400, [
      'body.skus',
    ]);
    await refused({ method: 'POST', path: itemsPath, body: { listId: 'nope', skus: ['A-1'] } }, 400, [
      'body.listId',
    ]);
  });

  it('removes SKUs named in the body or in the query, never both', async () => {
    const list = await createList(['A-1', 'B-1', 'C-1', 'D-1', 'E-1']);
    const byBody = await call({
      method: 'DELETE',
      path: itemsPath,
      body: { listId: list.id, skus: ['A-1', 'NOT-ON-IT'] },
      role: 'operator',
    });
    expect(byBody.status, byBody.text).toBe(200);
    expect(byBody.body).toMatchObject({ id: list.id, skuCount: 4, skus: ['B-1', 'C-1', 'D-1', 'E-1'] });

    const byQuery = await call({
      method: 'DELETE',
      path: `${itemsPath}?listId=${list.id}&skus=B-1,C-1`,
      role: 'operator',
    });
    expect(byQuery.status, byQuery.text).toBe(200);
    expect(byQuery.body).toMatchObject({ skuCount: 2, skus: ['D-1', 'E-1'] });

    const both = await refused(
      {
        method: 'DELETE',
        path: `${itemsPath}?listId=${list.id}&skus=D-1`,
        body: { listId: list.id, skus: ['E-1'] },
      },
      400,
    );
    expect(both.body.errors[0].path).toBe('query');
    await refused({ method: 'DELETE', path: itemsPath }, 400, ['query.listId', 'query.skus']);
    await refused({ method: 'DELETE', path: `${itemsPath}?listId=${list.id}` }, 400, ['query.skus']);
    expect(await storedList(list.id)).toMatchObject({ skuCount: 2, skus: ['D-1', 'E-1'] });
  });

  it('answers 400 naming the list id when no list has it, and changes nothing', async () => {
    const add = await refused(
      { method: 'POST', path: itemsPath, body: { listId: unknownId, skus: ['A-1'] } },
      400,
      ['body.listId'],
    );
    expect(add.body.detail).toContain(unknownId);
    await refused({ method: 'DELETE', path: itemsPath, body: { listId: unknownId, skus: ['A-1'] } }, 400, [
      'body.listId',
    ]);
    await refused({ method: 'DELETE', path: `${itemsPath}?listId=${unknownId}&skus=A-1` }, 400, [
      'query.listId',
    ]);
  });

  it('takes SKUs named after Object.prototype members as data like any other', async () => {
    const names = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'];
    const list = await createList(['constructor', 'constructor', 'toString']);
    expect(list).toMatchObject({ skuCount: 2, skus: ['constructor', 'toString'] });
    const added = await call({ method: 'POST', path: itemsPath, body: { listId: list.id, skus: names } });
    expect(added.status, added.text).toBe(200);
    expect(added.body).toMatchObject({ skuCount: 5, skus: [...names].sort() });
    const removed = await call({
      method: 'DELETE',
      path: `${itemsPath}?listId=${list.id}&skus=constructor,valueOf`,
    });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body).toMatchObject({
      skuCount: 3,
      skus: ['hasOwnProperty', 'isPrototypeOf', 'toString'],
    });

    // A rule on the list covers its SKU `toString`, and only the lists that hold a SKU count.
    const rule = await createRule({ ruleListId: list.id });
    const covering = await listedAmong(`${rulesPath}?sku=toString`, [rule.id]);
    expect(covering).toEqual([rule.id]);
    expect(await listedAmong(`${rulesPath}?sku=constructor`, [rule.id])).toEqual([]);

    // `__proto__` is a SKU like any other (DESIGN §3): added, answered and removed as data.
    const proto = await call({
      method: 'POST',
      path: itemsPath,
      rawBody: `{"listId":"${list.id}","skus":["__proto__"]}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(proto.status, proto.text).toBe(200);
    expect(proto.body.skus).toEqual(['__proto__', 'hasOwnProperty', 'isPrototypeOf', 'toString']);
    const protoRemoved = await call({
      method: 'DELETE',
      path: `${itemsPath}?listId=${list.id}&skus=__proto__`,
    });
    expect(protoRemoved.status, protoRemoved.text).toBe(200);
    expect(protoRemoved.body.skuCount).toBe(3);
    // A SKU never starts with punctuation other than `_`: a 400 naming it.
    const dashed = await refused(
      {
        method: 'POST',
        path: itemsPath,
        rawBody: `{"listId":"${list.id}","skus":["-x"]}`,
        headers: { 'content-type': 'application/json' },
      },
      400,
      ['body.skus[0]'],
    );
    expect(dashed.body.errors[0].message).toContain('starting with a letter, digit or _');
    // A body whose own keys are `__proto__` or `constructor` is an unknown field, not a prototype change.
    await refused(
      {
        method: 'POST',
        path: listsPath,
        rawBody: '{"name":"Proto","skus":[],"__proto__":{"polluted":true}}',
        headers: { 'content-type': 'application/json' },
      },
      400,
      ['body.__proto__'],
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('applies concurrent additions of different SKUs to one list, each once, with the right count', async () => {
    const list = await createList(['BASE-0']);
    const left = Array.from({ length: 30 }, (_, i) => `LEFT-${String(i).padStart(2, '0')}`);
    const right = Array.from({ length: 30 }, (_, i) => `RIGHT-${String(i).padStart(2, '0')}`);
    const [a, b] = await Promise.all([
      call({ method: 'POST', path: itemsPath, body: { listId: list.id, skus: left } }),
      call({ method: 'POST', path: itemsPath, body: { listId: list.id, skus: right } }),
    ]);
    expect([a.status, b.status], `${a.text} ${b.text}`).toEqual([200, 200]);
    const union = ['BASE-0', ...left, ...right].sort();
    expect(await storedList(list.id)).toMatchObject({ skuCount: 61, skus: union });

    // Overlapping additions (the same SKUs in both, and some of each of its own): still each once.
    const shared = ['SHARED-1', 'SHARED-2'];
    const results = await Promise.all(
      ['X', 'Y', 'Z'].map((prefix) =>
        call({
          method: 'POST',
          path: itemsPath,
          body: { listId: list.id, skus: [...shared, `${prefix}-1`, `${prefix}-2`] },
        }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual([200, 200, 200]);
    const final = await storedList(list.id);
    expect(final!.skus).toEqual([...union, ...shared, 'X-1', 'X-2', 'Y-1', 'Y-2', 'Z-1', 'Z-2'].sort());
    expect(final!.skuCount).toBe(final!.skus.length);
    expect(final!.skuCount).toBe(69);
  });

  it('removes one SKU once when two removals race for it', async () => {
    const list = await createList(['R-1', 'R-2', 'R-3']);
    const results = await Promise.all([
      call({ method: 'DELETE', path: itemsPath, body: { listId: list.id, skus: ['R-1', 'R-2'] } }),
      call({ method: 'DELETE', path: `${itemsPath}?listId=${list.id}&skus=R-2,R-3` }),
    ]);
    expect(results.map((result) => result.status)).toEqual([200, 200]);
    expect(await storedList(list.id)).toMatchObject({ skuCount: 0, skus: [] });
  });

  it('holds 10,000 SKUs made in one request, and refuses the 10,001st with 409 changing nothing', async () => {
    const skus = Array.from({ length: 10_000 }, (_, i) => `SKU-${String(i + 1).padStart(5, '0')}`);
    await refused(
      { method: 'POST', path: listsPath, body: { name: 'Too big', skus: [...skus, 'SKU-10001'] } },
      400,
      ['body.skus'],
    );

    const response = await created(listsPath, { name: `Ten thousand ${tag()}`, skus: [...skus].reverse() });
    expect(response.body.skuCount).toBe(10_000);
    expect(response.body.skus).toEqual(skus);
    const list = response.body as { id: string };
    const before = await storedList(list.id);
    expect(before).toMatchObject({ skuCount: 10_000 });
    expect(before!.skus).toHaveLength(10_000);

    // Adding SKUs already on it is no change, so a full list takes it.
    const present = await call({
      method: 'POST',
      path: itemsPath,
      body: { listId: list.id, skus: ['SKU-00001'] },
    });
    expect(present.status, present.text).toBe(200);
    expect(present.body.skuCount).toBe(10_000);

    const over = await refused(
      { method: 'POST', path: itemsPath, body: { listId: list.id, skus: ['SKU-00002', 'SKU-10001'] } },
      409,
    );
    expect(over.body.detail).toContain('10000');
    const after = await storedList(list.id);
    expect(after).toEqual(before);
    expect(after!.skus).not.toContain('SKU-10001');

    // Deleted, its 10,000 SKU items go too (and later tests read back a small table again).
    const deleted = await deleteLists(`?ids=${list.id}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(await storedList(list.id)).toBeUndefined();
    expect(await skusOf(list.id)).toEqual([]);
  }, 120_000);

  it('adds the SKUs of one request side by side, and force-deletes them in parallel batches', async () => {
    // 2,000 show the writes in flight together; the time a 10,000-SKU request takes is a bench figure.
    const skus = Array.from({ length: 2_000 }, (_, i) => `ADD-${String(i + 1).padStart(5, '0')}`);
    const list = await createList();
    const rule = await createRule({ ruleListId: list.id });
    const added = await whileCounting(() =>
      call({ method: 'POST', path: itemsPath, body: { listId: list.id, skus: [...skus].reverse() } }),
    );
    expect(added.result.status, added.result.text).toBe(200);
    expect(added.result.body).toMatchObject({ skuCount: 2_000 });
    expect(added.result.body.skus).toEqual(skus);
    // Before, one transaction of 98 SKUs after another (a 10,000-SKU request outlasted the time-out); then
    // one conditional put per SKU; now a hundred to a transaction, several transactions side by side.
    expect(added.mostInFlight.TransactWriteItemsCommand).toBeGreaterThan(1);
    expect(added.mostInFlight.PutItemCommand ?? 0).toBe(0);
    expect(await storedList(list.id)).toMatchObject({ skuCount: 2_000 });
    // The alert rule that targets the list answers its SKUs (what a 504 of this route names).
    const read = await call({ method: 'GET', path: `${rulesPath}/${rule.id}` });
    expect(read.status, read.text).toBe(200);

    const deleted = await whileCounting(() => deleteLists(`?ids=${list.id}&force=true`));
    expect(deleted.result.status, deleted.result.text).toBe(200);
    expect(deleted.result.body).toMatchObject({ deleted: [list.id], deletedAlertRules: [rule.id] });
    expect(deleted.mostInFlight.BatchWriteItemCommand).toBeGreaterThan(1);
    expect(await storedList(list.id)).toBeUndefined();
    expect(await skusOf(list.id)).toEqual([]);
  }, 120_000);

  it('takes an addition back whole when one of its SKUs cannot be written: nothing of it stays', async () => {
    const list = await createList(['KEEP-1']);
    const before = await storedList(list.id);
    const skus = Array.from({ length: 1_000 }, (_, i) => `PART-${String(i + 1).padStart(4, '0')}`);
    // The fourth transaction of SKU puts (SKUs 301 to 400) fails for good (not a race or throttling,
    // which the policy retries).
    putsSeen = 0;
    failPutOn = list.id;
    failPut = 4;
    const failed = await call({ method: 'POST', path: itemsPath, body: { listId: list.id, skus } });
    failPut = undefined;
    expect(failed.status).toBe(500);
    expect(await storedList(list.id)).toMatchObject({ skuCount: 1, skus: ['KEEP-1'] });
    expect((await storedList(list.id))!.skus).toEqual(before!.skus);
  });

  it('takes back only the SKUs its own addition marked when a put got no answer', async () => {
    const list = await createList();
    await addSkus(list.id, ['MARK-1', 'MARK-2'], 'addition-a');
    await takeBackOwnSkus(list.id, ['MARK-1', 'MARK-2', 'MARK-3'], 'addition-b');
    expect(await skusOf(list.id)).toEqual(['MARK-1', 'MARK-2']);
    await takeBackOwnSkus(list.id, ['MARK-2', 'MARK-3'], 'addition-a');
    expect(await skusOf(list.id)).toEqual(['MARK-1']);
  });

  it('counts a transaction of SKU puts sent again after its answer was lost as its own, once', async () => {
    const list = await createList(['KEEP-1', 'LOST-0150']);
    const skus = Array.from({ length: 200 }, (_, i) => `LOST-${String(i + 1).padStart(4, '0')}`);
    // The second transaction (99 new SKUs, LOST-0150 already held) is applied but its answer lost; the
    // SKU puts are staging (no idempotency record rides on them), so the policy sends them again. They
    // then find their own items: before, each was refused as another request's and its room given back.
    const added = await withDbFault('LOST-0199', 'no-answer-applied', () =>
      call({ method: 'POST', path: itemsPath, body: { listId: list.id, skus } }),
    );
    expect(added.status, added.text).toBe(200);
    expect(added.body.skuCount).toBe(201);
    const stored = await storedList(list.id);
    expect(stored).toMatchObject({ skuCount: 201 });
    expect(stored!.skus).toHaveLength(201);
  });
});

describe('deleting rule lists', () => {
  it('answers 404 for an unknown id and deletes none of the others named with it', async () => {
    const list = await createList(['A-1']);
    const response = await refused(
      { method: 'DELETE', path: `${listsPath}?ids=${list.id},${unknownId}` },
      404,
    );
    expect(response.body.detail).toContain(unknownId);
    expect(response.body.unknownIds).toEqual([unknownId]);
    expect(await storedList(list.id)).toMatchObject({ skuCount: 1, skus: ['A-1'] });
  });

  it('refuses ids in both the query and the body, or in neither, and a delete by an operator', async () => {
    const list = await createList();
    await refused({ method: 'DELETE', path: `${listsPath}?ids=${list.id}`, body: { ids: [list.id] } }, 400);
    await refused({ method: 'DELETE', path: listsPath }, 400, ['query.ids']);
    await refused({ method: 'DELETE', path: `${listsPath}?ids=not-a-ulid` }, 400, ['query.ids[0]']);
    await refused({ method: 'DELETE', path: `${listsPath}?ids=${list.id}`, role: 'operator' }, 403);
    const deleted = await deleteLists('', { ids: [list.id, list.id] });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toEqual({ deleted: [list.id], deletedAlertRules: [], deletedSeasonalFactors: [] });
    expect(await storedList(list.id)).toBeUndefined();
  });

  it('answers 409 naming the alert rule and the seasonal factor that target a list, deleting nothing', async () => {
    const list = await createList(['A-1', 'B-1']);
    const other = await createList();
    const rule = await createRule({ ruleListId: list.id });
    const factor = await createFactor({ scope: { ruleListId: list.id } });
    const response = await refused(
      { method: 'DELETE', path: `${listsPath}?ids=${other.id},${list.id}` },
      409,
    );
    expect(response.body.detail).toContain(rule.id);
    expect(response.body.detail).toContain(factor.id);
    expect(response.body.alertRuleIds).toEqual([rule.id]);
    expect(response.body.seasonalFactorIds).toEqual([factor.id]);
    expect(await storedList(other.id)).toBeDefined();
    expect((await call({ method: 'GET', path: `${rulesPath}/${rule.id}` })).status).toBe(200);
  });

  it.each([
    ['the query', (id: string) => deleteLists(`?ids=${id}&force=true`)],
    ['the body', (id: string) => deleteLists('', { ids: [id], force: true })],
  ])('with force in %s deletes the list and the rules and factors that target it', async (_where, remove) => {
    const warehouse = await createWarehouse();
    const list = await createList(['A-1', 'B-1']);
    const rule = await createRule({ ruleListId: list.id, warehouseIds: [warehouse.id] });
    const factor = await createFactor({ scope: { ruleListId: list.id } });
    const untouched = await createFactor({ scope: { skuPatterns: ['A-*'] } });

    const response = await remove(list.id);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      deleted: [list.id],
      deletedAlertRules: [rule.id],
      deletedSeasonalFactors: [factor.id],
    });
    expectProblem(await call({ method: 'GET', path: `${rulesPath}/${rule.id}` }), 404);
    expect(await listedAmong(factorsPath, [factor.id, untouched.id])).toEqual([untouched.id]);
    expect(await listedAmong(`${rulesPath}?ruleListId=${list.id}`, [rule.id])).toEqual([]);
    expect(await storedList(list.id)).toBeUndefined();
    expect(await skusOf(list.id)).toEqual([]);
    // The rule's count on its warehouse went with it: the warehouse can be deleted now.
    const warehouseDeleted = await call({ method: 'DELETE', path: `${warehousesPath}/${warehouse.id}` });
    expect(warehouseDeleted.status, warehouseDeleted.text).toBe(204);
  });

  it('never lets a rule be created on a list while the list is deleted: one of the two wins', async () => {
    const outcomes: string[] = [];
    // The delete reads more before it writes, so the rule's start is staggered to let each side win.
    const delays = [0, 0, 2, 4, 6, 8, 10, 12, 15, 20, 30];
    for (const [round, delay] of delays.entries()) {
      const list = await createList([`RACE-${round}`]);
      const [rule, deleted] = await Promise.all([
        sleep(delay).then(() =>
          call({ method: 'POST', path: rulesPath, body: ruleInput({ ruleListId: list.id }) }),
        ),
        deleteLists(`?ids=${list.id}`),
      ]);
      outcomes.push(`${rule.status}/${deleted.status}`);
      if (rule.status === 201) {
        expectProblem(deleted, 409);
        expect(deleted.body.alertRuleIds).toEqual([rule.body.id]);
        expect(await storedList(list.id)).toMatchObject({ alertRuleCount: 1, skus: [`RACE-${round}`] });
        const read = await call({ method: 'GET', path: `${rulesPath}/${rule.body.id}` });
        expect(read.body.ruleList).toMatchObject({ id: list.id, skus: [`RACE-${round}`] });
        const cleaned = await deleteLists(`?ids=${list.id}&force=true`);
        expect(cleaned.body.deletedAlertRules).toEqual([rule.body.id]);
      } else {
        expectProblem(rule, 400, ['body.scope.ruleListId']);
        expect(deleted.status, deleted.text).toBe(200);
        expect(deleted.body).toEqual({
          deleted: [list.id],
          deletedAlertRules: [],
          deletedSeasonalFactors: [],
        });
        expect(await storedList(list.id)).toBeUndefined();
        expect(await listedAmong(`${rulesPath}?ruleListId=${list.id}`, [])).toEqual([]);
        const dangling = await listAll<{ scope: { ruleListId?: string } }>(rulesPath);
        expect(dangling.filter((item) => item.scope.ruleListId === list.id)).toEqual([]);
      }
    }
    expect(
      outcomes.every((outcome) => outcome === '201/409' || outcome === '400/200'),
      outcomes.join(' '),
    ).toBe(true);
  });
  it('with force racing a rule create, deletes the rule with the list or refuses the rule: none left dangling', async () => {
    for (const delay of [0, 4, 8, 12, 20]) {
      const list = await createList(['FORCE-1']);
      const factor = await createFactor({ scope: { ruleListId: list.id } });
      const [rule, deleted] = await Promise.all([
        sleep(delay).then(() =>
          call({ method: 'POST', path: rulesPath, body: ruleInput({ ruleListId: list.id }) }),
        ),
        deleteLists(`?ids=${list.id}&force=true`),
      ]);
      expect(deleted.status, deleted.text).toBe(200);
      expect(deleted.body.deletedSeasonalFactors).toEqual([factor.id]);
      if (rule.status === 201) {
        expect(deleted.body.deletedAlertRules).toEqual([rule.body.id]);
        expectProblem(await call({ method: 'GET', path: `${rulesPath}/${rule.body.id}` }), 404);
      } else {
        expectProblem(rule, 400, ['body.scope.ruleListId']);
        expect(deleted.body.deletedAlertRules).toEqual([]);
      }
      expect(await storedList(list.id)).toBeUndefined();
      const left = await listAll<{ scope: { ruleListId?: string } }>(rulesPath);
      expect(left.filter((item) => item.scope.ruleListId === list.id)).toEqual([]);
    }
  });
});

describe('alert rules', () => {
  it('creates a rule with defaults, Location and ETag, answering its list', async () => {
    const list = await createList(['MUG-1']);
    const input = ruleInput({ ruleListId: list.id });
    const response = await created(rulesPath, input);
    expect(response.body).toEqual({
      ...input,
      id: expect.any(String),
      enabled: true,
      cooldownHours: 24,
      recipients: [],
      version: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      ruleList: { id: list.id, name: list.name, skuCount: 1 },
    });
    expect(response.headers.etag).toBe('"1"');
    expect(response.headers.location).toBe(`${rulesPath}/${response.body.id}`);
    expect(await storedList(list.id)).toMatchObject({ alertRuleCount: 1 });
  });

  it('refuses a scope that names nothing or an unknown warehouse, creating nothing', async () => {
    const warehouse = await createWarehouse();
    const list = await createList(['A-1']);
    await refused({ method: 'POST', path: rulesPath, body: ruleInput({}) }, 400, ['body.scope']);
    await refused({ method: 'POST', path: rulesPath, body: ruleInput({ warehouseIds: [] }) }, 400, [
      'body.scope.warehouseIds',
    ]);
    // A malformed id and an unknown one are named the same way: the field and its index.
    await refused({ method: 'POST', path: rulesPath, body: ruleInput({ warehouseIds: ['nope'] }) }, 400, [
      'body.scope.warehouseIds[0]',
    ]);
    const unknownWarehouse = await refused(
      {
        method: 'POST',
        path: rulesPath,
        body: ruleInput({ ruleListId: list.id, warehouseIds: [unknownId] }),
      },
      400,
    );
    expect(unknownWarehouse.body.detail).toContain(unknownId);
    const second = await refused(
      { method: 'POST', path: rulesPath, body: ruleInput({ warehouseIds: [warehouse.id, unknownId] }) },
      400,
    );
    expect({
      first: unknownWarehouse.body.errors.map((error: { path: string }) => error.path),
      second: second.body.errors.map((error: { path: string }) => error.path),
    }).toEqual({ first: ['body.scope.warehouseIds[0]'], second: ['body.scope.warehouseIds[1]'] });
  });

  it('refuses an unknown rule list naming body.scope.ruleListId', async () => {
    const warehouse = await createWarehouse();
    const response = await refused(
      {
        method: 'POST',
        path: rulesPath,
        body: ruleInput({ ruleListId: unknownId, warehouseIds: [warehouse.id] }),
      },
      400,
      ['body.scope.ruleListId'],
    );
    expect(response.body.detail).toContain(unknownId);
    expect((await storedItem(warehouseKey(warehouse.id)))?.alertRuleCount ?? 0).toBe(0);
  });

  it('refuses conditions of the wrong shape, naming them', async () => {
    const scope = { skuPatterns: ['COND-*'] };
    await refused(
      { method: 'POST', path: rulesPath, body: ruleInput(scope, { condition: { type: 'available_below' } }) },
      400,
      ['body.condition.quantity'],
    );
    const unknownType = await refused(
      {
        method: 'POST',
        path: rulesPath,
        body: ruleInput(scope, { condition: { type: 'sometimes', quantity: 1 } }),
      },
      400,
    );
    expect(unknownType.body.errors[0].path).toMatch(/^body\.condition/);
    await refused(
      {
        method: 'POST',
        path: rulesPath,
        body: ruleInput(scope, { condition: { type: 'available_below', quantity: 5, days: 3 } }),
      },
      400,
      ['body.condition.days'],
    );
    await refused(
      {
        method: 'POST',
        path: rulesPath,
        body: ruleInput(scope, { condition: { type: 'available_below', quantity: 0 } }),
      },
      400,
      ['body.condition.quantity'],
    );
    await refused(
      {
        method: 'POST',
        path: rulesPath,
        body: ruleInput(scope, { condition: { type: 'cover_below', safetyDays: 400 } }),
      },
      400,
      ['body.condition.safetyDays'],
    );
    await refused(
      { method: 'POST', path: rulesPath, body: ruleInput(scope, { condition: undefined }) },
      400,
      ['body.condition'],
    );
    const cover = await created(
      rulesPath,
      ruleInput(scope, { condition: { type: 'cover_below', leadTimeDays: 10 }, cooldownHours: 0 }),
    );
    expect(cover.body).toMatchObject({
      condition: { type: 'cover_below', leadTimeDays: 10 },
      cooldownHours: 0,
    });
  });

  it('reads a rule with its list and every SKU on it, and where it fires (nowhere yet)', async () => {
    const list = await createList(['TEA-2', 'TEA-1']);
    const rule = await createRule(
      { ruleListId: list.id, skuPatterns: ['TEA-*'] },
      { recipients: ['buyer@example.com'], enabled: false },
    );
    const read = await call({ method: 'GET', path: `${rulesPath}/${rule.id}`, role: 'viewer' });
    expect(read.status, read.text).toBe(200);
    expect(read.headers.etag).toBe('"1"');
    expect(read.body).toEqual({
      ...rule,
      ruleList: { id: list.id, name: list.name, skuCount: 2, skus: ['TEA-1', 'TEA-2'] },
      firing: { count: 0, items: [], more: false },
    });
    expectProblem(await call({ method: 'GET', path: `${rulesPath}/${unknownId}` }), 404);
    expectProblem(await call({ method: 'GET', path: `${rulesPath}/not-an-id` }), 400, ['path.id']);
  });

  it('lists by enabled, warehouse (rules naming none apply in all), SKU (pattern or list) and list', async () => {
    const [w1, w2] = [await createWarehouse(), await createWarehouse()];
    const teas = await createList(['TEA-1']);
    const mugs = await createRule({ skuPatterns: ['MUG-*'], warehouseIds: [w1.id] });
    const anywhere = await createRule({ warehouseIds: [w2.id] }, { enabled: false });
    const onList = await createRule({ ruleListId: teas.id });
    const exact = await createRule({ skuPatterns: ['TEA-1'], warehouseIds: [w2.id] });
    const mine = ids([mugs, anywhere, onList, exact]);

    expect(await listedAmong(`${rulesPath}?enabled=false`, mine)).toEqual([anywhere.id]);
    expect(await listedAmong(`${rulesPath}?enabled=true`, mine)).toEqual([mugs.id, onList.id, exact.id]);
    expect(await listedAmong(`${rulesPath}?warehouseId=${w1.id}`, mine)).toEqual([mugs.id, onList.id]);
    // A rule naming no SKU patterns and no list covers every SKU (in its warehouses).
    expect(await listedAmong(`${rulesPath}?sku=MUG-7`, mine)).toEqual([mugs.id, anywhere.id]);
    expect(await listedAmong(`${rulesPath}?sku=TEA-1`, mine)).toEqual([anywhere.id, onList.id, exact.id]);
    expect(await listedAmong(`${rulesPath}?sku=TEA-2`, mine)).toEqual([anywhere.id]);
    expect(await listedAmong(`${rulesPath}?sku=TEA-1&warehouseId=${w2.id}&enabled=true`, mine)).toEqual([
      onList.id,
      exact.id,
    ]);
    const byList = await call({ method: 'GET', path: `${rulesPath}?ruleListId=${teas.id}`, role: 'viewer' });
    expect(byList.status).toBe(200);
    expect(byList.body).toEqual({
      items: [{ ...onList, ruleList: { id: teas.id, name: teas.name, skuCount: 1 } }],
      nextCursor: null,
    });
    expectProblem(await call({ method: 'GET', path: `${rulesPath}?enabled=yes` }), 400, ['query.enabled']);
    expectProblem(await call({ method: 'GET', path: `${rulesPath}?colour=red` }), 400, ['query.colour']);
  });

  it('pages by name with limit=1 and an opaque cursor, refusing a tampered one', async () => {
    const list = await createList();
    for (const name of ['Paged b', 'paged A', 'Paged c']) {
      await createRule({ ruleListId: list.id }, { name });
    }
    const path = `${rulesPath}?ruleListId=${list.id}`;
    const names: string[] = [];
    let cursor: string | null = null;
    let first: string | undefined;
    do {
      const page: CallResult = await call({
        method: 'GET',
        path: `${path}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      });
      expect(page.status, page.text).toBe(200);
      expect(page.body.items).toHaveLength(1);
      names.push(page.body.items[0].name);
      cursor = page.body.nextCursor;
      first ??= cursor ?? undefined;
    } while (cursor);
    expect(names).toEqual(['paged A', 'Paged b', 'Paged c']);

    const tampered = `${first!.slice(0, -2)}${first!.endsWith('A') ? 'B' : 'A'}${first!.slice(-1)}`;
    expectProblem(await call({ method: 'GET', path: `${path}&cursor=${encodeURIComponent(tampered)}` }), 400);
    expectProblem(await call({ method: 'GET', path: `${path}&cursor=not-a-cursor` }), 400);
    // A cursor of one listing is refused by another.
    expectProblem(
      await call({ method: 'GET', path: `${rulesPath}?enabled=true&cursor=${encodeURIComponent(first!)}` }),
      400,
    );
    expectProblem(await call({ method: 'GET', path: `${path}&limit=0` }), 400, ['query.limit']);
  });

  it('replaces under If-Match: 412 when stale, version + 1 when current, 400 for an unknown list', async () => {
    const list = await createList(['A-1']);
    const rule = await createRule({ ruleListId: list.id });
    const input = ruleInput({ ruleListId: list.id }, { name: `Renamed ${tag()}`, cooldownHours: 6 });
    const stale = await refused(
      { method: 'PUT', path: `${rulesPath}/${rule.id}`, body: input, headers: { 'if-match': '"7"' } },
      412,
    );
    expect(stale.body.currentVersion).toBe(1);
    const replaced = await call({
      method: 'PUT',
      path: `${rulesPath}/${rule.id}`,
      body: input,
      headers: { 'if-match': '"1"' },
      role: 'operator',
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.headers.etag).toBe('"2"');
    expect(replaced.body).toMatchObject({
      ...input,
      id: rule.id,
      version: 2,
      createdAt: rule.createdAt,
      enabled: true,
      recipients: [],
    });
    await refused(
      { method: 'PUT', path: `${rulesPath}/${rule.id}`, body: input, headers: { 'if-match': '"1"' } },
      412,
    );
    await refused(
      {
        method: 'PUT',
        path: `${rulesPath}/${rule.id}`,
        body: ruleInput({ ruleListId: unknownId }),
        headers: { 'if-match': '"2"' },
      },
      400,
      ['body.scope.ruleListId'],
    );
    await refused({ method: 'PUT', path: `${rulesPath}/${unknownId}`, body: input }, 404);
    await refused(
      { method: 'PUT', path: `${rulesPath}/${rule.id}`, body: { ...input, colour: 'red' } },
      400,
      ['body.colour'],
    );
    expect((await call({ method: 'GET', path: `${rulesPath}/${rule.id}` })).body).toMatchObject({
      version: 2,
      name: input.name,
    });
  });

  it('moves the counts with the rule: the list and warehouse it left can be deleted, the new ones cannot', async () => {
    const [oldWarehouse, newWarehouse] = [await createWarehouse(), await createWarehouse()];
    const [oldList, newList] = [await createList(['A-1']), await createList(['B-1'])];
    const rule = await createRule({ ruleListId: oldList.id, warehouseIds: [oldWarehouse.id] });
    const moved = await call({
      method: 'PUT',
      path: `${rulesPath}/${rule.id}`,
      body: ruleInput({ ruleListId: newList.id, warehouseIds: [newWarehouse.id] }, { name: rule.name }),
      headers: { 'if-match': '"1"' },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.ruleList).toEqual({ id: newList.id, name: newList.name, skuCount: 1 });
    expect(await storedList(oldList.id)).toMatchObject({ alertRuleCount: 0 });
    expect(await storedList(newList.id)).toMatchObject({ alertRuleCount: 1 });

    const blocked = await refused({ method: 'DELETE', path: `${listsPath}?ids=${newList.id}` }, 409);
    expect(blocked.body.alertRuleIds).toEqual([rule.id]);
    const freed = await deleteLists(`?ids=${oldList.id}`);
    expect(freed.status, freed.text).toBe(200);
    expect(freed.body).toEqual({ deleted: [oldList.id], deletedAlertRules: [], deletedSeasonalFactors: [] });

    await refused({ method: 'DELETE', path: `${warehousesPath}/${newWarehouse.id}` }, 409);
    const warehouseFreed = await call({ method: 'DELETE', path: `${warehousesPath}/${oldWarehouse.id}` });
    expect(warehouseFreed.status, warehouseFreed.text).toBe(204);
  });

  it('deletes under If-Match: 412 when stale, then 204, then 404', async () => {
    const list = await createList();
    const rule = await createRule({ ruleListId: list.id });
    const path = `${rulesPath}/${rule.id}`;
    await refused({ method: 'DELETE', path, headers: { 'if-match': '"2"' } }, 412);
    const deleted = await call({ method: 'DELETE', path, headers: { 'if-match': '"1"' } });
    expect(deleted.status, deleted.text).toBe(204);
    expectProblem(await call({ method: 'GET', path }), 404);
    await refused({ method: 'DELETE', path }, 404);
    await refused({ method: 'PUT', path, body: ruleInput({ ruleListId: list.id }) }, 404);
    // The list is no longer targeted: it goes without force.
    expect(await storedList(list.id)).toMatchObject({ alertRuleCount: 0 });
    expect((await deleteLists(`?ids=${list.id}`)).status).toBe(200);
  });

  it('keeps a warehouse named by an alert rule from being deleted until the rule is gone', async () => {
    const warehouse = await createWarehouse();
    const rule = await createRule({ warehouseIds: [warehouse.id] });
    const blocked = await refused({ method: 'DELETE', path: `${warehousesPath}/${warehouse.id}` }, 409);
    expect(blocked.body.detail).toMatch(/alert rule/);
    expect(blocked.body.alertRuleCount).toBe(1);
    expect((await call({ method: 'DELETE', path: `${rulesPath}/${rule.id}` })).status).toBe(204);
    const deleted = await call({ method: 'DELETE', path: `${warehousesPath}/${warehouse.id}` });
    expect(deleted.status, deleted.text).toBe(204);
  });

  it('keeps the list counts right under concurrent replaces and deletes of one rule', async () => {
    const lists = [await createList(), await createList(), await createList(), await createList()];
    const rule = await createRule({ ruleListId: lists[0]!.id });
    const moves = await Promise.all(
      lists.slice(1).map((list) =>
        call({
          method: 'PUT',
          path: `${rulesPath}/${rule.id}`,
          body: ruleInput({ ruleListId: list.id }, { name: rule.name }),
        }),
      ),
    );
    expect(moves.map((move) => move.status)).toEqual([200, 200, 200]);
    expect(moves.map((move) => move.body.version).sort()).toEqual([2, 3, 4]);
    const final = await call({ method: 'GET', path: `${rulesPath}/${rule.id}` });
    expect(final.body.version).toBe(4);
    const counts = await Promise.all(lists.map(async (list) => (await storedList(list.id))!.alertRuleCount));
    expect(counts).toEqual(lists.map((list) => (list.id === final.body.scope.ruleListId ? 1 : 0)));

    const deletes = await Promise.all(
      [1, 2, 3].map(() => call({ method: 'DELETE', path: `${rulesPath}/${rule.id}` })),
    );
    expect(deletes.map((deleted) => deleted.status).sort()).toEqual([204, 404, 404]);
    for (const deleted of deletes.filter((response) => response.status === 404)) expectProblem(deleted, 404);
    const after = await Promise.all(lists.map(async (list) => (await storedList(list.id))!.alertRuleCount));
    expect(after).toEqual([0, 0, 0, 0]);
    const freed = await deleteLists('', { ids: ids(lists) });
    expect(freed.status, freed.text).toBe(200);
  });

  it('needs write to create and manage to delete', async () => {
    const body = ruleInput({ skuPatterns: ['ROLE-*'] });
    await refused({ method: 'POST', path: rulesPath, body, role: 'viewer' }, 403);
    await refused({ method: 'POST', path: rulesPath, body, role: null }, 401);
    const rule = (await created(rulesPath, body, 'operator')).body;
    await refused({ method: 'PUT', path: `${rulesPath}/${rule.id}`, body, role: 'viewer' }, 403);
    await refused({ method: 'DELETE', path: `${rulesPath}/${rule.id}`, role: 'operator' }, 403);
    expect((await call({ method: 'GET', path: `${rulesPath}/${rule.id}`, role: 'viewer' })).status).toBe(200);
    expect((await call({ method: 'DELETE', path: `${rulesPath}/${rule.id}`, role: 'manager' })).status).toBe(
      204,
    );
  });
});

describe('seasonal factors', () => {
  it('creates factors for a month, an ISO week and a range of dates, every SKU by default', async () => {
    for (const applies of [{ month: 12 }, { isoWeek: 53 }, { from: '2026-07-01', to: '2026-07-01' }]) {
      const input = factorInput({ applies });
      const response = await created(factorsPath, input);
      expect(response.body).toEqual({
        ...input,
        scope: {},
        id: expect.any(String),
        version: 1,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(response.headers.etag).toBe('"1"');
      expect(response.headers.location).toBe(`${factorsPath}/${response.body.id}`);
    }
  });

  it('refuses a range that ends before it starts, multipliers out of 0.01..20 and other bad periods', async () => {
    const backwards = await refused(
      {
        method: 'POST',
        path: factorsPath,
        body: factorInput({ applies: { from: '2026-07-10', to: '2026-07-01' } }),
      },
      400,
      ['body.applies.to'],
    );
    expect(backwards.body.errors[0].message).toContain('from');
    for (const multiplier of [0, 21, -1, '2']) {
      await refused({ method: 'POST', path: factorsPath, body: factorInput({ multiplier }) }, 400, [
        'body.multiplier',
      ]);
    }
    for (const applies of [{ month: 13 }, { isoWeek: 0 }, { from: '2026-02-30', to: '2026-03-01' }, {}]) {
      const response = await refused(
        { method: 'POST', path: factorsPath, body: factorInput({ applies }) },
        400,
      );
      expect(response.body.errors[0].path).toMatch(/^body\.applies/);
    }
    await refused(
      { method: 'POST', path: factorsPath, body: factorInput({ applies: { month: 1, isoWeek: 2 } }) },
      400,
    );
  });

  it('refuses a factor on an unknown rule list naming body.scope.ruleListId', async () => {
    const response = await refused(
      { method: 'POST', path: factorsPath, body: factorInput({ scope: { ruleListId: unknownId } }) },
      400,
      ['body.scope.ruleListId'],
    );
    expect(response.body.detail).toContain(unknownId);
  });

  it('lists the factors that apply on a day (month, ISO week, range both ends included)', async () => {
    const december = await createFactor({ applies: { month: 12 } });
    // ISO week 20 of 2026: Monday 11 May to Sunday 17 May.
    const week = await createFactor({ applies: { isoWeek: 20 } });
    const range = await createFactor({ applies: { from: '2026-07-01', to: '2026-07-10' } });
    const mine = ids([december, week, range]);
    const activeOn = (day: string) => listedAmong(`${factorsPath}?activeOn=${day}`, mine);
    expect(await activeOn('2026-12-15')).toEqual([december.id]);
    expect(await activeOn('2025-12-01')).toEqual([december.id]);
    expect(await activeOn('2026-05-11')).toEqual([week.id]);
    expect(await activeOn('2026-05-17')).toEqual([week.id]);
    expect(await activeOn('2026-05-18')).toEqual([]);
    expect(await activeOn('2026-07-01')).toEqual([range.id]);
    expect(await activeOn('2026-07-10')).toEqual([range.id]);
    expect(await activeOn('2026-07-11')).toEqual([]);
    expectProblem(await call({ method: 'GET', path: `${factorsPath}?activeOn=2026-02-30` }), 400, [
      'query.activeOn',
    ]);
  });

  it('lists the factors for a SKU (every-SKU, a matching pattern, a list holding it) and by exact pattern', async () => {
    const list = await createList(['SLED-1']);
    const everySku = await createFactor();
    const pattern = await createFactor({ scope: { skuPatterns: ['SNOW-*'] } });
    const onList = await createFactor({ scope: { ruleListId: list.id } });
    const exact = await createFactor({ scope: { skuPatterns: ['SLED-2', 'SNOW-9'] } });
    const mine = ids([everySku, pattern, onList, exact]);
    expect(await listedAmong(`${factorsPath}?sku=SLED-1`, mine)).toEqual([everySku.id, onList.id]);
    expect(await listedAmong(`${factorsPath}?sku=SNOW-9`, mine)).toEqual([everySku.id, pattern.id, exact.id]);
    expect(await listedAmong(`${factorsPath}?sku=SNOW-1`, mine)).toEqual([everySku.id, pattern.id]);
    expect(await listedAmong(`${factorsPath}?sku=OTHER`, mine)).toEqual([everySku.id]);
    expect(await listedAmong(`${factorsPath}?skuPattern=${encodeURIComponent('SNOW-*')}`, mine)).toEqual([
      pattern.id,
    ]);
    expect(await listedAmong(`${factorsPath}?skuPattern=SNOW-9`, mine)).toEqual([exact.id]);
    expect(await listedAmong(`${factorsPath}?skuPattern=SNOW-1`, mine)).toEqual([]);
    const page = await call({ method: 'GET', path: `${factorsPath}?skuPattern=SLED-2`, role: 'viewer' });
    expect(page.body).toEqual({ items: [exact], nextCursor: null });
    expectProblem(
      await call({ method: 'GET', path: `${factorsPath}?skuPattern=${encodeURIComponent('a b')}` }),
      400,
      ['query.skuPattern'],
    );
  });

  it('replaces under If-Match (412 when stale), moving the list count with it', async () => {
    const [first, second] = [await createList(['A-1']), await createList(['B-1'])];
    const factor = await createFactor({ scope: { ruleListId: first.id } });
    const path = `${factorsPath}/${factor.id}`;
    const input = factorInput({ multiplier: 2, applies: { isoWeek: 51 }, scope: { ruleListId: second.id } });
    const stale = await refused({ method: 'PUT', path, body: input, headers: { 'if-match': '"3"' } }, 412);
    expect(stale.body.currentVersion).toBe(1);
    await refused(
      {
        method: 'PUT',
        path,
        body: { ...input, scope: { ruleListId: unknownId } },
        headers: { 'if-match': '"1"' },
      },
      400,
      ['body.scope.ruleListId'],
    );
    const replaced = await call({
      method: 'PUT',
      path,
      body: input,
      headers: { 'if-match': '"1"' },
      role: 'operator',
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.headers.etag).toBe('"2"');
    expect(replaced.body).toEqual({
      ...input,
      id: factor.id,
      version: 2,
      createdAt: factor.createdAt,
      updatedAt: expect.any(String),
    });
    await refused({ method: 'PUT', path, body: input, headers: { 'if-match': '"1"' } }, 412);
    expect(await listedAmong(`${factorsPath}?skuPattern=${encodeURIComponent('X-*')}`, [factor.id])).toEqual(
      [],
    );
    expect((await call({ method: 'GET', path: `${factorsPath}?sku=B-1` })).body.items).toContainEqual(
      replaced.body,
    );

    const blocked = await refused({ method: 'DELETE', path: `${listsPath}?ids=${second.id}` }, 409);
    expect(blocked.body.seasonalFactorIds).toEqual([factor.id]);
    expect((await deleteLists(`?ids=${first.id}`)).status).toBe(200);
    await refused({ method: 'PUT', path: `${factorsPath}/${unknownId}`, body: input }, 404);
  });

  it('deletes under If-Match (412 when stale, manager only), then 404', async () => {
    const list = await createList();
    const factor = await createFactor({ scope: { ruleListId: list.id } });
    const path = `${factorsPath}/${factor.id}`;
    await refused({ method: 'DELETE', path, headers: { 'if-match': '"2"' } }, 412);
    await refused({ method: 'DELETE', path, role: 'operator' }, 403);
    await refused({ method: 'POST', path: factorsPath, body: factorInput(), role: 'viewer' }, 403);
    const deleted = await call({ method: 'DELETE', path, headers: { 'if-match': '"1"' } });
    expect(deleted.status, deleted.text).toBe(204);
    expect(await listedAmong(factorsPath, [factor.id])).toEqual([]);
    await refused({ method: 'DELETE', path }, 404);
    await refused({ method: 'PUT', path, body: factorInput() }, 404);
    // Nothing targets the list any more.
    expect((await deleteLists(`?ids=${list.id}`)).status).toBe(200);
  });
});

describe('large scopes', () => {
  it('force-deletes a list whose rules name the same 25 warehouses, and moves a rule across 25 warehouses at once', async () => {
    const warehouses = [];
    for (let n = 0; n < 50; n++) warehouses.push((await createWarehouse()).id as string);
    const [first, second] = [warehouses.slice(0, 25), warehouses.slice(25)];
    const list = await createList(['WIDE-1']);
    const rules = [
      await createRule({ ruleListId: list.id, warehouseIds: first }),
      await createRule({ ruleListId: list.id, warehouseIds: first }),
      await createRule({ ruleListId: list.id, warehouseIds: first }),
    ];
    const tooMany = await call({
      method: 'POST',
      path: rulesPath,
      body: ruleInput({ warehouseIds: warehouses.slice(0, 26) }),
    });
    expectProblem(tooMany, 400, ['body.scope.warehouseIds']);

    // A replace that drops 25 warehouses and adds 25 others, and changes list: one transaction of 53.
    const other = await createList(['WIDE-2']);
    const moved = await call({
      method: 'PUT',
      path: `${rulesPath}/${rules[2].id}`,
      body: ruleInput({ ruleListId: other.id, warehouseIds: second }),
    });
    expect(moved.status, moved.text).toBe(200);
    expect(await storedItem({ PK: `WAREHOUSE#${first[0]}`, SK: 'WAREHOUSE' })).toMatchObject({
      alertRuleCount: 2,
    });
    expect(await storedItem({ PK: `WAREHOUSE#${second[0]}`, SK: 'WAREHOUSE' })).toMatchObject({
      alertRuleCount: 1,
    });

    const deleted = await deleteLists(`?ids=${list.id}&force=true`);
    expect(deleted.status, deleted.text).toBe(200);
    expect([...deleted.body.deletedAlertRules].sort()).toEqual([rules[0].id, rules[1].id].sort());
    for (const id of first) {
      expect(await storedItem({ PK: `WAREHOUSE#${id}`, SK: 'WAREHOUSE' })).toMatchObject({
        alertRuleCount: 0,
      });
    }
  }, 120_000);
});

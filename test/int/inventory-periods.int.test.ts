import { describe, expect, it } from 'vitest';
import { rulePeriodKey } from '../../shared/db/keys';
import { call } from '../support/call';
import {
  createRulePeriod,
  createStockRule,
  listAll,
  rulePeriodInput,
  storedItem,
} from '../support/inventory-builders';

const path = '/v1/inventory/rules/periods';
const unknownId = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

describe('rule periods', () => {
  it('creates a period for a rule, with a Location and an ETag', async () => {
    const rule = await createStockRule();
    const input = rulePeriodInput(rule.id);
    const created = await call({ method: 'POST', path, body: input, role: 'operator' });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual({
      ...input,
      id: expect.any(String),
      version: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(created.headers.location).toBe(`${path}?ruleId=${rule.id}`);
    expect(created.headers.etag).toBe('"1"');
    expect((await storedItem(rulePeriodKey(created.body.id)))?.entity).toBe('rule-period');
    // `periods` beside `/v1/inventory/rules/{id}` is the literal route, never a rule id.
    const listed = await call({ method: 'GET', path: `${path}?ruleId=${rule.id}`, role: 'viewer' });
    expect(listed.body).toEqual({ items: [created.body], nextCursor: null });
  });

  it('names the field for an unknown rule, reversed or impossible dates, levels out of order', async () => {
    const rule = await createStockRule();
    const noRule = await call({ method: 'POST', path, body: rulePeriodInput(unknownId) });
    expect(noRule.status).toBe(400);
    expect(noRule.body.errors).toEqual([{ path: 'body.ruleId', message: 'no stock rule has this id' }]);
    const reversed = await call({
      method: 'POST',
      path,
      body: rulePeriodInput(rule.id, { from: '2025-03-02', to: '2025-03-01' }),
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors).toEqual([{ path: 'body.to', message: 'must be on or after from' }]);
    const impossible = await call({
      method: 'POST',
      path,
      body: rulePeriodInput(rule.id, { from: '2025-02-30', to: '2025-13-01' }),
    });
    expect(impossible.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'body.from',
      'body.to',
    ]);
    const levels = await call({
      method: 'POST',
      path,
      body: rulePeriodInput(rule.id, { minLevel: 5, maxLevel: 4 }),
    });
    expect(levels.body.errors).toEqual([{ path: 'body.maxLevel', message: 'must be at least minLevel' }]);
    expect(await listAll(`${path}?ruleId=${rule.id}`)).toEqual([]);
  });

  it('refuses an overlap within one rule with 409 naming it; adjacent days, other rules fine', async () => {
    const rule = await createStockRule();
    const other = await createStockRule();
    const december = await createRulePeriod(rule.id, {
      name: 'December',
      from: '2025-12-01',
      to: '2025-12-31',
    });
    const overlapping = await call({
      method: 'POST',
      path,
      body: rulePeriodInput(rule.id, { from: '2025-12-31', to: '2026-01-06' }),
    });
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.overlappingPeriodId).toBe(december.id);
    expect(overlapping.body.detail).toContain('December');
    await createRulePeriod(rule.id, { from: '2026-01-01', to: '2026-01-06' });
    await createRulePeriod(rule.id, { from: '2025-11-01', to: '2025-11-30' });
    await createRulePeriod(other.id, { from: '2025-12-15', to: '2025-12-20' });
    expect(await listAll(`${path}?ruleId=${rule.id}`)).toHaveLength(3);
  });

  it('replaces with If-Match (412 when stale), checking overlap against other periods only', async () => {
    const rule = await createStockRule();
    const spring = await createRulePeriod(rule.id, { name: 'Spring', from: '2025-03-01', to: '2025-05-31' });
    const summer = await createRulePeriod(rule.id, { name: 'Summer', from: '2025-06-01', to: '2025-08-31' });
    const widened = await call({
      method: 'PUT',
      path: `${path}/${spring.id}`,
      body: rulePeriodInput(rule.id, {
        name: 'Early spring',
        from: '2025-02-15',
        to: '2025-05-31',
        maxLevel: 500,
      }),
      headers: { 'if-match': '"1"' },
    });
    expect(widened.status, widened.text).toBe(200);
    expect(widened.body).toMatchObject({
      name: 'Early spring',
      from: '2025-02-15',
      maxLevel: 500,
      version: 2,
    });
    expect(widened.body.createdAt).toBe(spring.createdAt);
    expect(widened.headers.etag).toBe('"2"');
    const stale = await call({
      method: 'PUT',
      path: `${path}/${spring.id}`,
      body: rulePeriodInput(rule.id, { from: '2025-03-01', to: '2025-04-30' }),
      headers: { 'if-match': '"1"' },
    });
    expect(stale.status).toBe(412);
    const intoSummer = await call({
      method: 'PUT',
      path: `${path}/${spring.id}`,
      body: rulePeriodInput(rule.id, { from: '2025-03-01', to: '2025-06-01' }),
    });
    expect(intoSummer.status).toBe(409);
    expect(intoSummer.body.overlappingPeriodId).toBe(summer.id);
    const otherRule = await createStockRule();
    const moved = await call({
      method: 'PUT',
      path: `${path}/${spring.id}`,
      body: rulePeriodInput(otherRule.id),
    });
    expect(moved.status).toBe(400);
    expect(moved.body.errors[0].path).toBe('body.ruleId');
    const missing = await call({
      method: 'PUT',
      path: `${path}/${unknownId}`,
      body: rulePeriodInput(rule.id),
    });
    expect(missing.status).toBe(404);
  });

  it('deletes a period (manager only, If-Match honoured), freeing its dates', async () => {
    const rule = await createStockRule();
    const period = await createRulePeriod(rule.id, { from: '2025-07-01', to: '2025-07-31' });
    expect((await call({ method: 'DELETE', path: `${path}/${period.id}`, role: 'operator' })).status).toBe(
      403,
    );
    expect(
      (await call({ method: 'DELETE', path: `${path}/${period.id}`, headers: { 'if-match': '"2"' } })).status,
    ).toBe(412);
    const deleted = await call({
      method: 'DELETE',
      path: `${path}/${period.id}`,
      headers: { 'if-match': '"1"' },
    });
    expect(deleted.status, deleted.text).toBe(204);
    expect((await call({ method: 'DELETE', path: `${path}/${period.id}` })).status).toBe(404);
    await createRulePeriod(rule.id, { from: '2025-07-01', to: '2025-07-31' });
  });

  it('lists by rule or across rules by start date, filtered to a day, with a cursor', async () => {
    const rule = await createStockRule();
    const other = await createStockRule();
    const q1 = await createRulePeriod(rule.id, { from: '2031-01-01', to: '2031-03-31' });
    const q2 = await createRulePeriod(rule.id, { from: '2031-04-01', to: '2031-06-30' });
    const q3 = await createRulePeriod(rule.id, { from: '2031-07-01', to: '2031-09-30' });
    const elsewhere = await createRulePeriod(other.id, { from: '2031-02-01', to: '2031-05-31' });
    const ids = (items: Array<{ id: string }>) => items.map((period) => period.id);

    const first = await call({ method: 'GET', path: `${path}?ruleId=${rule.id}&limit=2` });
    expect(ids(first.body.items)).toEqual([q1.id, q2.id]);
    const second = await call({
      method: 'GET',
      path: `${path}?ruleId=${rule.id}&limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`,
    });
    expect(second.body).toEqual({ items: [q3], nextCursor: null });

    expect(ids(await listAll(`${path}?activeOn=2031-04-15`, 1))).toEqual([elsewhere.id, q2.id]);
    expect(ids(await listAll(`${path}?ruleId=${rule.id}&activeOn=2031-06-30`))).toEqual([q2.id]);
    expect(await listAll(`${path}?activeOn=2031-12-25`)).toEqual([]);
    const bad = await call({ method: 'GET', path: `${path}?activeOn=2031-02-30` });
    expect(bad.body.errors[0].path).toBe('query.activeOn');
    const replayed = await call({
      method: 'GET',
      path: `${path}?ruleId=${other.id}&limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`,
    });
    expect(replayed.status).toBe(400);
  });

  it('lets exactly one of concurrent overlapping creates win', async () => {
    for (let round = 0; round < 3; round++) {
      const rule = await createStockRule();
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          call({
            method: 'POST',
            path,
            body: rulePeriodInput(rule.id, {
              name: `Racer ${i}`,
              from: `2027-0${i + 1}-01`,
              to: '2027-12-31',
            }),
          }),
        ),
      );
      const statuses = results.map((result) => result.status);
      expect(
        statuses.filter((status) => status === 201),
        statuses.join(),
      ).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(5);
      const winner = results.find((result) => result.status === 201)!.body;
      for (const loser of results.filter((result) => result.status === 409)) {
        expect(loser.body.overlappingPeriodId).toBe(winner.id);
      }
      expect(await listAll(`${path}?ruleId=${rule.id}`)).toEqual([winner]);
    }
  });

  it('accepts every one of concurrent creates that do not overlap', async () => {
    const rule = await createStockRule();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call({
          method: 'POST',
          path,
          body: rulePeriodInput(rule.id, { from: `2028-0${i + 1}-01`, to: `2028-0${i + 1}-28` }),
        }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(await listAll(`${path}?ruleId=${rule.id}`)).toHaveLength(6);
  });

  it('never overlaps when an update races a create into the same dates', async () => {
    for (let round = 0; round < 3; round++) {
      const rule = await createStockRule();
      const early = await createRulePeriod(rule.id, { from: '2029-01-01', to: '2029-01-31' });
      const [updated, created] = await Promise.all([
        call({
          method: 'PUT',
          path: `${path}/${early.id}`,
          body: rulePeriodInput(rule.id, { from: '2029-01-01', to: '2029-03-31' }),
        }),
        call({
          method: 'POST',
          path,
          body: rulePeriodInput(rule.id, { from: '2029-03-01', to: '2029-03-31' }),
        }),
      ]);
      // Whichever commits first wins; the other sees it on its retry and is refused.
      const outcome = [updated.status, created.status];
      expect(outcome.join()).toMatch(/^(200,409|409,201)$/);
      const periods = await listAll<{ from: string; to: string }>(`${path}?ruleId=${rule.id}`);
      expect(periods).toHaveLength(created.status === 201 ? 2 : 1);
      expect(periods.every((period, i) => i === 0 || periods[i - 1]!.to < period.from)).toBe(true);
    }
  });
});

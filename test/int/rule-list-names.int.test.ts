/**
 * Rule list names are unique (case and accents aside), against DynamoDB Local: a second list of a name is
 * a 409 naming the first, two creates racing for one name leave one list, and a deleted list's name is
 * free again.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../support/call';

const listsPath = '/v1/inventory/rule-lists';

const create = (name: string, skus: string[] = []) =>
  call({ method: 'POST', path: listsPath, body: { name, skus }, role: 'operator' });

describe('rule list names', () => {
  it('a second list of a name is a 409 naming the first; a deleted list frees its name', async () => {
    const first = await create('Fast movers', ['MUG-1']);
    expect(first.status, first.text).toBe(201);
    const again = await create('FAST MOVERS', ['CUP-1']);
    expect(again.status, again.text).toBe(409);
    expect(again.body).toMatchObject({ name: 'FAST MOVERS', ruleListId: first.body.id });
    expect((await create('Fäst movers')).status).toBe(409);

    const deleted = await call({
      method: 'DELETE',
      path: `${listsPath}?ids=${first.body.id}`,
      role: 'manager',
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await create('Fast movers')).status).toBe(201);
  });

  it('two creates racing for one name leave one list', async () => {
    const racing = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        create(index % 2 === 0 ? 'Slow movers' : 'slow movers', ['A-1']),
      ),
    );
    expect(racing.map((response) => response.status).sort()).toEqual([201, 409, 409, 409]);
    const winner = racing.find((response) => response.status === 201)!;
    for (const loser of racing.filter((response) => response.status === 409)) {
      expect(loser.body.ruleListId).toBe(winner.body.id);
    }
  });
});

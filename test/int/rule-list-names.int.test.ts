/**
 * Rule list names are unique (case and accents aside), against DynamoDB Local: a second list of a name is
 * a 409 naming the first, two creates racing for one name leave one list, and a deleted list's name is
 * free again. Lists made before the markers get theirs from the backfill command.
 */
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { backfillRuleListNames } from '../../functions/inventory-alerts/rule-lists/name-backfill';
import { localDynamoClient } from '../../infra/local/dynamodb-local';
import { ruleListKey } from '../../shared/db/keys';
import { newId } from '../../shared/ids';
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

describe('rule lists made before names were unique', () => {
  it('get their name markers from the backfill, oldest first; a new list then cannot take a held name', async () => {
    // Headers as lists were stored before the markers: no RULELIST_NAME item beside them.
    const client = DynamoDBDocumentClient.from(localDynamoClient(process.env.DYNAMODB_ENDPOINT!));
    const table = process.env.TABLE_NAME!;
    const legacy = (id: string, name: string, createdAt: string) =>
      client.send(
        new PutCommand({
          TableName: table,
          Item: {
            ...ruleListKey(id),
            entity: 'rule-list',
            id,
            name,
            skuCount: 0,
            createdAt,
            updatedAt: createdAt,
          },
        }),
      );
    const older = newId(Date.parse('2026-01-01T00:00:00Z'));
    const newer = newId(Date.parse('2026-02-01T00:00:00Z'));
    const other = newId(Date.parse('2026-03-01T00:00:00Z'));
    await legacy(older, 'Summer', '2026-01-01T00:00:00.000Z');
    await legacy(newer, 'summer', '2026-02-01T00:00:00.000Z');
    await legacy(other, 'Winter', '2026-03-01T00:00:00.000Z');
    // Before the backfill, nothing holds "Winter": a new list could take it.
    try {
      const first = await backfillRuleListNames(client, table);
      // Lists made by the API in the tests above hold their markers already.
      expect(first).toMatchObject({
        written: 2,
        duplicates: [{ listId: newer, name: 'summer', heldBy: older }],
      });
      const again = await backfillRuleListNames(client, table);
      expect(again).toEqual({ written: 0, already: first.already + 2, duplicates: first.duplicates });

      const taken = await create('WINTER');
      expect(taken.status, taken.text).toBe(409);
      expect(taken.body).toMatchObject({ ruleListId: other });
      expect((await create('SUMMER')).body).toMatchObject({ ruleListId: older });
    } finally {
      client.destroy();
    }
  });
});

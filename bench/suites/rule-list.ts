/**
 * The documented largest rule list through the inventory-alerts handler: 10,000 SKUs added to an empty
 * list in one request, then the list deleted with force (which clears its SKU items). Each is timed
 * against the API functions' 25 s time-out; the target is half of it (DynamoDB Local in memory, this
 * process's single client, as a function would run it).
 */
import { buildApiEvent } from '../../infra/local/api-event';
import { claimsFor } from '../../test/support/call';
import { round } from '../lib/stats';
import type { Suite } from '../lib/suite';
import { elapsedMs, now } from '../lib/timing';
import { verdict } from '../lib/verdict';
import { withHandlerEnvironment } from '../support/dynamo-local';
import { lambdaContext } from '../support/lambda-context';

const tableName = 'bench-rule-list';
const skuCount = 10_000;
const targetMs = 12_500;

export const ruleList: Suite = {
  name: 'rule-list',
  description:
    '10,000 SKUs added to a rule list in one request, then the list force-deleted, against the time-out',
  run: () =>
    withHandlerEnvironment(tableName, async () => {
      const { handler } = await import('../../functions/inventory-alerts/handler');
      const send = async (method: string, path: string, body: unknown, status: number) => {
        const { group, ...event } = buildApiEvent({
          method,
          path,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          claims: claimsFor('manager'),
        });
        if (group !== 'inventory-alerts') throw new Error(`${method} ${path} routes to ${group}`);
        const started = now();
        const response = (await handler(event, lambdaContext)) as { statusCode: number; body: string };
        const ms = elapsedMs(started);
        if (response.statusCode !== status)
          throw new Error(
            `${method} ${path} answered ${response.statusCode}: ${response.body.slice(0, 300)}`,
          );
        return { ms, body: JSON.parse(response.body || 'null') as { id?: string; skuCount?: number } };
      };
      const created = await send('POST', '/v1/inventory/rule-lists', { name: 'Largest list' }, 201);
      const skus = Array.from({ length: skuCount }, (_, n) => `LIST-${String(n).padStart(5, '0')}`);
      const added = await send(
        'POST',
        '/v1/inventory/rule-lists/items',
        { listId: created.body.id, skus },
        200,
      );
      if (added.body.skuCount !== skuCount) throw new Error(`the list holds ${added.body.skuCount} SKUs`);
      const deleted = await send(
        'DELETE',
        '/v1/inventory/rule-lists',
        { ids: [created.body.id], force: true },
        200,
      );
      const row = (operation: string, ms: number) => ({
        operation,
        ms: round(ms, 0),
        targetMs,
        verdict: verdict(ms, targetMs),
      });
      return {
        tables: [
          {
            title: `Rule list of ${skuCount.toLocaleString('en')} SKUs (API time-out 25 s; target half of it)`,
            rows: [
              row(`POST /v1/inventory/rule-lists/items (${skuCount} SKUs)`, added.ms),
              row('DELETE /v1/inventory/rule-lists?force (clears its SKUs)', deleted.ms),
            ],
          },
        ],
        notes: [
          'One run each, through the real handler against DynamoDB Local in memory; a busy machine slows DynamoDB Local, so run it on a quiet one.',
        ],
      };
    }),
};

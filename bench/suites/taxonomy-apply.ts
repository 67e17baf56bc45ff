/**
 * Apply of a template over 500 products in one call (the most an apply takes), through the taxonomy
 * handler against DynamoDB Local: every product listed anew, and the same 500 again (nothing changed:
 * reads only). Against the bare writes the first one needs: the 500 listing puts in transactions of 49.
 * Target: ≤ 1.5 × bare median for the apply that lists all 500.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { buildApiEvent } from '../../infra/local/api-event';
import { loadTaxonomy } from '../../functions/taxonomy/taxonomies/load';
import { listingsPerTransaction } from '../../functions/taxonomy/listings/apply';
import { db } from '../../shared/db/client';
import { channelListingKey } from '../../shared/db/keys';
import { claimsFor } from '../../test/support/call';
import {
  googleAttributes,
  product,
  taxonomyFixtureBytes,
  templateInput,
} from '../../test/support/taxonomy-builders';
import { round, summarize } from '../lib/stats';
import type { Suite } from '../lib/suite';
import { interleave } from '../lib/timing';
import { verdict } from '../lib/verdict';
import { withHandlerEnvironment } from '../support/dynamo-local';
import { lambdaContext } from '../support/lambda-context';

const target = 1.5;
const tableName = 'bench-taxonomy-apply';
const productCount = 500;
const schedule = { warmup: 1, rounds: 4, perRound: 1 };

type Handler = (event: unknown, context: unknown) => Promise<unknown>;

async function send(handler: Handler, method: string, path: string, body: unknown, expected: number) {
  const { group: _group, ...event } = buildApiEvent({
    method,
    path,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    claims: claimsFor('manager'),
  });
  const response = (await handler(event, lambdaContext)) as { statusCode: number; body: string };
  if (response.statusCode !== expected) {
    throw new Error(`${method} ${path} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  }
  return JSON.parse(response.body) as Record<string, unknown>;
}

export const taxonomyApply: Suite = {
  name: 'taxonomy-apply',
  description:
    'POST /v1/platform/taxonomy-mappings/templates/apply over 500 products, against its bare writes',
  run: () =>
    withHandlerEnvironment(tableName, async () => {
      const loaded = await loadTaxonomy({
        channel: 'google',
        content: taxonomyFixtureBytes('google-2021-09-21.en-US.txt'),
      });
      if (!('loaded' in loaded)) throw new Error('the fixture taxonomy did not load');
      const { handler } = (await import('../../functions/taxonomy/handler')) as { handler: Handler };
      for (const definition of googleAttributes) {
        await send(handler, 'POST', '/v1/platform/taxonomy-mappings/attributes', definition, 201);
      }
      const template = await send(
        handler,
        'POST',
        '/v1/platform/taxonomy-mappings/templates',
        templateInput(),
        201,
      );
      const batch = () => Array.from({ length: productCount }, () => product());
      const repeated = batch();
      await send(
        handler,
        'POST',
        '/v1/platform/taxonomy-mappings/templates/apply',
        { templateId: template.id, products: repeated },
        200,
      );

      const applyNew = async () => {
        const body = await send(
          handler,
          'POST',
          '/v1/platform/taxonomy-mappings/templates/apply',
          { templateId: template.id, products: batch() },
          200,
        );
        if ((body.counts as { created: number }).created !== productCount)
          throw new Error('not every product was listed');
      };
      const applyUnchanged = async () => {
        const body = await send(
          handler,
          'POST',
          '/v1/platform/taxonomy-mappings/templates/apply',
          { templateId: template.id, products: repeated },
          200,
        );
        if ((body.counts as { unchanged: number }).unchanged !== productCount)
          throw new Error('listings changed');
      };
      // The same listing puts, built directly, in the same transaction size.
      const bare = async () => {
        const at = new Date().toISOString();
        const items = batch().map((each) => ({
          Put: {
            TableName: tableName,
            Item: {
              ...channelListingKey('google', each.sku),
              entity: 'channel-listing',
              id: `google:${each.sku}`,
              channel: 'google',
              sku: each.sku,
              title: each.title,
              internalPath: each.categoryPath,
              channelCategory: { id: '212', path: 'Apparel & Accessories > Clothing > Shirts & Tops' },
              attributes: [
                { name: 'color', value: 'Navy' },
                { name: 'shipping_weight', value: { value: 0.3, unit: 'kg' } },
                { name: 'title', value: `Inkwell ${each.title}` },
              ],
              product: {
                ...each,
                attributes: Object.entries(each.attributes).map(([name, value]) => ({ name, value })),
              },
              templateId: template.id,
              templateVersion: 1,
              revision: 1,
              appliedAt: at,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        }));
        for (let start = 0; start < items.length; start += listingsPerTransaction) {
          await db().send(
            new TransactWriteCommand({ TransactItems: items.slice(start, start + listingsPerTransaction) }),
          );
        }
      };
      const samples = await interleave(
        [
          { name: 'apply, 500 listed anew', call: applyNew },
          { name: 'apply, 500 unchanged', call: applyUnchanged },
          { name: 'bare: 500 puts in transactions of 49', call: bare },
        ],
        schedule,
      );
      const bareMedian = summarize(samples.get('bare: 500 puts in transactions of 49')!).medianMs;
      const rows = [...samples].map(([name, values]) => {
        const summary = summarize(values);
        const ratio = summary.medianMs / bareMedian;
        return {
          contender: name,
          n: summary.n,
          medianMs: round(summary.medianMs, 1),
          p95Ms: round(summary.p95Ms, 1),
          productsPerSecond: Math.round((productCount / summary.medianMs) * 1000),
          vsBare: round(ratio, 2),
          verdict: name === 'apply, 500 listed anew' ? verdict(ratio, target) : null,
        };
      });
      return {
        tables: [
          { title: `Apply of a template over ${productCount} products (target ≤ ${target} × bare)`, rows },
        ],
        notes: [
          'Through the handler (validation, template and channel reads, the channel mappings and attribute definitions read once, per-product decisions, listing reads, 11 transactions of up to 49 listings with the template count) against DynamoDB Local in memory on this machine.',
          '"unchanged": the same 500 products again, read and compared, nothing written.',
        ],
      };
    }),
};

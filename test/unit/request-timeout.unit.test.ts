/**
 * A request that outlasts its function's time: the kernel answers just before the time-out with a 504
 * that says the outcome is unknown (its work may still commit), never a 503 that invites a blind retry.
 */
import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../functions/catalogue';
import { ruleListRoutes } from '../../functions/inventory-alerts/rule-lists/routes';
import { buildApiEvent } from '../../infra/local/api-event';
import { flattenCatalogue } from '../../shared/http/catalogue';
import type { ApiEvent } from '../../shared/http/handler';
import { createGroupHandler, createHandler } from '../../shared/http/handler';
import { interfaceRoutes } from '../../shared/http/interface-routes';
import { outcomeReadOf, timedOutDetail } from '../../shared/http/outcome-read';
import { claimsFor } from '../support/call';

const event = {
  routeKey: 'POST /v1/orders/{p2}/payments',
  rawPath: '/v1/orders/SHOP-1/payments',
  headers: {},
  requestContext: { http: { method: 'POST' }, requestId: 'r-1' },
} as unknown as ApiEvent;

const contextWith = (remainingMs: number): Context =>
  ({ awsRequestId: 'r-1', getRemainingTimeInMillis: () => remainingMs }) as unknown as Context;

describe('a request that outlasts the function', () => {
  it('answers 504 "may still complete" without Retry-After, while its work goes on', async () => {
    let finished = false;
    const handler = createHandler(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      finished = true;
      return { statusCode: 201, headers: {}, body: '{}' };
    });
    const response = await handler(event, contextWith(60));
    expect(response.statusCode).toBe(504);
    expect(response.headers['content-type']).toBe('application/problem+json');
    expect(response.headers['retry-after']).toBeUndefined();
    const problem = JSON.parse(response.body);
    expect(problem).toMatchObject({ status: 504, title: 'Request Timed Out' });
    expect(problem.detail).toContain('may still complete');
    expect(finished).toBe(false);
  });

  it('answers as usual when the work ends in time', async () => {
    const handler = createHandler(async () => ({ statusCode: 200, headers: {}, body: '{}' }));
    expect((await handler(event, contextWith(5_000))).statusCode).toBe(200);
  });
});

describe('the 504 names a read that shows the outcome', () => {
  const writes = flattenCatalogue(catalogues).filter((definition) => definition.method !== 'GET');
  const interfaceGets = new Set(
    interfaceRoutes.filter((route) => route.method === 'GET').map((route) => `GET ${route.path}`),
  );

  it.each(writes.map((definition) => [`${definition.method} ${definition.path}`, definition] as const))(
    '%s names an operation of the interface',
    (_key, definition) => {
      const read = outcomeReadOf(definition);
      if (read === 'replay') {
        // Only a POST takes an Idempotency-Key, which is what makes sending it again a read.
        expect(definition.method).toBe('POST');
      } else {
        expect(read, 'a read of the interface, or outcomeRead in the route definition').toBeDefined();
        expect(interfaceGets).toContain(read);
      }
      const detail = timedOutDetail(definition);
      expect(detail).toContain('may still complete');
      if (read !== 'replay') expect(detail).toContain(read);
      expect(detail).not.toContain('Read the resource');
    },
  );

  it('a rule list write, which has no read of its own, names the alert rule that answers its SKUs', async () => {
    const definition = ruleListRoutes.addRuleListItems;
    const handler = createGroupHandler(
      { group: 'inventory-alerts', routes: { addRuleListItems: definition } },
      {
        addRuleListItems: async () => {
          await new Promise((resolve) => setTimeout(resolve, 300));
          return {};
        },
      },
    );
    const { group: _group, ...timedEvent } = buildApiEvent({
      method: 'POST',
      path: definition.path,
      body: JSON.stringify({ listId: '01JD0000000000000000000000', skus: ['A'] }),
      headers: { 'content-type': 'application/json' },
      claims: claimsFor('operator'),
    });
    const response = await handler(timedEvent, contextWith(60));
    expect(response.statusCode).toBe(504);
    expect(JSON.parse(response.body).detail).toContain(
      'GET /v1/inventory/alert-rules/{id} shows whether it did',
    );
  });
});

/**
 * A request that outlasts its function's time: the kernel answers just before the time-out with a 504
 * that says the outcome is unknown (its work may still commit), never a 503 that invites a blind retry.
 */
import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { ApiEvent } from '../../shared/http/handler';
import { createHandler } from '../../shared/http/handler';

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

import { describe, expect, it } from 'vitest';
import type { Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { buildApiEvent } from '../../infra/local/api-event';
import { NotFound } from '../../shared/errors';
import { defineGroup, route, servedRouteKeys } from '../../shared/http/catalogue';
import { createGroupHandler } from '../../shared/http/handler';
import { matchRoute, shadowingRouteMethods } from '../../shared/http/route-matcher';

const routes = [
  { method: 'GET', path: '/v1/orders/{id}' },
  { method: 'PUT', path: '/v1/orders/{id}' },
  { method: 'GET', path: '/v1/orders/statuses' },
  { method: 'GET', path: '/v1/orders/{orderId}/notes' },
  { method: 'DELETE', path: '/v1/orders/{orderId}/notes/{noteId}' },
];

describe('matchRoute', () => {
  it('prefers a literal segment over a variable beside it', () => {
    const match = matchRoute(routes, 'GET', '/v1/orders/statuses');
    expect(match).toMatchObject({ kind: 'found', route: { path: '/v1/orders/statuses' } });
  });

  it('extracts decoded parameters with the interface names', () => {
    expect(matchRoute(routes, 'DELETE', '/v1/orders/A%20B/notes/7')).toMatchObject({
      kind: 'found',
      params: { orderId: 'A B', noteId: '7' },
    });
  });

  it('tells a wrong method (405 with the allowed ones) from an unknown path (404)', () => {
    expect(matchRoute(routes, 'DELETE', '/v1/orders/1')).toEqual({
      kind: 'method-not-allowed',
      allowed: ['GET', 'HEAD', 'PUT'],
    });
    expect(matchRoute(routes, 'GET', '/v1/nothing')).toEqual({ kind: 'not-found' });
    expect(matchRoute(routes, 'GET', '/v1/orders/%E0%A4%A')).toEqual({ kind: 'not-found' });
  });
});

describe('shadowingRouteMethods', () => {
  it('names the methods of a literal path that a variable route caught (API Gateway routes by method first)', () => {
    // PUT /v1/orders/statuses reaches PUT /v1/orders/{id}: the path is the statuses list's, a 405.
    expect(shadowingRouteMethods(routes, '/v1/orders/{id}', '/v1/orders/statuses')).toEqual(['GET', 'HEAD']);
    expect(shadowingRouteMethods(routes, '/v1/orders/{id}', '/v1/orders/A-1')).toBeUndefined();
    expect(shadowingRouteMethods(routes, '/v1/orders/statuses', '/v1/orders/statuses')).toBeUndefined();
  });
});

describe('HEAD on a GET route', () => {
  it('finds the GET route, and a path with no GET has no HEAD (405 naming what it has)', () => {
    expect(matchRoute(routes, 'HEAD', '/v1/orders/statuses')).toMatchObject({
      kind: 'found',
      route: { method: 'GET', path: '/v1/orders/statuses' },
    });
    expect(matchRoute(routes, 'HEAD', '/v1/orders/A-1/notes')).toMatchObject({
      kind: 'found',
      route: { method: 'GET' },
      params: { orderId: 'A-1' },
    });
    expect(matchRoute(routes, 'HEAD', '/v1/orders/A-1/notes/7')).toEqual({
      kind: 'method-not-allowed',
      allowed: ['DELETE'],
    });
  });

  it('is one more route key of each GET, and of nothing else', () => {
    expect(servedRouteKeys({ method: 'GET', path: '/v1/orders/{id}' })).toEqual([
      'GET /v1/orders/{p2}',
      'HEAD /v1/orders/{p2}',
    ]);
    expect(servedRouteKeys({ method: 'PUT', path: '/v1/orders/{id}' })).toEqual(['PUT /v1/orders/{p2}']);
  });

  /** A group with one versioned GET on a path of the real catalogue (so events get its route keys). */
  const probe = defineGroup('probe', {
    read: route({
      method: 'GET',
      path: '/v1/vendors/{id}',
      operationId: 'probeRead',
      summary: 'read',
      permission: 'read',
      params: z.strictObject({ id: z.string() }),
      status: 200,
    }),
  });
  const handler = createGroupHandler(probe, {
    read: async ({ params }) => {
      if (params.id === 'missing') throw new NotFound('No vendor missing.');
      return { body: { id: params.id, name: 'Café ☕' } as never, version: 3 };
    },
  });
  const context = {
    functionName: 'probe',
    awsRequestId: 'probe',
    getRemainingTimeInMillis: () => 30_000,
  } as unknown as Context;
  const claims = { sub: 'u', username: 'u', 'cognito:groups': ['viewer'], token_use: 'access' };
  const send = async (method: string, path: string, withClaims = true) => {
    const { group: _group, ...event } = buildApiEvent({
      method,
      path,
      claims: withClaims ? claims : undefined,
    });
    return (await handler(event, context)) as {
      statusCode: number;
      headers: Record<string, string>;
      body: string;
    };
  };

  it('is dispatched to the GET operation and answers its status and headers, Content-Length included, without a body', async () => {
    const get = await send('GET', '/v1/vendors/V-1');
    const head = await send('HEAD', '/v1/vendors/V-1');
    expect(get.statusCode).toBe(200);
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.body)));
    expect(head.headers.etag).toBe('"3"');
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
  });

  it('answers a failing GET’s status without its problem document', async () => {
    const unauthorized = await send('HEAD', '/v1/vendors/V-1', false);
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.body).toBe('');
    const failed = await send('HEAD', '/v1/vendors/missing');
    expect(failed.statusCode).toBe(404);
    expect(failed.body).toBe('');
    expect(Number(failed.headers['content-length'])).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from 'vitest';
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
      allowed: ['GET', 'PUT'],
    });
    expect(matchRoute(routes, 'GET', '/v1/nothing')).toEqual({ kind: 'not-found' });
    expect(matchRoute(routes, 'GET', '/v1/orders/%E0%A4%A')).toEqual({ kind: 'not-found' });
  });
});

describe('shadowingRouteMethods', () => {
  it('names the methods of a literal path that a variable route caught (API Gateway routes by method first)', () => {
    // PUT /v1/orders/statuses reaches PUT /v1/orders/{id}: the path is the statuses list's, a 405.
    expect(shadowingRouteMethods(routes, '/v1/orders/{id}', '/v1/orders/statuses')).toEqual(['GET']);
    expect(shadowingRouteMethods(routes, '/v1/orders/{id}', '/v1/orders/A-1')).toBeUndefined();
    expect(shadowingRouteMethods(routes, '/v1/orders/statuses', '/v1/orders/statuses')).toBeUndefined();
  });
});

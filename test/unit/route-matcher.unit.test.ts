import { describe, expect, it } from 'vitest';
import { matchRoute } from '../../shared/http/route-matcher';

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

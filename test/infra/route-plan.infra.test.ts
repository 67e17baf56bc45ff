import { describe, expect, it } from 'vitest';
import { apiTarget, planRoutes, routeKeyOf } from '../../infra/route-plan';
import type { GroupCatalogue, HttpMethod, RouteDefinition } from '../../shared/http/catalogue';
import { defineGroup } from '../../shared/http/catalogue';

const operation = (method: HttpMethod, path: string): RouteDefinition => ({
  method,
  path,
  operationId: `${method}${path}`,
  summary: 'test',
  permission: 'read',
  status: 200,
});

const group = (name: string, ...routes: RouteDefinition[]): GroupCatalogue =>
  defineGroup(name, Object.fromEntries(routes.map((route) => [route.operationId, route])));

describe('planRoutes', () => {
  const orders = group('orders', operation('GET', '/v1/orders/{id}'), operation('PUT', '/v1/orders/{id}'));
  const activity = group('order-activity', operation('GET', '/v1/orders/{orderId}/notes'));

  it('deploys canonical paths, authorized, and the public OpenAPI document and reference page; nothing else', () => {
    const routes = planRoutes([orders, activity]);
    expect(routes.map(routeKeyOf)).toEqual([
      'GET /v1/orders/{p2}',
      'HEAD /v1/orders/{p2}',
      'PUT /v1/orders/{p2}',
      'GET /v1/orders/{p2}/notes',
      'HEAD /v1/orders/{p2}/notes',
      'GET /v1/openapi.json',
      'HEAD /v1/openapi.json',
      'GET /v1/docs',
      'HEAD /v1/docs',
      'GET /v1/docs/scalar.js',
      'HEAD /v1/docs/scalar.js',
    ]);
    expect(routes.find((route) => routeKeyOf(route) === 'GET /v1/orders/{p2}/notes')?.target).toBe(
      'order-activity',
    );
    // HEAD goes to the GET's function (API Gateway has no HEAD of its own), with the GET's authorizer.
    expect(routes.find((route) => routeKeyOf(route) === 'HEAD /v1/orders/{p2}/notes')).toEqual({
      method: 'HEAD',
      path: '/v1/orders/{p2}/notes',
      target: 'order-activity',
    });
    const open = routes.filter((route) => route.publicBecause);
    expect(open.map(routeKeyOf)).toEqual([
      'GET /v1/openapi.json',
      'HEAD /v1/openapi.json',
      'GET /v1/docs',
      'HEAD /v1/docs',
      'GET /v1/docs/scalar.js',
      'HEAD /v1/docs/scalar.js',
    ]);
    expect(new Set(open.map((route) => route.target))).toEqual(new Set([apiTarget]));
  });

  it('refuses two operations with one route key', () => {
    const twin = group('returns', operation('GET', '/v1/orders/{returnId}'));
    expect(() => planRoutes([orders, twin])).toThrow(/share the route key GET \/v1\/orders\/\{p2\}/);
  });
});

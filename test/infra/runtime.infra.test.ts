import { beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../functions/catalogue';
import { routeThrottles } from '../../infra/constructs/api';
import { canonicalRouteKey, defineGroup, route } from '../../shared/http/catalogue';
import type { Synthesized } from './synth';
import { resourcesOf, synthesize } from './synth';

describe('runtime settings from the catalogue', () => {
  let synth: Synthesized;
  beforeAll(() => {
    synth = synthesize();
  });

  const functionOf = (group: string) =>
    resourcesOf(synth.template, 'AWS::Lambda::Function')[
      synth.logicalId(synth.stack.groupFunctions.get(group)!.function)
    ]!.Properties!;

  it.each(catalogues.map((catalogue) => [catalogue.group, catalogue] as const))(
    '%s: memory, time-out and reserved concurrency as its catalogue declares them',
    (group, catalogue) => {
      expect(catalogue.runtime, group).toBeDefined();
      const { memoryMb, timeoutSeconds, reservedConcurrency } = catalogue.runtime!;
      const properties = functionOf(group);
      expect(properties.MemorySize).toBe(memoryMb);
      expect(properties.Timeout).toBe(timeoutSeconds);
      expect(timeoutSeconds).toBeLessThanOrEqual(25);
      expect(properties.ReservedConcurrentExecutions).toBe(reservedConcurrency);
    },
  );

  it('reserves concurrency for the reports group, whose exports must not starve the others', () => {
    expect(functionOf('reports').ReservedConcurrentExecutions).toBeGreaterThan(0);
  });

  it('refuses a group without a runtime, or one that would outlive API Gateway’s 30 s', () => {
    const bare = defineGroup('vendors', catalogues.find((c) => c.group === 'vendors')!.routes);
    expect(() => synthesize({ catalogues: [bare] })).toThrow(/declares no runtime/);
    const slow = defineGroup('vendors', bare.routes, { memoryMb: 512, timeoutSeconds: 29 });
    expect(() => synthesize({ catalogues: [slow] })).toThrow(/times out after 29 s/);
  });

  it('sets the metrics namespace of the stage on every function', () => {
    for (const { Properties } of Object.values(resourcesOf(synth.template, 'AWS::Lambda::Function'))) {
      const variables = (Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables.METRICS_NAMESPACE).toBe('CommerceBackoffice/test');
    }
  });
});

describe('per-route throttling', () => {
  let synth: Synthesized;
  beforeAll(() => {
    synth = synthesize();
  });

  const stage = () => Object.values(resourcesOf(synth.template, 'AWS::ApiGatewayV2::Stage'))[0]!;

  it('throttles label printing and every export on their own, below the stage', () => {
    const throttled = routeThrottles(catalogues);
    expect([...throttled.keys()].sort()).toEqual(
      [
        'POST /v1/fulfillment/ship-now/{p3}/print',
        'POST /v1/orders/shipments/export',
        'POST /v1/reports/exports/excel',
        'POST /v1/reports/exports/pdf',
      ].sort(),
    );
    const stageThrottle = stage().Properties!.DefaultRouteSettings as {
      ThrottlingRateLimit: number;
      ThrottlingBurstLimit: number;
    };
    for (const throttle of throttled.values()) {
      expect(throttle.rateLimit).toBeLessThan(stageThrottle.ThrottlingRateLimit);
      expect(throttle.burstLimit).toBeLessThan(stageThrottle.ThrottlingBurstLimit);
    }
  });

  it('throttles a throttled GET’s HEAD route with it, since a HEAD does the GET’s work', () => {
    const throttle = { rateLimit: 1, burstLimit: 2 };
    const group = defineGroup('probe', {
      file: route({
        method: 'GET',
        path: '/v1/files/{id}',
        operationId: 'getFile',
        summary: 'file',
        permission: 'read',
        status: 200,
        throttle,
      }),
    });
    expect(Object.fromEntries(routeThrottles([group]))).toEqual({
      'GET /v1/files/{p2}': throttle,
      'HEAD /v1/files/{p2}': throttle,
    });
  });

  it('turns each route’s throttle into the stage’s route settings, keyed by the deployed route key', () => {
    const expected = Object.fromEntries(
      catalogues
        .flatMap((catalogue) => Object.values(catalogue.routes))
        .filter((route) => route.throttle)
        .map((route) => [
          canonicalRouteKey(route),
          {
            ThrottlingRateLimit: route.throttle!.rateLimit,
            ThrottlingBurstLimit: route.throttle!.burstLimit,
          },
        ]),
    );
    expect(stage().Properties!.RouteSettings).toEqual(expected);
    const routeKeys = Object.values(resourcesOf(synth.template, 'AWS::ApiGatewayV2::Route')).map(
      ({ Properties }) => Properties!.RouteKey,
    );
    for (const key of Object.keys(expected)) expect(routeKeys).toContain(key);
  });

  it('creates the stage after the throttled routes (route settings may only name existing routes)', () => {
    const dependsOn = (
      synth.template.toJSON().Resources as Record<string, { Type: string; DependsOn?: string[] }>
    )[synth.logicalId(synth.stack.api.stage)]!.DependsOn;
    expect(dependsOn?.length ?? 0).toBeGreaterThanOrEqual(4);
  });
});

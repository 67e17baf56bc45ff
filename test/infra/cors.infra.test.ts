import { beforeAll, describe, expect, it } from 'vitest';
import { routesPerApiQuota } from '../../infra/route-plan';
import { corsAllowedHeaders, corsExposedHeaders, corsMaxAgeSeconds, corsMethods } from '../../infra/cors';
import type { Synthesized, SynthesizedRoute } from './synth';
import { resourcesOf, routesOf, synthesize } from './synth';

const origins = ['https://backoffice.example.com', 'http://localhost:5173'];

describe('HTTP API with UI origins (CORS)', () => {
  let synth: Synthesized;
  let routes: Map<string, SynthesizedRoute>;
  beforeAll(() => {
    synth = synthesize({ uiOrigins: origins, throttle: { burstLimit: 50, rateLimit: 20 } });
    routes = routesOf(synth.template);
  });

  it('answers preflights from the CORS lists the functions use', () => {
    const [api] = Object.values(resourcesOf(synth.template, 'AWS::ApiGatewayV2::Api'));
    expect(api!.Properties!.CorsConfiguration).toEqual({
      AllowOrigins: origins,
      AllowHeaders: corsAllowedHeaders,
      ExposeHeaders: corsExposedHeaders,
      AllowMethods: corsMethods,
      MaxAge: corsMaxAgeSeconds,
    });
  });

  it('lets a browser send If-None-Match and read Retry-After, as the rules use them', () => {
    const [api] = Object.values(resourcesOf(synth.template, 'AWS::ApiGatewayV2::Api'));
    const cors = api!.Properties!.CorsConfiguration as { AllowHeaders: string[]; ExposeHeaders: string[] };
    expect(cors.AllowHeaders).toEqual(
      expect.arrayContaining(['if-match', 'if-none-match', 'idempotency-key']),
    );
    expect(cors.ExposeHeaders).toEqual(
      expect.arrayContaining(['etag', 'location', 'allow', 'idempotent-replayed', 'retry-after']),
    );
  });

  it('keeps preflights away from the authorizer: no route but $default could match an OPTIONS request', () => {
    // A preflight carries no token; API Gateway answers it from the CORS configuration unless a route
    // with an authorizer matches it, and only operation routes (never ANY or OPTIONS) are authorized.
    for (const route of routes.values()) {
      expect(route.routeKey.startsWith('ANY ') || route.routeKey.startsWith('OPTIONS '), route.routeKey).toBe(
        false,
      );
    }
    expect(routes.get('$default')?.authorizationType).toBe('NONE');
    expect(routes.size).toBeLessThanOrEqual(routesPerApiQuota);
  });

  it('leaves CORS to the API (functions get no origins) and gives the app client the callback URLs', () => {
    // API Gateway's corsPreflight sets the CORS headers on every response and ignores the functions' own.
    for (const fn of [...synth.stack.groupFunctions.values(), synth.stack.apiFunction]) {
      const { Properties } = resourcesOf(synth.template, 'AWS::Lambda::Function')[
        synth.logicalId(fn.function)
      ]!;
      expect(JSON.stringify(Properties!.Environment ?? {})).not.toContain('CORS_ORIGINS');
    }
    synth.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      CallbackURLs: origins.map((origin) => `${origin}/`),
    });
  });

  it('takes the stage throttling from its props', () => {
    synth.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: { ThrottlingBurstLimit: 50, ThrottlingRateLimit: 20 },
    });
  });
});

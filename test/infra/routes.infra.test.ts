import { beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../functions/catalogue';
import { docsPath, docsScriptPath, openApiPath } from '../../functions/openapi/paths';
import { findVariableConflicts } from '../../infra/route-conflicts';
import { routesPerApiQuota } from '../../infra/route-plan';
import { canonicalRouteKey, flattenCatalogue } from '../../shared/http/catalogue';
import type { Synthesized, SynthesizedRoute } from './synth';
import { resourcesOf, routesOf, synthesize } from './synth';

const operations = flattenCatalogue(catalogues);

describe('HTTP API routes', () => {
  let synth: Synthesized;
  let routes: Map<string, SynthesizedRoute>;
  let authorizerId: string;
  beforeAll(() => {
    synth = synthesize();
    routes = routesOf(synth.template);
    authorizerId = Object.keys(resourcesOf(synth.template, 'AWS::ApiGatewayV2::Authorizer'))[0]!;
  });

  const groupFunctionId = (group: string) => synth.logicalId(synth.stack.groupFunctions.get(group)!.function);
  const apiFunctionId = () => synth.logicalId(synth.stack.apiFunction.function);

  it('has one JWT authorizer, Cognito-issued, for the app client', () => {
    synth.template.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1);
    const authorizer = resourcesOf(synth.template, 'AWS::ApiGatewayV2::Authorizer')[authorizerId]!
      .Properties!;
    expect(authorizer.AuthorizerType).toBe('JWT');
    expect(JSON.stringify(authorizer.JwtConfiguration)).toContain('https://cognito-idp.');
  });

  it('routes every catalogue operation under its canonical key, with the authorizer, to its group', () => {
    expect(operations.length).toBeGreaterThan(0);
    for (const operation of operations) {
      expect(routes.get(canonicalRouteKey(operation)), canonicalRouteKey(operation)).toEqual({
        routeKey: canonicalRouteKey(operation),
        authorizationType: 'JWT',
        authorizerId,
        functionId: groupFunctionId(operation.group),
      });
    }
  });

  it('routes HEAD beside every GET, to the same function with the same authorizer, and beside nothing else', () => {
    for (const operation of operations.filter((op) => op.method === 'GET')) {
      const head = canonicalRouteKey(operation).replace(/^GET /, 'HEAD ');
      expect(routes.get(head), head).toEqual({
        routeKey: head,
        authorizationType: 'JWT',
        authorizerId,
        functionId: groupFunctionId(operation.group),
      });
    }
    const heads = [...routes.keys()].filter((key) => key.startsWith('HEAD '));
    const gets = [...routes.keys()].filter((key) => key.startsWith('GET '));
    expect(heads.map((key) => key.replace(/^HEAD /, 'GET ')).sort()).toEqual(gets.sort());
  });

  it('serves the OpenAPI document, the API reference page and the $default route without a token from the API function', () => {
    for (const path of [openApiPath, docsPath, docsScriptPath]) {
      expect(routes.get(`GET ${path}`)).toEqual({
        routeKey: `GET ${path}`,
        authorizationType: 'NONE',
        authorizerId: undefined,
        functionId: apiFunctionId(),
      });
    }
    expect(routes.get('$default')).toMatchObject({ authorizationType: 'NONE', functionId: apiFunctionId() });
    const open = [...routes.values()]
      .filter((route) => route.authorizationType !== 'JWT')
      .map((r) => r.routeKey);
    expect(open.sort()).toEqual(
      [
        '$default',
        ...[openApiPath, docsPath, docsScriptPath].flatMap((path) => [`GET ${path}`, `HEAD ${path}`]),
      ].sort(),
    );
  });

  it('obeys API Gateway: one variable name per level under any parent, across every route key', () => {
    expect(findVariableConflicts(routes.keys())).toEqual([]);
  });

  it('stays within the routes-per-API quota', () => {
    expect(routes.size).toBeLessThanOrEqual(routesPerApiQuota);
  });

  it('has a throttled $default stage with JSON access logs', () => {
    const [stage] = Object.values(resourcesOf(synth.template, 'AWS::ApiGatewayV2::Stage'));
    expect(stage!.Properties).toMatchObject({
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingBurstLimit: 200, ThrottlingRateLimit: 100 },
      AccessLogSettings: { DestinationArn: { 'Fn::GetAtt': [expect.any(String), 'Arn'] } },
    });
    const format = JSON.parse((stage!.Properties!.AccessLogSettings as { Format: string }).Format);
    expect(format).toMatchObject({
      requestId: '$context.requestId',
      routeKey: '$context.routeKey',
      status: '$context.status',
      integrationLatency: '$context.integrationLatency',
    });
  });

  it('configures no CORS when no UI origin is given', () => {
    const [api] = Object.values(resourcesOf(synth.template, 'AWS::ApiGatewayV2::Api'));
    expect(api!.Properties).not.toHaveProperty('CorsConfiguration');
  });

  it('outputs the API URL, user pool, app client, table, bucket, bus and alarm topic', () => {
    expect(Object.keys(synth.template.toJSON().Outputs).sort()).toEqual(
      [
        'AlarmTopicArn',
        'ApiUrl',
        'EventBusName',
        'ExportsBucketName',
        'TableName',
        'UserPoolClientId',
        'UserPoolId',
      ].sort(),
    );
  });
});

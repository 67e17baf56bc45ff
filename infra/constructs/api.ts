/**
 * The HTTP API: the planned routes (infra/route-plan.ts) with the JWT authorizer where they need it, one
 * Lambda integration per function, the $default route to the API's own function (404 and 405 problem
 * documents), CORS for the UI origins, and a throttled $default stage with JSON access logs.
 */
import { Annotations, Duration, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import type { IHttpRouteAuthorizer, ThrottleSettings } from 'aws-cdk-lib/aws-apigatewayv2';
import type { CfnStage } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { GroupCatalogue, RouteThrottle } from '../../shared/http/catalogue';
import { flattenCatalogue, servedRouteKeys } from '../../shared/http/catalogue';
import { corsAllowedHeaders, corsExposedHeaders, corsMaxAgeSeconds, corsMethods } from '../cors';
import { apiTarget, planRoutes, routeKeyOf, routesPerApiQuota } from '../route-plan';

export interface CommerceApiProps {
  groups: readonly GroupCatalogue[];
  /** Each group's function, by group name. */
  groupFunctions: ReadonlyMap<string, IFunction>;
  /** Serves the OpenAPI document and the $default route. */
  apiFunction: IFunction;
  authorizer: IHttpRouteAuthorizer;
  /** UI origins allowed by CORS; none means no CORS configuration at all. */
  corsOrigins: readonly string[];
  throttle: ThrottleSettings;
}

/** One JSON object per request; the fields an operator filters on first. */
const accessLogFields = {
  requestId: '$context.requestId',
  routeKey: '$context.routeKey',
  method: '$context.httpMethod',
  path: '$context.path',
  status: '$context.status',
  integrationLatency: '$context.integrationLatency',
  responseLatency: '$context.responseLatency',
  responseLength: '$context.responseLength',
  requestTime: '$context.requestTime',
  sourceIp: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  subject: '$context.authorizer.claims.sub',
  authorizerError: '$context.authorizer.error',
  integrationError: '$context.integrationErrorMessage',
  error: '$context.error.message',
};

/** The catalogue's throttled routes, by the canonical route key the stage knows them by. */
export function routeThrottles(groups: readonly GroupCatalogue[]): Map<string, RouteThrottle> {
  return new Map(
    flattenCatalogue(groups)
      .filter((definition) => definition.throttle)
      // A HEAD does a GET's whole work: it is throttled with it.
      .flatMap((definition) =>
        servedRouteKeys(definition).map((routeKey) => [routeKey, definition.throttle!] as const),
      ),
  );
}

export class CommerceApi extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;

  constructor(scope: Construct, id: string, props: CommerceApiProps) {
    super(scope, id);
    // One permission per function for the whole API, not one per route: a Lambda resource policy
    // holds 20 KB, which a hundred route-scoped statements would exceed.
    const integrationOf = (name: string, fn: IFunction) =>
      new HttpLambdaIntegration(`${name}-integration`, fn, { scopePermissionToRoute: false });
    const apiIntegration = integrationOf(apiTarget, props.apiFunction);
    const integrations = new Map(
      [...props.groupFunctions].map(([group, fn]) => [group, integrationOf(group, fn)]),
    );

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Back-office commerce API',
      createDefaultStage: false,
      defaultIntegration: apiIntegration,
      corsPreflight:
        props.corsOrigins.length > 0
          ? {
              allowOrigins: [...props.corsOrigins],
              allowHeaders: corsAllowedHeaders,
              exposeHeaders: corsExposedHeaders,
              allowMethods: corsMethods.map(
                (method) => CorsHttpMethod[method as keyof typeof CorsHttpMethod],
              ),
              maxAge: Duration.seconds(corsMaxAgeSeconds),
            }
          : undefined,
    });

    const routes = planRoutes(props.groups);
    const httpRoutes = new Map<string, HttpRoute>();
    for (const route of routes) {
      const integration = route.target === apiTarget ? apiIntegration : integrations.get(route.target);
      if (!integration) throw new Error(`No function for group "${route.target}".`);
      const httpRoute = new HttpRoute(this, routeKeyOf(route).replaceAll('/', '|'), {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method as keyof typeof HttpMethod]),
        integration,
        authorizer: route.publicBecause ? undefined : props.authorizer,
      });
      httpRoutes.set(routeKeyOf(route), httpRoute);
      if (route.publicBecause) {
        Validations.of(httpRoute).acknowledge({ id: 'AwsSolutions-APIG4', reason: route.publicBecause });
      }
    }
    const routeCount = routes.length + 1; // and $default
    if (routeCount > routesPerApiQuota) {
      Annotations.of(this).addWarningV2(
        'commerce:routes-per-api',
        `${routeCount} routes exceed the default quota of ${routesPerApiQuota} per HTTP API: raise it first.`,
      );
    }

    const defaultRoute = this.httpApi.node.tryFindChild('DefaultRoute');
    if (defaultRoute) {
      Validations.of(defaultRoute).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason:
          'The $default route only answers paths and methods no operation has (404, 405 problem documents); it reads nothing.',
      });
    }

    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.ONE_MONTH });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(accessLogFields)),
      },
    });

    // Routes whose work is expensive get throttling of their own, below the stage's. A stage's route
    // settings may only name routes that exist, so the stage waits for them.
    const throttled = routeThrottles(props.groups);
    if (throttled.size > 0) {
      (this.stage.node.defaultChild as CfnStage).routeSettings = Object.fromEntries(
        [...throttled].map(([routeKey, throttle]) => [
          routeKey,
          { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit },
        ]),
      );
      for (const routeKey of throttled.keys()) this.stage.node.addDependency(httpRoutes.get(routeKey)!);
    }
  }

  get url(): string {
    return this.stage.url;
  }
}

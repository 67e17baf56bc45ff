/**
 * Synthesizes the stack for assertions without bundling (3 s to 0.1 s) or CloudFormation validation,
 * and reads the template back in the shapes the infra tests ask about.
 */
import type { CfnElement } from 'aws-cdk-lib';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import type { CommerceStackProps } from '../../infra/stack';
import { CommerceStack } from '../../infra/stack';

export interface Synthesized {
  stack: CommerceStack;
  template: Template;
  /** The logical id of a construct's CloudFormation resource. */
  logicalId: (construct: IConstruct) => string;
}

export function synthesize(overrides: Partial<CommerceStackProps> = {}): Synthesized {
  process.env.CDK_VALIDATION ??= 'false';
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new CommerceStack(app, 'CommerceTest', {
    stage: 'test',
    uiOrigins: [],
    throttle: { burstLimit: 200, rateLimit: 100 },
    ...overrides,
  });
  const template = Template.fromStack(stack);
  const logicalId = (construct: IConstruct) => {
    const element = (construct.node.defaultChild ?? construct) as CfnElement;
    return stack.getLogicalId(element);
  };
  return { stack, template, logicalId };
}

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;

export function resourcesOf(template: Template, type: string): Resources {
  return template.findResources(type) as Resources;
}

export interface SynthesizedRoute {
  routeKey: string;
  authorizationType: string;
  authorizerId?: string;
  /** Logical id of the Lambda function the route's integration invokes. */
  functionId: string;
}

const refOf = (value: unknown) => (value as { Ref: string }).Ref;

export function routesOf(template: Template): Map<string, SynthesizedRoute> {
  const integrations = resourcesOf(template, 'AWS::ApiGatewayV2::Integration');
  const routes = new Map<string, SynthesizedRoute>();
  for (const { Properties: route } of Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Route'))) {
    const [, parts] = (route!.Target as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
    const integration = integrations[refOf(parts[1])]!.Properties!;
    const [functionId] = (integration.IntegrationUri as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'];
    const routeKey = route!.RouteKey as string;
    routes.set(routeKey, {
      routeKey,
      authorizationType: route!.AuthorizationType as string,
      authorizerId: route!.AuthorizerId ? refOf(route!.AuthorizerId) : undefined,
      functionId,
    });
  }
  return routes;
}

export interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, unknown>;
}

/** Every statement of the inline policies attached to a role. */
export function statementsOf(template: Template, roleId: string): Statement[] {
  return Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
    .filter(({ Properties }) => (Properties!.Roles as unknown[]).some((role) => refOf(role) === roleId))
    .flatMap(({ Properties }) => (Properties!.PolicyDocument as { Statement: Statement[] }).Statement);
}

export const actionsOf = (statement: Statement) =>
  Array.isArray(statement.Action) ? statement.Action : [statement.Action];

export const resourceList = (statement: Statement) =>
  Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource];

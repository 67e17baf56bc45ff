/**
 * Every Lambda entry the stack deploys, with the environment the stack gives it, plus the reference
 * bundles they are measured against. The environment is read from the synthesized stack (bundling
 * skipped), so the benchmark loads each bundle with what ships: NODE_OPTIONS and the function's own
 * variables as infra/ sets them.
 */
import type { Stack } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { catalogues, handlerEntry } from '../../functions/catalogue';
import type { GroupFunction } from '../../infra/constructs/group-function';
import type { CommerceStack } from '../../infra/stack';

export interface Entry {
  name: string;
  /** Relative to the repository root. */
  entry: string;
}

export interface DeployedFunction extends Entry {
  /** The variables the stack sets, NODE_OPTIONS included; values resolved at deploy get a stand-in. */
  environment: Record<string, string>;
  memorySize: number;
}

/** Each function the stack deploys, by the construct that makes it (entries as the constructs name them). */
function functionsOf(stack: CommerceStack): Array<{ entry: Entry; construct: GroupFunction }> {
  return [
    ...catalogues.map(({ group }) => ({
      entry: { name: group, entry: handlerEntry(group) },
      construct: stack.groupFunctions.get(group)!,
    })),
    { entry: { name: 'openapi', entry: handlerEntry('openapi') }, construct: stack.apiFunction },
    { entry: { name: 'projector', entry: handlerEntry('projector') }, construct: stack.events.projector },
    {
      entry: { name: 'aggregates', entry: handlerEntry('aggregates') },
      construct: stack.aggregates.consumer,
    },
    { entry: { name: 'alerts', entry: handlerEntry('alerts') }, construct: stack.alerts.evaluator },
    {
      entry: { name: 'report-jobs', entry: 'functions/reports/jobs/handler.ts' },
      construct: stack.reportJobs.jobs,
    },
  ];
}

/** A table name, a queue URL or a secret's value: known only at deploy, so a string of its kind. */
const standIn = (name: string) => `bench-stand-in-${name.toLowerCase().replaceAll('_', '-')}`;

function environmentOf(stack: Stack, construct: GroupFunction): Record<string, string> {
  const cfn = construct.function.node.defaultChild as CfnFunction;
  const resolved = stack.resolve(cfn.environment) as { variables?: Record<string, unknown> } | undefined;
  return Object.fromEntries(
    Object.entries(resolved?.variables ?? {}).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : standIn(name),
    ]),
  );
}

/**
 * The functions of the stack as `cdk deploy` makes it with no context (infra/bin/app.ts's defaults).
 * Throws when the stack deploys a function this list does not name, so a new one cannot go unmeasured.
 * The CDK is imported here, not at the top: the other suites that import this file do not load it.
 */
export async function deployedFunctions(): Promise<DeployedFunction[]> {
  process.env.CDK_VALIDATION ??= 'false';
  const { App } = await import('aws-cdk-lib');
  const { CommerceStack } = await import('../../infra/stack');
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new CommerceStack(app, 'CommerceBench', {
    stage: 'dev',
    uiOrigins: [],
    throttle: { burstLimit: 200, rateLimit: 100 },
  });
  const listed = functionsOf(stack);
  const listedIds = new Set(listed.map(({ construct }) => construct.function.node.path));
  const unlisted = stack.node
    .findAll()
    .filter((node) => (node as { cfnResourceType?: string }).cfnResourceType === 'AWS::Lambda::Function')
    .map((node) => node.node.scope!.node.path)
    .filter((path) => !listedIds.has(path));
  if (unlisted.length > 0) {
    throw new Error(
      `The stack deploys functions bench/support/function-entries.ts does not list: ${unlisted}`,
    );
  }
  return listed.map(({ entry, construct }) => {
    const cfn = construct.function.node.defaultChild as CfnFunction;
    return {
      ...entry,
      environment: environmentOf(stack, construct),
      memorySize: stack.resolve(cfn.memorySize) as number,
    };
  });
}

export const baselineEntry: Entry = {
  name: 'baseline (DynamoDB clients)',
  entry: 'bench/fixtures/sdk-baseline.ts',
};
export const importOnlyEntry: Entry = {
  name: 'DynamoDB clients, not constructed',
  entry: 'bench/fixtures/sdk-import-only.ts',
};
export const emptyEntry: Entry = { name: 'empty module', entry: 'bench/fixtures/empty-module.ts' };

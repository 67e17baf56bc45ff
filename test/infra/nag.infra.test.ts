import type { PolicyViolation, Stack } from 'aws-cdk-lib';
import { Validations } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CommerceStackProps } from '../../infra/stack';
import { synthesize } from './synth';

interface Acknowledgement {
  path: string;
  id: string;
  reason: string;
}

/** Every rule acknowledged anywhere in the tree, where, and why. */
function acknowledgementsIn(scope: IConstruct): Acknowledgement[] {
  return scope.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, string>).map(([id, reason]) => ({
          path: construct.node.path,
          id: id.replace(/^annotation::/i, ''),
          reason,
        })),
      ),
  );
}

/** What AwsSolutions finds with every acknowledgement ignored. */
function rawFindings(scope: IConstruct): PolicyViolation[] {
  const pack = new AwsSolutionsChecks();
  (pack as unknown as { isAcknowledged: () => boolean }).isAcknowledged = () => false;
  return pack.validateScope(scope).violations;
}

const variants: Array<[string, Partial<CommerceStackProps>]> = [
  ['created user pool, no CORS', {}],
  [
    'existing user pool, CORS',
    { uiOrigins: ['https://ui.example.com'], existingUserPool: { userPoolId: 'eu-west-1_X' } },
  ],
];

describe.each(variants)('cdk-nag AwsSolutions (%s)', (_name, overrides) => {
  let stack: Stack;
  let violations: PolicyViolation[];
  beforeAll(() => {
    stack = synthesize(overrides).stack;
    violations = new AwsSolutionsChecks().validateScope(stack).violations;
  });
  const describeViolations = (list: PolicyViolation[]) =>
    list.map((v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);

  it('finds no unacknowledged error', () => {
    expect(describeViolations(violations.filter((v) => v.severity === 'error'))).toEqual([]);
  });

  it('finds no unacknowledged warning', () => {
    expect(describeViolations(violations.filter((v) => v.severity !== 'error'))).toEqual([]);
  });

  it('leaves no CDK warning or error annotation (deprecations, the route quota)', () => {
    const annotations = Annotations.fromStack(stack);
    const messages = [
      ...annotations.findWarning('*', Match.anyValue()),
      ...annotations.findError('*', Match.anyValue()),
    ];
    expect(messages.map((message) => `${message.id}: ${String(message.entry.data)}`)).toEqual([]);
  });

  it('gives every acknowledgement a real reason', () => {
    const acknowledgements = acknowledgementsIn(stack);
    expect(acknowledgements.length).toBeGreaterThan(0);
    for (const { id, reason } of acknowledgements) {
      expect(id).toMatch(/^AwsSolutions-/);
      expect(reason.length, id).toBeGreaterThan(40);
    }
  });

  it('acknowledges only findings that exist (no stale suppression hides a future one)', () => {
    const findings = rawFindings(stack);
    for (const { path, id } of acknowledgementsIn(stack)) {
      const found = findings.some(
        (finding) =>
          finding.ruleName === id &&
          finding.violatingResources.some(
            (r) => r.constructPath === path || r.constructPath?.startsWith(`${path}/`),
          ),
      );
      expect(found, `${id} acknowledged at ${path}`).toBe(true);
    }
  });
});

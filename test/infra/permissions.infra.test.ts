import { beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../functions/catalogue';
import type { GroupAccess } from '../../infra/group-access';
import {
  accessOf,
  consumerAccess,
  idempotencyKeyPatterns,
  tableGrantOf,
  writeActions,
} from '../../infra/group-access';
import type { Statement, Synthesized } from './synth';
import { actionsOf, resourceList, resourcesOf, statementsOf, synthesize } from './synth';

const tableWriteActions = writeActions.map((action) => `dynamodb:${action}`);

/**
 * A role's table grants as the template has them, in the declaration's terms: the read actions (on the
 * table and its indexes, no condition), and each write action with the partition-key patterns its
 * statement allows (on the table only). Anything else on the table fails here.
 */
function tableGrantsIn(statements: Statement[], tableArn: string, indexesArn: string) {
  const reads = new Set<string>();
  const writes = new Map<string, string[]>();
  for (const statement of statements) {
    const actions = actionsOf(statement).filter(
      (action) => action.startsWith('dynamodb:') && !streamActions.includes(action),
    );
    if (actions.length === 0) continue;
    const resources = resourceList(statement).map((resource) => JSON.stringify(resource));
    const condition = statement.Condition as
      { 'ForAllValues:StringLike'?: { 'dynamodb:LeadingKeys'?: string[] } } | undefined;
    const keys = condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];
    if (keys) {
      expect(resources).toEqual([tableArn]);
      expect(Object.keys(statement.Condition!)).toEqual(['ForAllValues:StringLike']);
      for (const action of actions) writes.set(action.replace('dynamodb:', ''), [...keys]);
    } else {
      expect(statement.Condition, actions.join()).toBeUndefined();
      expect(new Set(resources)).toEqual(new Set([tableArn, indexesArn]));
      for (const action of actions) reads.add(action.replace('dynamodb:', ''));
    }
  }
  return { reads: [...reads].sort(), writes: Object.fromEntries([...writes].sort()) };
}

/** What a declaration grants, in the same shape. */
function declaredGrants(access: GroupAccess, idempotencyPatterns: readonly string[] = []) {
  const grant = tableGrantOf(access, idempotencyPatterns);
  return {
    reads: [...grant.reads].sort(),
    writes: Object.fromEntries(grant.writes.map(([action, keys]) => [action, [...keys]]).sort()),
  };
}

const streamActions = [
  'dynamodb:DescribeStream',
  'dynamodb:GetRecords',
  'dynamodb:GetShardIterator',
  'dynamodb:ListStreams',
];

/** Actions of one service across statements, and the resources they reach. */
function grantsFor(statements: Statement[], service: string) {
  const matching = statements.filter((statement) =>
    actionsOf(statement).some((a) => a.startsWith(`${service}:`)),
  );
  return {
    actions: new Set(matching.flatMap(actionsOf)),
    resources: matching.flatMap(resourceList).map((resource) => JSON.stringify(resource)),
  };
}

describe('least privilege', () => {
  let synth: Synthesized;
  let tableId: string;
  beforeAll(() => {
    synth = synthesize();
    tableId = synth.logicalId(synth.stack.table.table);
  });

  const roleStatements = (role: Parameters<Synthesized['logicalId']>[0]) =>
    statementsOf(synth.template, synth.logicalId(role));
  const tableArn = () => JSON.stringify({ 'Fn::GetAtt': [tableId, 'Arn'] });
  const tableIndexesArn = () =>
    JSON.stringify({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [tableId, 'Arn'] }, '/index/*']] });

  it('attaches no managed policy to any role: each gets only its inline grants', () => {
    for (const { Properties } of Object.values(resourcesOf(synth.template, 'AWS::IAM::Role'))) {
      expect(Properties).not.toHaveProperty('ManagedPolicyArns');
    }
  });

  it('grants each group exactly its declared table access (printed as the grant table)', () => {
    const table: string[] = [];
    for (const catalogue of catalogues) {
      const statements = roleStatements(synth.stack.groupFunctions.get(catalogue.group)!.role);
      const granted = tableGrantsIn(statements, tableArn(), tableIndexesArn());
      expect(granted, catalogue.group).toEqual(
        declaredGrants(accessOf(catalogue.group), idempotencyKeyPatterns(catalogue)),
      );
      expect(granted.reads).not.toContain('Scan');
      table.push(
        `${catalogue.group}: reads ${granted.reads.join(', ')}`,
        ...Object.entries(granted.writes).map(
          ([action, keys]) =>
            `  ${action}: ${keys.filter((key) => !key.startsWith('IDEMPOTENCY#')).join(' ')}${keys.some((key) => key.startsWith('IDEMPOTENCY#')) ? ' + own idempotency records' : ''}`,
        ),
      );
    }
    console.info(`Table grants per group function:\n${table.join('\n')}`);
  });

  it('writes idempotency records only for the group’s own POST operations, and no BatchWriteItem a group does not use', () => {
    for (const catalogue of catalogues) {
      const statements = roleStatements(synth.stack.groupFunctions.get(catalogue.group)!.role);
      const granted = tableGrantsIn(statements, tableArn(), tableIndexesArn());
      const posts = Object.values(catalogue.routes).filter((route) => route.method === 'POST');
      const idempotency = (granted.writes.PutItem ?? []).filter((key) => key.startsWith('IDEMPOTENCY#'));
      expect(idempotency.sort()).toEqual(posts.map((route) => `IDEMPOTENCY#*#${route.operationId}#*`).sort());
      if (!accessOf(catalogue.group).writes.BatchWriteItem) {
        expect(granted.writes, catalogue.group).not.toHaveProperty('BatchWriteItem');
      }
    }
    const reports = tableGrantsIn(
      roleStatements(synth.stack.groupFunctions.get('reports')!.role),
      tableArn(),
      tableIndexesArn(),
    );
    expect(Object.keys(reports.writes)).toEqual(['DeleteItem', 'PutItem', 'UpdateItem']);
    expect(reports.writes.UpdateItem!.every((key) => key.startsWith('IDEMPOTENCY#'))).toBe(true);
    expect(reports.writes.DeleteItem!.every((key) => key.startsWith('IDEMPOTENCY#'))).toBe(true);
    expect(reports.writes.PutItem!.filter((key) => !key.startsWith('IDEMPOTENCY#'))).toEqual(['EXPORT#*']);
  });

  it.each([
    ['aggregates', () => synth.stack.aggregates.consumer.role, consumerAccess.aggregates],
    ['alerts', () => synth.stack.alerts.evaluator.role, consumerAccess.alerts],
    ['report jobs', () => synth.stack.reportJobs.jobs.role, consumerAccess.reportJobs],
  ] as const)('grants the %s function exactly its declared table access', (_name, role, access) => {
    const granted = tableGrantsIn(roleStatements(role()), tableArn(), tableIndexesArn());
    expect(granted).toEqual(declaredGrants(access));
  });

  it.each(catalogues.map(({ group }) => group))('%s: files only under its declared prefixes', (group) => {
    const statements = roleStatements(synth.stack.groupFunctions.get(group)!.role);
    const s3 = grantsFor(statements, 's3');
    const prefixes = accessOf(group).filePrefixes ?? [];
    if (prefixes.length === 0) {
      expect(s3.actions.size).toBe(0);
      return;
    }
    expect([...s3.actions].sort()).toEqual(['s3:AbortMultipartUpload', 's3:GetObject', 's3:PutObject']);
    const bucketId = synth.logicalId(synth.stack.files.bucket);
    expect(s3.resources.sort()).toEqual(
      prefixes
        .map((prefix) =>
          JSON.stringify({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, `/${prefix}*`]] }),
        )
        .sort(),
    );
  });

  it('lets the API functions and the report jobs read the cursor key’s secret, and only fulfillment the ShipEngine one', () => {
    const cursorSecret = JSON.stringify({ Ref: synth.logicalId(synth.stack.cursorKey.secret) });
    for (const fn of [...synth.stack.groupFunctions.values(), synth.stack.reportJobs.jobs]) {
      const secrets = grantsFor(roleStatements(fn.role), 'secretsmanager');
      expect([...secrets.actions].sort()).toEqual([
        'secretsmanager:DescribeSecret',
        'secretsmanager:GetSecretValue',
      ]);
      expect(secrets.resources).toEqual([cursorSecret]);
    }
    const arn = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:shipengine-AbCdEf';
    const configured = synthesize({ shipEngine: { secretArn: arn, carrierIds: 'ups=se-1' } });
    for (const [group, fn] of configured.stack.groupFunctions) {
      const secrets = grantsFor(
        statementsOf(configured.template, configured.logicalId(fn.role)),
        'secretsmanager',
      );
      if (group !== 'fulfillment') {
        expect(secrets.resources, group).not.toContain(JSON.stringify(arn));
        continue;
      }
      expect([...secrets.actions].sort()).toEqual([
        'secretsmanager:DescribeSecret',
        'secretsmanager:GetSecretValue',
      ]);
      expect(secrets.resources.sort()).toEqual(
        [
          JSON.stringify(arn),
          JSON.stringify({ Ref: configured.logicalId(configured.stack.cursorKey.secret) }),
        ].sort(),
      );
      const { Properties } = resourcesOf(configured.template, 'AWS::Lambda::Function')[
        configured.logicalId(fn.function)
      ]!;
      expect(Properties).toMatchObject({
        Environment: { Variables: { SHIPENGINE_SECRET_ARN: arn, SHIPENGINE_CARRIER_IDS: 'ups=se-1' } },
        Layers: [expect.anything()],
      });
    }
  });

  it('gives the OpenAPI function no data access at all', () => {
    const statements = roleStatements(synth.stack.apiFunction.role);
    for (const service of ['dynamodb', 's3', 'events', 'sqs', 'secretsmanager']) {
      expect(grantsFor(statements, service).actions.size, service).toBe(0);
    }
  });

  it('lets the aggregates consumer read the stream and the generation pointer, and write aggregate cells and record markers only', () => {
    const statements = roleStatements(synth.stack.aggregates.consumer.role);
    const streamRead = statements.filter((s) => actionsOf(s).includes('dynamodb:GetRecords'));
    expect(streamRead.flatMap(resourceList)).toEqual([{ 'Fn::GetAtt': [tableId, 'StreamArn'] }]);
    expect(tableGrantsIn(statements, tableArn(), tableIndexesArn()).writes).toEqual({
      PutItem: ['AGGREC#*'],
      UpdateItem: ['AGG#*'],
    });
    const dynamodb = grantsFor(statements, 'dynamodb');
    // The generation pointer: it counts into the generation the reports read.
    expect(dynamodb.actions).toContain('dynamodb:GetItem');
    for (const other of [
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:Query',
      'dynamodb:Scan',
    ]) {
      expect(dynamodb.actions).not.toContain(other);
    }
    expect(grantsFor(statements, 'events').actions.size).toBe(0);
    expect(new Set(grantsFor(statements, 'sqs').resources)).toEqual(
      new Set([
        JSON.stringify({ 'Fn::GetAtt': [synth.logicalId(synth.stack.aggregates.deadLetters), 'Arn'] }),
      ]),
    );
  });

  it('lets the alerts evaluator read the table and stream, and write alert standings only', () => {
    const statements = roleStatements(synth.stack.alerts.evaluator.role);
    const streamRead = statements.filter((s) => actionsOf(s).includes('dynamodb:GetRecords'));
    expect(streamRead.flatMap(resourceList)).toEqual([{ 'Fn::GetAtt': [tableId, 'StreamArn'] }]);
    expect(tableGrantsIn(statements, tableArn(), tableIndexesArn()).writes).toEqual({
      BatchWriteItem: ['ALERTSTATE#*'],
      DeleteItem: ['ALERTSTATE#*'],
      PutItem: ['ALERTSTATE#*'],
    });
    expect(grantsFor(statements, 'dynamodb').actions).toContain('dynamodb:Query');
    expect(grantsFor(statements, 'dynamodb').actions).not.toContain('dynamodb:Scan');
    expect(grantsFor(statements, 'dynamodb').actions).not.toContain('dynamodb:UpdateItem');
    expect(grantsFor(statements, 'events').actions.size).toBe(0);
    expect(new Set(grantsFor(statements, 'sqs').resources)).toEqual(
      new Set([JSON.stringify({ 'Fn::GetAtt': [synth.logicalId(synth.stack.alerts.deadLetters), 'Arn'] })]),
    );
  });

  it('lets the report jobs read the table, write export records only, and put files under exports/ and scheduled/', () => {
    const statements = roleStatements(synth.stack.reportJobs.jobs.role);
    expect(tableGrantsIn(statements, tableArn(), tableIndexesArn()).writes).toEqual({
      PutItem: ['EXPORT#*'],
      UpdateItem: ['EXPORT#*'],
    });
    const dynamodb = grantsFor(statements, 'dynamodb');
    expect(dynamodb.actions).toContain('dynamodb:Query');
    expect(dynamodb.actions).not.toContain('dynamodb:Scan');
    expect(dynamodb.actions).not.toContain('dynamodb:DeleteItem');
    const files = grantsFor(statements, 's3');
    expect([...files.actions].sort()).toEqual(['s3:AbortMultipartUpload', 's3:GetObject', 's3:PutObject']);
    expect(files.resources.map((resource) => resource.match(/"\/([a-z]+\/)\*"/)?.[1]).sort()).toEqual([
      'exports/',
      'scheduled/',
    ]);
    expect(grantsFor(statements, 'events').actions.size).toBe(0);
  });

  it('lets the projector read the stream, put events on its bus only, and nothing else', () => {
    const statements = roleStatements(synth.stack.events.projector.role);
    const events = grantsFor(statements, 'events');
    expect([...events.actions]).toEqual(['events:PutEvents']);
    expect(events.resources).toEqual([
      JSON.stringify({ 'Fn::GetAtt': [synth.logicalId(synth.stack.events.bus), 'Arn'] }),
    ]);

    const streamRead = statements.filter((s) => actionsOf(s).includes('dynamodb:GetRecords'));
    expect(streamRead.flatMap(resourceList)).toEqual([{ 'Fn::GetAtt': [tableId, 'StreamArn'] }]);
    const dynamodb = grantsFor(statements, 'dynamodb');
    for (const write of [...tableWriteActions, 'dynamodb:GetItem', 'dynamodb:Query']) {
      expect(dynamodb.actions).not.toContain(write);
    }
    const sqs = grantsFor(statements, 'sqs');
    expect(new Set(sqs.resources)).toEqual(
      new Set([JSON.stringify({ 'Fn::GetAtt': [synth.logicalId(synth.stack.events.deadLetters), 'Arn'] })]),
    );
    expect(grantsFor(statements, 's3').actions.size).toBe(0);
  });

  it('allows a wildcard resource only where the service has no resource-level permissions', () => {
    for (const { Properties } of Object.values(resourcesOf(synth.template, 'AWS::IAM::Policy'))) {
      for (const statement of (Properties!.PolicyDocument as { Statement: Statement[] }).Statement) {
        if (resourceList(statement).includes('*')) {
          for (const action of actionsOf(statement)) {
            expect(['xray:PutTraceSegments', 'xray:PutTelemetryRecords', 'dynamodb:ListStreams']).toContain(
              action,
            );
          }
        }
      }
    }
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { catalogues } from '../../functions/catalogue';
import { tableReadActions, tableWriteActions } from '../../infra/constructs/group-function';
import { accessOf } from '../../infra/group-access';
import type { Statement, Synthesized } from './synth';
import { actionsOf, resourceList, resourcesOf, statementsOf, synthesize } from './synth';

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

  it.each(catalogues.map(({ group }) => group))(
    '%s: item access to the table and its indexes only',
    (group) => {
      const statements = roleStatements(synth.stack.groupFunctions.get(group)!.role);
      const dynamodb = grantsFor(statements, 'dynamodb');
      const expected =
        accessOf(group).table === 'read' ? tableReadActions : [...tableReadActions, ...tableWriteActions];
      expect([...dynamodb.actions].sort()).toEqual([...expected].sort());
      expect(dynamodb.actions).not.toContain('dynamodb:Scan');
      expect(new Set(dynamodb.resources)).toEqual(new Set([tableArn(), tableIndexesArn()]));
    },
  );

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

  it('lets no function read a secret unless ShipEngine is configured, and then only fulfillment, that one', () => {
    for (const fn of synth.stack.groupFunctions.values()) {
      expect(grantsFor(roleStatements(fn.role), 'secretsmanager').actions.size).toBe(0);
    }
    const arn = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:shipengine-AbCdEf';
    const configured = synthesize({ shipEngine: { secretArn: arn, carrierIds: 'ups=se-1' } });
    for (const [group, fn] of configured.stack.groupFunctions) {
      const secrets = grantsFor(
        statementsOf(configured.template, configured.logicalId(fn.role)),
        'secretsmanager',
      );
      if (group !== 'fulfillment') {
        expect(secrets.actions.size, group).toBe(0);
        continue;
      }
      expect([...secrets.actions].sort()).toEqual([
        'secretsmanager:DescribeSecret',
        'secretsmanager:GetSecretValue',
      ]);
      expect(secrets.resources).toEqual([JSON.stringify(arn)]);
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

  it('lets the aggregates consumer read the stream and write aggregate cells and record markers only', () => {
    const statements = roleStatements(synth.stack.aggregates.consumer.role);
    const streamRead = statements.filter((s) => actionsOf(s).includes('dynamodb:GetRecords'));
    expect(streamRead.flatMap(resourceList)).toEqual([{ 'Fn::GetAtt': [tableId, 'StreamArn'] }]);
    const writes = statements.filter((s) =>
      actionsOf(s).some((action) => tableWriteActions.includes(action)),
    );
    expect(writes).toHaveLength(1);
    expect(actionsOf(writes[0]!).sort()).toEqual(['dynamodb:PutItem', 'dynamodb:UpdateItem']);
    expect(writes[0]!.Condition).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['AGG#*', 'AGGREC#*'] },
    });
    const dynamodb = grantsFor(statements, 'dynamodb');
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
    const writes = statements.filter((s) =>
      actionsOf(s).some((action) => [...tableWriteActions, 'dynamodb:BatchWriteItem'].includes(action)),
    );
    expect(writes).toHaveLength(1);
    expect(actionsOf(writes[0]!).sort()).toEqual([
      'dynamodb:BatchWriteItem',
      'dynamodb:DeleteItem',
      'dynamodb:PutItem',
    ]);
    expect(writes[0]!.Condition).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['ALERTSTATE#*'] },
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
    const writes = statements.filter((s) =>
      actionsOf(s).some((action) => [...tableWriteActions, 'dynamodb:BatchWriteItem'].includes(action)),
    );
    expect(writes).toHaveLength(1);
    expect(actionsOf(writes[0]!).sort()).toEqual(['dynamodb:PutItem', 'dynamodb:UpdateItem']);
    expect(writes[0]!.Condition).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['EXPORT#*'] },
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

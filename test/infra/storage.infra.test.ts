import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSchedules } from '../../functions/reports/jobs/schedules-file';
import { eventBridgeCronFields, parseCron } from '../../shared/domain/cron';
import {
  exportsExpiryDays,
  exportsPrefix,
  scheduledExpiryDays,
  scheduledPrefix,
} from '../../infra/constructs/exports-bucket';
import { projectionInput, tableDefinition } from '../../shared/db/table-definition';
import type { Synthesized } from './synth';
import { resourcesOf, synthesize } from './synth';

const keySchema = (partitionKey: string, sortKey: string) => [
  { AttributeName: partitionKey, KeyType: 'HASH' },
  { AttributeName: sortKey, KeyType: 'RANGE' },
];

/** A bucket policy statement that denies every request made without TLS. */
const denyWithoutTls = Match.objectLike({
  Effect: 'Deny',
  Action: 's3:*',
  Condition: { Bool: { 'aws:SecureTransport': 'false' } },
});

describe('table, bucket and event plumbing', () => {
  let synth: Synthesized;
  beforeAll(() => {
    synth = synthesize();
  });

  it('builds the table from tableDefinition: keys, GSIs, TTL, stream, PITR, on-demand, retained', () => {
    synth.template.resourceCountIs('AWS::DynamoDB::Table', 1);
    const table =
      synth.template.findResources('AWS::DynamoDB::Table')[synth.logicalId(synth.stack.table.table)]!;
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.Properties).toMatchObject({
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: keySchema(tableDefinition.partitionKey, tableDefinition.sortKey),
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      StreamSpecification: { StreamViewType: tableDefinition.stream },
      TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
    });
    expect(tableDefinition.ttlAttribute).toBe('expiresAt');
    expect(table.Properties.GlobalSecondaryIndexes).toEqual(
      tableDefinition.globalIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: keySchema(index.partitionKey, index.sortKey),
        Projection: projectionInput(index.projection),
      })),
    );
    // DynamoDB refuses more than 100 projected non-key attributes over all of a table's indexes.
    const projected = table.Properties.GlobalSecondaryIndexes.flatMap(
      (index: { Projection: { NonKeyAttributes?: string[] } }) => index.Projection.NonKeyAttributes ?? [],
    );
    expect(projected.length).toBeLessThanOrEqual(100);
    const keyNames = [
      tableDefinition.partitionKey,
      tableDefinition.sortKey,
      ...tableDefinition.globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
    ];
    expect(table.Properties.AttributeDefinitions).toEqual(
      expect.arrayContaining(keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' }))),
    );
    expect(table.Properties.AttributeDefinitions).toHaveLength(keyNames.length);
  });

  it('keeps the exports bucket private, encrypted, TLS-only, expiring exports and logging access', () => {
    const bucketId = synth.logicalId(synth.stack.files.bucket);
    const bucket = synth.template.findResources('AWS::S3::Bucket')[bucketId]!.Properties;
    expect(bucket).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      LoggingConfiguration: { DestinationBucketName: { Ref: synth.logicalId(synth.stack.files.accessLogs) } },
    });
    expect(bucket.LifecycleConfiguration.Rules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Prefix: exportsPrefix,
          ExpirationInDays: exportsExpiryDays,
          Status: 'Enabled',
        }),
        expect.objectContaining({
          Prefix: scheduledPrefix,
          ExpirationInDays: scheduledExpiryDays,
          Status: 'Enabled',
        }),
        expect.objectContaining({
          AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
          Status: 'Enabled',
        }),
      ]),
    );
    synth.template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: { Statement: Match.arrayWith([denyWithoutTls]) },
    });
  });

  it('keeps the access-log bucket private, encrypted, TLS-only and expiring', () => {
    const logsId = synth.logicalId(synth.stack.files.accessLogs);
    const logs = synth.template.findResources('AWS::S3::Bucket')[logsId]!.Properties;
    expect(logs.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(logs.BucketEncryption).toBeDefined();
    expect(logs.LifecycleConfiguration.Rules).toEqual([expect.objectContaining({ ExpirationInDays: 90 })]);
    synth.template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: logsId },
      PolicyDocument: { Statement: Match.arrayWith([denyWithoutTls]) },
    });
  });

  it('feeds the aggregates consumer from the stream with a mapping and a dead-letter queue of its own', () => {
    synth.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [synth.logicalId(synth.stack.table.table), 'StreamArn'] },
      FunctionName: { Ref: synth.logicalId(synth.stack.aggregates.consumer.function) },
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: -1,
      FilterCriteria: {
        Filters: [{ Pattern: JSON.stringify({ dynamodb: { Keys: { PK: { S: [{ prefix: 'ORDER#' }] } } } }) }],
      },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: {
        OnFailure: {
          Destination: { 'Fn::GetAtt': [synth.logicalId(synth.stack.aggregates.deadLetters), 'Arn'] },
        },
      },
    });
  });

  it('feeds the alerts evaluator the records of every input of an assessment in one filter, and runs it daily at 06:00 in the reporting zone', () => {
    const prefixes = (...values: string[]) =>
      JSON.stringify({ dynamodb: { Keys: { PK: { S: values.map((value) => ({ prefix: value })) } } } });
    synth.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [synth.logicalId(synth.stack.table.table), 'StreamArn'] },
      FunctionName: { Ref: synth.logicalId(synth.stack.alerts.evaluator.function) },
      BisectBatchOnFunctionError: true,
      FilterCriteria: {
        Filters: [
          {
            Pattern: prefixes(
              'STOCK#',
              'ALERTRULE#',
              'SETTINGS',
              'VENDOR#',
              'POSOURCE#',
              'SEASONALFACTOR#',
              'STOCKRULE#',
              'RULELIST#',
            ),
          },
        ],
      },
      DestinationConfig: {
        OnFailure: {
          Destination: { 'Fn::GetAtt': [synth.logicalId(synth.stack.alerts.deadLetters), 'Arn'] },
        },
      },
    });
    synth.template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(0 6 * * ? *)',
      ScheduleExpressionTimezone: 'UTC',
      Target: Match.objectLike({
        Arn: { 'Fn::GetAtt': [synth.logicalId(synth.stack.alerts.evaluator.function), 'Arn'] },
        Input: JSON.stringify({ run: 'daily' }),
      }),
    });
  });

  it('feeds the report jobs new pending exports only, and runs each configured schedule in the reporting zone with retries and a dead-letter queue', () => {
    const jobs = synth.stack.reportJobs;
    synth.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [synth.logicalId(synth.stack.table.table), 'StreamArn'] },
      FunctionName: { Ref: synth.logicalId(jobs.jobs.function) },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      FilterCriteria: {
        Filters: [
          {
            Pattern: JSON.stringify({
              eventName: ['INSERT'],
              dynamodb: {
                Keys: { PK: { S: [{ prefix: 'EXPORT#' }] } },
                NewImage: { status: { S: ['pending'] } },
              },
            }),
          },
        ],
      },
      DestinationConfig: {
        OnFailure: { Destination: { 'Fn::GetAtt': [synth.logicalId(jobs.deadLetters), 'Arn'] } },
      },
    });
    synth.template.hasResourceProperties('AWS::Lambda::Function', {
      Handler: 'index.handler',
      Timeout: 900,
      MemorySize: 2048,
      Description: Match.stringLikeRegexp('^Report jobs'),
    });
    const schedules = readSchedules().filter((entry) => entry.enabled);
    expect(jobs.schedules).toHaveLength(schedules.length);
    for (const entry of schedules) {
      const cron = eventBridgeCronFields(parseCron(entry.cron));
      synth.template.hasResourceProperties('AWS::Scheduler::Schedule', {
        ScheduleExpression: `cron(${cron.minute} ${cron.hour} ${cron.day ?? (cron.weekDay ? '?' : '*')} ${cron.month} ${cron.weekDay ?? '?'} *)`,
        ScheduleExpressionTimezone: 'UTC',
        Target: Match.objectLike({
          Arn: { 'Fn::GetAtt': [synth.logicalId(jobs.jobs.function), 'Arn'] },
          Input: JSON.stringify({ schedule: entry }),
          RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 7200 },
          DeadLetterConfig: { Arn: { 'Fn::GetAtt': [synth.logicalId(jobs.scheduleDeadLetters), 'Arn'] } },
        }),
      });
    }
  });

  it('feeds the projector from the stream with retries, bisection, partial failures and a dead-letter queue', () => {
    const queueId = synth.logicalId(synth.stack.events.deadLetters);
    synth.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [synth.logicalId(synth.stack.table.table), 'StreamArn'] },
      FunctionName: { Ref: synth.logicalId(synth.stack.events.projector.function) },
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: 100,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 5,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
    });
    const queue = resourcesOf(synth.template, 'AWS::SQS::Queue')[queueId]!.Properties;
    expect(queue).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    synth.template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: queueId }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    synth.template.resourceCountIs('AWS::Events::EventBus', 1);
  });
});

import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { alarmThresholds } from '../../infra/constructs/alarms';
import type { GroupFunction } from '../../infra/constructs/group-function';
import type { Synthesized } from './synth';
import { resourcesOf, synthesize } from './synth';

describe('alarms', () => {
  let synth: Synthesized;
  beforeAll(() => {
    synth = synthesize();
  });

  const topicAction = () => [{ Ref: synth.logicalId(synth.stack.alarms.topic) }];
  /** Every alarm has the same shape apart from its metric and threshold. */
  const expectAlarm = (properties: Record<string, unknown>) =>
    synth.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      TreatMissingData: 'notBreaching',
      AlarmActions: topicAction(),
      ...properties,
    });
  const functionDimension = (fn: GroupFunction) => [
    { Name: 'FunctionName', Value: { Ref: synth.logicalId(fn.function) } },
  ];
  const everyFunction = (): Array<[string, GroupFunction]> => [
    ...synth.stack.groupFunctions,
    ['openapi', synth.stack.apiFunction],
    ['projector', synth.stack.events.projector],
    ['aggregates', synth.stack.aggregates.consumer],
    ['alerts', synth.stack.alerts.evaluator],
    ['report-jobs', synth.stack.reportJobs.jobs],
  ];

  it('notifies an encrypted, TLS-only topic that CloudWatch may publish to', () => {
    synth.template.hasResourceProperties('AWS::SNS::Topic', {
      KmsMasterKeyId: Match.objectLike({
        'Fn::GetAtt': Match.arrayWith([Match.stringLikeRegexp('TopicKey')]),
      }),
    });
    synth.template.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
          }),
        ]),
      },
    });
    synth.template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({ Principal: { Service: 'cloudwatch.amazonaws.com' }, Action: 'sns:Publish' }),
        ]),
      },
    });
    expect(Object.keys(resourcesOf(synth.template, 'AWS::SNS::Subscription'))).toHaveLength(0);
  });

  it('subscribes the alarm email when the deployment names one', () => {
    const withEmail = synthesize({ alarmEmail: 'oncall@example.com' });
    withEmail.template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'oncall@example.com',
      TopicArn: { Ref: withEmail.logicalId(withEmail.stack.alarms.topic) },
    });
  });

  it('alarms on the API’s 5xx rate and p99 latency', () => {
    const apiDimensions = [
      { Name: 'ApiId', Value: { Ref: synth.logicalId(synth.stack.api.httpApi) } },
      { Name: 'Stage', Value: '$default' },
    ];
    expectAlarm({
      Threshold: alarmThresholds.api5xxPercent,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 2,
      Metrics: Match.arrayWith([
        Match.objectLike({ Expression: 'IF(requests > 0, 100 * errors / requests, 0)' }),
        Match.objectLike({
          Id: 'errors',
          MetricStat: Match.objectLike({
            Metric: { Namespace: 'AWS/ApiGateway', MetricName: '5xx', Dimensions: apiDimensions },
          }),
        }),
        Match.objectLike({
          Id: 'requests',
          MetricStat: Match.objectLike({
            Metric: { Namespace: 'AWS/ApiGateway', MetricName: 'Count', Dimensions: apiDimensions },
          }),
        }),
      ]),
    });
    expectAlarm({
      Namespace: 'AWS/ApiGateway',
      MetricName: 'Latency',
      ExtendedStatistic: 'p99',
      Dimensions: apiDimensions,
      Threshold: alarmThresholds.apiLatencyP99Ms,
      EvaluationPeriods: 3,
    });
  });

  it('alarms on every function’s errors, throttles, and p99 duration near its time-out', () => {
    const functions = everyFunction();
    expect(functions).toHaveLength(14);
    for (const [name, fn] of functions) {
      const Dimensions = functionDimension(fn);
      expectAlarm({ Namespace: 'AWS/Lambda', MetricName: 'Errors', Dimensions, Threshold: 1 });
      expectAlarm({ Namespace: 'AWS/Lambda', MetricName: 'Throttles', Dimensions, Threshold: 1 });
      const nearTimeout = Math.round(fn.timeout.toMilliseconds() * alarmThresholds.durationShareOfTimeout);
      expect(nearTimeout, name).toBeLessThan(fn.timeout.toMilliseconds());
      expectAlarm({
        Namespace: 'AWS/Lambda',
        MetricName: 'Duration',
        ExtendedStatistic: 'p99',
        Dimensions,
        Threshold: nearTimeout,
      });
    }
    // A 25 s API function alarms at 21.25 s; the 15-minute report jobs at 765 s.
    expectAlarm({
      MetricName: 'Duration',
      Dimensions: functionDimension(synth.stack.reportJobs.jobs),
      Threshold: 765_000,
    });
  });

  it('alarms on each stream consumer’s iterator age', () => {
    for (const fn of [
      synth.stack.events.projector,
      synth.stack.aggregates.consumer,
      synth.stack.alerts.evaluator,
      synth.stack.reportJobs.jobs,
    ]) {
      expectAlarm({
        Namespace: 'AWS/Lambda',
        MetricName: 'IteratorAge',
        Statistic: 'Maximum',
        Dimensions: functionDimension(fn),
        Threshold: alarmThresholds.iteratorAgeMs,
      });
    }
  });

  it('alarms on a message in any dead-letter queue', () => {
    const queues = [
      synth.stack.events.deadLetters,
      synth.stack.aggregates.deadLetters,
      synth.stack.alerts.deadLetters,
      synth.stack.reportJobs.deadLetters,
      synth.stack.reportJobs.scheduleDeadLetters,
    ];
    expect(Object.keys(resourcesOf(synth.template, 'AWS::SQS::Queue'))).toHaveLength(queues.length);
    for (const queue of queues) {
      expectAlarm({
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [synth.logicalId(queue), 'QueueName'] } }],
        Threshold: alarmThresholds.deadLetterMessages,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
    }
  });

  it('alarms on DynamoDB throttled requests and system errors across the operations the service sends', () => {
    const tableDimension = { Name: 'TableName', Value: { Ref: synth.logicalId(synth.stack.table.table) } };
    for (const [metricName, threshold] of [
      ['ThrottledRequests', alarmThresholds.tableThrottledRequests],
      ['SystemErrors', alarmThresholds.tableSystemErrors],
    ] as const) {
      const alarm = Object.values(resourcesOf(synth.template, 'AWS::CloudWatch::Alarm')).find(
        ({ Properties }) =>
          JSON.stringify(Properties!.Metrics ?? []).includes(`"MetricName":"${metricName}"`),
      );
      expect(alarm, metricName).toBeDefined();
      expect(alarm!.Properties).toMatchObject({ Threshold: threshold, TreatMissingData: 'notBreaching' });
      const operations = (
        alarm!.Properties!.Metrics as Array<{ MetricStat?: { Metric: { Dimensions: unknown[] } } }>
      )
        .filter((metric) => metric.MetricStat)
        .map((metric) => {
          expect(metric.MetricStat!.Metric.Dimensions).toContainEqual(tableDimension);
          return (metric.MetricStat!.Metric.Dimensions as Array<{ Name: string; Value: unknown }>).find(
            (dimension) => dimension.Name === 'Operation',
          )!.Value;
        });
      expect(operations).toEqual(
        expect.arrayContaining(['GetItem', 'Query', 'PutItem', 'UpdateItem', 'TransactWriteItems']),
      );
    }
  });

  it('alarms on the scheduled jobs’ failed and dropped runs, all of which sit in the stack’s own schedule group', () => {
    const groupName = synth.stack.schedules.scheduleGroupName;
    const group = { Name: 'ScheduleGroup', Value: groupName };
    for (const metricName of ['TargetErrorCount', 'InvocationDroppedCount']) {
      expectAlarm({
        Namespace: 'AWS/Scheduler',
        MetricName: metricName,
        Dimensions: [group],
        Threshold: alarmThresholds.scheduleFailures,
      });
    }
    const resources = synth.template.toJSON().Resources as Record<
      string,
      { Type: string; Properties: { GroupName?: unknown }; DependsOn?: string[] }
    >;
    const schedules = Object.values(resources).filter(({ Type }) => Type === 'AWS::Scheduler::Schedule');
    expect(schedules.length).toBeGreaterThan(1);
    for (const { Properties, DependsOn } of schedules) {
      expect(Properties.GroupName).toBe(groupName);
      // Named, not referenced: the schedule must wait for its group.
      expect(DependsOn).toContain(synth.logicalId(synth.stack.schedules));
    }
  });

  it('has no alarm without an action', () => {
    for (const { Properties } of Object.values(resourcesOf(synth.template, 'AWS::CloudWatch::Alarm'))) {
      expect(Properties!.AlarmActions).toEqual(topicAction());
    }
  });
});

/**
 * What an on-call engineer must know, as CloudWatch alarms on the services' own metrics, each notifying
 * one SNS topic (encrypted with a key of its own, TLS only; an email subscription when the deployment
 * names an address). Silence is healthy for every alarm here: a metric with no data (no requests, no
 * errors, an empty queue) does not breach.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import type { HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IAlarmAction, IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { Alarm, ComparisonOperator, MathExpression, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Operation } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** Every threshold in one place, so docs/operations.md's list and the infra test read the same numbers. */
export const alarmThresholds = {
  /** Share of API requests answered 5xx over five minutes, in percent, two periods running. */
  api5xxPercent: 1,
  /** p99 of the API's latency (ms) over five minutes, three periods running: cold starts alone stay under it. */
  apiLatencyP99Ms: 3000,
  /** Invocations that failed (an unhandled error or a time-out) in five minutes. */
  functionErrors: 1,
  /** Invocations Lambda refused for lack of concurrency in five minutes. */
  functionThrottles: 1,
  /** p99 duration over five minutes as a share of the function's time-out: close to being cut off. */
  durationShareOfTimeout: 0.85,
  /** Age of the oldest stream record a consumer has not yet handled (ms), at its maximum over five minutes. */
  iteratorAgeMs: 5 * 60_000,
  /** Messages waiting in a dead-letter queue: every one is a record or a run that needs a person. */
  deadLetterMessages: 1,
  /** Requests DynamoDB throttled in five minutes, over every item and transaction operation. */
  tableThrottledRequests: 5,
  /** Requests DynamoDB failed on its side (HTTP 500) in five minutes. */
  tableSystemErrors: 1,
  /** Scheduled runs that could not be delivered to their target in five minutes (after the retries: dropped). */
  scheduleFailures: 1,
} as const;

const period = Duration.minutes(5);

/** The operations this service sends; ThrottledRequests and SystemErrors are published per operation. */
const tableOperations = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
  Operation.TRANSACT_GET_ITEMS,
];

export interface MonitoredFunction {
  /** A short name for the alarm's id and description (orders, projector). */
  name: string;
  function: IFunction;
  timeout: Duration;
}

export interface CommerceAlarmsProps {
  api: HttpStage;
  functions: readonly MonitoredFunction[];
  /** The stream consumers among them, by name: their iterator age is watched. */
  streamConsumers: readonly MonitoredFunction[];
  deadLetterQueues: ReadonlyArray<{ name: string; queue: IQueue }>;
  table: ITable;
  schedules: IScheduleGroup;
  /** Subscribed to the topic by email when given (the address confirms the subscription once). */
  email?: string;
}

export class CommerceAlarms extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  private readonly action: IAlarmAction;

  constructor(scope: Construct, id: string, props: CommerceAlarmsProps) {
    super(scope, id);
    // CloudWatch cannot publish to a topic encrypted with the AWS-managed SNS key: a key of our own whose
    // policy lets CloudWatch use it.
    const key = new Key(this, 'TopicKey', {
      description: 'Encrypts the back-office alarm topic',
      enableKeyRotation: true,
    });
    key.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    );
    this.topic = new Topic(this, 'Topic', {
      displayName: 'Back-office alarms',
      masterKey: key,
      enforceSSL: true,
    });
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    );
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));
    this.action = new SnsAction(this.topic);

    this.apiAlarms(props.api);
    for (const fn of props.functions) this.functionAlarms(fn);
    for (const consumer of props.streamConsumers) {
      this.add(`${consumer.name}-IteratorAge`, {
        metric: consumer.function.metric('IteratorAge', { statistic: 'Maximum', period }),
        threshold: alarmThresholds.iteratorAgeMs,
        description: `The ${consumer.name} stream consumer is falling behind the table's stream (oldest unhandled record over 5 minutes old): look for a failing batch in its logs.`,
      });
    }
    for (const { name, queue } of props.deadLetterQueues) {
      this.add(`${name}-DeadLetters`, {
        metric: queue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period }),
        threshold: alarmThresholds.deadLetterMessages,
        description: `The ${name} dead-letter queue holds messages: records or runs that failed for good and need a person.`,
      });
    }
    this.add('Table-ThrottledRequests', {
      metric: props.table.metricThrottledRequestsForOperations({ operations: tableOperations, period }),
      threshold: alarmThresholds.tableThrottledRequests,
      description:
        'DynamoDB is throttling requests (a hot partition, or a burst beyond on-demand capacity): clients see 503 with Retry-After.',
    });
    this.add('Table-SystemErrors', {
      metric: props.table.metricSystemErrorsForOperations({ operations: tableOperations, period }),
      threshold: alarmThresholds.tableSystemErrors,
      description: 'DynamoDB answered requests with server errors: check the AWS Health dashboard.',
    });
    this.add('Schedules-TargetErrors', {
      metric: props.schedules.metricTargetErrors({ period }),
      threshold: alarmThresholds.scheduleFailures,
      description:
        'EventBridge Scheduler could not invoke a scheduled job (report exports, the daily alert sweep); it retries, then drops or dead-letters the run.',
    });
    this.add('Schedules-Dropped', {
      metric: props.schedules.metricDropped({ period }),
      threshold: alarmThresholds.scheduleFailures,
      description: 'A scheduled run was dropped after its retries: that report or sweep did not run.',
    });
  }

  private apiAlarms(api: HttpStage): void {
    const rate = new MathExpression({
      expression: 'IF(requests > 0, 100 * errors / requests, 0)',
      usingMetrics: {
        errors: api.metricServerError({ statistic: 'Sum', period }),
        requests: api.metricCount({ statistic: 'Sum', period }),
      },
      period,
      label: 'API 5xx (%)',
    });
    this.add('Api-5xxRate', {
      metric: rate,
      threshold: alarmThresholds.api5xxPercent,
      evaluationPeriods: 2,
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
      description:
        'More than 1% of API requests answered 5xx for 10 minutes: search the functions’ logs for the correlation ids.',
    });
    this.add('Api-LatencyP99', {
      metric: api.metricLatency({ statistic: 'p99', period }),
      threshold: alarmThresholds.apiLatencyP99Ms,
      evaluationPeriods: 3,
      description: 'The API’s p99 latency has stayed above 3 s for 15 minutes.',
    });
  }

  private functionAlarms({ name, function: fn, timeout }: MonitoredFunction): void {
    this.add(`${name}-Errors`, {
      metric: fn.metricErrors({ statistic: 'Sum', period }),
      threshold: alarmThresholds.functionErrors,
      description: `The ${name} function failed invocations (an unhandled error or a time-out).`,
    });
    this.add(`${name}-Throttles`, {
      metric: fn.metricThrottles({ statistic: 'Sum', period }),
      threshold: alarmThresholds.functionThrottles,
      description: `Lambda refused invocations of the ${name} function for lack of concurrency.`,
    });
    this.add(`${name}-Duration`, {
      metric: fn.metricDuration({ statistic: 'p99', period }),
      threshold: Math.round(timeout.toMilliseconds() * alarmThresholds.durationShareOfTimeout),
      description: `The ${name} function's p99 duration is above ${alarmThresholds.durationShareOfTimeout * 100}% of its ${timeout.toHumanString()} time-out.`,
    });
  }

  private add(
    id: string,
    spec: {
      metric: IMetric;
      threshold: number;
      description: string;
      evaluationPeriods?: number;
      comparison?: ComparisonOperator;
    },
  ): void {
    const alarm = new Alarm(this, id, {
      metric: spec.metric,
      threshold: spec.threshold,
      evaluationPeriods: spec.evaluationPeriods ?? 1,
      comparisonOperator: spec.comparison ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: spec.description,
    });
    alarm.addAlarmAction(this.action);
    this.alarms.push(alarm);
  }
}

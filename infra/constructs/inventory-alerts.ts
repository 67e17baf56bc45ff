/**
 * Inventory alerts: a consumer of the table's stream (the items an assessment reads as inputs only:
 * shared/alerts/records.ts), with its own mapping and dead-letter queue, and a daily schedule at 06:00 in the reporting zone
 * (EventBridge Scheduler) that sweeps every rule. It reads the table and writes only alert standings:
 * items whose partition key starts with ALERTSTATE#.
 */
import type { CfnElement } from 'aws-cdk-lib';
import { Duration, Stack, TimeZone, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Schedule, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { alertInputKeyPrefixes } from '../../shared/alerts/records';
import { consumerAccess, tableGrantOf } from '../group-access';
import { GroupFunction } from './group-function';
import { acknowledgeStreamListing, streamDeadLetterQueue } from './stream-consumer';

export interface InventoryAlertsProps {
  table: Table;
  logLevel: string;
  serviceName: string;
  /** IANA name of the reporting time zone: days, the look-back window and the daily run are its. */
  reportingTimeZone: string;
  /** The group its daily schedule belongs to (the alarms watch the group's failed runs). */
  scheduleGroup: IScheduleGroup;
}

/**
 * One filter whose key may start with any of the prefixes (a mapping takes at most 5 filters by default;
 * the values of one field are alternatives).
 */
const keysStartingWithAny = (prefixes: readonly string[]) =>
  FilterCriteria.filter({
    dynamodb: { Keys: { PK: { S: prefixes.flatMap((prefix) => FilterRule.beginsWith(prefix)) } } },
  });

export class InventoryAlerts extends Construct {
  readonly evaluator: GroupFunction;
  readonly deadLetters: Queue;
  readonly daily: Schedule;

  constructor(scope: Construct, id: string, props: InventoryAlertsProps) {
    super(scope, id);
    this.deadLetters = streamDeadLetterQueue(this, 'alerts consumer');
    this.evaluator = new GroupFunction(this, 'Evaluator', {
      entry: 'functions/alerts/handler.ts',
      description: 'Inventory alerts: assesses changed stock against the alert rules, and every rule daily',
      serviceName: `${props.serviceName}-alerts`,
      logLevel: props.logLevel,
      timeout: Duration.minutes(5),
      environment: {
        REPORTING_TIME_ZONE: props.reportingTimeZone,
        DEAD_LETTER_QUEUE_URL: this.deadLetters.queueUrl,
      },
    });
    this.evaluator.grantTable(props.table, tableGrantOf(consumerAccess.alerts));
    this.deadLetters.grantSendMessages(this.evaluator.role);
    this.evaluator.function.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: 100,
        bisectBatchOnError: true,
        retryAttempts: 3,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.deadLetters),
        // Its own ALERTSTATE# writes never come back to it.
        filters: [keysStartingWithAny(alertInputKeyPrefixes)],
      }),
    );
    acknowledgeStreamListing(this.evaluator.role);
    // Its own role: the scheduler may invoke this function (and its versions) and nothing else.
    const schedulerRole = new Role(this, 'DailyRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
    });
    const functionId = Stack.of(this).getLogicalId(this.evaluator.function.node.defaultChild as CfnElement);
    Validations.of(schedulerRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${functionId}.Arn>:*]`,
      reason: "The scheduler's grant to invoke the alerts function covers its versions; nothing else.",
    });
    this.daily = new Schedule(this, 'Daily', {
      scheduleGroup: props.scheduleGroup,
      description:
        'Sweeps every inventory alert rule once a day (a new day moves the window and the factors)',
      schedule: ScheduleExpression.cron({
        minute: '0',
        hour: '6',
        timeZone: TimeZone.of(props.reportingTimeZone),
      }),
      target: new LambdaInvoke(this.evaluator.function, {
        role: schedulerRole,
        input: ScheduleTargetInput.fromObject({ run: 'daily' }),
      }),
    });
    // The group is named, not referenced: without this CloudFormation may create the schedule first.
    this.daily.node.addDependency(props.scheduleGroup);
  }
}

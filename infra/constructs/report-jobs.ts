/**
 * The report jobs: a function of its own (15 minutes, 2 GB: a report of any length renders here, never
 * in the API's 25 s) that
 * - consumes the table's stream, filtered to new export records that are pending (a request whose file
 *   was too long to render in it), with its own dead-letter queue; and
 * - runs each entry of config/report-schedules.json on an EventBridge Scheduler schedule in the reporting
 *   zone (two retries, then the schedules' dead-letter queue).
 * It reads the table, writes only export records (EXPORT#…), and puts files under exports/ and scheduled/.
 */
import type { CfnElement } from 'aws-cdk-lib';
import { Duration, Stack, TimeZone, Validations } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { IScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Schedule, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { eventBridgeCronFields, parseCron } from '../../shared/domain/cron';
import { exportsPrefix, scheduledPrefix } from '../../shared/files/keys';
import type { ReportSchedule } from '../../functions/reports/jobs/schedules';
import { consumerAccess, tableGrantOf } from '../group-access';
import { cursorKeySecretVariable } from './cursor-signing-key';
import { GroupFunction } from './group-function';
import { acknowledgeStreamListing, streamDeadLetterQueue } from './stream-consumer';

export interface ReportJobsProps {
  table: Table;
  files: Bucket;
  logLevel: string;
  serviceName: string;
  reportingTimeZone: string;
  /** The cursor signing key's secret (its ARN, never its value): reports page through their own reads with it. */
  cursorSigningKeyArn: string;
  /** The group the schedules belong to (the alarms watch the group's failed runs). */
  scheduleGroup: IScheduleGroup;
  /** The currency stock is costed in (inventory reports' values). */
  inventoryCurrency: string;
  schedules: readonly ReportSchedule[];
}

export const reportJobsTimeout = Duration.minutes(15);

export class ReportJobs extends Construct {
  readonly jobs: GroupFunction;
  readonly deadLetters: Queue;
  readonly scheduleDeadLetters: Queue;
  readonly schedules: Schedule[] = [];

  constructor(scope: Construct, id: string, props: ReportJobsProps) {
    super(scope, id);
    this.deadLetters = streamDeadLetterQueue(this, 'report jobs consumer');
    this.jobs = new GroupFunction(this, 'Jobs', {
      entry: 'functions/reports/jobs/handler.ts',
      description: 'Report jobs: exports too long for a request, and the scheduled reports',
      serviceName: `${props.serviceName}-report-jobs`,
      logLevel: props.logLevel,
      memorySize: 2048,
      timeout: reportJobsTimeout,
      secretArns: [props.cursorSigningKeyArn],
      environment: {
        REPORTING_TIME_ZONE: props.reportingTimeZone,
        [cursorKeySecretVariable]: props.cursorSigningKeyArn,
        INVENTORY_CURRENCY: props.inventoryCurrency,
      },
    });
    this.jobs.grantTable(props.table, tableGrantOf(consumerAccess.reportJobs));
    this.jobs.grantFiles(props.files, [exportsPrefix, scheduledPrefix]);
    this.jobs.function.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: 1,
        retryAttempts: 2,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.deadLetters),
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('INSERT'),
            dynamodb: {
              Keys: { PK: { S: FilterRule.beginsWith('EXPORT#') } },
              NewImage: { status: { S: FilterRule.isEqual('pending') } },
            },
          }),
        ],
      }),
    );
    acknowledgeStreamListing(this.jobs.role);

    // The schedules' failed runs, after their retries: a queue of their own, beside the stream's.
    this.scheduleDeadLetters = streamDeadLetterQueue(new Construct(this, 'Runs'), 'scheduled report runs');
    const schedulerRole = new Role(this, 'SchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
    });
    const functionId = Stack.of(this).getLogicalId(this.jobs.function.node.defaultChild as CfnElement);
    Validations.of(schedulerRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${functionId}.Arn>:*]`,
      reason: "The scheduler's grant to invoke the report-jobs function covers its versions; nothing else.",
    });
    for (const entry of props.schedules) {
      if (!entry.enabled) continue;
      const cron = eventBridgeCronFields(parseCron(entry.cron));
      const schedule = new Schedule(this, `Schedule-${entry.name}`, {
        scheduleGroup: props.scheduleGroup,
        description: (entry.description ?? `${entry.report} as ${entry.format}`).slice(0, 512),
        schedule: ScheduleExpression.cron({ ...cron, timeZone: TimeZone.of(props.reportingTimeZone) }),
        target: new LambdaInvoke(this.jobs.function, {
          role: schedulerRole,
          input: ScheduleTargetInput.fromObject({ schedule: entry }),
          retryAttempts: 2,
          maxEventAge: Duration.hours(2),
          deadLetterQueue: this.scheduleDeadLetters,
        }),
      });
      // The group is named, not referenced: without this CloudFormation may create the schedule first.
      schedule.node.addDependency(props.scheduleGroup);
      this.schedules.push(schedule);
    }
  }
}

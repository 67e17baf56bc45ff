/**
 * The back-office commerce service: the single table, the exports bucket, one function per operation
 * group behind the HTTP API and its JWT authorizer, the OpenAPI function, and the stream projector
 * publishing domain events.
 */
import type { StackProps } from 'aws-cdk-lib';
import { CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import type { ThrottleSettings } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { Construct } from 'constructs';
import { catalogues, handlerEntry } from '../functions/catalogue';
import type { GroupCatalogue, GroupRuntime } from '../shared/http/catalogue';
import { CommerceAlarms } from './constructs/alarms';
import { CommerceApi } from './constructs/api';
import type { ExistingUserPool } from './constructs/auth';
import { CommerceAuth } from './constructs/auth';
import { CursorSigningKey, cursorKeySecretVariable } from './constructs/cursor-signing-key';
import { DomainEvents } from './constructs/events';
import { ReportAggregates } from './constructs/aggregates';
import { InventoryAlerts } from './constructs/inventory-alerts';
import { ReportJobs } from './constructs/report-jobs';
import { readSchedules } from '../functions/reports/jobs/schedules-file';
import { defaultReportingTimeZone } from '../shared/aggregates/time-zone';
import { isTimeZone } from '../shared/domain/reporting-days';
import { defaultInventoryCurrency, isCurrencyCode } from '../shared/inventory/cost-currency';
import { ExportsBucket } from './constructs/exports-bucket';
import { apiFunctionTimeout, GroupFunction } from './constructs/group-function';
import { CommerceTable } from './constructs/table';
import { accessOf, idempotencyKeyPatterns, tableGrantOf } from './group-access';

export interface CommerceStackProps extends StackProps {
  /** Deployment name (dev, staging, prod): part of SERVICE_NAME. */
  stage: string;
  /** UI origins for CORS and the app client's callback URLs. */
  uiOrigins: readonly string[];
  /** Use this Cognito user pool instead of creating one. */
  existingUserPool?: ExistingUserPool;
  throttle: Required<ThrottleSettings>;
  logLevel?: string;
  /** ShipEngine for fulfillment: the secret holding its API key, and the merchant's carriers (ups=se-1,...). */
  shipEngine?: { secretArn: string; carrierIds: string };
  /** The reporting time zone (IANA name); a day in the reports is a day there. UTC when absent. */
  reportingTimeZone?: string;
  /** The currency stock is costed in (ISO 4217): inventory values and valuations are in it. USD when absent. */
  inventoryCurrency?: string;
  /** Subscribed by email to the alarms' topic when given. */
  alarmEmail?: string;
  /** The groups to deploy: every group's catalogue unless a test names others. */
  catalogues?: readonly GroupCatalogue[];
}

/** A group's declared runtime, checked against what API Gateway allows an integration. */
function runtimeOf(catalogue: GroupCatalogue): GroupRuntime {
  const runtime = catalogue.runtime;
  if (!runtime) {
    throw new Error(
      `Group "${catalogue.group}" declares no runtime: pass { memoryMb, timeoutSeconds } to defineGroup.`,
    );
  }
  if (runtime.timeoutSeconds > apiFunctionTimeout.toSeconds()) {
    throw new Error(
      `Group "${catalogue.group}" times out after ${runtime.timeoutSeconds} s: API functions answer within ${apiFunctionTimeout.toSeconds()} s, before API Gateway gives up at 30 s.`,
    );
  }
  return runtime;
}

export class CommerceStack extends Stack {
  readonly groupFunctions = new Map<string, GroupFunction>();
  readonly apiFunction: GroupFunction;
  readonly table: CommerceTable;
  readonly files: ExportsBucket;
  readonly auth: CommerceAuth;
  readonly events: DomainEvents;
  readonly aggregates: ReportAggregates;
  readonly alerts: InventoryAlerts;
  readonly reportJobs: ReportJobs;
  readonly api: CommerceApi;
  readonly schedules: ScheduleGroup;
  readonly cursorKey: CursorSigningKey;
  readonly alarms: CommerceAlarms;

  constructor(scope: Construct, id: string, props: CommerceStackProps) {
    super(scope, id, props);
    const serviceName = `commerce-backoffice-${props.stage}`;
    const logLevel = props.logLevel ?? 'info';

    this.table = new CommerceTable(this, 'Data');
    this.files = new ExportsBucket(this, 'Files');
    this.auth = new CommerceAuth(this, 'Auth', {
      existing: props.existingUserPool,
      callbackUrls: props.uiOrigins.map((origin) => `${origin.replace(/\/$/, '')}/`),
    });
    this.cursorKey = new CursorSigningKey(this, 'CursorSigningKey');
    const cursorKey = this.cursorKey;
    const reportingTimeZone = props.reportingTimeZone ?? defaultReportingTimeZone;
    if (!isTimeZone(reportingTimeZone)) {
      throw new Error(
        `Context reportingTimeZone must be an IANA time zone (Europe/Warsaw, UTC): ${reportingTimeZone}`,
      );
    }

    const inventoryCurrency = props.inventoryCurrency ?? defaultInventoryCurrency;
    if (!isCurrencyCode(inventoryCurrency)) {
      throw new Error(`Context inventoryCurrency must be an ISO 4217 code (USD, EUR): ${inventoryCurrency}`);
    }

    const groups = props.catalogues ?? catalogues;
    for (const catalogue of groups) {
      const { group } = catalogue;
      const access = accessOf(group);
      const runtime = runtimeOf(catalogue);
      const shipEngine = group === 'fulfillment' ? props.shipEngine : undefined;
      const fn = new GroupFunction(this, `Group-${group}`, {
        entry: handlerEntry(group),
        description: `Back-office API: ${group} operations`,
        serviceName: `${serviceName}-${group}`,
        logLevel,
        memorySize: runtime.memoryMb,
        timeout: Duration.seconds(runtime.timeoutSeconds),
        reservedConcurrency: runtime.reservedConcurrency,
        environment: {
          // The secret's ARN, never its value: each container reads the key once (shared/db/cursor.ts).
          [cursorKeySecretVariable]: cursorKey.secretArn,
          // Reports bucket days in it, as the aggregates consumer does.
          REPORTING_TIME_ZONE: reportingTimeZone,
          INVENTORY_CURRENCY: inventoryCurrency,
          ...(shipEngine
            ? { SHIPENGINE_SECRET_ARN: shipEngine.secretArn, SHIPENGINE_CARRIER_IDS: shipEngine.carrierIds }
            : {}),
        },
        secretArns: [cursorKey.secretArn, ...(shipEngine ? [shipEngine.secretArn] : [])],
      });
      fn.grantTable(this.table.table, tableGrantOf(access, idempotencyKeyPatterns(catalogue)));
      fn.grantFiles(this.files.bucket, access.filePrefixes ?? []);
      this.groupFunctions.set(group, fn);
    }

    // Reads nothing: the document comes from the catalogue bundled into it.
    this.apiFunction = new GroupFunction(this, 'OpenApi', {
      entry: 'functions/openapi/handler.ts',
      description: 'Back-office API: OpenAPI document, unknown paths and methods',
      serviceName: `${serviceName}-openapi`,
      logLevel,
      memorySize: 512,
    });

    this.events = new DomainEvents(this, 'Events', { table: this.table.table, logLevel, serviceName });
    this.aggregates = new ReportAggregates(this, 'Aggregates', {
      table: this.table.table,
      logLevel,
      serviceName,
      reportingTimeZone,
    });

    // The scheduled jobs' own group, so their failed runs are told apart from any other schedule's.
    this.schedules = new ScheduleGroup(this, 'Schedules');
    this.alerts = new InventoryAlerts(this, 'Alerts', {
      scheduleGroup: this.schedules,
      table: this.table.table,
      logLevel,
      serviceName,
      reportingTimeZone,
    });

    this.reportJobs = new ReportJobs(this, 'ReportJobs', {
      table: this.table.table,
      files: this.files.bucket,
      logLevel,
      serviceName,
      reportingTimeZone,
      cursorSigningKeyArn: cursorKey.secretArn,
      scheduleGroup: this.schedules,
      inventoryCurrency,
      schedules: readSchedules(),
    });

    this.api = new CommerceApi(this, 'Api', {
      groups,
      groupFunctions: new Map<string, IFunction>(
        [...this.groupFunctions].map(([group, fn]) => [group, fn.function]),
      ),
      apiFunction: this.apiFunction.function,
      authorizer: new HttpUserPoolAuthorizer('Cognito', this.auth.userPool, {
        userPoolClients: [this.auth.client],
      }),
      corsOrigins: props.uiOrigins,
      throttle: props.throttle,
    });

    // Every function publishes its EMF metrics under the stage's namespace (shared/metrics reads it).
    const functions = this.node
      .findAll()
      .filter((node): node is GroupFunction => node instanceof GroupFunction);
    for (const fn of functions) {
      fn.function.addEnvironment('METRICS_NAMESPACE', `CommerceBackoffice/${props.stage}`);
    }
    const monitored = (name: string, fn: GroupFunction) => ({
      name,
      function: fn.function,
      timeout: fn.timeout,
    });
    const consumers = [
      monitored('projector', this.events.projector),
      monitored('aggregates', this.aggregates.consumer),
      monitored('alerts', this.alerts.evaluator),
      monitored('report-jobs', this.reportJobs.jobs),
    ];
    this.alarms = new CommerceAlarms(this, 'Alarms', {
      api: this.api.stage,
      functions: [
        ...[...this.groupFunctions].map(([group, fn]) => monitored(group, fn)),
        monitored('openapi', this.apiFunction),
        ...consumers,
      ],
      streamConsumers: consumers,
      deadLetterQueues: [
        { name: 'projector', queue: this.events.deadLetters },
        { name: 'aggregates', queue: this.aggregates.deadLetters },
        { name: 'alerts', queue: this.alerts.deadLetters },
        { name: 'report-jobs', queue: this.reportJobs.deadLetters },
        { name: 'scheduled-runs', queue: this.reportJobs.scheduleDeadLetters },
      ],
      table: this.table.table,
      schedules: this.schedules,
      email: props.alarmEmail,
    });

    new CfnOutput(this, 'ApiUrl', { value: this.api.url });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.client.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: this.table.table.tableName });
    new CfnOutput(this, 'ExportsBucketName', { value: this.files.bucket.bucketName });
    new CfnOutput(this, 'EventBusName', { value: this.events.bus.eventBusName });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.alarms.topic.topicArn });
  }
}

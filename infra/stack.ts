/**
 * The back-office commerce service: the single table, the exports bucket, one function per operation
 * group behind the HTTP API and its JWT authorizer, the OpenAPI function, and the stream projector
 * publishing domain events.
 */
import type { StackProps } from 'aws-cdk-lib';
import { CfnOutput, Stack } from 'aws-cdk-lib';
import type { ThrottleSettings } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { catalogues, handlerEntry } from '../functions/catalogue';
import { CommerceApi } from './constructs/api';
import type { ExistingUserPool } from './constructs/auth';
import { CommerceAuth } from './constructs/auth';
import { CursorSigningKey } from './constructs/cursor-signing-key';
import { DomainEvents } from './constructs/events';
import { ReportAggregates } from './constructs/aggregates';
import { InventoryAlerts } from './constructs/inventory-alerts';
import { ReportJobs } from './constructs/report-jobs';
import { readSchedules } from '../functions/reports/jobs/schedules-file';
import { defaultReportingTimeZone } from '../shared/aggregates/time-zone';
import { isTimeZone } from '../shared/domain/reporting-days';
import { defaultInventoryCurrency, isCurrencyCode } from '../shared/inventory/cost-currency';
import { ExportsBucket } from './constructs/exports-bucket';
import { GroupFunction } from './constructs/group-function';
import { CommerceTable } from './constructs/table';
import { accessOf } from './group-access';

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
    const cursorKey = new CursorSigningKey(this, 'CursorSigningKey');
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

    for (const { group } of catalogues) {
      const access = accessOf(group);
      const shipEngine = group === 'fulfillment' ? props.shipEngine : undefined;
      const fn = new GroupFunction(this, `Group-${group}`, {
        entry: handlerEntry(group),
        description: `Back-office API: ${group} operations`,
        serviceName: `${serviceName}-${group}`,
        logLevel,
        environment: {
          CURSOR_SIGNING_KEY: cursorKey.value,
          // Reports bucket days in it, as the aggregates consumer does.
          REPORTING_TIME_ZONE: reportingTimeZone,
          INVENTORY_CURRENCY: inventoryCurrency,
          ...(shipEngine
            ? { SHIPENGINE_SECRET_ARN: shipEngine.secretArn, SHIPENGINE_CARRIER_IDS: shipEngine.carrierIds }
            : {}),
        },
        ...(shipEngine ? { secretArns: [shipEngine.secretArn] } : {}),
      });
      fn.grantTable(this.table.table, access.table);
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

    this.alerts = new InventoryAlerts(this, 'Alerts', {
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
      cursorSigningKey: cursorKey.value,
      inventoryCurrency,
      schedules: readSchedules(),
    });

    this.api = new CommerceApi(this, 'Api', {
      groups: catalogues,
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

    new CfnOutput(this, 'ApiUrl', { value: this.api.url });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.client.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: this.table.table.tableName });
    new CfnOutput(this, 'ExportsBucketName', { value: this.files.bucket.bucketName });
    new CfnOutput(this, 'EventBusName', { value: this.events.bus.eventBusName });
  }
}

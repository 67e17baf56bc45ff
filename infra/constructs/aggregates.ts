/**
 * Report aggregates: a second consumer of the table's stream, beside the events projector, with its own
 * mapping and dead-letter queue (one failing never holds the other back). It counts committed order and
 * payment changes into the aggregate cells exactly once (shared/aggregates/apply.ts). Its role writes
 * only aggregate cells (updates under AGG#) and record markers (puts under AGGREC#), and reads the
 * generation pointer to count into the generation the reports read: infra/group-access.ts.
 */
import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { consumerAccess, tableGrantOf } from '../group-access';
import { GroupFunction } from './group-function';
import { acknowledgeStreamListing, streamDeadLetterQueue } from './stream-consumer';

export interface ReportAggregatesProps {
  table: ITable;
  logLevel: string;
  serviceName: string;
  /** IANA name of the reporting time zone. */
  reportingTimeZone: string;
}

export class ReportAggregates extends Construct {
  readonly consumer: GroupFunction;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: ReportAggregatesProps) {
    super(scope, id);
    this.deadLetters = streamDeadLetterQueue(this, 'aggregates consumer');

    this.consumer = new GroupFunction(this, 'Consumer', {
      entry: 'functions/aggregates/handler.ts',
      description: 'Counts committed order and payment changes into the report aggregates, exactly once',
      serviceName: `${props.serviceName}-aggregates`,
      logLevel: props.logLevel,
      timeout: Duration.minutes(1),
      environment: {
        REPORTING_TIME_ZONE: props.reportingTimeZone,
        DEAD_LETTER_QUEUE_URL: this.deadLetters.queueUrl,
      },
    });
    this.consumer.grantTable(props.table, tableGrantOf(consumerAccess.aggregates));
    this.consumer.function.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        bisectBatchOnError: true,
        // Counting is exactly once, so retrying until the stream ages a record out loses nothing and
        // counts nothing twice; a record still failing then lands in the dead-letter queue.
        retryAttempts: -1,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.deadLetters),
        // Only the order partitions hold what the figures read (headers and payments); the consumer's own
        // cell and marker writes never come back to it.
        filters: [
          FilterCriteria.filter({ dynamodb: { Keys: { PK: { S: FilterRule.beginsWith('ORDER#') } } } }),
        ],
      }),
    );
    acknowledgeStreamListing(this.consumer.role);
  }
}

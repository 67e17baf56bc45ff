/**
 * Domain events: the stream projector reads every committed change from the table's stream and
 * publishes it on the bus, so an event is emitted if and only if its write committed. Records that
 * still fail after the retries land in an encrypted dead-letter queue (their stream coordinates).
 */
import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus } from 'aws-cdk-lib/aws-events';
import { StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { GroupFunction } from './group-function';
import { acknowledgeStreamListing, streamDeadLetterQueue } from './stream-consumer';

export interface DomainEventsProps {
  table: ITable;
  logLevel: string;
  serviceName: string;
}

export class DomainEvents extends Construct {
  readonly bus: EventBus;
  readonly projector: GroupFunction;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: DomainEventsProps) {
    super(scope, id);
    this.bus = new EventBus(this, 'Bus');

    this.deadLetters = streamDeadLetterQueue(this, 'stream projector');

    this.projector = new GroupFunction(this, 'Projector', {
      entry: 'functions/projector/handler.ts',
      description: 'Publishes committed table changes as domain events',
      serviceName: `${props.serviceName}-projector`,
      logLevel: props.logLevel,
      timeout: Duration.minutes(1),
      // Records it cannot read go straight to the dead-letter queue (the mapping's SqsDlq grants the send).
      environment: {
        EVENT_BUS_NAME: this.bus.eventBusName,
        DEAD_LETTER_QUEUE_URL: this.deadLetters.queueUrl,
      },
    });
    this.bus.grantPutEventsTo(this.projector.role);
    // The event source grants the stream read and the queue send; nothing else on the table.
    this.projector.function.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 100,
        bisectBatchOnError: true,
        retryAttempts: 5,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.deadLetters),
      }),
    );
    acknowledgeStreamListing(this.projector.role);
  }
}

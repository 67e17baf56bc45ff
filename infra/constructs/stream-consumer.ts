/**
 * What every consumer of the table's stream has alike: its own encrypted dead-letter queue (14 days),
 * and the acknowledgment that its role's stream mapping needs an unscoped dynamodb:ListStreams.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

export function streamDeadLetterQueue(scope: Construct, consumer: string): Queue {
  const queue = new Queue(scope, 'DeadLetters', {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  Validations.of(queue).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason: `This queue is the dead-letter queue of the ${consumer}; it needs none of its own.`,
  });
  return queue;
}

export function acknowledgeStreamListing(role: IRole): void {
  Validations.of(role).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason:
      "Besides X-Ray, the stream mapping needs dynamodb:ListStreams, which has no resource-level scoping; the stream reads themselves are on this table's stream only.",
  });
}

/**
 * Private bucket for generated files (labels, manifests, exports), answered to clients as presigned GET
 * URLs. Server access logs go to a second bucket that keeps them for 90 days (cdk-nag accepts a log
 * target bucket without logs of its own).
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

import { exportsExpiryDays, exportsPrefix, scheduledPrefix } from '../../shared/files/keys';

export { exportsExpiryDays, exportsPrefix, scheduledPrefix };

/** A scheduled job's files are its history: a year of them. */
export const scheduledExpiryDays = 366;

const privateBucket = {
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  encryption: BucketEncryption.S3_MANAGED,
  enforceSSL: true,
  removalPolicy: RemovalPolicy.RETAIN,
};

export class ExportsBucket extends Construct {
  readonly bucket: Bucket;
  readonly accessLogs: Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    // Log delivery by bucket policy, not by ACL: both buckets keep ACLs disabled (bucket owner enforced).
    this.node.setContext('@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy', true);
    this.accessLogs = new Bucket(this, 'AccessLogs', {
      ...privateBucket,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
    });

    this.bucket = new Bucket(this, 'Bucket', {
      ...privateBucket,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'exports-bucket/',
      lifecycleRules: [
        { id: 'expire-exports', prefix: exportsPrefix, expiration: Duration.days(exportsExpiryDays) },
        {
          id: 'expire-scheduled',
          prefix: scheduledPrefix,
          expiration: Duration.days(scheduledExpiryDays),
        },
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
    });
  }
}

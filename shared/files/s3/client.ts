/**
 * The one S3 client of a function, built from the environment the stack (GroupFunction.grantFiles) and
 * the local runtime (infra/local/local-env.ts) set: EXPORTS_BUCKET names the bucket, AWS_REGION the
 * region, and S3_ENDPOINT, set only locally, points at the emulator (s3rver), which needs path-style
 * addressing. Credentials come from the default chain: the function's role deployed, S3RVER/S3RVER
 * locally (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY).
 */
import { S3Client } from '@aws-sdk/client-s3';
import { withoutSdkLogging } from '../../logging/sdk-logging';

let client: S3Client | undefined;

/**
 * How long S3 may stay silent: a connection not made in 2 s, or a socket idle for 3 s (between bytes, not
 * for the whole transfer), fails as a connection failure, answered 503 with Retry-After
 * (shared/files/unavailable.ts) instead of hanging until the function's time-out.
 */
export const s3Timeouts = { connectionTimeout: 2_000, socketTimeout: 3_000 } as const;

export function s3(): S3Client {
  if (!client) {
    const endpoint = process.env.S3_ENDPOINT;
    client = withoutSdkLogging(
      new S3Client({
        ...(process.env.AWS_REGION ? { region: process.env.AWS_REGION } : {}),
        ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
        // Checksums only where S3 requires them (DESIGN §6): with the SDK's default (WHEN_SUPPORTED) a
        // streamed upload is sent aws-chunked with trailing checksums, which s3rver stores verbatim,
        // chunk framing included. Deployed, TLS protects the bytes in transit.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        requestHandler: { ...s3Timeouts },
      }),
    );
  }
  return client;
}

/** Lets tests swap in a client that records or fails commands; undefined rebuilds from the environment. */
export function setS3(replacement: S3Client | undefined): void {
  client = replacement;
}

/** The bucket generated files go to (labels, manifests, exports). */
export function filesBucket(): string {
  const bucket = process.env.EXPORTS_BUCKET;
  if (!bucket) throw new Error('EXPORTS_BUCKET is not set');
  return bucket;
}

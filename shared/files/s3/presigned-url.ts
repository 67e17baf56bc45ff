/**
 * A presigned GET URL for a generated file: the browser follows it straight to S3 and saves the file
 * under its name (the response's Content-Disposition and Content-Type are overridden through the signed
 * query). Signing is local (no S3 call), so the URL says nothing about whether the object exists.
 *
 * Deployed, the URL is signed with the function role's temporary credentials: it stops working at its
 * expiry or when they expire, whichever comes first (role sessions normally outlast a 15-minute link).
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { filesBucket, s3 } from './client';
import { attachmentDisposition } from '../content-disposition';
import { linkExpirySeconds } from '../link-expiry';

export interface PresignOptions {
  /** 1–900; 900 (15 minutes) when omitted; more is refused. */
  expiresInSeconds?: number;
  /** The name the browser saves the file under (any Unicode); the stored disposition otherwise. */
  fileName?: string;
  /** Overrides the stored Content-Type. */
  contentType?: string;
  /** Signing time; now by default (tests pin it). */
  now?: Date;
}

export interface PresignedUrl {
  url: string;
  /** ISO 8601 instant (UTC, whole seconds) after which S3 refuses the URL. */
  expiresAt: string;
}

export async function presignedGetUrl(key: string, options: PresignOptions = {}): Promise<PresignedUrl> {
  const expiresIn = linkExpirySeconds(options.expiresInSeconds);
  // X-Amz-Date has whole seconds: sign at a whole second so expiresAt is exactly what S3 enforces.
  const signingDate = new Date(Math.floor((options.now ?? new Date()).getTime() / 1000) * 1000);
  const command = new GetObjectCommand({
    Bucket: filesBucket(),
    Key: key,
    ...(options.fileName ? { ResponseContentDisposition: attachmentDisposition(options.fileName) } : {}),
    ...(options.contentType ? { ResponseContentType: options.contentType } : {}),
  });
  const url = await getSignedUrl(s3(), command, { expiresIn, signingDate });
  return {
    url,
    expiresAt: new Date(signingDate.getTime() + expiresIn * 1000).toISOString().replace('.000Z', 'Z'),
  };
}

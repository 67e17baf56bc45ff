/**
 * Checks a presigned S3 URL's SigV4 signature by signing the same request again with
 * @smithy/signature-v4 and comparing. s3rver serves any URL that has not expired, signed or not
 * (DESIGN §6), so a test that claims a URL is signed, and that a changed key or expiry breaks it, must
 * verify it here. S3's presigner signs with an unescaped path and an unsigned payload; so does this.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Hash, Hmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';

export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** The emulator's fixed credentials (infra/local/s3-local.ts). */
export const s3rverSigning: SigningCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

type SourceData = string | ArrayBuffer | ArrayBufferView;

const bytes = (data: SourceData): string | Buffer =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

/** SHA-256 and HMAC-SHA-256 over node:crypto, in the shape signature-v4 asks for. */
class Sha256 {
  private hash: Hash | Hmac;
  constructor(private readonly secret?: SourceData) {
    this.hash = this.fresh();
  }
  private fresh(): Hash | Hmac {
    return this.secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(this.secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
  reset(): void {
    this.hash = this.fresh();
  }
}

/** What the signer itself writes into the query; everything else in it is signed as given. */
const signerParams = new Set([
  'x-amz-algorithm',
  'x-amz-credential',
  'x-amz-date',
  'x-amz-expires',
  'x-amz-signedheaders',
  'x-amz-signature',
  'x-amz-security-token',
]);

function parseAmzDate(value: string): Date {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) throw new Error(`X-Amz-Date ${value} is not yyyymmddThhmmssZ`);
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
}

export interface PresignedUrlCheck {
  /** The signature matches the URL as it is (path, query, expiry) under the credentials. */
  valid: boolean;
  signedAt: Date;
  expiresAt: Date;
  region: string;
}

export async function verifyPresignedUrl(
  presigned: string,
  credentials: SigningCredentials = s3rverSigning,
): Promise<PresignedUrlCheck> {
  const url = new URL(presigned);
  const param = (name: string) => {
    const value = url.searchParams.get(name);
    if (value === null) throw new Error(`the URL has no ${name}`);
    return value;
  };
  const [accessKeyId, shortDate, region, service, terminator] = param('X-Amz-Credential').split('/');
  if (!region || !service || terminator !== 'aws4_request') throw new Error('malformed X-Amz-Credential');
  const signedAt = parseAmzDate(param('X-Amz-Date'));
  const expiresIn = Number(param('X-Amz-Expires'));
  const expiresAt = new Date(signedAt.getTime() + expiresIn * 1000);
  const check = { signedAt, expiresAt, region };
  if (
    param('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' ||
    accessKeyId !== credentials.accessKeyId ||
    shortDate !== param('X-Amz-Date').slice(0, 8) ||
    !Number.isInteger(expiresIn)
  ) {
    return { ...check, valid: false };
  }

  // Other x-amz-* parameters (X-Amz-Content-Sha256: UNSIGNED-PAYLOAD) were headers the signer hoisted
  // into the query: give them back as headers, so the payload hash is read from them as it was.
  const query: Record<string, string> = {};
  const headers: Record<string, string> = { host: url.host };
  for (const [name, value] of url.searchParams) {
    const lower = name.toLowerCase();
    if (signerParams.has(lower)) continue;
    if (lower.startsWith('x-amz-')) headers[name] = value;
    else query[name] = value;
  }
  const signer = new SignatureV4({
    credentials,
    region,
    service,
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: false,
  });
  const resigned = await signer.presign(
    {
      method: 'GET',
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port ? { port: Number(url.port) } : {}),
      path: url.pathname,
      query,
      headers,
    },
    { signingDate: signedAt, expiresIn, signingRegion: region, signingService: service },
  );
  const resignedQuery = resigned.query ?? {};
  const expected = Buffer.from(String(resignedQuery['X-Amz-Signature']));
  const actual = Buffer.from(param('X-Amz-Signature'));
  const valid =
    resignedQuery['X-Amz-SignedHeaders'] === param('X-Amz-SignedHeaders') &&
    expected.length === actual.length &&
    timingSafeEqual(expected, actual);
  return { ...check, valid };
}

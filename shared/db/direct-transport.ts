/**
 * DynamoDB's JSON protocol spoken directly, with the SDK client's own parts: its credentials (cached and
 * refreshed by the SDK), its endpoint, its retry strategy (attempts, backoff, retry quota) and its
 * clock-skew offset. Requests are signed by sigv4.ts and sent by json-post.ts.
 *
 * Why: a command through the SDK's middleware stack cost 1.2 to 1.8 ms of CPU on this machine (the stack
 * is rebuilt per command, then serialised and parsed a second time by a schema walker in JavaScript).
 * The same request built here, with JSON.stringify and JSON.parse, costs about a third of that; the
 * busy day sends about four a request (docs/scale.md, "CPU per request").
 */
import type { DynamoDBClient, DynamoDBServiceException } from '@aws-sdk/client-dynamodb';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { getEndpointFromInstructions } from '@smithy/core/endpoints';
import { isServerError, isThrottlingError, isTransientError } from '@smithy/core/retry';
import type { ResponseMetadata } from './service-errors';
import { errorName, serviceException } from './service-errors';
import type { SigningCredentials } from './sigv4';
import { RequestSigner } from './sigv4';
import type { PostTarget } from './json-post';
import { JsonPoster } from './json-post';
import { decodeBinaryMap, mayHoldBinary } from './document-marshalling';

const serviceTarget = 'DynamoDB_20120810';
const jsonContentType = 'application/x-amz-json-1.0';
const clockSkewErrors = new Set([
  'AuthFailure',
  'InvalidSignatureException',
  'RequestExpired',
  'RequestInTheFuture',
  'RequestTimeTooSkewed',
  'SignatureDoesNotMatch',
]);
const fiveMinutes = 300_000;

interface RetryToken {
  getRetryCount(): number;
  getRetryDelay(): number;
}

interface RetryStrategy {
  acquireInitialRetryToken(scope: string): Promise<RetryToken>;
  refreshRetryTokenForRetry(
    token: RetryToken,
    info: { error: unknown; errorType: string },
  ): Promise<RetryToken>;
  recordSuccess(token: RetryToken): void;
}

/** The SDK client's resolved configuration, as much of it as this transport reads. */
interface ClientParts {
  region(): Promise<string>;
  credentials: () => Promise<SigningCredentials>;
  retryStrategy(): Promise<RetryStrategy>;
  systemClockOffset?: number;
}

interface Ready {
  endpoint: PostTarget;
  host: string;
  signer: RequestSigner;
  poster: JsonPoster;
  retries: RetryStrategy;
}

export interface DirectAnswer {
  /** DynamoDB's answer, parsed. */
  body: Record<string, unknown>;
  /** The answer's text: whether it may hold binary values is read from it. */
  text: string;
  metadata: ResponseMetadata & { attempts: number; totalRetryDelay: number };
}

export class DirectTransport {
  private ready: Promise<Ready> | undefined;

  constructor(private readonly client: DynamoDBClient) {}

  /** Closes the kept-alive connections. */
  destroy(): void {
    void this.ready?.then((ready) => ready.poster.destroy()).catch(() => undefined);
    this.ready = undefined;
  }

  private get parts(): ClientParts {
    return this.client.config as unknown as ClientParts;
  }

  /** Sends one operation (`GetItem`, `TransactWriteItems`, ...) with its input in DynamoDB's terms. */
  async send(operation: string, input: Record<string, unknown>): Promise<DirectAnswer> {
    // A setup that failed (credentials' region, the retry strategy) is tried again by the next command.
    const ready = await (this.ready ??= this.prepare().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    }));
    const body = jsonOf(input);
    let token = await ready.retries.acquireInitialRetryToken('');
    let totalRetryDelay = 0;
    for (let attempts = 1; ; attempts++) {
      try {
        const answer = await this.attempt(ready, operation, body);
        ready.retries.recordSuccess(token);
        return { ...answer, metadata: { ...answer.metadata, attempts, totalRetryDelay } };
      } catch (error) {
        try {
          token = await ready.retries.refreshRetryTokenForRetry(token, {
            error,
            errorType: retryErrorType(error),
          });
        } catch {
          throw withAttempts(error, attempts, totalRetryDelay);
        }
        const delay = token.getRetryDelay();
        // The strategy may wait inside the refresh (its retry quota); the SDK counts that wait too.
        totalRetryDelay +=
          ((token as { $retryLog?: { acquisitionDelay?: number } }).$retryLog?.acquisitionDelay ?? 0) + delay;
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  private async prepare(): Promise<Ready> {
    const parts = this.parts;
    const region = await parts.region();
    // The SDK's own resolution: a configured endpoint (the client's, AWS_ENDPOINT_URL_DYNAMODB, the
    // shared config file's), else the region's, FIPS and dual-stack as configured. A copy of the config,
    // as the SDK's endpoint step passes it.
    const resolved = await getEndpointFromInstructions({}, GetItemCommand, {
      ...this.client.config,
    } as never);
    const endpoint = urlEndpoint(resolved.url);
    const signer = new RequestSigner(region, 'dynamodb');
    const defaultPort = endpoint.protocol === 'https:' ? 443 : 80;
    const host =
      endpoint.port && endpoint.port !== defaultPort
        ? `${endpoint.hostname}:${endpoint.port}`
        : endpoint.hostname;
    const poster = new JsonPoster(endpoint);
    return { endpoint, host, signer, poster, retries: await parts.retryStrategy() };
  }

  private async attempt(
    ready: Ready,
    operation: string,
    body: string,
  ): Promise<Omit<DirectAnswer, 'metadata'> & { metadata: ResponseMetadata }> {
    const credentials = await this.parts.credentials();
    const signingDate = new Date(Date.now() + (this.parts.systemClockOffset ?? 0));
    const signed = ready.signer.sign(
      {
        path: ready.endpoint.path,
        headers: {
          'content-type': jsonContentType,
          'x-amz-target': `${serviceTarget}.${operation}`,
          'content-length': String(Buffer.byteLength(body)),
          host: ready.host,
        },
        body,
      },
      credentials,
      signingDate,
    );
    const response = await ready.poster.post(signed.headers, signed.body);
    const text = response.text;
    const metadata: ResponseMetadata = {
      httpStatusCode: response.statusCode,
      requestId: response.headers['x-amzn-requestid'],
      extendedRequestId: response.headers['x-amz-id-2'],
      cfId: response.headers['x-amz-cf-id'],
    };
    const parsed = parseBody(text, metadata);
    if (response.statusCode >= 300) {
      throw this.failure(
        mayHoldBinary(text) ? withBinaryDecoded(parsed) : parsed,
        metadata,
        response.headers,
      );
    }
    return { body: parsed, text, metadata };
  }

  private failure(
    body: Record<string, unknown>,
    metadata: ResponseMetadata,
    headers: Record<string, string | undefined>,
  ): DynamoDBServiceException {
    const exception = serviceException(body, metadata, headers);
    // As the SDK's signer does: a clock far from the server's is corrected, and the attempt is then
    // retried as a transient failure.
    const serverTime = Date.parse(headers.date ?? '');
    if (clockSkewErrors.has(errorName(body, headers)) && Number.isFinite(serverTime)) {
      const offset = this.parts.systemClockOffset ?? 0;
      if (Math.abs(serverTime - (Date.now() + offset)) >= fiveMinutes) {
        this.parts.systemClockOffset = serverTime - Date.now();
        (exception.$metadata as { clockSkewCorrected?: boolean }).clockSkewCorrected = true;
      }
    }
    return exception;
  }
}

/** Where the poster sends and the signer signs: one path, '/' when the URL has none. */
function urlEndpoint(url: URL): PostTarget {
  return {
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname || '/',
  };
}

/** The SDK's own classification, in its order, for its retry strategy. */
function retryErrorType(error: unknown): string {
  const sdkError = error as Parameters<typeof isThrottlingError>[0];
  if (isThrottlingError(sdkError)) return 'THROTTLING';
  if (isTransientError(sdkError)) return 'TRANSIENT';
  if (isServerError(sdkError)) return 'SERVER_ERROR';
  return 'CLIENT_ERROR';
}

function withAttempts(error: unknown, attempts: number, totalRetryDelay: number): unknown {
  if (error instanceof Error) {
    const withMetadata = error as Error & { $metadata?: Record<string, unknown> };
    withMetadata.$metadata = { ...withMetadata.$metadata, attempts, totalRetryDelay };
  }
  return error;
}

/**
 * DynamoDB's answer as an object. An error answer that is not JSON (a proxy's page) is a failure under its
 * status; a success that is not a JSON object is the error the SDK's deserializer throws, with the status.
 */
function parseBody(text: string, metadata: ResponseMetadata): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = text === '' ? {} : JSON.parse(text);
  } catch (error) {
    if (metadata.httpStatusCode < 300) throw Object.assign(error as Error, { $metadata: metadata });
    return { message: text.slice(0, 200) };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    if (metadata.httpStatusCode < 300) {
      throw Object.assign(new SyntaxError('DynamoDB answered with JSON that is not an object'), {
        $metadata: metadata,
      });
    }
    return {};
  }
  return parsed as Record<string, unknown>;
}

/** The items an error answer carries (a refused condition's, a cancelled transaction's), with their bytes. */
function withBinaryDecoded(body: Record<string, unknown>): Record<string, unknown> {
  const decoded = { ...body };
  if (body.Item && typeof body.Item === 'object') decoded.Item = decodeBinaryMap(body.Item);
  if (Array.isArray(body.CancellationReasons)) {
    decoded.CancellationReasons = body.CancellationReasons.map((reason: Record<string, unknown>) =>
      reason?.Item && typeof reason.Item === 'object'
        ? { ...reason, Item: decodeBinaryMap(reason.Item) }
        : reason,
    );
  }
  return decoded;
}

/**
 * DynamoDB's JSON of the input. A replacer slows JSON.stringify several times over, so it runs only when
 * the plain text shows a binary value written as an object (`"B":{`: the JSON of a typed array; an
 * attribute named B holding a map looks the same and merely takes the slower way) or a member set to
 * null (the SDK's serializer leaves those out; AttributeValues never hold a bare null).
 */
function jsonOf(input: Record<string, unknown>): string {
  const text = JSON.stringify(input);
  return text.includes('"B":{') || text.includes('"BS":[{') || text.includes(':null')
    ? JSON.stringify(input, sdkJsonValue)
    : text;
}

/** Bytes go as base64, as the SDK's serializer sends them; null members are left out. */
function sdkJsonValue(this: unknown, _key: string, value: unknown): unknown {
  if (value === null) return undefined;
  if (value instanceof ArrayBuffer) return Buffer.from(value).toString('base64');
  if (ArrayBuffer.isView(value))
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  if (isBufferJson(value)) return Buffer.from(value.data).toString('base64');
  return value;
}

/** What JSON.stringify hands a replacer for a Buffer: its toJSON, called first. */
function isBufferJson(value: unknown): value is { type: 'Buffer'; data: number[] } {
  return (
    value !== null &&
    typeof value === 'object' &&
    (value as { type?: unknown }).type === 'Buffer' &&
    Array.isArray((value as { data?: unknown }).data) &&
    Object.keys(value).length === 2
  );
}

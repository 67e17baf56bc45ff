import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { BadRequest, PayloadTooLarge, PreconditionFailed, UnsupportedMediaType } from '../errors';
import { loneSurrogate } from './text';

/** DESIGN §3: bodies over 1 MiB are refused. */
export const maxBodyBytes = 1024 * 1024;

export function header(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted) return value;
  }
  return undefined;
}

function isJsonMediaType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  return mediaType === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(mediaType);
}

/** Fails on the first byte sequence that is not UTF-8 (overlong forms and encoded surrogates included). */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function refuseOverLimit(bytes: number): void {
  if (bytes > maxBodyBytes) {
    throw new PayloadTooLarge(`The body is ${bytes} bytes; the limit is ${maxBodyBytes} bytes (1 MiB).`);
  }
}

/**
 * Raw body text: decoded, size-checked, and valid UTF-8 or a 400, never decoded with replacement
 * characters and stored. A base64-encoded body is checked byte by byte. A body the gateway passed as
 * text has been decoded already: a lone surrogate, or U+FFFD (what a decoder leaves where bytes were not
 * UTF-8), is refused too; a client that means U+FFFD sends the JSON escape `\uFFFD`.
 */
export function rawBody(event: APIGatewayProxyEventV2): string | undefined {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  if (event.isBase64Encoded) {
    const bytes = Buffer.from(event.body, 'base64');
    refuseOverLimit(bytes.length);
    try {
      return strictUtf8.decode(bytes);
    } catch {
      throw new BadRequest(
        'The body is not valid UTF-8 (a byte sequence in it is not UTF-8, overlong, or an encoded surrogate); send JSON encoded as UTF-8.',
      );
    }
  }
  refuseOverLimit(Buffer.byteLength(event.body, 'utf8'));
  if (loneSurrogate.test(event.body)) {
    throw new BadRequest(
      'The body is not valid UTF-8 (it holds a lone surrogate); send JSON encoded as UTF-8.',
    );
  }
  if (event.body.includes('\uFFFD')) {
    throw new BadRequest(
      'The body holds U+FFFD, the replacement character left where bytes were not UTF-8; send JSON encoded as UTF-8 (a deliberate U+FFFD as the JSON escape \\uFFFD).',
    );
  }
  return event.body;
}

const emptyJsonObject = /^\s*\{\s*\}\s*$/;

/** The JSON body, or undefined when there is none; 415 for other media types, 400 for bad JSON. */
export function jsonBody(event: APIGatewayProxyEventV2, expectsBody: boolean): unknown {
  const text = rawBody(event);
  if (text === undefined || text.trim() === '') return undefined;
  // A UI that sends `{}` with every POST means "nothing": only an empty object passes without a body.
  if (!expectsBody) {
    if (emptyJsonObject.test(text)) return undefined;
    throw new BadRequest('This operation takes no request body (send none, or {}).');
  }
  const contentType = header(event, 'content-type');
  if (!isJsonMediaType(contentType)) {
    throw new UnsupportedMediaType(
      `The body must be application/json${contentType ? `, not ${contentType.split(';')[0]}` : '; no Content-Type was sent'}.`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BadRequest(`The body is not valid JSON: ${(error as Error).message}.`);
  }
}

/**
 * The conditions of a write (RFC 9110 §13): `version` from `If-Match: "3"`, `mustExist` from
 * `If-Match: *`, `mustNotExist` from `If-None-Match: *`. If-Match compares strong ETags only, so a
 * weak `W/"3"` matches no version: a 412 at once. Anything else that is not an ETag we issue is a 400.
 */
export interface Preconditions {
  version: number | undefined;
  mustExist: boolean;
  mustNotExist: boolean;
}

const strongEtag = /^"(\d{1,15})"$/;

export function preconditions(event: APIGatewayProxyEventV2): Preconditions {
  const ifMatch = header(event, 'if-match')?.trim() || undefined;
  const ifNoneMatch = header(event, 'if-none-match')?.trim() || undefined;
  const result: Preconditions = { version: undefined, mustExist: ifMatch === '*', mustNotExist: false };
  if (ifMatch !== undefined && ifMatch !== '*') {
    if (/^W\/"\d{1,15}"$/.test(ifMatch)) {
      throw new PreconditionFailed(
        `If-Match compares strong ETags only (RFC 9110), so ${ifMatch} matches no version; send the ETag as issued, such as "3".`,
      );
    }
    const match = strongEtag.exec(ifMatch);
    if (!match) throw new BadRequest('If-Match must be an ETag this service issued, such as "3", or *.');
    result.version = Number(match[1]);
  }
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch !== '*') {
      throw new BadRequest(
        'On a write, If-None-Match takes only * (create only if the resource does not exist).',
      );
    }
    result.mustNotExist = true;
  }
  return result;
}

export function etag(version: number): string {
  return `"${version}"`;
}

/** Query string as one value per name (API Gateway joins repeated names with commas). */
export function queryParameters(event: APIGatewayProxyEventV2): Record<string, string> {
  return { ...(event.queryStringParameters ?? {}) } as Record<string, string>;
}

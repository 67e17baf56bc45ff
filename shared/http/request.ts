import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { BadRequest, PayloadTooLarge, UnsupportedMediaType } from '../errors';

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

/** Raw body text: decoded, size-checked. Undefined when the request has none. */
export function rawBody(event: APIGatewayProxyEventV2): string | undefined {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const bytes = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
  if (bytes.length > maxBodyBytes) {
    throw new PayloadTooLarge(
      `The body is ${bytes.length} bytes; the limit is ${maxBodyBytes} bytes (1 MiB).`,
    );
  }
  return bytes.toString('utf8');
}

/** The JSON body, or undefined when there is none; 415 for other media types, 400 for bad JSON. */
export function jsonBody(event: APIGatewayProxyEventV2, expectsBody: boolean): unknown {
  const text = rawBody(event);
  if (text === undefined || text.trim() === '') return undefined;
  if (!expectsBody) throw new BadRequest('This operation takes no request body.');
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

/** `If-Match: "3"` (or W/"3") → 3; `*` or absent → undefined; anything else is a 400. */
export function ifMatchVersion(event: APIGatewayProxyEventV2): number | undefined {
  const value = header(event, 'if-match')?.trim();
  if (value === undefined || value === '' || value === '*') return undefined;
  const match = /^(?:W\/)?"(\d{1,15})"$/.exec(value);
  if (!match) throw new BadRequest('If-Match must be an ETag this service issued, such as "3".');
  return Number(match[1]);
}

export function etag(version: number): string {
  return `"${version}"`;
}

/** Query string as one value per name (API Gateway joins repeated names with commas). */
export function queryParameters(event: APIGatewayProxyEventV2): Record<string, string> {
  return { ...(event.queryStringParameters ?? {}) } as Record<string, string>;
}

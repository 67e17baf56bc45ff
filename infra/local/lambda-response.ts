/**
 * How API Gateway (payload format 2.0) reads a function's result: a `{statusCode, ...}` object as is,
 * anything else as a 200 JSON body. A result it cannot read is an error, like a malformed Lambda response.
 */
export interface HttpReply {
  statusCode: number;
  headers: Record<string, string>;
  cookies: string[];
  body: Buffer;
}

export class MalformedLambdaResponse extends Error {
  override name = 'MalformedLambdaResponse';
}

function lowerCased(headers: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (headers && typeof headers === 'object') {
    for (const [name, value] of Object.entries(headers)) {
      if (value !== undefined && value !== null) result[name.toLowerCase()] = String(value);
    }
  }
  return result;
}

export function toHttpReply(result: unknown): HttpReply {
  if (result !== null && typeof result === 'object' && 'statusCode' in result) {
    const response = result as {
      statusCode: unknown;
      headers?: unknown;
      cookies?: unknown;
      body?: unknown;
      isBase64Encoded?: unknown;
    };
    const status = Number(response.statusCode);
    if (!Number.isInteger(status) || status < 100 || status > 599) {
      throw new MalformedLambdaResponse(`statusCode ${String(response.statusCode)} is not an HTTP status`);
    }
    if (response.body !== undefined && response.body !== null && typeof response.body !== 'string') {
      throw new MalformedLambdaResponse('body must be a string');
    }
    const text = (response.body as string | undefined) ?? '';
    return {
      statusCode: status,
      headers: lowerCased(response.headers),
      cookies: Array.isArray(response.cookies) ? response.cookies.map(String) : [],
      body: response.isBase64Encoded === true ? Buffer.from(text, 'base64') : Buffer.from(text, 'utf8'),
    };
  }
  const body = typeof result === 'string' ? result : (JSON.stringify(result) ?? '');
  return {
    statusCode: 200,
    headers: { 'content-type': 'application/json' },
    cookies: [],
    body: Buffer.from(body, 'utf8'),
  };
}

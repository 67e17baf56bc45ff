/**
 * The local twin of the HTTP API's JWT authorizer: token from the Authorization header (with or
 * without `Bearer`), verified against the dev key, and API Gateway's own 401 when anything is wrong.
 */
import type { JWTPayload } from 'jose';
import { verifyDevToken } from './dev-keys';

export interface GatewayResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

export type AuthorizerResult =
  | { ok: true; claims: Record<string, string | number | boolean | string[]> }
  | { ok: false; response: GatewayResponse };

function unauthorized(challenge: string): AuthorizerResult {
  return {
    ok: false,
    response: {
      statusCode: 401,
      headers: { 'content-type': 'application/json', 'www-authenticate': challenge },
      body: JSON.stringify({ message: 'Unauthorized' }),
    },
  };
}

/**
 * API Gateway hands claims to the function as strings, arrays as "[a b]" (buildApiEvent does those).
 * An array element that is not a string, or holds whitespace, cannot come through that form as itself
 * (`[" manager"]` would read as `manager`, `[["manager"]]` as `manager`, `["viewer manager"]` as two
 * groups), and Cognito issues no such group: it is left out, so it can grant nothing.
 */
function eventClaims(payload: JWTPayload): Record<string, string | string[]> {
  const claims: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(payload)) {
    if (Array.isArray(value)) claims[name] = value.filter(carriedAsItself);
    else claims[name] = typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
  }
  return claims;
}

function carriedAsItself(element: unknown): element is string {
  return typeof element === 'string' && /^[^\s]+$/.test(element);
}

/**
 * `authorization` is the request's Authorization header, or every one of them when it came more than
 * once (the local gateway passes them all). Two or more are refused, never "the first wins": API
 * Gateway joins repeated headers with commas, which no JWT survives, and RFC 6750 §2 allows a client
 * one way of presenting one token.
 */
export async function authorizeRequest(
  authorization: string | readonly string[] | undefined,
  dataDir: string,
): Promise<AuthorizerResult> {
  if (typeof authorization !== 'string' && authorization !== undefined) {
    if (authorization.length > 1) {
      return unauthorized(
        'Bearer scope="" error="invalid_request" error_description="the request carries more than one Authorization header"',
      );
    }
    authorization = authorization[0];
  }
  const token = authorization
    ?.trim()
    .replace(/^bearer\s+/i, '')
    .trim();
  // RFC 6750 §3.1: no error code when the request carried no credentials at all.
  if (!token) return unauthorized('Bearer');
  const result = await verifyDevToken(token, { dataDir });
  if (!result.ok)
    return unauthorized(`Bearer scope="" error="invalid_token" error_description="${result.reason}"`);
  return { ok: true, claims: eventClaims(result.claims) };
}

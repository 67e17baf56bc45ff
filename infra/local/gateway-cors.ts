/**
 * CORS as the HTTP API's corsPreflight configuration does it: the gateway answers preflight requests
 * itself and sets the CORS headers on every response, ignoring any the function returned.
 */
import { corsAllowedHeaders, corsExposedHeaders, corsMaxAgeSeconds, corsMethods, corsOrigins } from '../cors';
import type { GatewayResponse } from './jwt-authorizer';

function allowedOrigin(origin: string | undefined): string | undefined {
  if (!origin) return undefined;
  const origins = corsOrigins();
  if (origins.includes(origin)) return origin;
  return origins.includes('*') ? '*' : undefined;
}

export function isPreflight(method: string, headers: Record<string, string>): boolean {
  return (
    method === 'OPTIONS' &&
    headers.origin !== undefined &&
    headers['access-control-request-method'] !== undefined
  );
}

/** 204 for any path; CORS headers only for a configured origin, so the browser refuses the others. */
export function preflightResponse(headers: Record<string, string>): GatewayResponse {
  const origin = allowedOrigin(headers.origin);
  if (!origin) return { statusCode: 204, headers: {}, body: '' };
  return {
    statusCode: 204,
    headers: {
      'access-control-allow-origin': origin,
      'access-control-allow-methods': corsMethods.join(','),
      'access-control-allow-headers': corsAllowedHeaders.join(','),
      'access-control-max-age': String(corsMaxAgeSeconds),
      vary: 'origin',
    },
    body: '',
  };
}

export function withCorsHeaders<T extends { headers: Record<string, string> }>(
  response: T,
  origin: string | undefined,
): T {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (!name.toLowerCase().startsWith('access-control-')) headers[name] = value;
  }
  const allowed = allowedOrigin(origin);
  if (allowed) {
    headers['access-control-allow-origin'] = allowed;
    headers['access-control-expose-headers'] = corsExposedHeaders.join(',');
    const vary = headers.vary;
    if (!vary) headers.vary = 'origin';
    else if (!/(^|,)\s*origin\s*(,|$)/i.test(vary)) headers.vary = `${vary}, origin`;
  }
  return { ...response, headers };
}

/** CORS is the gateway's: the stack's corsPreflight and the local gateway read these; functions carry none. Origins from CORS_ORIGINS (comma-separated). */
export const corsAllowedHeaders = [
  'authorization',
  'content-type',
  'if-match',
  // A create-only PUT (DESIGN §3).
  'if-none-match',
  'idempotency-key',
  'x-correlation-id',
];
/** Every header the rules answer with, so a browser UI can read them (Retry-After on 409, 429 and 503). */
export const corsExposedHeaders = [
  'etag',
  'location',
  'x-correlation-id',
  'idempotent-replayed',
  'allow',
  'retry-after',
];
export const corsMethods = ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'];
export const corsMaxAgeSeconds = 600;

export function corsOrigins(): string[] {
  return (process.env.CORS_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}

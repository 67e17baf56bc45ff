/** CORS is the gateway's: the stack's corsPreflight and the local gateway read these; functions carry none. Origins from CORS_ORIGINS (comma-separated). */
export const corsAllowedHeaders = [
  'authorization',
  'content-type',
  'if-match',
  'idempotency-key',
  'x-correlation-id',
];
export const corsExposedHeaders = ['etag', 'location', 'x-correlation-id', 'idempotent-replayed', 'allow'];
export const corsMethods = ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'];
export const corsMaxAgeSeconds = 600;

export function corsOrigins(): string[] {
  return (process.env.CORS_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}

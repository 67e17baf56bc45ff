/** CORS for the configured UI origins (CORS_ORIGINS, comma-separated); the stack sets the same list on the API. */
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

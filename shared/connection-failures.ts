/** Node's and the AWS SDK's names for a connection that failed or went silent, for DynamoDB and S3 alike. */
export const connectionFailures: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'TimeoutError',
  'NetworkingError',
]);

/** Whether the error is one of them, by its name or its code. */
export function isConnectionFailure(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return connectionFailures.has(error.name) || (typeof code === 'string' && connectionFailures.has(code));
}

/**
 * The AWS SDK's logger middleware runs every command's input and output through the schema's
 * sensitive-data filter before it asks the logger, even the default no-op one (`logger?.info?.(…)` with
 * the filtered copies as arguments): on the busy day that was 4 % of the process's CPU (`npm run bench --
 * day` under --cpu-prof: schemaLogFilter, 5.8 s of 139 s). Our clients have no SDK logger (we log
 * ourselves, shared/logging), so the step goes.
 */
export function withoutSdkLogging<T extends { middlewareStack: { remove(name: string): boolean } }>(
  client: T,
): T {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}

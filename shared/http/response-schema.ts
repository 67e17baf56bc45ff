/**
 * A response schema built at its first use instead of at module load. The handler reads a route's
 * response schema only when VALIDATE_RESPONSES is on (the tests), and the OpenAPI document is built
 * in its own bundle, so a function need not construct its answers' schemas on every cold start.
 */
export function responseSchema<S>(build: () => S): () => S {
  let built: S | undefined;
  return () => (built ??= build());
}

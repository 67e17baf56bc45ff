/**
 * A report's route: a GET any role may read, its query, 200 with its answer. Data only. The answer's
 * schema is built when first read (shared/http/response-schema.ts), not when the function loads.
 */
import type { $ZodType } from 'zod/v4/core';

export const report = <Q extends $ZodType, R extends $ZodType>(
  path: string,
  operationId: string,
  summary: string,
  query: Q,
  response: () => R,
) => ({
  method: 'GET' as const,
  path,
  operationId,
  summary,
  permission: 'read' as const,
  query,
  status: 200,
  get response(): R {
    return response();
  },
});

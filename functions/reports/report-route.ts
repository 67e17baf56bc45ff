/** A report's route: a GET any role may read, its query, 200 with its answer. Data only. */
import type { $ZodType } from 'zod/v4/core';

export const report = <Q extends $ZodType, R extends $ZodType>(
  path: string,
  operationId: string,
  summary: string,
  query: Q,
  response: R,
) => ({
  method: 'GET' as const,
  path,
  operationId,
  summary,
  permission: 'read' as const,
  query,
  status: 200,
  response,
});

/** A list check: no entry twice (SKU patterns, warehouse ids, e-mail addresses without regard to case). */
import * as z from 'zod/mini';

export const distinct = z.refine<readonly string[]>(
  (values) => new Set(values).size === values.length,
  'must not name the same value twice',
);

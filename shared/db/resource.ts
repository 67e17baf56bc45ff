/**
 * The one item → resource mapper: storage attributes (keys, index keys, entity, TTL) are dropped, and
 * only the fields the resource's schema names are kept, so nothing a repository stores for its own use
 * (a payment's `orderId`, a vendor's counters) leaks into a response.
 */
import type { $ZodObject, output } from 'zod/v4/core';

export function toResource<S extends $ZodObject>(schema: S, item: Record<string, unknown>): output<S> {
  const resource: Record<string, unknown> = {};
  for (const field of Object.keys(schema._zod.def.shape)) {
    if (Object.prototype.hasOwnProperty.call(item, field) && item[field] !== undefined)
      resource[field] = item[field];
  }
  return resource as output<S>;
}

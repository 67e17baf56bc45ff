/** A resource from a stored item, by its schema's fields: keys, counters and locks stay in the table. */
export function resourceOf<T>(item: Record<string, unknown>, fields: readonly string[]): T {
  return Object.fromEntries(
    fields.filter((field) => item[field] !== undefined).map((field) => [field, item[field]]),
  ) as T;
}

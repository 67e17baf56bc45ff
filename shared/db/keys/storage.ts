/** Attributes that are storage, not resource fields: stripped before an item leaves a repository. */
export const storageAttributes = [
  'PK',
  'SK',
  'GSI1PK',
  'GSI1SK',
  'GSI2PK',
  'GSI2SK',
  'GSI3PK',
  'GSI3SK',
  'GSI4PK',
  'GSI4SK',
  'pendingUnits',
  'entity',
  'expiresAt',
] as const;

export function withoutStorageAttributes<T extends Record<string, unknown>>(
  item: T,
): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...item };
  for (const attribute of storageAttributes) delete copy[attribute];
  return copy;
}

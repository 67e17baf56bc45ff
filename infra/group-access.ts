/**
 * What each group's function may touch, declared once so every grant is a decision. A group missing
 * here fails the synth: adding a group to the catalogue means saying what it needs.
 */

export interface GroupAccess {
  /** `read` for groups that never write (GetItem, Query, BatchGetItem only). */
  table: 'read' | 'readWrite';
  /** Key prefixes in the exports bucket the group may put and get (presigned GETs are signed by its role). */
  filePrefixes?: readonly string[];
}

// Every group accepts Idempotency-Key on its POSTs, whose records live in the table: all of them write.
export const groupAccess: Readonly<Record<string, GroupAccess>> = {
  vendors: { table: 'readWrite' },
  orders: { table: 'readWrite' },
  'order-activity': { table: 'readWrite', filePrefixes: ['exports/'] },
  fulfillment: { table: 'readWrite', filePrefixes: ['labels/', 'manifests/'] },
  returns: { table: 'readWrite' },
  inventory: { table: 'readWrite' },
  'inventory-alerts': { table: 'readWrite' },
  taxonomy: { table: 'readWrite' },
  reports: { table: 'readWrite', filePrefixes: ['exports/'] },
};

export function accessOf(group: string): GroupAccess {
  const access = groupAccess[group];
  if (!access) {
    throw new Error(
      `Group "${group}" has no entry in infra/group-access.ts: declare its table and file access.`,
    );
  }
  return access;
}

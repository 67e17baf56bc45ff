/**
 * The table of deletes in docs/api-conventions.md and their roles is the catalogue's, exactly: a permission changed in a
 * routes.ts without the table (or the other way round) fails here.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../functions/catalogue';
import { flattenCatalogue } from '../../shared/http/catalogue';
import type { Permission, Role } from '../../shared/http/permissions';

const conventions = readFileSync(resolve(import.meta.dirname, '../../docs/api-conventions.md'), 'utf8');

const leastRole: Record<Permission, Role> = { read: 'viewer', write: 'operator', manage: 'manager' };

/** `| \`DELETE /path\` | role | ... |` rows of docs/api-conventions.md, as "DELETE /path" → role. */
function documentedDeleteRoles(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of conventions.split('\n')) {
    const match = /^\|\s*`(DELETE \S+)`\s*\|\s*([a-z]+)\s*\|/.exec(line);
    if (match) rows.set(match[1]!, match[2]!);
  }
  return rows;
}

describe('the table of deletes in docs/api-conventions.md', () => {
  it('lists every DELETE of the catalogue with the least role its permission needs, and nothing else', () => {
    const fromCatalogue = new Map(
      flattenCatalogue(catalogues)
        .filter((op) => op.method === 'DELETE')
        .map((op) => [`${op.method} ${op.path}`, leastRole[op.permission]]),
    );
    expect(Object.fromEntries(documentedDeleteRoles())).toEqual(Object.fromEntries(fromCatalogue));
  });

  it('states DESIGN §3’s decisions: deleting a return and removing a shipment are the manager’s, voiding a label an operator’s', () => {
    const roles = documentedDeleteRoles();
    expect(roles.get('DELETE /v1/orders/{order_id}/returns/{return_id}')).toBe('manager');
    expect(roles.get('DELETE /v1/orders/{orderId}/tracking/{shipmentId}')).toBe('manager');
    expect(roles.get('DELETE /v1/fulfillment/ship-now/void/{shipmentId}')).toBe('operator');
  });
});

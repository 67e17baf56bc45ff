import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../functions/catalogue';
import { canonicalPath, flattenCatalogue, parameterNamesByDepth } from '../../shared/http/catalogue';
import { interfaceRoutes } from '../../shared/http/interface-routes';

const interfaceFile = resolve(import.meta.dirname, '../../../shared/operations.tsv');

function interfaceOperations() {
  const [, ...rows] = readFileSync(interfaceFile, 'utf8').trim().split('\n');
  return rows.map((row) => {
    const [group, method, path] = row.split('\t');
    return { group: group!, method: method!, path: path! };
  });
}

/** Operations of a group still to be served, by group (none: every group serves all of its own). */
const stillToCome: Record<string, string[]> = {};

describe('route catalogue against the interface', () => {
  const operations = flattenCatalogue(catalogues);
  const contract = interfaceOperations();

  it('the interface lists 125 operations', () => {
    expect(contract).toHaveLength(125);
  });

  it('the routes every handler checks for a shadowed literal path are the interface’s, exactly', () => {
    expect(interfaceRoutes).toEqual(contract.map(({ method, path }) => ({ method, path })));
  });

  it('every catalogue operation is an interface operation, in its group, with its exact path', () => {
    const known = new Set(contract.map((op) => `${op.group} ${op.method} ${op.path}`));
    const strangers = operations
      .map((op) => `${op.group} ${op.method} ${op.path}`)
      .filter((key) => !known.has(key));
    expect(strangers).toEqual([]);
  });

  it('no operation is declared twice and operation ids are unique', () => {
    const keys = operations.map((op) => `${op.method} ${op.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('every group present declares all of its interface operations, but those named still to come', () => {
    for (const catalogue of catalogues) {
      const expected = contract
        .filter((op) => op.group === catalogue.group)
        .map((op) => `${op.method} ${op.path}`);
      const declared = Object.values(catalogue.routes).map((op) => `${op.method} ${op.path}`);
      const pending = stillToCome[catalogue.group] ?? [];
      expect(
        declared.filter((op) => pending.includes(op)),
        `${catalogue.group}: served now`,
      ).toEqual([]);
      expect([...declared, ...pending].sort(), catalogue.group).toEqual(expected.sort());
    }
  });

  it('path parameter schemas name exactly the path variables', () => {
    for (const op of operations) {
      const variables = [...parameterNamesByDepth(op.path).values()].sort();
      const declared = op.params
        ? Object.keys((op.params as unknown as { _zod: { def: { shape: object } } })._zod.def.shape).sort()
        : [];
      expect(declared, `${op.method} ${op.path}`).toEqual(variables);
    }
  });
});

describe('canonical route keys', () => {
  it('names variables after their depth and keeps literals', () => {
    expect(canonicalPath('/v1/orders/{orderId}/notes/{noteId}')).toBe('/v1/orders/{p2}/notes/{p4}');
    expect(canonicalPath('/v1/orders/statuses')).toBe('/v1/orders/statuses');
  });

  it('maps canonical names back to the interface names', () => {
    expect([...parameterNamesByDepth('/v1/orders/{order_id}/returns/{return_id}/approve')]).toEqual([
      ['p2', 'order_id'],
      ['p4', 'return_id'],
    ]);
  });
});

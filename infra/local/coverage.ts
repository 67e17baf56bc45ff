/**
 * `npm run coverage [operations.tsv]`: which interface operations the catalogue serves, per group, and
 * any catalogue operation that is not in the interface (an error: exit 1). The interface file defaults
 * to `../shared/operations.tsv` next to the repository.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { catalogues } from '../../functions/catalogue';
import { flattenCatalogue } from '../../shared/http/catalogue';
import { repoRoot } from './data-dir';

interface InterfaceOperation {
  group: string;
  method: string;
  path: string;
}

function readOperations(file: string): InterfaceOperation[] {
  const [, ...rows] = readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  return rows.map((row) => {
    const [group = '', method = '', path = ''] = row.split('\t').map((cell) => cell.trim());
    return { group, method: method.toUpperCase(), path };
  });
}

const routeKey = (operation: { method: string; path: string }) => `${operation.method} ${operation.path}`;

const file = resolve(process.argv[2] ?? resolve(repoRoot, '../shared/operations.tsv'));
let operations: InterfaceOperation[];
try {
  operations = readOperations(file);
} catch (error) {
  console.error(`Could not read the interface operations from ${file}: ${(error as Error).message}`);
  process.exit(1);
}

const served = flattenCatalogue(catalogues);
const servedKeys = new Map(served.map((operation) => [routeKey(operation), operation.group]));
const interfaceGroups = new Map(operations.map((operation) => [routeKey(operation), operation.group]));

const groups = [...new Set(operations.map((operation) => operation.group))];
const width = Math.max(5, ...groups.map((group) => group.length));
console.log(`${'group'.padEnd(width)}  served / total`);
let servedCount = 0;
for (const group of groups) {
  const ofGroup = operations.filter((operation) => operation.group === group);
  const count = ofGroup.filter((operation) => servedKeys.get(routeKey(operation)) === group).length;
  servedCount += count;
  console.log(`${group.padEnd(width)}  ${String(count).padStart(6)} / ${ofGroup.length}`);
}
console.log(`${servedCount} of ${operations.length} operations served`);

const strays = served.filter((operation) => interfaceGroups.get(routeKey(operation)) !== operation.group);
if (strays.length > 0) {
  console.error('\nCatalogue operations that are not interface operations (or sit in the wrong group):');
  for (const operation of strays) {
    const expected = interfaceGroups.get(routeKey(operation));
    console.error(
      `  ${operation.group}: ${routeKey(operation)}${expected ? ` (the interface puts it in ${expected})` : ''}`,
    );
  }
  process.exit(1);
}

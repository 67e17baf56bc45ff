/**
 * Every export's date-and-time columns say UTC in their header (DESIGN §3: instants are UTC; an Excel
 * date carries no zone, so the header is the only place a reader learns it). Report tables build their
 * columns inside their `table` functions, which read the database, so the check reads the column
 * definitions in the source of every function and shared module.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shipmentColumns } from '../../functions/order-activity/shipments/export';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The header of each column object literal of type `datetime`, with the file it is in. */
function datetimeHeaders(): Array<{ file: string; header: string | undefined }> {
  return ['functions', 'shared'].flatMap(sourceFiles).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/\{[^{}]*\btype:\s*'datetime'[^{}]*\}/g)].map((match) => ({
      file,
      header: /\bheader:\s*'([^']*)'/.exec(match[0])?.[1],
    })),
  );
}

describe('date-and-time columns of every export', () => {
  it('say (UTC) in their header', () => {
    const columns = datetimeHeaders();
    // The shipments export, the detailed sales, the manifests, low stock, movements and stock aging.
    expect(columns.length).toBeGreaterThanOrEqual(6);
    for (const { file, header } of columns) expect(header, file).toMatch(/\(UTC\)$/);
  });

  it('in the shipments export too', () => {
    const created = shipmentColumns.find((column) => column.key === 'createdAt')!;
    expect(created.header).toBe('Created at (UTC)');
  });
});

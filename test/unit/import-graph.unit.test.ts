/**
 * Layering rules, kept by this test over functions/, shared/, infra/ and bench/:
 * - no import circles: a file's imports point one way, so a reader can start from any file and
 *   only ever go down. Type-only imports count as much as run-time ones: a circle through
 *   `import type` ties the files together for the reader (and for every refactor) just the same,
 *   even if the bundle does not see it. Lazy `import('…')` counts too, for the same reason.
 * - a function group (functions/<group>/**) never imports another group; what two groups share
 *   lives in shared/. The files directly in functions/ (the route catalogue and its docs) gather
 *   every group and sit above them.
 * - shared/** never imports functions/**.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { crossGroupImports, importCircles, importGraph } from '../support/import-graph';

const root = fileURLToPath(new URL('../../', import.meta.url));
const layers = ['functions', 'shared', 'infra', 'bench'];

describe('the import graph of the sources', () => {
  const graph = importGraph(root, layers);

  it('reads the sources (a sanity floor, so an empty graph cannot pass)', () => {
    expect(graph.size).toBeGreaterThan(300);
  });

  it('has no import circle, run-time or type-only', () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it('has no group importing another group, and no shared code importing a group', () => {
    expect(crossGroupImports(graph)).toEqual([]);
  });
});

describe('the checks themselves, on a planted tree', () => {
  const fixture = mkdtempSync(join(tmpdir(), 'import-graph-'));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));
  const plant = (files: Record<string, string>) => {
    for (const [file, code] of Object.entries(files)) {
      mkdirSync(dirname(join(fixture, file)), { recursive: true });
      writeFileSync(join(fixture, file), code);
    }
    return importGraph(fixture, layers);
  };

  it('names a circle closed by a type-only import, and a cross-group and a shared-to-group import', () => {
    const graph = plant({
      'shared/a.ts': `import { b } from './b';\nexport const a = b;\n`,
      'shared/b.ts': `import type { A } from './types/a-type';\nexport const b = 1 as A;\n`,
      'shared/types/a-type.ts': `export type A = typeof import('../a').a;\n`,
      'shared/lonely.ts': `import { handle } from '../functions/orders/handler';\nexport const x = handle;\n`,
      'functions/orders/handler.ts': `export { list } from '../returns/list';\nexport const handle = 1;\n`,
      'functions/returns/list.ts': `import { gather } from '../catalogue';\nexport const list = gather;\n`,
      'functions/catalogue.ts': `export const gather = 2;\n`,
    });
    expect(importCircles(graph)).toEqual([['shared/a.ts', 'shared/b.ts', 'shared/types/a-type.ts']]);
    expect(crossGroupImports(graph).sort()).toEqual([
      'functions/orders/handler.ts → functions/returns/list.ts',
      'shared/lonely.ts → functions/orders/handler.ts',
    ]);
  });

  it('passes the same tree once the circle points one way', () => {
    const graph = plant({ 'shared/types/a-type.ts': `export type A = number;\n` });
    expect(importCircles(graph)).toEqual([]);
  });
});

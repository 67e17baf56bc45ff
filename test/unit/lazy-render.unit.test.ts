/**
 * shared/render loads heavy libraries (exceljs adds about 100 ms to a cold start, DESIGN §6): only the
 * operations that render may load it, with `await import(...)`. A static import anywhere in the code
 * that ships would make every operation of that function pay. Type-only imports cost nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** `import … from '…/render/…'` and `export … from '…/render/…'`, except `import type` and the loader. */
const staticRenderImport =
  /^\s*(?:import|export)\s+(?!type\s)[^;]*?\bfrom\s+['"][^'"]*\/render\/(?!load['"])[^'"]*['"]|^\s*import\s+['"][^'"]*\/render\/(?!load['"])[^'"]*['"]/m;

describe('shared/render', () => {
  it('is imported lazily by the code that ships (functions/, shared/, infra/)', () => {
    const offenders = ['functions', 'shared', 'infra']
      .flatMap(sources)
      .filter((file) => staticRenderImport.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(offenders).toEqual([]);
  });

  it('recognises a static import and lets a lazy or type-only one pass', () => {
    expect(staticRenderImport.test(`import { writeWorkbook } from '../../shared/render/xlsx';`)).toBe(true);
    expect(staticRenderImport.test(`export { writeWorkbook } from '../render/xlsx';`)).toBe(true);
    expect(staticRenderImport.test(`import type { Sheet } from '../../shared/render/xlsx';`)).toBe(false);
    expect(staticRenderImport.test(`import { loadXlsxRenderer } from '../../shared/render/load';`)).toBe(
      false,
    );
    expect(
      staticRenderImport.test(`const { writeWorkbook } = await import('../../shared/render/xlsx');`),
    ).toBe(false);
  });
});

/**
 * The side bundles' sources (shared/side-bundle.ts: the PDF and Excel renderers, the S3 side of
 * shared/files, the OpenAPI document) are heavy to parse: code that ships reaches them only through their loaders. A static
 * import anywhere else would put them back into every cold start of that function. Type-only imports
 * cost nothing; the sources import each other freely.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sideBundles } from '../../shared/side-bundle';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Each side bundle's folder, and the light modules in it that load it. */
const heavyFolders = [
  { folder: 'shared/render', loaders: ['shared/render/load.ts'] },
  { folder: 'shared/files/s3', loaders: [] },
  { folder: 'functions/openapi/document', loaders: [] },
];

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The relative specifiers a file imports or re-exports at run time (`import type` left out). */
function runtimeImports(code: string): string[] {
  const statement = /^\s*(?:import|export)\s+(?!type\s)(?:[^;]*?\bfrom\s+)?['"](\.[^'"]*)['"]/gm;
  return [...code.matchAll(statement)].map((match) => match[1]!);
}

const inside = (file: string, folder: string) => !relative(join(root, folder), file).startsWith('..');

function staticHeavyImports(file: string): string[] {
  return runtimeImports(readFileSync(file, 'utf8'))
    .map((specifier) => resolve(dirname(file), specifier))
    .filter((target) =>
      heavyFolders.some(
        ({ folder, loaders }) =>
          !inside(file, folder) &&
          inside(target, folder) &&
          !loaders.some((loader) => target.replace(/\.ts$/, '') === join(root, loader).replace(/\.ts$/, '')),
      ),
    )
    .map((target) => `${relative(root, file)} → ${relative(root, target)}`);
}

describe('side bundles', () => {
  it('are imported only through their loaders by the code that ships (functions/, shared/, infra/)', () => {
    const offenders = ['functions', 'shared', 'infra'].flatMap(sources).flatMap(staticHeavyImports);
    expect(offenders).toEqual([]);
  });

  it('each live in a folder this test watches', () => {
    for (const source of Object.values(sideBundles)) {
      expect(heavyFolders.some(({ folder }) => source.startsWith(`${folder}/`))).toBe(true);
    }
  });

  it('recognises a static import and lets a lazy or type-only one pass', () => {
    expect(runtimeImports(`import { writeWorkbook } from '../../shared/render/xlsx';`)).toEqual([
      '../../shared/render/xlsx',
    ]);
    expect(runtimeImports(`export { putBytes } from './s3/put-bytes';`)).toEqual(['./s3/put-bytes']);
    expect(runtimeImports(`import './s3';`)).toEqual(['./s3']);
    expect(runtimeImports(`import type { Sheet } from '../../shared/render/xlsx';`)).toEqual([]);
    expect(runtimeImports(`const { writeWorkbook } = await import('../../shared/render/xlsx');`)).toEqual([]);
  });
});

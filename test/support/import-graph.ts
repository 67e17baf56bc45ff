/**
 * The import graph of the TypeScript sources under a root, read with the compiler's own scanner
 * (`ts.preProcessFile`: every `import`/`export … from`, `import type`, `import('…')` and `require`),
 * so a test can name import circles and imports that cross the layering. Only relative specifiers are
 * followed: packages are not ours to order.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export type ImportGraph = Map<string, string[]>;

function sources(root: string, folders: readonly string[]): string[] {
  return folders
    .filter((folder) => existsSync(join(root, folder)))
    .flatMap((folder) =>
      readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
        .map((entry) => join(entry.parentPath, entry.name)),
    );
}

/** Every file's relative imports, resolved to files of the graph; keys and targets relative to root with '/'. */
export function importGraph(root: string, folders: readonly string[]): ImportGraph {
  const files = new Set(sources(root, folders));
  const name = (file: string) => relative(root, file).split(sep).join('/');
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolve(dirname(file), specifier.replace(/\.js$/, '')))
      .map((base) => [base, `${base}.ts`, join(base, 'index.ts')].find((candidate) => files.has(candidate)))
      .filter((target): target is string => target !== undefined);
    graph.set(name(file), [...new Set(targets.map(name))]);
  }
  return graph;
}

/** The strongly connected sets of two or more files (or a file importing itself): each is one circle or more. */
export function importCircles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    lowest.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowest.set(file, Math.min(lowest.get(file)!, lowest.get(target)!));
      } else if (onStack.has(target)) {
        lowest.set(file, Math.min(lowest.get(file)!, index.get(target)!));
      }
    }
    if (lowest.get(file) !== index.get(file)) return;
    const members: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      members.push(member);
    } while (member !== file);
    if (members.length > 1 || graph.get(file)?.includes(file)) circles.push(members.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return circles;
}

/**
 * Imports that break the layering: a group (functions/<group>/**) importing another group, and
 * shared/** importing functions/**. The files directly in functions/ (the route catalogue and its
 * documentation, which gather every group's routes) sit above the groups: a group may import them.
 */
export function crossGroupImports(graph: ImportGraph): string[] {
  const groupOf = (file: string) => {
    const parts = file.split('/');
    return parts[0] === 'functions' && parts.length > 2 ? parts[1] : undefined;
  };
  return [...graph].flatMap(([file, targets]) =>
    targets
      .filter((target) => {
        if (file.startsWith('shared/')) return target.startsWith('functions/');
        const group = groupOf(file);
        const targetGroup = groupOf(target);
        return group !== undefined && targetGroup !== undefined && group !== targetGroup;
      })
      .map((target) => `${file} → ${target}`),
  );
}

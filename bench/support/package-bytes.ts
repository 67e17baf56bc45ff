/** Groups a bundle's metafile inputs by npm package, so a size regression names its cause. */
export interface PackageBytes {
  name: string;
  bytes: number;
}

/**
 * `node_modules/@scope/name/...` → `@scope/name` (the innermost node_modules wins for nested installs);
 * the app's own files → `app: shared/http`, by their first two folders, so app growth is placed too.
 */
export function packageOf(inputPath: string): string {
  const marker = 'node_modules/';
  const at = inputPath.lastIndexOf(marker);
  if (at < 0) return `app: ${inputPath.split('/').slice(0, 2).join('/')}`;
  const [first = '', second = ''] = inputPath.slice(at + marker.length).split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

/** Bytes each package contributes to the minified output, largest first. */
export function bytesByPackage(inputs: Record<string, { bytesInOutput: number }>): PackageBytes[] {
  const totals = new Map<string, number>();
  for (const [path, { bytesInOutput }] of Object.entries(inputs)) {
    const name = packageOf(path);
    totals.set(name, (totals.get(name) ?? 0) + bytesInOutput);
  }
  return [...totals]
    .map(([name, bytes]) => ({ name, bytes }))
    .filter((entry) => entry.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
}

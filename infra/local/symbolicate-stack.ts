/**
 * Maps the frames of a stack a deployed function logged (minified `index.mjs:1:48213`) back to the
 * repository's sources, through the source maps esbuild writes beside each bundle. Functions run
 * without Node's `--enable-source-maps` (it reads every map at each cold start), so their logs carry
 * bundle positions and this turns them into source positions offline.
 */
import type { SourceMap } from 'node:module';

/** A bundle position in a stack frame: `file:///var/task/index.mjs:1:48213` or `index.mjs:1:48213`. */
const bundlePosition = /(?:file:\/\/)?(?:[^\s()'"]*\/)?([\w.-]+\.mjs):(\d+):(\d+)/g;

/** The source map of a bundle file (`index.mjs`, `render-pdf.mjs`), or undefined when there is none. */
export type MapOf = (bundleFile: string) => SourceMap | undefined;

/** A map's source path as the repository names it: `functions/vendors/handler.ts`, `zod/v4/...`. */
export function repositoryPath(source: string): string {
  const packageAt = source.lastIndexOf('node_modules/');
  if (packageAt >= 0) return source.slice(packageAt);
  return source.replace(/^(?:\.\.?\/)+/, '');
}

/** The text with every bundle position it names replaced by its source position (others kept). */
export function symbolicate(text: string, mapOf: MapOf): string {
  return text.replace(bundlePosition, (whole, file: string, line: string, column: string) => {
    // Stack positions count from 1, a source map's from 0.
    const entry = mapOf(file)?.findEntry(Number(line) - 1, Number(column) - 1) as
      { originalSource?: string; originalLine?: number; originalColumn?: number } | undefined;
    if (entry?.originalSource === undefined || entry.originalLine === undefined) return whole;
    return `${repositoryPath(entry.originalSource)}:${entry.originalLine + 1}:${(entry.originalColumn ?? 0) + 1}`;
  });
}

function stacksIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) stacksIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'stack' && typeof item === 'string') found.push(item);
      else stacksIn(item, found);
    }
  }
  return found;
}

/**
 * A log as read from CloudWatch: a JSON record (shared/logging/logger.ts writes errors as
 * `{ name, message, stack }`) is answered as its message and each stack it holds, symbolicated; any other
 * line is symbolicated as it stands.
 */
export function symbolicateLog(log: string, mapOf: MapOf): string {
  return log
    .split('\n')
    .map((line) => {
      let record: unknown;
      try {
        record = JSON.parse(line);
      } catch {
        return symbolicate(line, mapOf);
      }
      const stacks = stacksIn(record);
      if (stacks.length === 0) return line;
      const message = (record as { message?: unknown }).message;
      return [
        typeof message === 'string' ? message : line,
        ...stacks.map((stack) => symbolicate(stack, mapOf)),
      ].join('\n');
    })
    .join('\n');
}

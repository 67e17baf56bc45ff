/**
 * Channels' published taxonomy files, read line by line: Google's `taxonomy-with-ids.<locale>.txt`
 * (`5181 - Luggage & Bags > Backpacks`) and Shopify's `categories.txt`, whose id column is padded with
 * spaces to its longest id (`gid://shopify/TaxonomyCategory/lb-1     : Luggage & Bags > Backpacks`).
 * Comments (`#`) and blank lines are skipped; the header comment names the version. Every malformed
 * line, and every line holding a control character, is reported with its number, shown escaped.
 */
import { readCategoryPath } from '../rules/category-path';
import { shownLine, unsafeCharacterProblem } from './file-text';

export type TaxonomyFormat = 'google' | 'shopify';

export interface TaxonomyCategory {
  id: string;
  path: string;
}

export interface TaxonomyFile {
  format: TaxonomyFormat;
  /** The version the file's header names, when it names one. */
  version?: string;
  categories: TaxonomyCategory[];
  problems: Array<{ line: number; message: string }>;
}

/** Channel paths are theirs, not keys: longer than the merchant's are accepted. */
export const maxChannelPathLength = 1000;

const googleLine = /^(\d{1,12}) - (.+)$/;
// Shopify pads the id column with spaces (to its longest id), so one or more spaces come before " : ".
const shopifyLine = /^(gid:\/\/shopify\/TaxonomyCategory\/[A-Za-z0-9._-]{1,150}) +: (.+)$/;
const googleVersion = /^#\s*Google_Product_Taxonomy_Version:\s*(\S+)/i;
const shopifyVersion = /^#\s*Shopify Product Taxonomy\b.*?:\s*(\S+)\s*$/i;

/** The format of a file, from its first category line (or header); undefined when neither fits. */
export function detectFormat(text: string): TaxonomyFormat | undefined {
  for (const raw of text.split(/\r?\n/, 200)) {
    const line = raw.replace(/^\uFEFF/, '').trim();
    if (googleVersion.test(line) || googleLine.test(line)) return 'google';
    if (shopifyVersion.test(line) || shopifyLine.test(line)) return 'shopify';
  }
  return undefined;
}

export function parseTaxonomyFile(text: string, format: TaxonomyFormat): TaxonomyFile {
  const file: TaxonomyFile = { format, categories: [], problems: [] };
  const lineShape = format === 'google' ? googleLine : shopifyLine;
  const expected =
    format === 'google'
      ? 'expected "<numeric id> - <path>"'
      : 'expected "gid://shopify/TaxonomyCategory/<id> : <path>" (the id may be padded with spaces)';
  const seen = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const number = index + 1;
    const line = (index === 0 ? raw.replace(/^\uFEFF/, '') : raw).trim();
    if (line.length === 0) return;
    // Before anything else: trimming and the path's white-space rule would hide a tab or a line feed.
    const unsafe = unsafeCharacterProblem(raw);
    if (unsafe) {
      file.problems.push({ line: number, message: `the line ${unsafe}` });
      return;
    }
    if (line.startsWith('#')) {
      const version = (format === 'google' ? googleVersion : shopifyVersion).exec(line)?.[1];
      if (version && !file.version) file.version = version;
      return;
    }
    const match = lineShape.exec(line);
    if (!match) {
      file.problems.push({ line: number, message: `${expected}, got ${shownLine(line)}` });
      return;
    }
    const [, id, rawPath] = match as unknown as [string, string, string];
    const reading = readCategoryPath(rawPath, maxChannelPathLength);
    if ('problem' in reading) {
      file.problems.push({ line: number, message: `the path ${reading.problem}` });
      return;
    }
    const first = seen.get(id);
    if (first !== undefined) {
      file.problems.push({ line: number, message: `the id ${id} is already on line ${first}` });
      return;
    }
    seen.set(id, number);
    file.categories.push({ id, path: reading.path });
  });
  if (file.categories.length === 0 && file.problems.length === 0) {
    file.problems.push({ line: 1, message: 'the file holds no categories' });
  }
  return file;
}

export interface StoredCategory extends TaxonomyCategory {
  retired: boolean;
}

export interface TaxonomyChanges {
  added: TaxonomyCategory[];
  /** Categories whose path changed (renamed or moved). */
  renamed: Array<TaxonomyCategory & { previousPath: string }>;
  /** In the table and active, not in the file. */
  retired: TaxonomyCategory[];
  /** Retired before, back in the file. */
  restored: TaxonomyCategory[];
  unchanged: number;
}

/** What loading `file` over what the table holds changes. */
export function taxonomyChanges(
  stored: readonly StoredCategory[],
  loaded: readonly TaxonomyCategory[],
): TaxonomyChanges {
  const before = new Map(stored.map((category) => [category.id, category]));
  const changes: TaxonomyChanges = { added: [], renamed: [], retired: [], restored: [], unchanged: 0 };
  const inFile = new Set<string>();
  for (const category of loaded) {
    inFile.add(category.id);
    const previous = before.get(category.id);
    if (!previous) changes.added.push(category);
    else if (previous.retired) changes.restored.push(category);
    else if (previous.path !== category.path)
      changes.renamed.push({ ...category, previousPath: previous.path });
    else changes.unchanged++;
  }
  for (const category of stored) {
    if (!category.retired && !inFile.has(category.id))
      changes.retired.push({ id: category.id, path: category.path });
  }
  return changes;
}

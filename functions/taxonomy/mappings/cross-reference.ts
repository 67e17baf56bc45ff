/**
 * The cross-reference: per internal category (any that has a mapping to some channel), its category in
 * every known channel and the channels it has none in. Paged by internal category: a page never splits
 * a category's channels.
 */
import { decodeCursor, encodeCursor } from '../../../shared/db/cursor';
import type { Page } from '../../../shared/db/query';
import { foldedPath } from '../rules/category-path';
import { mappingsAfter, toMapping } from './repository';
import type { CategoryMapping } from './schemas';

export interface CrossReferenceRow {
  internalPath: string;
  channels: Array<Pick<CategoryMapping, 'channel' | 'status' | 'channelCategory' | 'verified'>>;
  unmappedChannels: string[];
}

/** Rows from mappings in internal-path order: pure, so the grouping is tested without a table. */
export function crossReferenceRows(
  mappings: readonly CategoryMapping[],
  channels: readonly string[],
  onlyChannel?: string,
): Array<CrossReferenceRow & { folded: string }> {
  const rows: Array<CrossReferenceRow & { folded: string }> = [];
  for (const mapping of mappings) {
    const folded = foldedPath(mapping.internalPath);
    let row = rows.at(-1);
    if (!row || row.folded !== folded) {
      row = { folded, internalPath: mapping.internalPath, channels: [], unmappedChannels: [] };
      rows.push(row);
    }
    if (onlyChannel === undefined || mapping.channel === onlyChannel) {
      const { channel, status, channelCategory, verified } = mapping;
      row.channels.push({ channel, status, channelCategory, verified });
    }
  }
  const wanted = onlyChannel === undefined ? channels : [onlyChannel];
  for (const row of rows) {
    const mapped = new Set(row.channels.map((each) => each.channel));
    row.unmappedChannels = wanted.filter((channel) => !mapped.has(channel));
  }
  return rows;
}

export async function crossReferencePage(request: {
  channels: readonly string[];
  channel?: string;
  prefix?: string;
  limit: number;
  cursor?: string;
}): Promise<Page<CrossReferenceRow>> {
  const prefix = request.prefix ? foldedPath(request.prefix) : '';
  const scope = `taxonomy-cross-reference:${request.channel ?? ''}:${prefix}`;
  const after = decodeCursor(request.cursor, scope)?.after;
  const mappings: CategoryMapping[] = [];
  let internalCursor: string | undefined;
  let exhausted = false;
  // Read until one category more than the page holds has begun (or the partition ends).
  while (!exhausted) {
    const page = await mappingsAfter(
      prefix,
      typeof after === 'string' ? after : undefined,
      200,
      internalCursor,
    );
    mappings.push(...page.items.map(toMapping));
    internalCursor = page.nextCursor ?? undefined;
    exhausted = !internalCursor;
    if (new Set(mappings.map((mapping) => foldedPath(mapping.internalPath))).size > request.limit) break;
  }
  const rows = crossReferenceRows(mappings, request.channels, request.channel);
  const more = rows.length > request.limit;
  const page = rows.slice(0, request.limit);
  return {
    items: page.map(({ folded: _folded, ...row }) => row),
    nextCursor: more ? encodeCursor({ after: page.at(-1)!.folded }, scope) : null,
  };
}

/**
 * An order's history entries (written by the order writer, `H#<at>#<id>` in the order's partition): one
 * descending Query over the key range of the asked times, narrowed to one kind by a filter, so one kind
 * and every kind merged page the same way and the cursor is the last entry's key.
 */
import { getItem, queryPage } from '../../../shared/db/query';
import type { Page } from '../../../shared/db/query';
import { historyOfOrderBetween, orderKey } from '../../../shared/db/keys';
import { toResource } from '../../../shared/db/resource';
import type { HistoryKind } from '../../../shared/domain/order-history';
import type { HistoryRange } from './range';
import { historyEntrySchema } from './schemas';

export type HistoryEntryView = ReturnType<typeof toEntry>;

const toEntry = (item: Record<string, unknown>) => toResource(historyEntrySchema, item);

export async function orderExists(orderId: string): Promise<boolean> {
  return (await getItem(orderKey(orderId), true)) !== undefined;
}

export interface HistoryPageRequest {
  orderId: string;
  /** One kind, or every kind when undefined. */
  kind: HistoryKind | undefined;
  range: HistoryRange;
  limit: number;
  cursor?: string;
}

/** A cursor answers only the listing it came from: the same order, kind and range. */
function scopeOf(request: HistoryPageRequest): string {
  return [
    'order-history',
    request.orderId,
    request.kind ?? 'all',
    request.range.from ?? '',
    request.range.to ?? '',
  ].join('|');
}

export async function historyPage(request: HistoryPageRequest): Promise<Page<HistoryEntryView>> {
  const page = await queryPage({
    ...historyOfOrderBetween(request.orderId, request.range),
    filter:
      request.kind === undefined
        ? undefined
        : { expression: '#kind = :kind', names: { '#kind': 'kind' }, values: { ':kind': request.kind } },
    limit: request.limit,
    cursor: request.cursor,
    scope: scopeOf(request),
    ascending: false,
    consistent: true,
  });
  return { items: page.items.map(toEntry), nextCursor: page.nextCursor };
}

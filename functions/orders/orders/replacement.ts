/**
 * What a `PUT /v1/orders/{id}` makes of the stored order (DESIGN §3): the channel's fields replace
 * theirs; the back office's (status, warehouse, shipping service, tags that rules or staff added) are
 * kept when the body omits them and cleared only by `null`. Pure; the operation validates the rest.
 */
import type { Order, OrderInput, OrderLine } from '../../../shared/domain/order';
import { defaultNewOrderStatus } from '../../../shared/domain/order-status';
import type { OrderDraft } from '../../../shared/orders/decide';

/** Omitted keeps what was stored, `null` clears, a value replaces. */
function kept<T>(given: T | null | undefined, stored: T | undefined): T | undefined {
  if (given === null) return undefined;
  return given === undefined ? stored : given;
}

/** Tags: the channel's replace the channel's; the ones rules or staff added stay unless `null` clears all. */
function tagsOf(given: string[] | null | undefined, stored: Order | undefined) {
  if (given === null) return { tags: [], channelTags: [] };
  if (given === undefined) return { tags: stored?.tags ?? [], channelTags: stored?.channelTags ?? [] };
  const channelBefore = new Set(stored?.channelTags ?? []);
  const addedHere = (stored?.tags ?? []).filter((tag) => !channelBefore.has(tag));
  return { tags: [...new Set([...given, ...addedHere])], channelTags: given };
}

export function replacementDraft(
  id: string,
  body: OrderInput,
  stored: Order | undefined,
  lines: OrderLine[],
): OrderDraft {
  const { tags, statusId, warehouseId, requestedShippingService, ...channelFields } = body;
  const draft: OrderDraft = {
    ...channelFields,
    id,
    lines,
    ...tagsOf(tags, stored),
    statusId:
      statusId === null ? defaultNewOrderStatus : (statusId ?? stored?.statusId ?? defaultNewOrderStatus),
  };
  const warehouse = kept(warehouseId, stored?.warehouseId);
  if (warehouse !== undefined) draft.warehouseId = warehouse;
  const service = kept(requestedShippingService, stored?.requestedShippingService);
  if (service !== undefined) draft.requestedShippingService = service;
  return draft;
}

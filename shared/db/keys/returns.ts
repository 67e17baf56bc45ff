/**
 * Returns live in their order's partition (after its shipments, before nothing loadOrder reads): one
 * item each, and one guard item per order whose version every change of claimed units moves (a new
 * return, a decline, a delete), so two returns racing for the last shipped units cannot both pass.
 */
import type { ItemKey } from './item-key';

export const orderReturnKey = (orderId: string, returnId: string): ItemKey => ({
  PK: `ORDER#${orderId}`,
  SK: `R#${returnId}`,
});
export const returnsOfOrder = (orderId: string) => ({ pk: `ORDER#${orderId}`, skPrefix: 'R#' });
export const orderReturnsGuardKey = (orderId: string): ItemKey => ({
  PK: `ORDER#${orderId}`,
  SK: 'RETURNS',
});

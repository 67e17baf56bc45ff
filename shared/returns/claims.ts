/**
 * The units an order's returns claim, per order line (read by the returns group, and by the shipment
 * writer so a shipment is not taken back from under a return). Declined returns claim nothing; deleted
 * ones are gone.
 */
import { returnsOfOrder } from '../db/keys';
import { queryAll } from '../db/query';
import { toResource } from '../db/resource';
import type { OrderReturn } from '../domain/returns';
import { claimedUnits, returnSchema } from '../domain/returns';

export async function allReturnsOfOrder(orderId: string): Promise<OrderReturn[]> {
  const items = await queryAll({ ...returnsOfOrder(orderId), consistent: true });
  return items.map((item) => toResource(returnSchema, item));
}

export async function returnClaims(orderId: string): Promise<Map<string, number>> {
  return claimedUnits(await allReturnsOfOrder(orderId));
}

/**
 * The units an order's returns claim, per order line, and the order's RETURNS guard that every change of
 * those claims moves (a new return, a decline, a delete). Read by the returns group, and by the shipment
 * writer so a shipment is not taken back from under a return: it checks the claims it read and
 * conditions its commit on the guard's version, so a return committed meanwhile refuses it. Declined
 * returns claim nothing; deleted ones are gone.
 */
import { tableName } from '../db/client';
import { orderReturnsGuardKey, returnsOfOrder } from '../db/keys';
import { getItem, queryAll } from '../db/query';
import type { NamedItem } from '../db/transactions';
import type { ReturnClaim } from '../domain/return-claims';
import { claimedUnits } from '../domain/return-claims';

/** The name the guard's condition goes under in a transaction (TransactionCancelled.refused). */
export const returnsGuardItem = 'returns-guard';

/** The version of the order's returns guard (0 before its first return). */
export async function returnsGuardVersion(orderId: string): Promise<number> {
  const item = await getItem(orderReturnsGuardKey(orderId), true);
  return item ? Number(item.version) : 0;
}

/** What the order's returns claim, with the guard version read first (so the claims are at least as new). */
export async function readReturnClaims(
  orderId: string,
): Promise<{ claims: Map<string, number>; guardVersion: number }> {
  const guardVersion = await returnsGuardVersion(orderId);
  const items = await queryAll({ ...returnsOfOrder(orderId), consistent: true });
  const returns: ReturnClaim[] = items.map((item) => ({
    state: String(item.state),
    lines: (item.lines as Array<{ itemId: string; quantity: number }>).map((line) => ({
      itemId: String(line.itemId),
      quantity: Number(line.quantity),
    })),
  }));
  return { claims: claimedUnits(returns), guardVersion };
}

/** Holds the guard at the version read: refused as `returns-guard` when a return claimed units since. */
export function returnsGuardCheck(orderId: string, readVersion: number): NamedItem {
  return [
    returnsGuardItem,
    {
      ConditionCheck: {
        TableName: tableName(),
        Key: orderReturnsGuardKey(orderId),
        ConditionExpression: readVersion === 0 ? 'attribute_not_exists(PK)' : 'version = :read',
        ...(readVersion === 0 ? {} : { ExpressionAttributeValues: { ':read': readVersion } }),
      },
    },
  ];
}

/**
 * The label purchase record of a print's Idempotency-Key (keys in shared/db/keys/fulfillment.ts): how
 * many labels bought for the key are known voided. A print buys under the key's next purchase key
 * (print-rules purchaseKeyFor), so a print retried with the same key after its label was voided buys a
 * new label instead of getting the voided one back; and only a label known voided moves it on, so one
 * shipment never gets two paid labels. Bookkeeping beside the print, never its change: written outside
 * the request's idempotency guard.
 */
import { tableName } from '../../../shared/db/client';
import { ConditionFailed } from '../../../shared/db/errors';
import { labelPurchaseKey } from '../../../shared/db/keys';
import { getItem } from '../../../shared/db/query';
import { withoutRequestGuard } from '../../../shared/db/request-guard';
import { conditionalUpdate } from '../../../shared/db/transactions';

/** Longer than any retry of a print: a key's record outlives its idempotency record (24 hours) by far. */
const recordLifetimeSeconds = 90 * 24 * 60 * 60;

const voidedOf = (item: Record<string, unknown> | undefined): number =>
  typeof item?.voided === 'number' ? item.voided : 0;

/** How many labels bought for the request key are known voided (0 without a record). */
export async function labelsVoidedFor(requestKey: string): Promise<number> {
  return voidedOf(await getItem(labelPurchaseKey(requestKey), true));
}

/** The same from the record read with other items (undefined: no record). */
export const labelsVoidedIn = voidedOf;

/**
 * Notes that the label bought under the key's purchase key number `voidedBefore` is voided: the next
 * purchase for the key uses the next one. Answers the count now kept (another attempt that noted it
 * first leaves it as it found it).
 */
export async function noteLabelVoided(requestKey: string, voidedBefore: number): Promise<number> {
  const next = voidedBefore + 1;
  try {
    await withoutRequestGuard(() =>
      conditionalUpdate({
        TableName: tableName(),
        Key: labelPurchaseKey(requestKey),
        UpdateExpression: 'SET voided = :next, updatedAt = :now, expiresAt = :expires',
        ConditionExpression:
          voidedBefore === 0 ? 'attribute_not_exists(voided) OR voided = :before' : 'voided = :before',
        ExpressionAttributeValues: {
          ':next': next,
          ':before': voidedBefore,
          ':now': new Date().toISOString(),
          ':expires': Math.floor(Date.now() / 1000) + recordLifetimeSeconds,
        },
      }),
    );
    return next;
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    return Math.max(next, await labelsVoidedFor(requestKey));
  }
}

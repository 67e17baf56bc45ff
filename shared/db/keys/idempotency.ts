/** Idempotency records and the parts of large kept responses. */
import type { ItemKey } from './item-key';

/** Each part is encoded (`#` → `%23`), so no caller's subject or key can run into another's. */
export const idempotencyKey = (subject: string, operationId: string, key: string): ItemKey => ({
  PK: `IDEMPOTENCY#${[subject, operationId, key].map(encodeURIComponent).join('#')}`,
  SK: 'IDEMPOTENCY',
});
/** Parts of a response too large for the record itself, beside it in its partition. */
export const idempotencyPartKey = (record: ItemKey, index: number): ItemKey => ({
  PK: record.PK,
  SK: `PART#${String(index).padStart(3, '0')}`,
});
export const idempotencyParts = (record: ItemKey) => ({ pk: record.PK, skPrefix: 'PART#' });

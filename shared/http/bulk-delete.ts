/** What bulk deletes share (vendors, purchase-order sources, rule lists): the ids they name, their one transaction's limit. */
import { TransactionCancelled } from '../db/errors';
import type { TransactItem } from '../db/transactions';
import { maxTransactionItems, transactWrite } from '../db/transactions';
import { BadRequest, Conflict, ValidationFailed } from '../errors';

/** A transaction's items under their names, for names built from data (`vendor:<id>`). */
export type NamedItemList = Array<readonly [string, TransactItem]>;

/** Ids from the query or the body (not both), without repeats. */
export function targetIds(
  query: { ids?: string[] } | undefined,
  body: { ids: string[] } | undefined,
): string[] {
  if (query?.ids && body?.ids) throw new BadRequest('Name the ids in the query or in the body, not both.');
  const ids = query?.ids ?? body?.ids;
  if (!ids) {
    throw new ValidationFailed(
      'Name the ids to delete, in the query (?ids=a,b) or the body ({"ids": [...]}).',
      [{ path: 'query.ids', message: 'required (or body.ids)' }],
    );
  }
  return [...new Set(ids)];
}

export function tooManyItems(count: number): BadRequest {
  return new BadRequest(
    `This delete touches ${count} items; one atomic delete holds at most ${maxTransactionItems}. Split it into smaller requests.`,
  );
}

/** One atomic delete: 400 over the transaction limit, 409 (with `raced`) when anything changed meanwhile. */
export async function deleteAllOrNothing(items: NamedItemList, raced: string): Promise<void> {
  if (items.length > maxTransactionItems) throw tooManyItems(items.length);
  try {
    await transactWrite(items);
  } catch (error) {
    if (error instanceof TransactionCancelled) throw new Conflict(raced);
    throw error;
  }
}

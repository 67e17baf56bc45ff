/** What alert evaluation and the alerts group read of rule lists: which lists hold a SKU. */
import { ruleListsHoldingSku } from '../db/keys';
import { queryAll } from '../db/query';

/** Ids of the rule lists that hold a SKU (an index read: a SKU added a moment ago may be missing). */
export async function listsHoldingSku(sku: string): Promise<Set<string>> {
  const items = await queryAll(ruleListsHoldingSku(sku));
  return new Set(items.map((item) => String(item.listId)));
}

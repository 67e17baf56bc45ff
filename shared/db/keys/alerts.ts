/** Inventory alerts: alert rules, seasonal factors, rule lists (a header and one item per SKU), alert states. */
import type { ItemKey } from './item-key';
import { collationKey } from './item-key';

export const alertRuleKey = (id: string): ItemKey => ({ PK: `ALERTRULE#${id}`, SK: 'ALERTRULE' });
export const alertRuleIndexKeys = (rule: { id: string; name: string; scope: { ruleListId?: string } }) => ({
  GSI1PK: 'ALERTRULES',
  GSI1SK: `${collationKey(rule.name)}#${rule.id}`,
  ...(rule.scope.ruleListId ? { GSI2PK: `ALERTRULES#LIST#${rule.scope.ruleListId}`, GSI2SK: rule.id } : {}),
});
export const allAlertRules = () => ({ index: 'GSI1' as const, pk: 'ALERTRULES', skPrefix: '' });
export const alertRulesOfList = (listId: string) => ({
  index: 'GSI2' as const,
  pk: `ALERTRULES#LIST#${listId}`,
  skPrefix: '',
});

export const seasonalFactorKey = (id: string): ItemKey => ({
  PK: `SEASONALFACTOR#${id}`,
  SK: 'SEASONALFACTOR',
});
export const seasonalFactorIndexKeys = (factor: { id: string; scope: { ruleListId?: string } }) => ({
  GSI1PK: 'SEASONALFACTORS',
  GSI1SK: factor.id,
  ...(factor.scope.ruleListId
    ? { GSI2PK: `SEASONALFACTORS#LIST#${factor.scope.ruleListId}`, GSI2SK: factor.id }
    : {}),
});
export const allSeasonalFactors = () => ({ index: 'GSI1' as const, pk: 'SEASONALFACTORS', skPrefix: '' });
export const seasonalFactorsOfList = (listId: string) => ({
  index: 'GSI2' as const,
  pk: `SEASONALFACTORS#LIST#${listId}`,
  skPrefix: '',
});

export const ruleListKey = (id: string): ItemKey => ({ PK: `RULELIST#${id}`, SK: 'RULELIST' });
/** Holds a rule list's name (case and accents folded): written with the list, so two cannot share one. */
export const ruleListNameKey = (name: string): ItemKey => ({
  PK: `RULELIST_NAME#${collationKey(name)}`,
  SK: 'RULELIST_NAME',
});
export const ruleListSkuKey = (listId: string, sku: string): ItemKey => ({
  PK: `RULELIST#${listId}`,
  SK: `SKU#${sku}`,
});
export const ruleListSkuIndexKeys = (listId: string, sku: string) => ({
  GSI1PK: `RULELIST_SKU#${sku}`,
  GSI1SK: listId,
});
export const skusOfRuleList = (listId: string) => ({ pk: `RULELIST#${listId}`, skPrefix: 'SKU#' });
export const ruleListsHoldingSku = (sku: string) => ({
  index: 'GSI1' as const,
  pk: `RULELIST_SKU#${sku}`,
  skPrefix: '',
});

/** Where one rule stands for one SKU in one warehouse: low or not, and since when. */
export const alertStateKey = (ruleId: string, warehouseId: string, sku: string): ItemKey => ({
  PK: `ALERTSTATE#${ruleId}`,
  SK: `${warehouseId}#${sku}`,
});
export const alertStatesOfRule = (ruleId: string) => ({ pk: `ALERTSTATE#${ruleId}`, skPrefix: '' });

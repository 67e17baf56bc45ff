/** Stock rules, their periods and the inventory alert settings. */
import type { ItemKey } from './item-key';

export const stockRuleKey = (id: string): ItemKey => ({ PK: `STOCKRULE#${id}`, SK: 'STOCKRULE' });
export const stockRuleIndexKeys = (rule: { id: string; skuPattern: string; warehouseId?: string }) => ({
  GSI1PK: 'STOCKRULES',
  GSI1SK: `${rule.skuPattern}#${rule.warehouseId ?? '*'}#${rule.id}`,
});
export const stockRuleUniqueKey = (rule: { skuPattern: string; warehouseId?: string }): ItemKey => ({
  PK: `STOCKRULE_UNIQ#${rule.skuPattern}#${rule.warehouseId ?? '*'}`,
  SK: 'STOCKRULE_UNIQ',
});
export const allStockRules = () => ({ index: 'GSI1' as const, pk: 'STOCKRULES', skPrefix: '' });

export const rulePeriodKey = (id: string): ItemKey => ({ PK: `RULEPERIOD#${id}`, SK: 'RULEPERIOD' });
export const rulePeriodIndexKeys = (period: { id: string; ruleId: string; from: string }) => ({
  GSI1PK: `RULE_PERIODS#${period.ruleId}`,
  GSI1SK: `${period.from}#${period.id}`,
  GSI2PK: 'RULE_PERIODS',
  GSI2SK: `${period.from}#${period.id}`,
});
export const periodsOfRule = (ruleId: string) => ({
  index: 'GSI1' as const,
  pk: `RULE_PERIODS#${ruleId}`,
  skPrefix: '',
});
export const allRulePeriods = () => ({ index: 'GSI2' as const, pk: 'RULE_PERIODS', skPrefix: '' });

export const alertSettingsKey = (): ItemKey => ({ PK: 'SETTINGS', SK: 'INVENTORY_ALERTS' });

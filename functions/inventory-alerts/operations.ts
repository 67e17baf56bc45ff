/** The inventory-alerts group's operations, one module per resource. */
import type { Implementations } from '../../shared/http/catalogue';
import { alertRuleOperations } from './alert-rules/operations';
import type { inventoryAlertsCatalogue } from './routes';
import { ruleListOperations } from './rule-lists/operations';
import { seasonalFactorOperations } from './seasonal-factors/operations';

export const inventoryAlertsOperations: Implementations<typeof inventoryAlertsCatalogue.routes> = {
  ...alertRuleOperations,
  ...seasonalFactorOperations,
  ...ruleListOperations,
};

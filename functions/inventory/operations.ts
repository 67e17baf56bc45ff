/** The inventory group's operations, one module per resource. */
import type { Implementations } from '../../shared/http/catalogue';
import { alertSettingsOperations } from './alert-settings-operations';
import type { inventoryCatalogue } from './routes';
import { rulePeriodOperations } from './rule-period-operations';
import { stockRuleOperations } from './stock-rule-operations';
import { warehouseOperations } from './warehouse-operations';

export const inventoryOperations: Implementations<typeof inventoryCatalogue.routes> = {
  ...warehouseOperations,
  ...alertSettingsOperations,
  ...stockRuleOperations,
  ...rulePeriodOperations,
};

/** The inventory group's operations, one module per resource. */
import type { Implementations } from '../../shared/http/catalogue';
import { alertSettingsOperations } from './alert-settings/operations';
import type { inventoryCatalogue } from './routes';
import { rulePeriodOperations } from './rule-periods/operations';
import { stockRuleOperations } from './stock-rules/operations';
import { warehouseOperations } from './warehouses/operations';

export const inventoryOperations: Implementations<typeof inventoryCatalogue.routes> = {
  ...warehouseOperations,
  ...alertSettingsOperations,
  ...stockRuleOperations,
  ...rulePeriodOperations,
};

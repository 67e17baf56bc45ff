/** Runs the merchant's automation rules on an order being written (inside the same write). */
import type { AutomationTrigger } from '../../shared/domain/automation';
import { evaluateRules } from '../../shared/domain/automation';
import type { Order } from '../../shared/domain/order';
import { rulesForTrigger } from './automation-rule-repository';

export type { AutomationTrigger };

export async function applyAutomation(order: Order, trigger: AutomationTrigger) {
  return evaluateRules(order, await rulesForTrigger(trigger), trigger);
}

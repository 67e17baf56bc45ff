import * as z from 'zod/mini';
import { automationTriggers } from '../../../shared/domain/automation';
import { cursorSchema, limitSchema, queryBoolean } from '../../../shared/http/schemas';

// The rule's own shape lives with the engine that runs it (shared/domain/automation.ts).
export {
  type AutomationRule,
  automationRuleInputSchema,
  automationRuleSchema,
} from '../../../shared/domain/automation';

export const automationRuleListQuery = z.strictObject({
  trigger: z.optional(z.enum(automationTriggers)),
  enabled: queryBoolean,
  limit: limitSchema,
  cursor: cursorSchema,
});

/** Automation rules: listed in run order; created once what their actions name is known to exist. */
import { newId } from '../../../shared/ids';
import { TransactionCancelled } from '../../../shared/db/errors';
import type { AutomationRule } from '../../../shared/domain/automation';
import type { Implementations } from '../../../shared/http/catalogue';
import { referenceChecks, referencesOf, refuseUnknownReferences, unknownReferences } from './references';
import { insertRule, listRules } from './repository';
import type { ordersCatalogue } from '../routes';

type Routes = typeof ordersCatalogue.routes;
type AutomationRuleOperations = Pick<Implementations<Routes>, 'listAutomationRules' | 'createAutomationRule'>;

export const automationRuleOperations: AutomationRuleOperations = {
  async listAutomationRules({ query }) {
    const { limit, cursor, ...listing } = query;
    return { body: await listRules(listing, limit, cursor) };
  },

  async createAutomationRule({ body, caller }) {
    const references = referencesOf(body.actions);
    await refuseUnknownReferences(references);
    const timestamp = new Date().toISOString();
    const rule: AutomationRule = {
      ...body,
      id: newId(),
      version: 1,
      createdAt: timestamp,
      createdBy: caller.username,
      updatedAt: timestamp,
    };
    const checks = referenceChecks(references);
    try {
      await insertRule(
        rule,
        checks.map((entry) => [`${entry.reference.kind}:${entry.reference.id}`, entry.check] as const),
      );
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      const gone = checks
        .filter((entry) => error.refused(`${entry.reference.kind}:${entry.reference.id}`))
        .map((entry) => entry.reference);
      if (gone.length > 0) throw unknownReferences(gone);
      throw error;
    }
    return { body: rule };
  },
};

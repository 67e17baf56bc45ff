/** Alert rules: create, list, read (with its list and where it holds now), replace and delete. */
import { TransactionCancelled } from '../../../shared/db/errors';
import { collationKey } from '../../../shared/db/keys';
import { pageInMemory } from '../../../shared/db/memory-page';
import { anyRefusal, withRetry } from '../../../shared/db/retry';
import { checkVersion } from '../../../shared/domain/versions';
import { Conflict, NotFound, ValidationFailed } from '../../../shared/errors';
import type { Implementations } from '../../../shared/http/catalogue';
import { newId } from '../../../shared/ids';
import type { StoredAlertRule } from '../../../shared/inventory/alert-rule';
import { ruleCoversSku } from '../../../shared/inventory/alert-rule';
import { listsHoldingSku } from '../../../shared/inventory/rule-lists';
import { statesOfRule } from '../../../shared/alerts/states';
import { findRuleLists, skusOf } from '../rule-lists/repository';
import {
  alertRuleCount,
  allRules,
  deleteAlertRule,
  findAlertRule,
  insertAlertRule,
  maxAlertRules,
  removeAlertStates,
  replaceAlertRule,
} from './repository';
import type { alertRuleRoutes } from './routes';
import type { AlertRule } from './schemas';
import { logger } from '../../../shared/logging/logger';

const now = () => new Date().toISOString();
const firingShown = 50;

async function requireRule(id: string): Promise<StoredAlertRule> {
  const rule = await findAlertRule(id, true);
  if (!rule) throw new NotFound(`No alert rule has the id ${id}.`);
  return rule;
}

/** A write refused on what the rule names: the list or a warehouse does not exist. */
function referenceRefusal(error: unknown, rule: StoredAlertRule): never {
  if (!(error instanceof TransactionCancelled)) throw error;
  if (rule.scope.ruleListId && error.refused('listCount')) {
    throw new ValidationFailed(`No rule list has the id ${rule.scope.ruleListId}.`, [
      { path: 'body.scope.ruleListId', message: 'no rule list has this id' },
    ]);
  }
  const missing = (rule.scope.warehouseIds ?? [])
    .map((id, index) => ({ id, index }))
    .filter(({ id }) => error.refused(`warehouse:${id}`));
  if (missing.length > 0) {
    throw new ValidationFailed(
      `No warehouse has the id ${missing.map(({ id }) => id).join(', ')}.`,
      missing.map(({ index }) => ({
        path: `body.scope.warehouseIds[${index}]`,
        message: 'no warehouse has this id',
      })),
    );
  }
  throw error;
}

/** Rules answered with their list's name and size (and, for one rule read, its SKUs). */
async function withLists(rules: readonly StoredAlertRule[]): Promise<AlertRule[]> {
  const ids = [...new Set(rules.flatMap((rule) => (rule.scope.ruleListId ? [rule.scope.ruleListId] : [])))];
  const lists = new Map((await findRuleLists(ids)).map((list) => [list.header.id, list.header]));
  return rules.map((rule) => {
    const list = rule.scope.ruleListId ? lists.get(rule.scope.ruleListId) : undefined;
    return list
      ? { ...rule, ruleList: { id: list.id, name: list.name, skuCount: list.skuCount } }
      : { ...rule };
  });
}

export const alertRuleOperations: Implementations<typeof alertRuleRoutes> = {
  async listAlertRules({ query }) {
    const { limit, cursor, ...listing } = query;
    const lists = listing.sku === undefined ? new Set<string>() : await listsHoldingSku(listing.sku);
    const matching = (await allRules()).filter(
      (rule) =>
        (listing.enabled === undefined || rule.enabled === listing.enabled) &&
        (listing.ruleListId === undefined || rule.scope.ruleListId === listing.ruleListId) &&
        (listing.warehouseId === undefined ||
          rule.scope.warehouseIds === undefined ||
          rule.scope.warehouseIds.includes(listing.warehouseId)) &&
        (listing.sku === undefined || ruleCoversSku(rule.scope, listing.sku, lists)),
    );
    const page = pageInMemory(matching, (rule) => `${collationKey(rule.name)}#${rule.id}`, {
      limit,
      cursor,
      scope: `alert-rules:${JSON.stringify(listing)}`,
    });
    return { body: { items: await withLists(page.items), nextCursor: page.nextCursor } };
  },

  async createAlertRule({ body }) {
    if ((await alertRuleCount()) >= maxAlertRules) {
      throw new Conflict(`There are ${maxAlertRules} alert rules, the most kept; delete some first.`);
    }
    const at = now();
    const rule: StoredAlertRule = { ...body, id: newId(), version: 1, createdAt: at, updatedAt: at };
    // The answer is read before the commit, so nothing after it can fail it.
    const [answered] = await withLists([rule]);
    // A conflict with a stock write on a named warehouse (or a list addition) is tried again.
    await withRetry({ what: 'The alert rule' }, () =>
      insertAlertRule(rule).catch((error: unknown) => referenceRefusal(error, rule)),
    );
    return { body: answered!, version: 1, headers: { location: `/v1/inventory/alert-rules/${rule.id}` } };
  },

  async getAlertRule({ params }) {
    const rule = await findAlertRule(params.id);
    if (!rule) throw new NotFound(`No alert rule has the id ${params.id}.`);
    const [answered] = await withLists([rule]);
    const low = (await statesOfRule(rule.id)).filter((state) => state.state === 'low');
    const firing = {
      count: low.length,
      more: low.length > firingShown,
      items: low.slice(0, firingShown).map((state) => ({
        sku: state.sku,
        warehouseId: state.warehouseId,
        lowSince: state.lowSince ?? state.updatedAt,
        notified: state.notified,
        suggestedQuantity: state.suggestedQuantity,
        explanation: state.explanation,
      })),
    };
    const ruleList = answered!.ruleList && {
      ...answered!.ruleList,
      skus: await skusOf(answered!.ruleList.id),
    };
    return { body: { ...answered!, ...(ruleList ? { ruleList } : {}), firing }, version: rule.version };
  },

  async updateAlertRule({ params, body, ifMatch }) {
    return withRetry({ what: 'The alert rule', isRace: anyRefusal }, async () => {
      const previous = await requireRule(params.id);
      checkVersion('alert rule', previous.version, ifMatch);
      const next: StoredAlertRule = {
        ...body,
        id: previous.id,
        version: previous.version + 1,
        createdAt: previous.createdAt,
        updatedAt: now(),
      };
      const [answered] = await withLists([next]);
      try {
        await replaceAlertRule(previous, next);
      } catch (error) {
        if (error instanceof TransactionCancelled && error.refused('rule')) throw error;
        referenceRefusal(error, next);
      }
      return { body: answered!, version: next.version };
    });
  },

  async deleteAlertRule({ params, ifMatch }) {
    await withRetry({ what: 'The alert rule', isRace: anyRefusal }, async () => {
      const rule = await requireRule(params.id);
      checkVersion('alert rule', rule.version, ifMatch);
      await deleteAlertRule(rule);
    });
    // Cleanup after the delete committed: states of a deleted rule are never read again.
    await removeAlertStates(params.id).catch((error: unknown) =>
      logger.warn('The alert states of a deleted rule were left behind', { ruleId: params.id, error }),
    );
    return {};
  },
};

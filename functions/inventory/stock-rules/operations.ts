/** Stock rules: one per (SKU pattern, warehouse); deleting one takes its periods with it. */
import { newId } from '../../../shared/ids';
import { maxTransactionItems } from '../../../shared/db/transactions';
import { BadRequest, Conflict, NotFound, ValidationFailed } from '../../../shared/errors';
import type { Implementations } from '../../../shared/http/catalogue';
import { findWarehouseRecord } from '../../../shared/warehouses/repository';
import { anyRefusal, withRetry } from '../../../shared/db/retry';
import { checkVersion } from '../../../shared/domain/versions';
import type { inventoryCatalogue } from '../routes';
import type { StoredRule } from './repository';
import {
  deleteStockRuleWithPeriods,
  findStockRule,
  insertStockRule,
  listStockRules,
  replaceStockRule,
  ruleDeleteItemCount,
  stockRuleIdWithKey,
} from './repository';
import type { StockRule, StockRuleInput } from './schemas';

const now = () => new Date().toISOString();

async function requireRule(id: string): Promise<StoredRule> {
  const stored = await findStockRule(id, true);
  if (!stored) throw new NotFound(`No stock rule has the id ${id}.`);
  return stored;
}

async function requireWarehouseField(warehouseId: string | undefined): Promise<void> {
  if (warehouseId === undefined || (await findWarehouseRecord(warehouseId, true))) return;
  throw new ValidationFailed(`No warehouse has the id ${warehouseId}.`, [
    { path: 'body.warehouseId', message: 'no warehouse has this id' },
  ]);
}

async function refuseDuplicate(input: StockRuleInput, self: string): Promise<void> {
  const holder = await stockRuleIdWithKey(input);
  if (holder === undefined || holder === self) return;
  const where = input.warehouseId ? `warehouse ${input.warehouseId}` : 'all warehouses';
  throw new Conflict(`Stock rule ${holder} already covers ${input.skuPattern} in ${where}.`, {
    existingRuleId: holder,
  });
}

type Routes = typeof inventoryCatalogue.routes;
type StockRuleOperations = Pick<
  Implementations<Routes>,
  'listStockRules' | 'createStockRule' | 'getStockRule' | 'updateStockRule' | 'deleteStockRule'
>;

export const stockRuleOperations: StockRuleOperations = {
  async listStockRules({ query }) {
    const { limit, cursor, ...listing } = query;
    return { body: await listStockRules(listing, limit, cursor) };
  },

  async createStockRule({ body }) {
    const id = newId();
    return withRetry({ what: 'The stock rules', isRace: anyRefusal }, async () => {
      await requireWarehouseField(body.warehouseId);
      await refuseDuplicate(body, id);
      const at = now();
      const rule: StockRule = { ...body, id, version: 1, createdAt: at, updatedAt: at };
      await insertStockRule(rule);
      return { body: rule, version: rule.version, headers: { location: `/v1/inventory/rules/${id}` } };
    });
  },

  async getStockRule({ params }) {
    const stored = await findStockRule(params.id);
    if (!stored) throw new NotFound(`No stock rule has the id ${params.id}.`);
    return { body: stored.rule, version: stored.rule.version };
  },

  async updateStockRule({ params, body, ifMatch }) {
    return withRetry({ what: 'The stock rule', isRace: anyRefusal }, async () => {
      const { rule: previous } = await requireRule(params.id);
      checkVersion('stock rule', previous.version, ifMatch);
      if (body.warehouseId !== previous.warehouseId) await requireWarehouseField(body.warehouseId);
      await refuseDuplicate(body, params.id);
      const next: StockRule = {
        ...body,
        id: params.id,
        version: previous.version + 1,
        createdAt: previous.createdAt,
        updatedAt: now(),
      };
      await replaceStockRule(previous, next);
      return { body: next, version: next.version };
    });
  },

  async deleteStockRule({ params, ifMatch }) {
    return withRetry({ what: 'The stock rule', isRace: anyRefusal }, async () => {
      const stored = await requireRule(params.id);
      checkVersion('stock rule', stored.rule.version, ifMatch);
      const items = ruleDeleteItemCount(stored);
      if (items > maxTransactionItems) {
        throw new BadRequest(
          `Stock rule ${params.id} has ${stored.periodIds.length} periods; deleting it with them takes ${items} writes and one atomic delete holds at most ${maxTransactionItems}. Delete some of its periods first.`,
          { periodCount: stored.periodIds.length },
        );
      }
      await deleteStockRuleWithPeriods(stored);
      return {};
    });
  },
};

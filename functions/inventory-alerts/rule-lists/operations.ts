/** Rule lists: create, add and remove SKUs, delete (refused while rules or factors target a list, unless force). */
import { ConditionFailed, TransactionCancelled } from '../../../shared/db/errors';
import { inParallel } from '../../../shared/db/parallel';
import { RequestGuardLost, withoutRequestGuard } from '../../../shared/db/request-guard';
import { mayHaveCommitted } from '../../../shared/db/write-outcome';
import { LostRace, anyRefusal, withRetry } from '../../../shared/db/retry';
import { maxTransactionItems, transactWrite } from '../../../shared/db/transactions';
import { Conflict, NotFound, ValidationFailed } from '../../../shared/errors';
import type { Implementations } from '../../../shared/http/catalogue';
import { targetIds } from '../../../shared/http/bulk-delete';
import { newId } from '../../../shared/ids';
import { logger } from '../../../shared/logging/logger';
import { alertRulesTargeting, deleteAlertRule, removeAlertStates } from '../alert-rules/repository';
import type { StoredAlertRule } from '../../../shared/inventory/alert-rule';
import type { SeasonalFactor } from '../../../shared/inventory/seasonal-factor';
import { deleteSeasonalFactor, seasonalFactorsTargeting } from '../seasonal-factors/repository';
import {
  addSkus,
  findRuleList,
  findRuleLists,
  insertRuleList,
  listIdNamed,
  removeListItems,
  releaseRoom,
  removeSkus,
  reserveRoom,
  ruleListDelete,
  ruleListNameRelease,
  skuChunks,
  skusOnList,
  takeBackOwnSkus,
  takeBackSkus,
  withSkus,
} from './repository';
import type { ruleListRoutes } from './routes';
import { maxListSkus } from './schemas';

const now = () => new Date().toISOString();

async function requireList(listId: string, field: string) {
  const stored = await findRuleList(listId, true);
  if (!stored) {
    throw new ValidationFailed(`No rule list has the id ${listId}.`, [
      { path: field, message: 'no rule list has this id' },
    ]);
  }
  return stored;
}

/** The list and SKUs of a removal, from the body or the query (not both). */
function removalOf(
  query: { listId?: string; skus?: string[] },
  body: { listId: string; skus: string[] } | undefined,
): { listId: string; skus: string[]; from: 'query' | 'body' } {
  const inQuery = query.listId !== undefined || query.skus !== undefined;
  if (body && inQuery) {
    throw new ValidationFailed('Name the list and SKUs in the query or in the body, not both.', [
      { path: 'query', message: 'must be empty when the body names the list and SKUs' },
    ]);
  }
  if (body) return { ...body, from: 'body' };
  const missing = [
    query.listId === undefined ? 'query.listId' : undefined,
    query.skus === undefined ? 'query.skus' : undefined,
  ].filter((path): path is string => path !== undefined);
  if (missing.length > 0) {
    throw new ValidationFailed('Name the list and the SKUs to remove, in the query or in the body.', [
      ...missing.map((path) => ({ path, message: 'required (or the body: {"listId": …, "skus": […]})' })),
    ]);
  }
  return { listId: query.listId!, skus: query.skus!, from: 'query' };
}

/** Transactions of up to 100 SKU puts of one addition in flight at once. */
const parallelChunks = 4;

/**
 * Adds SKUs the list did not hold, all or none: room for all of them is reserved on the list's count, each
 * SKU item is put on its own condition, a hundred to a transaction and a few transactions side by side
 * (none holds the header, so they never conflict on it; a SKU another request added meanwhile is refused
 * by name, told apart and its room given back), and the
 * last write, which gives back that room, carries the request's idempotency guard. On any failure what
 * this request added is taken off again and its room given back.
 */
async function addToList(listId: string, fresh: readonly string[]): Promise<void> {
  const addition = newId();
  const added: string[] = [];
  // Chunks whose transaction got no answer: they may have committed, so a failed addition takes back
  // those of their SKUs it finds marked as its own.
  const unanswered: string[] = [];
  const staged = withoutRequestGuard(async () => {
    try {
      await reserveRoom(listId, fresh.length, now());
    } catch (error) {
      if (!(error instanceof ConditionFailed)) throw error;
      const current = await findRuleList(listId, true);
      if (!current) throw new NotFound(`Rule list ${listId} was deleted meanwhile.`);
      throw new Conflict(
        `Rule list ${listId} reached ${current.header.skuCount} SKUs while these were added; ${fresh.length} more would pass its limit of ${maxListSkus}. Nothing was added.`,
        { skuCount: current.header.skuCount, limit: maxListSkus },
      );
    }
    try {
      const chunks: string[][] = [];
      for (let start = 0; start < fresh.length; start += maxTransactionItems) {
        chunks.push(fresh.slice(start, start + maxTransactionItems));
      }
      await inParallel(chunks, parallelChunks, async (chunk) => {
        try {
          added.push(
            ...(await withRetry({ what: `Rule list ${listId}` }, () => addSkus(listId, chunk, addition))),
          );
        } catch (error) {
          if (mayHaveCommitted(error)) unanswered.push(...chunk);
          throw error;
        }
      });
    } catch (error) {
      await giveBack(listId, { added, unanswered, addition }, fresh.length);
      throw error;
    }
  });
  await staged;
  try {
    // The room of SKUs another request added meanwhile (on the list once, counted once).
    await releaseRoom(listId, fresh.length - added.length, now());
  } catch (error) {
    if (error instanceof ConditionFailed) throw new NotFound(`Rule list ${listId} was deleted meanwhile.`);
    // A release that got no answer may have committed the addition (and its idempotency record): then
    // taking the SKUs off again would leave a list without what the record says was applied.
    if (!mayHaveCommitted(error))
      await withoutRequestGuard(() => giveBack(listId, { added, unanswered, addition }, fresh.length));
    throw error;
  }
}

interface AdditionWrites {
  /** SKUs its transactions put (answered). */
  added: readonly string[];
  /** SKUs of transactions that got no answer (put or not). */
  unanswered: readonly string[];
  /** The mark its SKU items carry. */
  addition: string;
}

/** What an addition that failed wrote, undone: its SKUs off the list, its room given back. */
async function giveBack(listId: string, writes: AdditionWrites, reserved: number): Promise<void> {
  try {
    await takeBackSkus(listId, writes.added);
    await takeBackOwnSkus(listId, writes.unanswered, writes.addition);
    await releaseRoom(listId, reserved, now());
  } catch (error) {
    logger.error('A failed addition to a rule list could not be undone', {
      listId,
      added: writes.added.length,
      unanswered: writes.unanswered.length,
      reserved,
      problem: error instanceof Error ? error.message : String(error),
    });
  }
}

const nameTaken = (name: string, listId: string | undefined) =>
  new Conflict(
    `A rule list named "${name}" already exists${listId ? ` (${listId})` : ''}; list names are unique (case and accents aside). Choose another name.`,
    { name, ...(listId ? { ruleListId: listId } : {}) },
  );

export const ruleListOperations: Implementations<typeof ruleListRoutes> = {
  async createRuleList({ body }) {
    const at = now();
    const skus = [...new Set(body.skus)].sort();
    const header = { id: newId(), name: body.name, skuCount: skus.length, createdAt: at, updatedAt: at };
    const holder = await listIdNamed(body.name);
    if (holder) throw nameTaken(body.name, holder);
    try {
      await insertRuleList(header, skus);
    } catch (error) {
      // A duplicate of a request with the same Idempotency-Key committed first (its record refused this
      // one, which the kernel answers from it): this list's SKU items, never reachable, go again.
      const duplicate = error instanceof RequestGuardLost;
      if (!duplicate && !(error instanceof TransactionCancelled && error.refused('name'))) throw error;
      // Or another list took the name meanwhile.
      await removeListItems(header.id);
      if (duplicate) throw error;
      throw nameTaken(body.name, await listIdNamed(body.name));
    }
    return { body: { ...header, skus }, headers: { location: `/v1/inventory/rule-lists/${header.id}` } };
  },

  async addRuleListItems({ body }) {
    const wanted = [...new Set(body.skus)];
    const stored = await requireList(body.listId, 'body.listId');
    const held = await skusOnList(body.listId, wanted);
    const fresh = wanted.filter((sku) => !held.has(sku));
    if (stored.header.skuCount + fresh.length > maxListSkus) {
      throw new Conflict(
        `Rule list ${body.listId} holds ${stored.header.skuCount} SKUs; adding ${fresh.length} more would pass its limit of ${maxListSkus}. Nothing was added.`,
        { skuCount: stored.header.skuCount, adding: fresh.length, limit: maxListSkus },
      );
    }
    if (fresh.length > 0) await addToList(body.listId, fresh);
    const current = await findRuleList(body.listId, true);
    if (!current) throw new NotFound(`Rule list ${body.listId} was deleted meanwhile.`);
    return { body: await withSkus(current.header) };
  },

  async removeRuleListItems({ query, body }) {
    const removal = removalOf(query, body);
    await requireList(removal.listId, `${removal.from}.listId`);
    for (const chunk of skuChunks([...new Set(removal.skus)])) {
      await withRetry({ what: `Rule list ${removal.listId}`, isRace: anyRefusal }, async () => {
        const held = await skusOnList(removal.listId, chunk);
        if (held.size === 0) return;
        await removeSkus(removal.listId, [...held], now());
      });
    }
    const current = await findRuleList(removal.listId, true);
    if (!current) throw new NotFound(`Rule list ${removal.listId} was deleted meanwhile.`);
    return { body: await withSkus(current.header) };
  },

  async deleteRuleLists({ query, body }) {
    const ids = targetIds(query, body);
    const force = body?.force ?? query.force ?? false;
    // Rules and factors deleted on the way (with force), across attempts.
    const deletedRules: StoredAlertRule[] = [];
    const deletedFactors: SeasonalFactor[] = [];
    // Each attempt reads the lists, rules and factors afresh and deletes only what it finds: one that lost
    // a race after deleting some rules can be repeated.
    await withRetry({ what: 'The rule lists', isRace: anyRefusal, repeatsSafely: true }, async () => {
      const lists = await findRuleLists(ids);
      const unknown = ids.filter((id) => !lists.some((list) => list.header.id === id));
      if (unknown.length > 0) {
        throw new NotFound(`No rule list has the id ${unknown.join(', ')}; nothing was deleted.`, {
          unknownIds: unknown,
        });
      }
      const rules = (await Promise.all(ids.map(alertRulesTargeting))).flat();
      const factors = (await Promise.all(ids.map(seasonalFactorsTargeting))).flat();
      const expectedRules = lists.reduce((sum, list) => sum + list.alertRuleCount, 0);
      const expectedFactors = lists.reduce((sum, list) => sum + list.seasonalFactorCount, 0);
      // The index lags the counts by a moment after a rule or factor is written: read again.
      if (rules.length !== expectedRules || factors.length !== expectedFactors) {
        throw new LostRace('the index of rules and factors has not caught up');
      }
      if (!force && (rules.length > 0 || factors.length > 0)) {
        const named = [
          ...rules.map((rule) => `alert rule ${rule.id} (${rule.name})`),
          ...factors.map((factor) => `seasonal factor ${factor.id} (${factor.name})`),
        ];
        throw new Conflict(
          `These lists are in use: ${named.join(', ')} target them. Delete or change those first, or delete with force=true to delete them too. Nothing was deleted.`,
          {
            alertRuleIds: rules.map((rule) => rule.id),
            seasonalFactorIds: factors.map((factor) => factor.id),
          },
        );
      }
      if (rules.length > 0 || factors.length > 0) {
        // Each in its own transaction with the counts it keeps (a rule may name 25 warehouses): a delete
        // of many has no transaction size to reach. The lists then go on counts of none.
        for (const rule of rules) {
          await deleteAlertRule(rule);
          deletedRules.push(rule);
        }
        for (const factor of factors) {
          await deleteSeasonalFactor(factor);
          deletedFactors.push(factor);
        }
      }
      // Refused when a rule or factor started targeting a list meanwhile: read again and decide again.
      // Names these lists hold are let go with them (a list stored before names were held holds none).
      const holding = [];
      for (const list of lists) {
        if ((await listIdNamed(list.header.name)) === list.header.id) holding.push(list.header);
      }
      await transactWrite([
        ...ids.map((id) => [`list:${id}`, ruleListDelete(id)] as const),
        ...holding.map((header) => [`name:${header.id}`, ruleListNameRelease(header)] as const),
      ]);
    });
    // Unreachable now that the headers are gone; cleared so the table does not keep them.
    // The lists are deleted: clearing what only they reached must not turn the answer into a failure.
    await Promise.all([
      ...ids.map(removeListItems),
      ...deletedRules.map((rule) => removeAlertStates(rule.id)),
    ]).catch((error: unknown) =>
      logger.warn('Items of deleted rule lists were left behind', { listIds: ids, error }),
    );
    return {
      body: {
        deleted: ids,
        deletedAlertRules: deletedRules.map((rule) => rule.id),
        deletedSeasonalFactors: deletedFactors.map((factor) => factor.id),
      },
    };
  },
};

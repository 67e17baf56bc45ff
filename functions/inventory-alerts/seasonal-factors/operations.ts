/** Seasonal factors: create, list (by SKU, pattern, day), replace and delete under If-Match. */
import { TransactionCancelled } from '../../../shared/db/errors';
import { pageInMemory } from '../../../shared/db/memory-page';
import { anyRefusal, withRetry } from '../../../shared/db/retry';
import { factorAppliesOn, scopeCoversSku } from '../../../shared/domain/seasonal-factors';
import { checkVersion } from '../../../shared/domain/versions';
import { Conflict, NotFound, ValidationFailed } from '../../../shared/errors';
import type { Implementations } from '../../../shared/http/catalogue';
import { newId } from '../../../shared/ids';
import { listsHoldingSku } from '../../../shared/inventory/rule-lists';
import type { seasonalFactorRoutes } from './routes';
import {
  allFactors,
  deleteSeasonalFactor,
  findSeasonalFactor,
  insertSeasonalFactor,
  maxSeasonalFactors,
  replaceSeasonalFactor,
  seasonalFactorCount,
} from './repository';
import type { SeasonalFactor } from './schemas';

const now = () => new Date().toISOString();

async function requireFactor(id: string): Promise<SeasonalFactor> {
  const factor = await findSeasonalFactor(id, true);
  if (!factor) throw new NotFound(`No seasonal factor has the id ${id}.`);
  return factor;
}

/** A write refused on the list it targets: the list does not exist (or was deleted meanwhile). */
function listRefusal(error: unknown, listId: string | undefined): never {
  if (
    error instanceof TransactionCancelled &&
    listId &&
    (error.refused('listCount') || error.refused('newListCount'))
  ) {
    throw new ValidationFailed(`No rule list has the id ${listId}.`, [
      { path: 'body.scope.ruleListId', message: 'no rule list has this id' },
    ]);
  }
  throw error;
}

export const seasonalFactorOperations: Implementations<typeof seasonalFactorRoutes> = {
  async listSeasonalFactors({ query }) {
    const { limit, cursor, ...listing } = query;
    const lists = listing.sku === undefined ? new Set<string>() : await listsHoldingSku(listing.sku);
    const matching = (await allFactors()).filter(
      (factor) =>
        (listing.activeOn === undefined || factorAppliesOn(factor.applies, listing.activeOn)) &&
        (listing.sku === undefined || scopeCoversSku(factor.scope, listing.sku, lists)) &&
        (listing.skuPattern === undefined || (factor.scope.skuPatterns ?? []).includes(listing.skuPattern)),
    );
    return {
      body: pageInMemory(matching, (factor) => factor.id, {
        limit,
        cursor,
        scope: `seasonal-factors:${JSON.stringify(listing)}`,
      }),
    };
  },

  async createSeasonalFactor({ body }) {
    if ((await seasonalFactorCount()) >= maxSeasonalFactors) {
      throw new Conflict(
        `There are ${maxSeasonalFactors} seasonal factors, the most kept; delete some first.`,
      );
    }
    const at = now();
    const factor: SeasonalFactor = { ...body, id: newId(), version: 1, createdAt: at, updatedAt: at };
    // A conflict with another write of the list it targets is tried again.
    await withRetry({ what: 'The seasonal factor' }, () =>
      insertSeasonalFactor(factor).catch((error: unknown) => listRefusal(error, factor.scope.ruleListId)),
    );
    return { body: factor, version: 1, headers: { location: `/v1/inventory/seasonal-factors/${factor.id}` } };
  },

  async updateSeasonalFactor({ params, body, ifMatch }) {
    return withRetry({ what: 'The seasonal factor', isRace: anyRefusal }, async () => {
      const previous = await requireFactor(params.id);
      checkVersion('seasonal factor', previous.version, ifMatch);
      const next: SeasonalFactor = {
        ...body,
        id: previous.id,
        version: previous.version + 1,
        createdAt: previous.createdAt,
        updatedAt: now(),
      };
      await replaceSeasonalFactor(previous, next).catch((error: unknown) =>
        listRefusal(error, next.scope.ruleListId),
      );
      return { body: next, version: next.version };
    });
  },

  async deleteSeasonalFactor({ params, ifMatch }) {
    return withRetry({ what: 'The seasonal factor', isRace: anyRefusal }, async () => {
      const factor = await requireFactor(params.id);
      checkVersion('seasonal factor', factor.version, ifMatch);
      await deleteSeasonalFactor(factor);
      return {};
    });
  },
};

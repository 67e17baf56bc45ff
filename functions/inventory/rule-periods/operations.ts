/** Rule periods: date ranges overriding a rule's levels; the periods of one rule never overlap. */
import { newId } from '../../../shared/ids';
import { Conflict, NotFound, ValidationFailed } from '../../../shared/errors';
import type { Implementations } from '../../../shared/http/catalogue';
import { anyRefusal, withRetry } from '../../../shared/db/retry';
import { checkVersion } from '../../../shared/domain/versions';
import { firstOverlap } from './overlap';
import type { inventoryCatalogue } from '../routes';
import {
  deleteRulePeriod,
  findRulePeriod,
  insertRulePeriod,
  listRulePeriods,
  periodsOf,
  replaceRulePeriod,
} from './repository';
import type { RulePeriod } from './schemas';
import type { StoredRule } from '../stock-rules/repository';
import { findStockRule } from '../stock-rules/repository';

const now = () => new Date().toISOString();

async function requirePeriod(id: string): Promise<RulePeriod> {
  const period = await findRulePeriod(id, true);
  if (!period) throw new NotFound(`No rule period has the id ${id}.`);
  return period;
}

/** The period's rule, read strongly: its period list and lock are what the write is conditioned on. */
async function ruleOf(period: RulePeriod): Promise<StoredRule> {
  const stored = await findStockRule(period.ruleId, true);
  // A rule's delete takes its periods with it atomically: the period was read just before it went.
  if (!stored) throw new NotFound(`No rule period has the id ${period.id}; its stock rule was deleted.`);
  return stored;
}

/** 409 naming the period the candidate would overlap, among the rule's other periods. */
async function refuseOverlap(candidate: RulePeriod, stored: StoredRule): Promise<void> {
  const overlapping = firstOverlap(candidate, await periodsOf(stored));
  if (!overlapping) return;
  throw new Conflict(
    `The dates ${candidate.from} to ${candidate.to} overlap period "${overlapping.name}" (${overlapping.id}, ${overlapping.from} to ${overlapping.to}) of the same rule.`,
    { overlappingPeriodId: overlapping.id },
  );
}

type Routes = typeof inventoryCatalogue.routes;
type RulePeriodOperations = Pick<
  Implementations<Routes>,
  'listRulePeriods' | 'createRulePeriod' | 'updateRulePeriod' | 'deleteRulePeriod'
>;

export const rulePeriodOperations: RulePeriodOperations = {
  async listRulePeriods({ query }) {
    const { limit, cursor, ...listing } = query;
    return { body: await listRulePeriods(listing, limit, cursor) };
  },

  async createRulePeriod({ body }) {
    const id = newId();
    return withRetry({ what: 'The rule periods', isRace: anyRefusal }, async () => {
      const stored = await findStockRule(body.ruleId, true);
      if (!stored) {
        throw new ValidationFailed(`No stock rule has the id ${body.ruleId}.`, [
          { path: 'body.ruleId', message: 'no stock rule has this id' },
        ]);
      }
      const at = now();
      const period: RulePeriod = { ...body, id, version: 1, createdAt: at, updatedAt: at };
      await refuseOverlap(period, stored);
      await insertRulePeriod(period, stored);
      return {
        body: period,
        version: period.version,
        headers: { location: `/v1/inventory/rules/periods?ruleId=${period.ruleId}` },
      };
    });
  },

  async updateRulePeriod({ params, body, ifMatch }) {
    return withRetry({ what: 'The rule period', isRace: anyRefusal }, async () => {
      const previous = await requirePeriod(params.id);
      checkVersion('rule period', previous.version, ifMatch);
      if (body.ruleId !== previous.ruleId) {
        throw new ValidationFailed(`Rule period ${params.id} belongs to stock rule ${previous.ruleId}.`, [
          {
            path: 'body.ruleId',
            message: 'a period stays with its rule; create one under the other rule instead',
          },
        ]);
      }
      const stored = await ruleOf(previous);
      const next: RulePeriod = {
        ...body,
        id: params.id,
        version: previous.version + 1,
        createdAt: previous.createdAt,
        updatedAt: now(),
      };
      await refuseOverlap(next, stored);
      await replaceRulePeriod(previous, next, stored);
      return { body: next, version: next.version };
    });
  },

  async deleteRulePeriod({ params, ifMatch }) {
    return withRetry({ what: 'The rule period', isRace: anyRefusal }, async () => {
      const period = await requirePeriod(params.id);
      checkVersion('rule period', period.version, ifMatch);
      await deleteRulePeriod(period, await ruleOf(period));
      return {};
    });
  },
};

/**
 * A load moves the channel's legacy attribute definitions (keyed by their scope's path, written before
 * scope ids keyed them) to their id key, unchanged: each in a transaction that puts it under the id key and
 * deletes the path-keyed item only while it is still the version read. Rerunning finds none left. One that
 * cannot move is kept and reported, never deleted: a definition of its category and name is already under
 * the id key (the one read), or it changed while the load ran (the next load moves it).
 */
import { TransactionCancelled } from '../../../shared/db/errors';
import type { StoredAttributeDefinition } from '../attributes/repository';
import { rekeyDefinition, storedDefinitionsOfChannel } from '../attributes/repository';
import { currentDefinitions } from '../rules/legacy-attributes';
import type { ChannelCategory } from '../schemas';

export interface KeptLegacyDefinition {
  id: string;
  name: string;
  scope?: ChannelCategory;
  /** Its path-keyed sort key, to find it by. */
  sortKey: string;
  reason: string;
}

export interface RekeyReport {
  /** Legacy definitions moved to their id key. */
  attributes: number;
  kept: KeptLegacyDefinition[];
}

const kept = (stored: StoredAttributeDefinition, reason: string): KeptLegacyDefinition => ({
  id: stored.definition.id,
  name: stored.definition.name,
  ...(stored.definition.scope ? { scope: stored.definition.scope } : {}),
  sortKey: stored.legacySortKey!,
  reason,
});

const heldAlready =
  'a definition of its category and name is stored under the category id; this one is not read';

export async function rekeyLegacyAttributes(channel: string): Promise<RekeyReport> {
  const stored = await storedDefinitionsOfChannel(channel, true);
  if (stored.every((entry) => entry.legacySortKey === undefined)) return { attributes: 0, kept: [] };
  const { current, shadowed } = currentDefinitions(stored);
  const report: RekeyReport = {
    attributes: 0,
    kept: shadowed.map((entry) => kept(entry, heldAlready)),
  };
  for (const legacy of current.filter((entry) => entry.legacySortKey !== undefined)) {
    try {
      await rekeyDefinition(legacy);
      report.attributes++;
    } catch (error) {
      if (!(error instanceof TransactionCancelled)) throw error;
      if (error.refused('definition')) report.kept.push(kept(legacy, heldAlready));
      else if (error.refused('legacyDefinition'))
        report.kept.push(kept(legacy, 'it changed while the load ran; the next load moves it'));
      else throw error;
    }
  }
  return report;
}

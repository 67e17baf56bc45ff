/**
 * Whether a load may retire what it would retire. A truncated or wrong file reads as a newer taxonomy
 * that dropped categories (a cut Google file with the same version header retired 46 % of them, and the
 * mappings into them), so a load retiring more than 1 % of a channel's categories, or any category a
 * mapping, template or channel attribute uses, is refused unless the operator says it is meant.
 */
import type { TaxonomyCategory, TaxonomyChanges } from './taxonomy-file';

/** The share of a channel's current categories a load may retire without being told it is meant. */
export const maxRetiredShare = 0.01;

/** Something that names a channel category by id: a mapping, a template, an attribute's scope. */
export interface CategoryUse {
  id: string;
  /** Who uses it, in words: `mapping of "Apparel > Shirts"`, `template "Kitchen" (01J…)`. */
  by: string;
}

export interface RetireRefusal {
  /** Categories the load would retire, and the current ones before it. */
  retiring: number;
  current: number;
  /** More than maxRetiredShare of the current categories. */
  tooMany: boolean;
  /** The retiring categories something uses, each with its users. */
  used: Array<TaxonomyCategory & { usedBy: string[] }>;
  /** Categories in use the load would move as well (shown, not refused: a cut last line reads as one). */
  movedInUse: Array<TaxonomyCategory & { previousPath: string; usedBy: string[] }>;
}

/** The refusal, or undefined when the load may go ahead. */
export function retireRefusal(
  changes: Pick<TaxonomyChanges, 'retired' | 'renamed'>,
  currentBefore: number,
  uses: readonly CategoryUse[],
): RetireRefusal | undefined {
  const retiring = changes.retired.length;
  if (retiring === 0) return undefined;
  const users = new Map<string, string[]>();
  for (const use of uses) users.set(use.id, [...(users.get(use.id) ?? []), use.by]);
  const used = changes.retired.flatMap((category) => {
    const usedBy = users.get(category.id);
    return usedBy ? [{ ...category, usedBy }] : [];
  });
  const tooMany = retiring > currentBefore * maxRetiredShare;
  if (!tooMany && used.length === 0) return undefined;
  const movedInUse = changes.renamed.flatMap((category) => {
    const usedBy = users.get(category.id);
    return usedBy ? [{ ...category, usedBy }] : [];
  });
  return { retiring, current: currentBefore, tooMany, used, movedInUse };
}

const count = (value: number) => value.toLocaleString('en-US');

/** What the refusal says, in one paragraph (the used categories are listed apart). */
export function retireRefusalMessage(refusal: RetireRefusal): string {
  const reasons: string[] = [];
  if (refusal.tooMany) {
    const share = ((refusal.retiring / refusal.current) * 100).toFixed(1);
    reasons.push(
      `it would retire ${count(refusal.retiring)} of ${count(refusal.current)} categories (${share} %), more than ${maxRetiredShare * 100} %`,
    );
  }
  if (refusal.used.length > 0) {
    reasons.push(
      `it would retire ${count(refusal.used.length)} categor${refusal.used.length === 1 ? 'y' : 'ies'} that mappings, templates or channel attributes use`,
    );
  }
  return `Refused: ${reasons.join(', and ')}. Nothing was written. Check that the file is whole and the channel's current one; if the categories are meant to go, load it again with --allow-retire.`;
}

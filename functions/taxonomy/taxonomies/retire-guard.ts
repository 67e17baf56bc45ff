/**
 * Whether a load may retire what it would retire, and move what it would move. A truncated or wrong file
 * reads as a newer taxonomy that dropped categories (a cut Google file with the same version header
 * retired 46 % of them, and the mappings into them), so a load retiring more than 1 % of a channel's
 * categories, or any category a mapping, template or channel attribute uses, is refused unless the
 * operator says it is meant. A download cut inside a line reads as a move of that line's category to a
 * shorter path (4775 "… > Oral Care > Toothbrushes" to "… > Oral Care > Toothbr") while retiring a
 * handful, so a category in use moving to a strict prefix of its path is refused too.
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

type MovedInUse = TaxonomyCategory & { previousPath: string; usedBy: string[] };

export interface RetireRefusal {
  /** Categories the load would retire, and the current ones before it. */
  retiring: number;
  current: number;
  /** More than maxRetiredShare of the current categories (unless retiring was allowed). */
  tooMany: boolean;
  /** The retiring categories something uses, each with its users (unless retiring was allowed). */
  used: Array<TaxonomyCategory & { usedBy: string[] }>;
  /** Categories in use the load would move to a path that looks cut (unless moving was allowed). */
  cutMoves: MovedInUse[];
  /** The file does not end with a newline: its last line was likely cut mid-download. */
  missingFinalNewline: boolean;
  /** Every category in use the load would move, shown beside the refusal. */
  movedInUse: MovedInUse[];
}

export interface LoadPermissions {
  /** Let the load retire more than 1 % of the categories, or categories in use. */
  allowRetire?: boolean;
  /** Let the load move categories in use to a path that looks cut. */
  allowMove?: boolean;
}

/** The new path is a strict prefix of the old one as a string: what a line cut short reads as. */
export function looksCut(previousPath: string, path: string): boolean {
  return path.length < previousPath.length && previousPath.startsWith(path);
}

/** The refusal, or undefined when the load may go ahead. */
export function retireRefusal(
  changes: Pick<TaxonomyChanges, 'retired' | 'renamed'>,
  currentBefore: number,
  uses: readonly CategoryUse[],
  file: { endsWithNewline: boolean },
  permissions: LoadPermissions = {},
): RetireRefusal | undefined {
  const users = new Map<string, string[]>();
  for (const use of uses) users.set(use.id, [...(users.get(use.id) ?? []), use.by]);
  const retiring = changes.retired.length;
  const used = permissions.allowRetire
    ? []
    : changes.retired.flatMap((category) => {
        const usedBy = users.get(category.id);
        return usedBy ? [{ ...category, usedBy }] : [];
      });
  const tooMany = !permissions.allowRetire && retiring > currentBefore * maxRetiredShare;
  const movedInUse = changes.renamed.flatMap((category) => {
    const usedBy = users.get(category.id);
    return usedBy ? [{ ...category, usedBy }] : [];
  });
  const cutMoves = permissions.allowMove
    ? []
    : movedInUse.filter((category) => looksCut(category.previousPath, category.path));
  if (!tooMany && used.length === 0 && cutMoves.length === 0) return undefined;
  return {
    retiring,
    current: currentBefore,
    tooMany,
    used,
    cutMoves,
    missingFinalNewline: !file.endsWithNewline,
    movedInUse,
  };
}

const count = (value: number) => value.toLocaleString('en-US');
const categories = (value: number) => `${count(value)} categor${value === 1 ? 'y' : 'ies'}`;

/** What the refusal says, in one paragraph (the categories it names are listed apart). */
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
      `it would retire ${categories(refusal.used.length)} that mappings, templates or channel attributes use`,
    );
  }
  if (refusal.cutMoves.length > 0) {
    reasons.push(
      `it would move ${categories(refusal.cutMoves.length)} in use to a path cut short of ${refusal.cutMoves.length === 1 ? 'its' : 'their'} own${refusal.missingFinalNewline ? ' (the file does not end with a newline: its last line looks cut)' : ''}`,
    );
  }
  const flags = [
    ...(refusal.tooMany || refusal.used.length > 0
      ? ['--allow-retire if the categories are meant to go']
      : []),
    ...(refusal.cutMoves.length > 0 ? ['--allow-move if the shorter paths are meant'] : []),
  ];
  return `Refused: ${reasons.join(', and ')}. Nothing was written. Check that the file is whole and the channel's current one; load it again with ${flags.join(', and ')}.`;
}

/**
 * Which saved attribute mappings a channel attribute, defined anew, would leave unable to fit: checked
 * when the attribute is defined (a 409 naming them) rather than found by every apply failing after.
 */
import type { AttributeMapping } from '../schemas';
import { mappingProblems } from './attribute-rules';
import type { ScopedAttribute } from './listing';
import { attributesFor } from './listing';

/** Saved attribute mappings and where they apply. */
export interface AttributeMappingUser {
  /** In words: `mapping of "Apparel > Shirts"`, `template "Kitchen" (01J…)`. */
  label: string;
  /** The channel category paths its mappings apply in (none: a template of attribute mappings only). */
  categoryPaths: readonly string[];
  mappings: readonly AttributeMapping[];
}

export interface UnfitMapping {
  usedBy: string;
  target: string;
  categoryPath?: string;
  problem: string;
}

const fold = (name: string) => name.toLocaleLowerCase('en');

/**
 * The mappings to `definition` that could not give it a valid value, wherever it is the attribute that
 * applies (the most specific scope of its name among `others` and itself). `others` are the channel's
 * other definitions, the one `definition` replaces left out.
 */
export function mappingsUnfitFor(
  definition: ScopedAttribute,
  others: readonly ScopedAttribute[],
  users: readonly AttributeMappingUser[],
): UnfitMapping[] {
  const name = fold(definition.name);
  const all = [...others, definition];
  // One entry per user, target and problem, under the first category it shows in.
  const unfit = new Map<string, UnfitMapping>();
  for (const user of users) {
    const targeting = user.mappings.filter((mapping) => fold(mapping.target) === name);
    if (targeting.length === 0) continue;
    // Without a category (a template of attribute mappings only), the attributes of every category apply.
    const places: Array<string | undefined> =
      user.categoryPaths.length > 0 ? [...user.categoryPaths] : [undefined];
    for (const categoryPath of places) {
      const applies =
        categoryPath === undefined
          ? definition.scope === undefined
          : attributesFor(all, categoryPath).includes(definition);
      if (!applies) continue;
      for (const mapping of targeting) {
        for (const problem of mappingProblems(mapping, definition)) {
          const key = `${user.label}\u0000${mapping.target}\u0000${problem.path}\u0000${problem.message}`;
          if (unfit.has(key)) continue;
          unfit.set(key, {
            usedBy: user.label,
            target: mapping.target,
            ...(categoryPath !== undefined ? { categoryPath } : {}),
            problem: `${problem.path}: ${problem.message}`,
          });
        }
      }
    }
  }
  return [...unfit.values()];
}

/**
 * Which alert rule's figures a low-stock row shows when several rules hold the SKU low in a warehouse,
 * and why: the largest suggestion (each rule may set its own lead time and safety days, so each suggests
 * its own quantity); equal suggestions by rule name, then id. No I/O.
 */

export interface RuleStanding {
  ruleId: string;
  ruleName: string;
  suggestedQuantity: number;
}

const byLargestSuggestion = (a: RuleStanding, b: RuleStanding) =>
  b.suggestedQuantity - a.suggestedQuantity ||
  a.ruleName.localeCompare(b.ruleName) ||
  (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0);

export function ruleApplied<T extends RuleStanding>(
  standings: readonly T[],
): { standing: T; reason: string } {
  const sorted = [...standings].sort(byLargestSuggestion);
  const chosen = sorted[0]!;
  if (sorted.length === 1)
    return { standing: chosen, reason: 'the only alert rule holding this SKU low here' };
  const others = sorted.slice(1);
  const tied = others.filter((other) => other.suggestedQuantity === chosen.suggestedQuantity);
  const listed = others.map((other) => `${other.ruleName} ${other.suggestedQuantity}`).join(', ');
  const reason =
    tied.length === 0
      ? `the largest suggestion (${chosen.suggestedQuantity}) of the ${sorted.length} alert rules holding this SKU low here; the others suggest: ${listed}`
      : `the largest suggestion (${chosen.suggestedQuantity}) of the ${sorted.length} alert rules holding this SKU low here, shared with ${tied.map((other) => other.ruleName).join(', ')}: the first by name; the others suggest: ${listed}`;
  return { standing: chosen, reason };
}

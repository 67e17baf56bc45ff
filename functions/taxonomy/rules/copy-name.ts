/**
 * A copy's name: "<name> (copy)", then "(copy 2)", "(copy 3)"… past the names already taken, compared in
 * their `fold`ed form (the one names are unique in).
 */
export function copyName(
  name: string,
  taken: readonly string[],
  maxLength = 200,
  fold = (each: string) => each.toLocaleLowerCase('en'),
): string {
  const used = new Set(taken.map(fold));
  const base = name.replace(/ \(copy(?: \d+)?\)$/, '');
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`;
    const candidate = `${base.slice(0, maxLength - suffix.length)}${suffix}`;
    if (!used.has(fold(candidate))) return candidate;
  }
}

/** A copy's name: "<name> (copy)", then "(copy 2)", "(copy 3)"… past the names already taken. */
export function copyName(name: string, taken: readonly string[], maxLength = 200): string {
  const used = new Set(taken.map((each) => each.toLocaleLowerCase('en')));
  const base = name.replace(/ \(copy(?: \d+)?\)$/, '');
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`;
    const candidate = `${base.slice(0, maxLength - suffix.length)}${suffix}`;
    if (!used.has(candidate.toLocaleLowerCase('en'))) return candidate;
  }
}

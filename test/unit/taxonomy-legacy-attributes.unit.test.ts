/** Legacy (path-keyed) channel attribute definitions read as current ones: functions/taxonomy/rules/legacy-attributes.ts. */
import { describe, expect, it } from 'vitest';
import { currentDefinitions } from '../../functions/taxonomy/rules/legacy-attributes';

const definition = (
  id: string,
  updatedAt: string,
  scope?: { id: string; path: string },
  name = 'capacity',
) => ({
  id,
  name,
  updatedAt,
  ...(scope ? { scope } : {}),
});
const drinkware = { id: '2169', path: 'Home > Tableware > Drinkware' };

describe('currentDefinitions', () => {
  it('reads a legacy definition at its category current path, a current one as stored', () => {
    const legacy = {
      definition: definition('A', '2024-01-01', drinkware),
      legacySortKey: 'home>tableware>drinkware>#capacity',
    };
    const current = { definition: definition('B', '2024-01-01', { id: '7', path: 'Home > Old' }, 'colour') };
    const paths = new Map([
      ['2169', 'Home > Drinkware'],
      ['7', 'Home > New'],
    ]);
    const { current: read, shadowed } = currentDefinitions([legacy, current], paths);
    expect(read.map((entry) => entry.definition.scope)).toEqual([
      { id: '2169', path: 'Home > Drinkware' },
      { id: '7', path: 'Home > Old' },
    ]);
    expect(read[0]!.legacySortKey).toBe('home>tableware>drinkware>#capacity');
    expect(shadowed).toEqual([]);
  });

  it('keeps the stored path of a category the channel no longer has current', () => {
    const legacy = { definition: definition('A', '2024-01-01', drinkware), legacySortKey: 'x#capacity' };
    expect(currentDefinitions([legacy], new Map()).current[0]!.definition.scope).toEqual(drinkware);
  });

  it('one per category id and name (case aside): one under the id key before a legacy one, else the latest', () => {
    const older = { definition: definition('A', '2024-01-01', drinkware), legacySortKey: 'a#capacity' };
    const newer = {
      definition: definition('B', '2024-03-01', { id: '2169', path: 'Home > Drinkware' }, 'Capacity'),
      legacySortKey: 'b#capacity',
    };
    const underId = { definition: definition('C', '2023-01-01', drinkware) };
    const everyCategory = { definition: definition('D', '2023-01-01') };
    const both = currentDefinitions([older, newer, everyCategory]);
    expect(both.current.map((entry) => entry.definition.id)).toEqual(['B', 'D']);
    expect(both.shadowed.map((entry) => entry.definition.id)).toEqual(['A']);
    const all = currentDefinitions([older, underId, newer]);
    expect(all.current.map((entry) => entry.definition.id)).toEqual(['C']);
    expect(all.shadowed.map((entry) => entry.definition.id)).toEqual(['A', 'B']);
  });
});

/**
 * What a taxonomy load decides before it writes, without a database: the file must be UTF-8 with no
 * control characters (bad lines named by number and shown escaped), Shopify's published layout with its
 * padded id column reads, a load may not retire more than 1 % of the categories or any in use, internal
 * category paths refuse control characters, and a channel attribute defined anew names the saved
 * mappings it would no longer fit.
 */
import { describe, expect, it } from 'vitest';
import type { AttributeMappingUser } from '../../functions/taxonomy/rules/attribute-fit';
import { mappingsUnfitFor } from '../../functions/taxonomy/rules/attribute-fit';
import { readCategoryPath } from '../../functions/taxonomy/rules/category-path';
import { copyName } from '../../functions/taxonomy/rules/copy-name';
import type { ScopedAttribute } from '../../functions/taxonomy/rules/listing';
import {
  decodeTaxonomyText,
  escapedBytes,
  escapedText,
  terminalSafe,
} from '../../functions/taxonomy/taxonomies/file-text';
import {
  looksCut,
  retireRefusal,
  retireRefusalMessage,
} from '../../functions/taxonomy/taxonomies/retire-guard';
import {
  detectFormat,
  parseTaxonomyFile,
  taxonomyChanges,
} from '../../functions/taxonomy/taxonomies/taxonomy-file';
import { collationKey } from '../../shared/db/keys';
import { taxonomyFixture } from '../support/taxonomy-builders';

/** Any character a terminal would act on rather than show. */
const raw = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

const latin1 = (text: string) => Buffer.from(text, 'latin1');

describe('taxonomy files are UTF-8', () => {
  it('decode a UTF-8 file, dropping its byte order mark', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('1 - Café & Bar\n', 'utf8')]);
    expect(decodeTaxonomyText(bytes)).toEqual({ text: '1 - Café & Bar\n' });
  });

  it('refuse a Latin-1 file, naming each bad line with its bytes escaped', () => {
    const bytes = latin1(
      '# Google_Product_Taxonomy_Version: 2021-09-21\n1 - Food\n2 - Food > Café & Bar\n3 - Crème\n',
    );
    const decoded = decodeTaxonomyText(bytes);
    expect('problems' in decoded && decoded.problems.map((problem) => problem.line)).toEqual([3, 4]);
    const message = 'problems' in decoded ? decoded.problems[0]!.message : '';
    expect(message).toContain('"2 - Food > Caf\\xE9 & Bar"');
    expect(message).not.toMatch(/[\u0080-\uFFFF]/);
  });

  it('name a UTF-16 file as such', () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('1 - Food\n', 'utf16le')]);
    const decoded = decodeTaxonomyText(bytes);
    expect('problems' in decoded && decoded.problems[0]!.message).toContain('UTF-16');
  });

  it('escape bytes that are not UTF-8, and keep those that are', () => {
    expect(escapedBytes(Buffer.from([0x41, 0xe9, 0x42, 0xc3, 0xa9, 0x07]))).toBe('"A\\xE9Bé\\u0007"');
    // An overlong encoding of "/" and a lone continuation byte are not UTF-8 either.
    expect(escapedBytes(Buffer.from([0xc0, 0xaf, 0x80]))).toBe('"\\xC0\\xAF\\x80"');
  });

  it('show text JSON-style: quotes, backslashes, control characters and bidirectional overrides escaped', () => {
    expect(escapedText('a "b" \\ \t\u0007\u009b\u202e')).toBe('"a \\"b\\" \\\\ \\t\\u0007\\u009B\\u202E"');
    expect(terminalSafe('Home & Garden > Café')).toBe('Home & Garden > Café');
    expect(terminalSafe('Home\u001b[31m')).toBe('"Home\\u001B[31m"');
  });
});

describe('taxonomy files hold no control characters', () => {
  it('refuse a control character anywhere in a line, naming the line and showing it escaped', () => {
    const text = [
      '# Google_Product_Taxonomy_Version: 2021-09-21',
      '1 - Food',
      '2 - Food > Bar\u0007',
      '3 - Food\t> Drinks',
      '4 - Food > \u001b[2JCleared',
      '# a comment with a bell \u0007',
      '5 - Food > \u202eraB',
    ].join('\n');
    const file = parseTaxonomyFile(text, 'google');
    expect(file.problems.map((problem) => problem.line)).toEqual([3, 4, 5, 6, 7]);
    expect(file.problems[0]!.message).toContain('U+0007');
    expect(file.problems[0]!.message).toContain('"2 - Food > Bar\\u0007"');
    expect(file.problems[1]!.message).toContain('"3 - Food\\t> Drinks"');
    expect(file.problems[4]!.message).toContain('bidirectional');
    for (const problem of file.problems) expect(problem.message).not.toMatch(raw);
  });

  it('show a malformed line escaped too', () => {
    const file = parseTaxonomyFile('1 - Food\nnot a line "quoted"\n', 'google');
    expect(file.problems[0]!.message).toContain('got "not a line \\"quoted\\""');
  });
});

describe("Shopify's categories.txt as published", () => {
  it('read the id column padded with spaces to the longest id, with short ids like ap-2-3-7', () => {
    const text = taxonomyFixture('shopify-categories-2024-07-published.txt');
    expect(detectFormat(text)).toBe('shopify');
    const file = parseTaxonomyFile(text, 'shopify');
    expect(file.problems).toEqual([]);
    expect(file.version).toBe('2024-07');
    expect(file.categories).toHaveLength(39);
    expect(file.categories).toContainEqual({
      id: 'gid://shopify/TaxonomyCategory/ap-2-3-7',
      path: 'Animals & Pet Supplies > Pet Supplies > Dog Supplies > Dog Toys',
    });
    expect(file.categories[0]).toEqual({
      id: 'gid://shopify/TaxonomyCategory/ap',
      path: 'Animals & Pet Supplies',
    });
    // Seven levels deep, its id padded with three spaces.
    expect(file.categories).toContainEqual({
      id: 'gid://shopify/TaxonomyCategory/vp-2-2-1-1-1-2',
      path: 'Vehicles & Parts > Vehicles > Motor Vehicles > Cars, Trucks & Vans > Electric Vehicles (EV) > Electric Cars > Plug-In Hybrid Electric Vehicles (PHEV)',
    });
  });

  it('read an unpadded line as well', () => {
    const file = parseTaxonomyFile('gid://shopify/TaxonomyCategory/ap-2 : Animals > Pets', 'shopify');
    expect(file.categories).toEqual([{ id: 'gid://shopify/TaxonomyCategory/ap-2', path: 'Animals > Pets' }]);
  });
});

describe('a load may retire', () => {
  const categories = (count: number) =>
    Array.from({ length: count }, (_, index) => ({ id: String(index + 1), path: `Level > ${index + 1}` }));
  const stored = (count: number) => categories(count).map((category) => ({ ...category, retired: false }));
  const whole = { endsWithNewline: true };

  it('up to 1 % of the current categories when none of them is in use', () => {
    const changes = taxonomyChanges(stored(200), categories(198));
    expect(changes.retired).toHaveLength(2);
    expect(retireRefusal(changes, 200, [], whole)).toBeUndefined();
    expect(retireRefusal(taxonomyChanges(stored(200), categories(200)), 200, [], whole)).toBeUndefined();
  });

  it('not more than 1 %: a truncated file is refused, with the counts', () => {
    const changes = taxonomyChanges(stored(5595), categories(3000));
    const refusal = retireRefusal(changes, 5595, [], whole);
    expect(refusal).toMatchObject({ retiring: 2595, current: 5595, tooMany: true, used: [] });
    expect(retireRefusalMessage(refusal!)).toContain(
      'retire 2,595 of 5,595 categories (46.4 %), more than 1 %',
    );
    expect(retireRefusalMessage(refusal!)).toContain('Nothing was written');
    expect(retireRefusal(taxonomyChanges(stored(200), categories(197)), 200, [], whole)?.tooMany).toBe(true);
  });

  it('no category in use, however few: each is named with its path and users', () => {
    const changes = taxonomyChanges(stored(1000), categories(999));
    const refusal = retireRefusal(
      changes,
      1000,
      [
        { id: '1000', by: 'mapping of "Kitchen"' },
        { id: '1000', by: 'template "Kitchen" (01J)' },
        { id: '5', by: 'channel attribute "capacity"' },
      ],
      whole,
    );
    expect(refusal).toMatchObject({
      retiring: 1,
      tooMany: false,
      used: [
        { id: '1000', path: 'Level > 1000', usedBy: ['mapping of "Kitchen"', 'template "Kitchen" (01J)'] },
      ],
    });
    expect(retireRefusalMessage(refusal!)).toContain(
      '1 category that mappings, templates or channel attributes use',
    );
  });
  it('shows, beside a refusal, the categories in use it would also move (a cut last line renames one)', () => {
    const cut = [...categories(2), { id: '3', path: 'Level > 3' }];
    const changes = taxonomyChanges(
      [
        ...stored(2),
        { id: '3', path: 'Level > 3 > Toothbrush Accessories', retired: false },
        ...stored(10).slice(3),
      ],
      cut,
    );
    const refusal = retireRefusal(changes, 10, [{ id: '3', by: 'mapping of "Kitchen"' }], whole);
    expect(refusal?.movedInUse).toEqual([
      {
        id: '3',
        path: 'Level > 3',
        previousPath: 'Level > 3 > Toothbrush Accessories',
        usedBy: ['mapping of "Kitchen"'],
      },
    ]);
  });
});

describe('a load may move a category in use', () => {
  const previous = 'Health & Beauty > Personal Care > Oral Care > Toothbrushes';
  const storedAt = (path: string) => [
    { id: '1', path: 'Health & Beauty', retired: false },
    { id: '4775', path, retired: false },
  ];
  const mapped = [{ id: '4775', by: 'mapping of "Oral > Brushes"' }];
  const cutFile = { endsWithNewline: false };

  it('a new path that is a strict prefix of the old one as a string looks cut; other moves do not', () => {
    expect(looksCut(previous, 'Health & Beauty > Personal Care > Oral Care > Toothbr')).toBe(true);
    expect(looksCut(previous, 'Health & Beauty > Personal Care > Oral Care > Toothbrush')).toBe(true);
    expect(looksCut(previous, 'Health & Beauty > Personal Care > Oral Care')).toBe(true);
    expect(looksCut(previous, previous)).toBe(false);
    expect(looksCut(previous, 'Health & Beauty > Personal Care > Oral Care > Manual Toothbrushes')).toBe(
      false,
    );
    expect(looksCut(previous, 'Health & Beauty > Oral Care > Toothbrushes')).toBe(false);
  });

  it('not to a cut path, even retiring nothing: refused naming it, the missing final newline said', () => {
    for (const cut of [
      'Health & Beauty > Personal Care > Oral Care > Toothbr',
      'Health & Beauty > Personal Care > Oral Care > Toothbrush',
    ]) {
      const changes = taxonomyChanges(storedAt(previous), [
        { id: '1', path: 'Health & Beauty' },
        { id: '4775', path: cut },
      ]);
      expect(changes.retired).toEqual([]);
      const refusal = retireRefusal(changes, 2, mapped, cutFile);
      expect(refusal).toMatchObject({
        retiring: 0,
        tooMany: false,
        used: [],
        missingFinalNewline: true,
        cutMoves: [
          { id: '4775', path: cut, previousPath: previous, usedBy: ['mapping of "Oral > Brushes"'] },
        ],
      });
      const message = retireRefusalMessage(refusal!);
      expect(message).toContain('move 1 category in use to a path cut short of its own');
      expect(message).toContain('the file does not end with a newline');
      expect(message).toContain('Nothing was written');
      expect(message).toContain('--allow-move');
      expect(message).not.toContain('--allow-retire');
    }
  });

  it('to a cut path when --allow-move says it is meant, or when nothing uses the category', () => {
    const changes = taxonomyChanges(storedAt(previous), [
      { id: '1', path: 'Health & Beauty' },
      { id: '4775', path: 'Health & Beauty > Personal Care > Oral Care' },
    ]);
    expect(retireRefusal(changes, 2, mapped, cutFile, { allowMove: true })).toBeUndefined();
    expect(retireRefusal(changes, 2, [], cutFile)).toBeUndefined();
    // --allow-retire lets retirements through, not a cut.
    expect(retireRefusal(changes, 2, mapped, cutFile, { allowRetire: true })?.cutMoves).toHaveLength(1);
  });

  it('to a renamed path that is not a cut: it loads (and is among the moves)', () => {
    const changes = taxonomyChanges(storedAt(previous), [
      { id: '1', path: 'Health & Beauty' },
      { id: '4775', path: 'Health & Beauty > Personal Care > Oral Care > Manual Toothbrushes' },
    ]);
    expect(changes.renamed).toHaveLength(1);
    expect(retireRefusal(changes, 2, mapped, { endsWithNewline: true })).toBeUndefined();
  });
});

describe('internal category paths', () => {
  it('refuse control characters rather than folding them into spaces', () => {
    expect(readCategoryPath('Apparel >\tShirts')).toEqual({
      problem: 'must not contain control characters (U+0009 at character 10)',
    });
    expect(readCategoryPath('Apparel > Shirts\u0000')).toHaveProperty('problem');
    expect(readCategoryPath('Apparel\u202e > Shirts')).toHaveProperty('problem');
    expect(readCategoryPath('Apparel  >  Shirts')).toEqual({
      path: 'Apparel > Shirts',
      segments: ['Apparel', 'Shirts'],
    });
  });
});

describe('a channel attribute defined anew', () => {
  const capacity: ScopedAttribute = {
    name: 'capacity',
    type: 'measure',
    unit: 'g',
    required: true,
    scope: 'Home & Garden > Kitchen',
  };
  const toMl = {
    target: 'capacity',
    source: { attribute: 'Volume' },
    transform: { type: 'unit_convert', to: 'ml' },
  } as const;
  const users: AttributeMappingUser[] = [
    {
      label: 'the mapping of "Kitchen"',
      categoryPaths: ['Home & Garden > Kitchen > Cookware'],
      mappings: [toMl],
    },
    { label: 'the mapping of "Shoes"', categoryPaths: ['Apparel > Shoes'], mappings: [toMl] },
    { label: 'template "Kitchen" (01J)', categoryPaths: ['Home & Garden > Kitchen'], mappings: [toMl] },
  ];

  it('names every saved mapping under its scope that could no longer fit (ml → g)', () => {
    const unfit = mappingsUnfitFor(capacity, [], users);
    expect(unfit.map((entry) => entry.usedBy)).toEqual([
      'the mapping of "Kitchen"',
      'template "Kitchen" (01J)',
    ]);
    expect(unfit[0]).toMatchObject({
      target: 'capacity',
      categoryPath: 'Home & Garden > Kitchen > Cookware',
    });
    expect(unfit[0]!.problem).toContain('measured in g');
  });

  it('leaves out places where a more specific definition of the name applies, and mappings that fit', () => {
    const cookware: ScopedAttribute = {
      ...capacity,
      unit: 'ml',
      scope: 'Home & Garden > Kitchen > Cookware',
    };
    expect(mappingsUnfitFor(capacity, [cookware], users).map((entry) => entry.usedBy)).toEqual([
      'template "Kitchen" (01J)',
    ]);
    expect(mappingsUnfitFor({ ...capacity, unit: 'ml' }, [], users)).toEqual([]);
  });
});

describe('copy names', () => {
  it('skip names taken in the folded form names are unique in', () => {
    expect(copyName('Émile', ['Emile (copy)'], 200, collationKey)).toBe('Émile (copy 2)');
  });
});

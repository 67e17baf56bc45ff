/**
 * The taxonomy group's pure rules, without a database: category paths, unit conversions, every
 * transform, attribute checks at definition time, what a product becomes on a channel (template
 * application and validation), both taxonomy file formats and what a reload changes, copy names and
 * the cross-reference grouping.
 */
import { describe, expect, it } from 'vitest';
import { crossReferenceRows } from '../../functions/taxonomy/mappings/cross-reference';
import type { CategoryMapping } from '../../functions/taxonomy/mappings/schemas';
import { conformValue, mappingProblems } from '../../functions/taxonomy/rules/attribute-rules';
import { foldedPath, isWithin, readCategoryPath } from '../../functions/taxonomy/rules/category-path';
import { copyName } from '../../functions/taxonomy/rules/copy-name';
import type { ScopedAttribute } from '../../functions/taxonomy/rules/listing';
import {
  attributesFor,
  buildListing,
  layerMappings,
  nearestMapped,
} from '../../functions/taxonomy/rules/listing';
import { applyTransform, parseTemplate } from '../../functions/taxonomy/rules/transforms';
import { convert } from '../../functions/taxonomy/rules/units';
import type { AttributeMapping, Product, Transform } from '../../functions/taxonomy/schemas';
import { attributeMappingSchema, productSchema } from '../../functions/taxonomy/schemas';
import {
  detectFormat,
  parseTaxonomyFile,
  taxonomyChanges,
} from '../../functions/taxonomy/taxonomies/taxonomy-file';
import { taxonomyFixture } from '../support/taxonomy-builders';

function product(overrides: Partial<Product> & { attributes?: Record<string, unknown> } = {}): Product {
  return productSchema.parse({
    sku: 'OX-1',
    title: 'Oxford shirt',
    description: 'Woven cotton',
    categoryPath: 'Apparel > Shirts > Oxford',
    attributes: { Colour: 'Navy', Weight: { value: 300, unit: 'g' }, Brand: 'Inkwell', size: 'M' },
    ...overrides,
  });
}

const run = (transform: Transform, source?: AttributeMapping['source'], item = product()) =>
  applyTransform(item, source, transform);

describe('category paths', () => {
  it('read into tidy levels joined by " > ", compared case-insensitively by whole levels', () => {
    expect(readCategoryPath('  Apparel   >  Shirts >Oxford ')).toMatchObject({ problem: expect.any(String) });
    expect(readCategoryPath('  Apparel   >  Shirts  >  Oxford ')).toEqual({
      path: 'Apparel > Shirts > Oxford',
      segments: ['Apparel', 'Shirts', 'Oxford'],
    });
    expect(foldedPath('Apparel > Shirts')).toBe('apparel>shirts>');
    expect(isWithin('apparel > SHIRTS > Oxford', 'Apparel > Shirts')).toBe(true);
    expect(isWithin('Apparel Accessories', 'Apparel')).toBe(false);
    expect(isWithin('Apparel', 'Apparel > Shirts')).toBe(false);
  });

  it('refuse 10,000 characters, 100 levels, an empty level and a ">" inside a level', () => {
    expect(readCategoryPath('A'.repeat(10_000))).toEqual({ problem: 'must be at most 300 characters' });
    expect(readCategoryPath(`${'A'.repeat(150)} > ${'B'.repeat(151)}`)).toEqual({
      problem: 'must be at most 300 characters',
    });
    const hundred = Array.from({ length: 100 }, (_, i) => String(i % 10)).join(' > ');
    expect(readCategoryPath(hundred)).toEqual({ problem: 'must have at most 16 levels (it has 100)' });
    expect(readCategoryPath('Apparel >  > Shirts')).toEqual({ problem: 'level 2 is empty' });
    expect(readCategoryPath('Apparel >')).toEqual({ problem: 'level 2 is empty' });
    expect(readCategoryPath('Apparel > Size>Large')).toEqual({
      problem: 'a level must not contain ">" (levels are separated by " > "): "Size>Large"',
    });
    expect(readCategoryPath('   ')).toEqual({ problem: 'must name a category' });
  });
});

describe('unit conversions', () => {
  it('between g, kg, lb and oz', () => {
    expect(convert(1, 'lb', 'kg')).toBe(0.453592);
    expect(convert(1000, 'g', 'kg')).toBe(1);
    expect(convert(16, 'oz', 'lb')).toBeCloseTo(1, 6);
    expect(convert(1, 'kg', 'oz')).toBe(35.273962);
  });

  it('between cm, m and in (and mm, ft)', () => {
    expect(convert(1, 'in', 'cm')).toBe(2.54);
    expect(convert(250, 'cm', 'm')).toBe(2.5);
    expect(convert(1, 'ft', 'in')).toBe(12);
    expect(convert(5, 'mm', 'cm')).toBe(0.5);
  });

  it('between ml, l and fl oz; never across dimensions', () => {
    expect(convert(1000, 'ml', 'l')).toBe(1);
    expect(convert(1, 'l', 'fl oz')).toBe(33.814023);
    expect(convert(12, 'fl oz', 'ml')).toBe(354.882355);
    expect(convert(3, 'kg', 'kg')).toBe(3);
    expect(convert(1, 'kg', 'cm')).toBeUndefined();
    expect(convert(1, 'l', 'kg')).toBeUndefined();
  });
});

describe('transforms', () => {
  it('copy a field or an attribute, and answer empty for a missing source', () => {
    expect(run({ type: 'copy' }, { field: 'title' })).toEqual({ value: 'Oxford shirt' });
    expect(run({ type: 'copy' }, { attribute: 'Weight' })).toEqual({ value: { value: 300, unit: 'g' } });
    expect(run({ type: 'copy' }, { attribute: 'Pattern' })).toEqual({ empty: true });
    expect(run({ type: 'copy' }, { attribute: 'colour' })).toEqual({ empty: true });
  });

  it('constant', () => {
    expect(run({ type: 'constant', value: 'new' })).toEqual({ value: 'new' });
  });

  it('value_map: exact, then case-insensitive, then the default; a problem naming the value without one', () => {
    const values = [
      { from: 'Navy', to: 'Blue' },
      { from: 'navy', to: 'never chosen' },
      { from: 'Crimson', to: 'Red' },
    ];
    expect(run({ type: 'value_map', values }, { attribute: 'Colour' })).toEqual({ value: 'Blue' });
    const crimson = product({ attributes: { Colour: 'CRIMSON' } });
    expect(run({ type: 'value_map', values }, { attribute: 'Colour' }, crimson)).toEqual({ value: 'Red' });
    const teal = product({ attributes: { Colour: 'Teal' } });
    expect(run({ type: 'value_map', values, default: 'Other' }, { attribute: 'Colour' }, teal)).toEqual({
      value: 'Other',
    });
    const missing = run({ type: 'value_map', values }, { attribute: 'Colour' }, teal);
    expect(missing).toEqual({
      problem: 'the value "Teal" of attribute "Colour" has no entry in the value map, which has no default',
    });
  });

  it('unit_convert a measure or a bare number with its unit; a problem across dimensions or without a unit', () => {
    expect(run({ type: 'unit_convert', to: 'kg' }, { attribute: 'Weight' })).toEqual({
      value: { value: 0.3, unit: 'kg' },
    });
    const bare = product({ attributes: { Weight: 2 } });
    expect(run({ type: 'unit_convert', from: 'lb', to: 'kg' }, { attribute: 'Weight' }, bare)).toEqual({
      value: { value: 0.907185, unit: 'kg' },
    });
    expect(run({ type: 'unit_convert', to: 'kg' }, { attribute: 'Weight' }, bare)).toEqual({
      problem: '2 has no unit and the transform names no "from" unit',
    });
    const length = product({ attributes: { Weight: { value: 30, unit: 'cm' } } });
    expect(run({ type: 'unit_convert', to: 'kg' }, { attribute: 'Weight' }, length)).toEqual({
      problem: 'cm (length) cannot be converted to kg (mass)',
    });
    expect(run({ type: 'unit_convert', to: 'kg' }, { attribute: 'Colour' })).toEqual({
      problem: '"Navy" is not a measure (a number with its unit)',
    });
  });

  it('template with fields, attributes and escaped braces; a problem for a placeholder without a value', () => {
    const template = '{attributes.Brand} {title} – {attributes.Weight} {{{sku}}}';
    expect(run({ type: 'template', template })).toEqual({ value: 'Inkwell Oxford shirt – 300 g {OX-1}' });
    expect(run({ type: 'template', template: '{title} in {attributes.Pattern}' })).toEqual({
      problem: 'placeholder {attributes.Pattern} has no value',
    });
    expect(parseTemplate('{price}')).toEqual({
      problem:
        'has an unknown placeholder {price}: use {sku}, {title}, {description}, {categoryPath} or {attributes.<name>}',
    });
    expect(parseTemplate('open {title')).toMatchObject({
      problem: expect.stringContaining('{ without its }'),
    });
    expect(parseTemplate('close }')).toMatchObject({ problem: expect.stringContaining('} without its {') });
  });

  it('concat skips empty sources and joins the rest with the separator; empty when none has a value', () => {
    const sources = [{ attribute: 'Brand' }, { attribute: 'Pattern' }, { field: 'title' as const }];
    expect(run({ type: 'concat', sources, separator: ' | ' })).toEqual({ value: 'Inkwell | Oxford shirt' });
    expect(
      run({ type: 'concat', sources: [{ attribute: 'A' }, { attribute: 'B' }], separator: ' ' }),
    ).toEqual({
      empty: true,
    });
  });
});

describe('attribute values and mapping checks', () => {
  const colour: ScopedAttribute = {
    name: 'color',
    type: 'enum',
    required: true,
    allowedValues: ['Navy', 'White'],
  };
  const weight: ScopedAttribute = { name: 'shipping_weight', type: 'measure', unit: 'kg', required: false };

  it('fit each type: enum spelling, numbers from numeric text, booleans, measures in their unit', () => {
    expect(conformValue('navy', colour)).toEqual({ value: 'Navy' });
    expect(conformValue('Teal', colour)).toMatchObject({
      problem: expect.stringContaining('"Teal" is not one of'),
    });
    expect(conformValue(' 12.5 ', { name: 'n', type: 'number', required: false })).toEqual({ value: 12.5 });
    expect(conformValue('twelve', { name: 'n', type: 'number', required: false })).toMatchObject({
      problem: '"twelve" is not a number',
    });
    expect(conformValue('true', { name: 'b', type: 'boolean', required: false })).toEqual({ value: true });
    expect(conformValue({ value: 2, unit: 'kg' }, weight)).toEqual({ value: { value: 2, unit: 'kg' } });
    expect(conformValue({ value: 2, unit: 'lb' }, weight)).toEqual({
      problem: 'is in lb; shipping_weight is measured in kg (map it with unit_convert)',
    });
    expect(conformValue({ value: 2, unit: 'cm' }, weight)).toEqual({
      problem: 'is in cm (length); shipping_weight is measured in kg (mass)',
    });
    expect(
      conformValue('x'.repeat(11), { name: 't', type: 'text', required: false, maxLength: 10 }),
    ).toMatchObject({
      problem: 'is 11 characters long; t takes at most 10',
    });
  });

  it('find what can never fit when the mapping is defined', () => {
    const toCm: AttributeMapping = {
      target: 'shipping_weight',
      source: { attribute: 'Weight' },
      transform: { type: 'unit_convert', from: 'kg', to: 'cm' },
    };
    expect(mappingProblems(toCm, undefined)).toEqual([
      { path: 'transform.from', message: 'kg (mass) and cm (length) are not of one dimension' },
    ]);
    const toLb: AttributeMapping = { ...toCm, transform: { type: 'unit_convert', to: 'lb' } };
    expect(mappingProblems(toLb, weight)).toEqual([
      { path: 'transform.to', message: 'shipping_weight is measured in kg; convert to kg' },
    ]);
    const unreachable: AttributeMapping = {
      target: 'color',
      source: { attribute: 'Colour' },
      transform: {
        type: 'value_map',
        values: [
          { from: 'Dark blue', to: 'Navy' },
          { from: 'Cream', to: 'Ivory' },
        ],
      },
    };
    expect(mappingProblems(unreachable, colour).map((problem) => problem.path)).toEqual([
      'transform.values[1].to',
    ]);
    expect(
      mappingProblems({ target: 'color', transform: { type: 'constant', value: 'Pink' } }, colour),
    ).toHaveLength(1);
    expect(
      mappingProblems(
        { target: 'title', transform: { type: 'template', template: '{brand}' } },
        undefined,
      )[0]!.path,
    ).toBe('transform.template');
    expect(
      mappingProblems(
        { ...unreachable, transform: { type: 'value_map', values: [{ from: 'x', to: 'White' }] } },
        colour,
      ),
    ).toEqual([]);
  });

  it('refuse a sourced transform without a source and a constant with one', () => {
    expect(attributeMappingSchema.safeParse({ target: 'a', transform: { type: 'copy' } }).success).toBe(
      false,
    );
    expect(
      attributeMappingSchema.safeParse({
        target: 'a',
        source: { field: 'sku' },
        transform: { type: 'constant', value: 1 },
      }).success,
    ).toBe(false);
    expect(
      attributeMappingSchema.safeParse({ target: 'a', source: { field: 'sku' }, transform: { type: 'copy' } })
        .success,
    ).toBe(true);
  });
});

describe('what a product becomes on a channel', () => {
  const definitions: ScopedAttribute[] = [
    { name: 'color', type: 'enum', required: true, allowedValues: ['Navy', 'White'] },
    { name: 'shipping_weight', type: 'measure', unit: 'kg', required: false },
    { name: 'title', type: 'text', required: true },
    { name: 'Brand', type: 'text', required: false },
    {
      name: 'size',
      type: 'enum',
      required: true,
      allowedValues: ['S', 'M', 'L'],
      scope: 'Apparel & Accessories > Clothing',
    },
    { name: 'size', type: 'text', required: false, scope: 'Apparel & Accessories' },
  ];
  const category = {
    channelCategory: { id: '212', path: 'Apparel & Accessories > Clothing > Shirts & Tops' },
    mappedPath: 'Apparel > Shirts',
    from: 'template' as const,
    retired: false,
  };
  const mappings: AttributeMapping[] = [
    { target: 'color', source: { attribute: 'Colour' }, transform: { type: 'copy' } },
    {
      target: 'shipping_weight',
      source: { attribute: 'Weight' },
      transform: { type: 'unit_convert', to: 'kg' },
    },
    { target: 'title', transform: { type: 'template', template: '{attributes.Brand} {title}' } },
  ];

  it('takes the most specific scope per attribute name', () => {
    const sizes = attributesFor(definitions, category.channelCategory.path).filter(
      (each) => each.name === 'size',
    );
    expect(sizes).toEqual([expect.objectContaining({ type: 'enum' })]);
    expect(
      attributesFor(definitions, 'Apparel & Accessories > Shoes').find((each) => each.name === 'size')!.type,
    ).toBe('text');
    expect(attributesFor(definitions, 'Home & Garden').map((each) => each.name)).not.toContain('size');
  });

  it('lists a product whose values all fit; an attribute no mapping names takes the product attribute of its exact name', () => {
    const outcome = buildListing({ product: product(), channel: 'google', category, definitions, mappings });
    expect(outcome).toEqual({
      ok: true,
      problems: [],
      draft: {
        channelCategory: category.channelCategory,
        internalPath: 'Apparel > Shirts > Oxford',
        attributes: {
          color: 'Navy',
          shipping_weight: { value: 0.3, unit: 'kg' },
          title: 'Inkwell Oxford shirt',
          Brand: 'Inkwell',
          size: 'M',
        },
      },
    });
  });

  it('names every missing required attribute and invalid value, and lists nothing', () => {
    const item = product({ attributes: { Colour: 'Teal', Weight: { value: 30, unit: 'cm' } } });
    const outcome = buildListing({ product: item, channel: 'google', category, definitions, mappings });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.missingRequired).toEqual(['size']);
    expect(outcome.problems.map((problem) => [problem.attribute, problem.kind])).toEqual([
      ['color', 'invalid'],
      ['shipping_weight', 'invalid'],
      ['title', 'invalid'],
      ['size', 'missing'],
    ]);
    expect(outcome.problems.every((problem) => problem.sku === 'OX-1')).toBe(true);
    expect(outcome.problems[2]!.reason).toBe('placeholder {attributes.Brand} has no value');
  });

  it('an unmapped or retired category fails the product with a category problem', () => {
    const unmapped = buildListing({
      product: product(),
      channel: 'google',
      category: undefined,
      definitions,
      mappings,
    });
    expect(unmapped).toMatchObject({ ok: false, unmapped: true, problems: [{ kind: 'category' }] });
    const retired = buildListing({
      product: product(),
      channel: 'google',
      category: { ...category, retired: true },
      definitions,
      mappings,
    });
    expect(retired).toMatchObject({
      ok: false,
      problems: [{ kind: 'category', reason: expect.stringContaining('retired') }],
    });
    expect('unmapped' in retired && retired.unmapped).toBeFalsy();
  });

  it('layers mappings by target, case-insensitively: the first layer wins', () => {
    const template: AttributeMapping[] = [
      { target: 'Color', transform: { type: 'constant', value: 'White' } },
    ];
    const layered = layerMappings(template, mappings);
    expect(layered.map((mapping) => mapping.target)).toEqual(['Color', 'shipping_weight', 'title']);
    const outcome = buildListing({
      product: product(),
      channel: 'google',
      category,
      definitions,
      mappings: layered,
    });
    expect(outcome.ok && outcome.draft.attributes.color).toBe('White');
  });

  it('finds the nearest mapped ancestor of an internal path', () => {
    const mapped = new Map([
      [foldedPath('Apparel'), 'apparel'],
      [foldedPath('Apparel > Shirts'), 'shirts'],
    ]);
    expect(nearestMapped(mapped, 'apparel > shirts > Oxford')).toBe('shirts');
    expect(nearestMapped(mapped, 'Apparel > Shoes')).toBe('apparel');
    expect(nearestMapped(mapped, 'Toys')).toBeUndefined();
  });

  it('keeps client-named attributes such as __proto__ and constructor as data', () => {
    const item = productSchema.parse(
      JSON.parse(
        '{"sku":"P-1","title":"T","categoryPath":"Apparel > Shirts","attributes":{"__proto__":"kept","constructor":"also","Colour":"White"}}',
      ),
    );
    expect(Object.keys(item.attributes).sort()).toEqual(['Colour', '__proto__', 'constructor']);
    const outcome = buildListing({
      product: item,
      channel: 'google',
      category,
      definitions: [],
      mappings: [
        { target: '__proto__', source: { attribute: '__proto__' }, transform: { type: 'copy' } },
        { target: 'constructor', source: { attribute: 'constructor' }, transform: { type: 'copy' } },
      ],
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(Object.keys(outcome.draft.attributes)).toEqual(['__proto__', 'constructor']);
    expect(JSON.stringify(outcome.draft.attributes)).toBe('{"__proto__":"kept","constructor":"also"}');
    expect(({} as Record<string, unknown>).kept).toBeUndefined();
  });

  it('refuses a product path over 300 characters and a unit it does not know', () => {
    expect(productSchema.safeParse({ sku: 'A', title: 'T', categoryPath: 'x'.repeat(301) }).success).toBe(
      false,
    );
    const stone = productSchema.safeParse({
      sku: 'A',
      title: 'T',
      categoryPath: 'A',
      attributes: { Weight: { value: 1, unit: 'stone' } },
    });
    expect(stone.success).toBe(false);
    expect(stone.error?.issues[0]?.path).toEqual(['attributes', 'Weight']);
  });
});

describe('taxonomy files', () => {
  it("read Google's taxonomy-with-ids format with its version", () => {
    const text = taxonomyFixture('google-2021-09-21.en-US.txt');
    expect(detectFormat(text)).toBe('google');
    const file = parseTaxonomyFile(text, 'google');
    expect(file.problems).toEqual([]);
    expect(file.version).toBe('2021-09-21');
    expect(file.categories).toHaveLength(10);
    expect(file.categories[2]).toEqual({
      id: '212',
      path: 'Apparel & Accessories > Clothing > Shirts & Tops',
    });
  });

  it("read Shopify's categories.txt format with its version", () => {
    const text = taxonomyFixture('shopify-categories-2024-07.txt');
    expect(detectFormat(text)).toBe('shopify');
    const file = parseTaxonomyFile(text, 'shopify');
    expect(file.problems).toEqual([]);
    expect(file.version).toBe('2024-07');
    expect(file.categories.map((category) => category.id)).toContain(
      'gid://shopify/TaxonomyCategory/aa-1-13-8',
    );
    expect(file.categories).toHaveLength(7);
  });

  it('report every malformed line by number, and a file with no categories', () => {
    const file = parseTaxonomyFile(taxonomyFixture('google-malformed.txt'), 'google');
    expect(file.problems.map((problem) => problem.line)).toEqual([3, 4, 5, 7, 8]);
    expect(file.problems[1]!.message).toBe('the path level 2 is empty');
    expect(file.problems[2]!.message).toBe('the id 166 is already on line 2');
    expect(parseTaxonomyFile('# only a comment\n', 'google').problems).toEqual([
      { line: 1, message: 'the file holds no categories' },
    ]);
    expect(parseTaxonomyFile('gid://shopify/TaxonomyCategory/aa : Apparel', 'google').problems[0]!.line).toBe(
      1,
    );
    expect(detectFormat('nothing here')).toBeUndefined();
  });

  it('say what a newer file changes: added, renamed, retired, restored, unchanged', () => {
    const before = parseTaxonomyFile(taxonomyFixture('google-2021-09-21.en-US.txt'), 'google').categories;
    const after = parseTaxonomyFile(taxonomyFixture('google-2022-01-10.en-US.txt'), 'google').categories;
    const changes = taxonomyChanges(
      before.map((category) => ({ ...category, retired: false })),
      after,
    );
    expect(changes.added.map((category) => category.id)).toEqual(['7001']);
    expect(changes.renamed).toEqual([
      {
        id: '212',
        path: 'Apparel & Accessories > Clothing > Shirts, Tops & Blouses',
        previousPath: 'Apparel & Accessories > Clothing > Shirts & Tops',
      },
    ]);
    expect(changes.retired.map((category) => category.id)).toEqual(['5322']);
    expect(changes.unchanged).toBe(8);
    const back = taxonomyChanges([{ id: '5322', path: 'Activewear', retired: true }], before);
    expect(back.restored.map((category) => category.id)).toEqual(['5322']);
  });
});

describe('copy names', () => {
  it('add "(copy)", then "(copy 2)", never stacking, within 200 characters', () => {
    expect(copyName('Summer', ['Summer'])).toBe('Summer (copy)');
    expect(copyName('Summer', ['Summer', 'summer (COPY)'])).toBe('Summer (copy 2)');
    expect(copyName('Summer (copy)', ['Summer', 'Summer (copy)'])).toBe('Summer (copy 2)');
    const long = copyName('x'.repeat(200), []);
    expect(long).toHaveLength(200);
    expect(long.endsWith(' (copy)')).toBe(true);
  });
});

describe('cross-reference rows', () => {
  const mapping = (internalPath: string, channel: string): CategoryMapping => ({
    id: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
    channel,
    internalPath,
    channelCategory: { id: '1', path: 'X' },
    attributes: [],
    status: 'mapped',
    verified: true,
    version: 1,
    createdAt: '2026-11-24T00:00:00.000Z',
    updatedAt: '2026-11-24T00:00:00.000Z',
  });

  it('group consecutive mappings of one internal path and name the channels without one', () => {
    const rows = crossReferenceRows(
      [mapping('Apparel', 'google'), mapping('apparel', 'shopify'), mapping('Bags', 'google')],
      ['ebay', 'google', 'shopify'],
    );
    expect(
      rows.map((row) => [row.internalPath, row.channels.map((each) => each.channel), row.unmappedChannels]),
    ).toEqual([
      ['Apparel', ['google', 'shopify'], ['ebay']],
      ['Bags', ['google'], ['ebay', 'shopify']],
    ]);
    const onlyShopify = crossReferenceRows(
      [mapping('Apparel', 'google'), mapping('Bags', 'google')],
      ['google', 'shopify'],
      'shopify',
    );
    expect(onlyShopify.map((row) => [row.channels.length, row.unmappedChannels])).toEqual([
      [0, ['shopify']],
      [0, ['shopify']],
    ]);
  });
});

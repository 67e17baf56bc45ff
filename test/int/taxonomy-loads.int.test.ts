/**
 * Taxonomy loads that cannot wreck mappings, against DynamoDB Local: a truncated file, a Latin-1 file and
 * a file with a control character are refused and write nothing; Shopify's published layout loads; a
 * category that moves keeps its channel attributes and templates; an attribute redefined so saved
 * mappings cannot fit is a 409; template names are unique; an unknown category path is a 404 (a known
 * one 200 on a channel loaded before the path index) and a control character in an internal path a 400.
 * A last line cut short moving a mapped category is refused and writes nothing.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { loadTaxonomy } from '../../functions/taxonomy/taxonomies/load';
import { db, tableName } from '../../shared/db/client';
import {
  categoriesOfChannel,
  channelCategoryKey,
  taxonomyChannelIndexKeys,
  taxonomyChannelKey,
} from '../../shared/db/keys';
import { getItem, queryAll } from '../../shared/db/query';
import { call } from '../support/call';
import { product, taxonomyFixtureBytes, templateInput } from '../support/taxonomy-builders';

const base = '/v1/platform/taxonomy-mappings';

interface Line {
  id: string;
  path: string;
}

/** A Google taxonomy-with-ids file: `count` categories under ten top levels, then `extra` lines. */
function googleLines(count: number): Line[] {
  return Array.from({ length: count }, (_, index) => {
    const top = `Top ${index % 10}`;
    return { id: String(1000 + index), path: index < 10 ? top : `${top} > Leaf ${index}` };
  });
}

const googleFile = (lines: readonly Line[], version = '2021-09-21') =>
  Buffer.from(
    [
      `# Google_Product_Taxonomy_Version: ${version}`,
      ...lines.map((line) => `${line.id} - ${line.path}`),
    ].join('\n') + '\n',
    'utf8',
  );

async function load(channel: string, content: Buffer, allowRetire = false, allowMove = false) {
  return loadTaxonomy({ channel, content, allowRetire, allowMove });
}

async function loaded(channel: string, content: Buffer, allowRetire = false) {
  const outcome = await load(channel, content, allowRetire);
  if (!('loaded' in outcome)) throw new Error(JSON.stringify(outcome));
  return outcome.loaded;
}

/** The channel's stored categories and registry item: what a refused load must leave as it was. */
async function snapshot(channel: string) {
  const categories = await queryAll({ ...categoriesOfChannel(channel), consistent: true });
  return { categories, channel: await getItem(taxonomyChannelKey(channel), true) };
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return call({ method: 'POST', path: `${base}${path}`, body, headers });
}

describe('a load that would retire too much, or what is in use', () => {
  it('a truncated file (46 % gone, same version header) is refused naming the used categories; nothing is written', async () => {
    const lines = googleLines(300);
    await loaded('gcut', googleFile(lines));
    const mapped = await post('', {
      channel: 'gcut',
      internalPath: 'Kitchen',
      channelCategory: { id: '1250' },
    });
    expect(mapped.status, mapped.text).toBe(201);
    const template = await post('/templates', {
      ...templateInput({ name: 'Cut', channel: 'gcut' }),
      categories: [{ internalPath: 'Pantry', channelCategory: { id: '1251' } }],
      attributes: [],
    });
    expect(template.status, template.text).toBe(201);
    const before = await snapshot('gcut');

    // Cut mid-line, as a download that stopped: the last line names category 1161 by a shorter path.
    const truncated = Buffer.concat([googleFile(lines.slice(0, 161)), Buffer.from('1161 - Top 1 > Le')]);
    const outcome = await load('gcut', truncated);
    expect('refused' in outcome).toBe(true);
    if (!('refused' in outcome)) return;
    expect(outcome.refused).toMatchObject({ retiring: 138, current: 300, tooMany: true });
    expect(outcome.refused.used).toEqual([
      { id: '1250', path: 'Top 0 > Leaf 250', usedBy: ['mapping of "Kitchen"'] },
      { id: '1251', path: 'Top 1 > Leaf 251', usedBy: [`template "Cut" (${template.body.id})`] },
    ]);
    expect(outcome.message).toContain('138 of 300 categories (46.0 %)');
    expect(await snapshot('gcut')).toEqual(before);
    const mapping = await call({ method: 'GET', path: `${base}?channel=gcut` });
    expect(mapping.body.items[0]).toMatchObject({ status: 'mapped', version: 1 });

    const allowed = await loaded('gcut', truncated, true);
    expect(allowed.changes.retired).toHaveLength(138);
    expect(allowed.mappings.retired).toBe(1);
  });

  it('one category in use is refused however few; 1 % unused goes through', async () => {
    const lines = googleLines(200);
    await loaded('gfew', googleFile(lines));
    const attribute = await post('/attributes', {
      channel: 'gfew',
      scope: { id: '1199' },
      name: 'capacity',
      type: 'measure',
      unit: 'ml',
    });
    expect(attribute.status, attribute.text).toBe(201);
    const withoutUsed = lines.filter((line) => line.id !== '1199');
    const refused = await load('gfew', googleFile(withoutUsed, '2022-01-10'));
    expect('refused' in refused && refused.refused).toMatchObject({
      retiring: 1,
      tooMany: false,
      used: [{ id: '1199', usedBy: ['channel attribute "capacity"'] }],
    });
    const twoUnused = lines.filter((line) => line.id !== '1150' && line.id !== '1151');
    expect((await loaded('gfew', googleFile(twoUnused, '2022-01-10'))).changes.retired).toHaveLength(2);
    const threeMore = twoUnused.filter((line) => !['1152', '1153', '1154'].includes(line.id));
    expect('refused' in (await load('gfew', googleFile(threeMore, '2022-02-10')))).toBe(true);
  });
});

describe('a load that would move a category in use to a path cut short', () => {
  const toothbrushes: Line = {
    id: '4775',
    path: 'Health & Beauty > Personal Care > Oral Care > Toothbrushes',
  };
  const lines: Line[] = [
    { id: '469', path: 'Health & Beauty' },
    { id: '2915', path: 'Health & Beauty > Personal Care' },
    { id: '526', path: 'Health & Beauty > Personal Care > Oral Care' },
    toothbrushes,
  ];
  const cutAt = (path: string) =>
    Buffer.from(googleFile(lines).toString('utf8').replace(`${toothbrushes.path}\n`, path), 'utf8');

  it('a download cut inside the last line, retiring nothing, is refused naming it; nothing is written', async () => {
    await loaded('gtooth', googleFile(lines));
    const mapped = await post('', {
      channel: 'gtooth',
      internalPath: 'Oral > Brushes',
      channelCategory: { id: '4775' },
    });
    expect(mapped.status, mapped.text).toBe(201);
    const before = await snapshot('gtooth');

    for (const cut of [
      'Health & Beauty > Personal Care > Oral Care > Toothbr',
      'Health & Beauty > Personal Care > Oral Care > Toothbrush',
    ]) {
      const outcome = await load('gtooth', cutAt(cut));
      expect('refused' in outcome, JSON.stringify(outcome)).toBe(true);
      if (!('refused' in outcome)) return;
      expect(outcome.refused).toMatchObject({
        retiring: 0,
        tooMany: false,
        missingFinalNewline: true,
        cutMoves: [
          { id: '4775', path: cut, previousPath: toothbrushes.path, usedBy: ['mapping of "Oral > Brushes"'] },
        ],
      });
      expect(outcome.message).toContain('--allow-move');
      // --allow-retire lets retirements through, not a cut.
      expect('refused' in (await load('gtooth', cutAt(cut), true))).toBe(true);
      expect(await snapshot('gtooth')).toEqual(before);
    }
    const mapping = await call({ method: 'GET', path: `${base}?channel=gtooth` });
    expect(mapping.body.items[0]).toMatchObject({
      status: 'mapped',
      version: 1,
      channelCategory: { id: '4775', path: toothbrushes.path },
    });

    // A rename that is not a cut loads, and the mapping follows it.
    const renamed = 'Health & Beauty > Personal Care > Oral Care > Manual Toothbrushes';
    const report = await loaded('gtooth', cutAt(`${renamed}\n`));
    expect(report.changes.renamed).toEqual([{ id: '4775', path: renamed, previousPath: toothbrushes.path }]);
    expect(report.mappings.renamed).toBe(1);
    // A cut the operator says is meant loads with --allow-move.
    const shorter = 'Health & Beauty > Personal Care > Oral Care > Manual';
    const allowed = await load('gtooth', cutAt(shorter), false, true);
    expect('loaded' in allowed && allowed.loaded.changes.renamed).toEqual([
      { id: '4775', path: shorter, previousPath: renamed },
    ]);
  });
});

describe('files that are not clean UTF-8 text', () => {
  it('a Latin-1 file is refused naming its lines, escaped; nothing is written', async () => {
    const latin1 = Buffer.from(
      '# Google_Product_Taxonomy_Version: 2021-09-21\n1 - Food\n2 - Food > Café & Bar\n3 - Food > Crème\n',
      'latin1',
    );
    const outcome = await load('glatin', latin1);
    expect(
      'problems' in outcome && outcome.problems.map((problem) => [problem.line, problem.message]),
    ).toEqual([
      [3, expect.stringContaining('"2 - Food > Caf\\xE9 & Bar"')],
      [4, expect.stringContaining('"3 - Food > Cr\\xE8me"')],
    ]);
    expect(await snapshot('glatin')).toEqual({ categories: [], channel: undefined });
  });

  it('a control character in a path is refused with its line; nothing is written', async () => {
    const outcome = await load(
      'gbell',
      googleFile([
        { id: '1', path: 'Food' },
        { id: '2', path: 'Food > Bar\u0007' },
      ]),
    );
    expect('problems' in outcome && outcome.problems).toEqual([
      { line: 3, message: expect.stringContaining('U+0007') },
    ]);
    expect(await snapshot('gbell')).toEqual({ categories: [], channel: undefined });
  });
});

describe("Shopify's categories.txt as published", () => {
  it('loads with its padded id column, and maps by its ids', async () => {
    const report = await loaded('shopify', taxonomyFixtureBytes('shopify-categories-2024-07-published.txt'));
    expect(report).toMatchObject({ format: 'shopify', version: '2024-07', categories: 39 });
    expect(report.changes.added).toHaveLength(39);
    const mapped = await post('', {
      channel: 'shopify',
      internalPath: 'Pets > Dogs > Toys',
      channelCategory: { id: 'gid://shopify/TaxonomyCategory/ap-2-3-7' },
    });
    expect(mapped.status, mapped.text).toBe(201);
    expect(mapped.body.channelCategory.path).toBe(
      'Animals & Pet Supplies > Pet Supplies > Dog Supplies > Dog Toys',
    );
  });
});

describe('a category that moves', () => {
  it('keeps its channel attributes and templates: required attributes still apply, the attribute can be replaced', async () => {
    const lines = [
      { id: '536', path: 'Home & Garden' },
      { id: '638', path: 'Home & Garden > Kitchen & Dining' },
      { id: '2169', path: 'Home & Garden > Kitchen & Dining > Tableware > Drinkware' },
      { id: '674', path: 'Home & Garden > Kitchen & Dining > Tableware' },
    ];
    await loaded('gmove', googleFile(lines));
    const attribute = await post('/attributes', {
      channel: 'gmove',
      scope: { id: '2169' },
      name: 'capacity',
      type: 'measure',
      unit: 'ml',
      required: true,
    });
    expect(attribute.status, attribute.text).toBe(201);
    expect(
      (await post('', { channel: 'gmove', internalPath: 'Mugs', channelCategory: { id: '2169' } })).status,
    ).toBe(201);
    const template = await post('/templates', {
      name: 'Mugs',
      channel: 'gmove',
      categories: [{ internalPath: 'Cups', channelCategory: { id: '2169' } }],
      attributes: [],
    });
    expect(template.status, template.text).toBe(201);

    const moved = lines.map((line) =>
      line.id === '2169' ? { ...line, path: 'Home & Garden > Kitchen & Dining > Drinkware' } : line,
    );
    const report = await loaded('gmove', googleFile(moved, '2022-01-10'));
    expect(report.changes.renamed.map((category) => category.id)).toEqual(['2169']);
    expect(report.followed).toEqual({ attributes: 1, templates: 1 });

    // A product without its required capacity is still refused, through the mapping and the template.
    const previews = await Promise.all([
      call({
        method: 'POST',
        path: `${base}/preview`,
        body: { channel: 'gmove', products: [product({ categoryPath: 'Mugs', attributes: {} })] },
      }),
      call({
        method: 'POST',
        path: `${base}/preview`,
        body: { templateId: template.body.id, products: [product({ categoryPath: 'Cups', attributes: {} })] },
      }),
    ]);
    for (const preview of previews) {
      expect(preview.status, preview.text).toBe(200);
      expect(preview.body.results[0]).toMatchObject({ outcome: 'failed', missingRequired: ['capacity'] });
    }
    const stored = await call({ method: 'GET', path: `${base}/templates/${template.body.id}` });
    expect(stored.body.categories[0].channelCategory.path).toBe(
      'Home & Garden > Kitchen & Dining > Drinkware',
    );

    // The attribute is found by its category's id: replaced (200, not a second one) with its current version.
    const listed = await call({
      method: 'GET',
      path: `${base}/attributes?channel=gmove&categoryPath=${encodeURIComponent('Home & Garden > Kitchen & Dining > Drinkware')}`,
    });
    expect(listed.body.items).toHaveLength(1);
    expect(listed.body.items[0].scope.path).toBe('Home & Garden > Kitchen & Dining > Drinkware');
    const replaced = await post(
      '/attributes',
      {
        channel: 'gmove',
        scope: { id: '2169' },
        name: 'capacity',
        type: 'measure',
        unit: 'ml',
        required: false,
      },
      { 'if-match': `"${listed.body.items[0].version}"` },
    );
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.id).toBe(attribute.body.id);
    const all = await call({ method: 'GET', path: `${base}/attributes?channel=gmove` });
    expect(all.body.items).toHaveLength(1);
  });
});

describe('an attribute redefined so saved mappings cannot fit', () => {
  it('is a 409 naming the mappings and templates; nothing changes', async () => {
    await loaded(
      'gunit',
      googleFile([
        { id: '1', path: 'Kitchen' },
        { id: '2', path: 'Kitchen > Jugs' },
      ]),
    );
    const volume = { channel: 'gunit', scope: { id: '1' }, name: 'capacity', type: 'measure', unit: 'ml' };
    const created = await post('/attributes', volume);
    expect(created.status, created.text).toBe(201);
    const toMl = [
      { target: 'capacity', source: { attribute: 'Volume' }, transform: { type: 'unit_convert', to: 'ml' } },
    ];
    expect(
      (
        await post('', {
          channel: 'gunit',
          internalPath: 'Jugs',
          channelCategory: { id: '2' },
          attributes: toMl,
        })
      ).status,
    ).toBe(201);
    const template = await post('/templates', {
      name: 'Jugs',
      channel: 'gunit',
      categories: [{ internalPath: 'Jugs', channelCategory: { id: '2' } }],
      attributes: toMl,
    });
    expect(template.status, template.text).toBe(201);

    const grams = await post('/attributes', { ...volume, unit: 'g' });
    expect(grams.status, grams.text).toBe(409);
    expect(grams.body.detail).toContain('the mapping of "Jugs"');
    expect(grams.body.unfitMappings.map((unfit: { usedBy: string }) => unfit.usedBy)).toEqual([
      'the mapping of "Jugs"',
      `template "Jugs" (${template.body.id})`,
    ]);
    const after = await call({ method: 'GET', path: `${base}/attributes?channel=gunit` });
    expect(after.body.items[0]).toMatchObject({ unit: 'ml', version: 1 });
    expect((await post('/attributes', { ...volume, required: true })).status).toBe(200);
  });
});

describe('template names', () => {
  it('are unique per channel, case and accents aside: create, rename, duplicate and a race each get a 409', async () => {
    await loaded('gname', googleFile([{ id: '1', path: 'Home' }]));
    const input = (name: string) => ({ name, channel: 'gname', categories: [], attributes: [] });
    const first = await post('/templates', input('Café kitchen'));
    expect(first.status, first.text).toBe(201);
    const again = await post('/templates', input('cafe KITCHEN'));
    expect(again.status, again.text).toBe(409);
    expect(again.body).toMatchObject({ name: 'cafe KITCHEN', templateId: first.body.id });

    const other = await post('/templates', input('Garden'));
    const renamed = await call({
      method: 'PUT',
      path: `${base}/templates/${other.body.id}`,
      body: input('CAFÉ KITCHEN'),
    });
    expect(renamed.status, renamed.text).toBe(409);
    const copy = await post(`/templates/${first.body.id}/duplicate`, { name: 'Garden' });
    expect(copy.status, copy.text).toBe(409);
    const autoCopy = await post(`/templates/${first.body.id}/duplicate`, {});
    expect(autoCopy.body.name).toBe('Café kitchen (copy)');

    const racing = await Promise.all(
      ['Racing', 'racing', 'RACING', 'Rácing'].map((name) => post('/templates', input(name))),
    );
    expect(racing.map((response) => response.status).sort()).toEqual([201, 409, 409, 409]);

    // A deleted template's name, and a renamed one's old name, are free again.
    expect((await call({ method: 'DELETE', path: `${base}/templates/${first.body.id}` })).status).toBe(204);
    const movedName = await call({
      method: 'PUT',
      path: `${base}/templates/${other.body.id}`,
      body: input('Patio'),
    });
    expect(movedName.status, movedName.text).toBe(200);
    expect((await post('/templates', input('Café Kitchen'))).status).toBe(201);
    expect((await post('/templates', input('Garden'))).status).toBe(201);
    // The same name on another channel is another template's.
    await loaded('gname2', googleFile([{ id: '1', path: 'Home' }]));
    expect((await post('/templates', { ...input('Garden'), channel: 'gname2' })).status).toBe(201);
  });
});

describe('category paths', () => {
  it('an attribute filter by a path the channel lacks is a 404; a control character in an internal path is a 400', async () => {
    await loaded(
      'gpath',
      googleFile([
        { id: '1', path: 'Home' },
        { id: '2', path: 'Home > Kitchen' },
      ]),
    );
    const known = await call({
      method: 'GET',
      path: `${base}/attributes?channel=gpath&categoryPath=home%20%3E%20kitchen`,
    });
    expect(known.status, known.text).toBe(200);
    const unknown = await call({
      method: 'GET',
      path: `${base}/attributes?channel=gpath&categoryPath=Home%20%3E%20Attic`,
    });
    expect(unknown.status, unknown.text).toBe(404);
    expect(unknown.body.detail).toContain('has no category Home > Attic');

    const bell = await post('', {
      channel: 'gpath',
      internalPath: 'Home\u0007 > Kitchen',
      channelCategory: { id: '2' },
    });
    expect(bell.status, bell.text).toBe(400);
    expect(bell.body.errors[0]).toMatchObject({ path: 'body.internalPath' });
    expect(bell.body.errors[0].message).toContain('control characters');
    const tab = await post('', {
      channel: 'gpath',
      internalPath: 'Home >\tKitchen',
      channelCategory: { id: '2' },
    });
    expect(tab.status, tab.text).toBe(400);
    const none = await call({ method: 'GET', path: `${base}?channel=gpath` });
    expect(none.body.items).toEqual([]);
  });
});

describe('the attribute filter on a channel loaded before the path index', () => {
  /** The channel's registry item and categories as a load before the path index wrote them. */
  async function oldShapeTaxonomy(channel: string, categories: ReadonlyArray<Line & { retired?: boolean }>) {
    const put = (item: Record<string, unknown>) =>
      db().send(new PutCommand({ TableName: tableName(), Item: item }));
    await put({
      ...taxonomyChannelKey(channel),
      ...taxonomyChannelIndexKeys(channel),
      channel,
      registeredAt: '2024-01-01T00:00:00.000Z',
      taxonomyVersion: '2021-09-21',
      taxonomyFormat: 'google',
      taxonomyLoadedAt: '2024-01-01T00:00:00.000Z',
      categoryCount: categories.length,
      retiredCount: 0,
    });
    for (const category of categories) {
      await put({
        ...channelCategoryKey(channel, category.id),
        channel,
        id: category.id,
        path: category.path,
        retired: category.retired ?? false,
        version: '2021-09-21',
      });
    }
  }
  const filter = (channel: string, path: string) =>
    call({
      method: 'GET',
      path: `${base}/attributes?channel=${channel}&categoryPath=${encodeURIComponent(path)}`,
    });

  it('answers 200 for a real path and 404 for one it lacks, before and after a load indexes it', async () => {
    const lines: Line[] = [
      { id: '1', path: 'Home' },
      { id: '2', path: 'Home > Kitchen' },
    ];
    await oldShapeTaxonomy('gold', [...lines, { id: '3', path: 'Home > Attic', retired: true }]);

    const known = await filter('gold', 'home > KITCHEN');
    expect(known.status, known.text).toBe(200);
    expect(known.body.items).toEqual([]);
    const lacking = await filter('gold', 'Home > Cellar');
    expect(lacking.status, lacking.text).toBe(404);
    expect(lacking.body.detail).toContain('has no category Home > Cellar');
    const retired = await filter('gold', 'Home > Attic');
    expect(retired.status, retired.text).toBe(404);
    expect(retired.body.detail).toContain('retired its category 3');

    await loaded('gold', googleFile(lines));
    expect((await snapshot('gold')).channel).toMatchObject({ pathIndexed: true });
    const indexed = await queryAll({ ...categoriesOfChannel('gold'), consistent: true });
    expect(indexed.map((item) => [item.id, item.GSI1PK, item.GSI1SK, item.retired])).toEqual([
      ['1', 'TAXONOMYPATH#gold', 'home>', false],
      ['2', 'TAXONOMYPATH#gold', 'home>kitchen>', false],
      ['3', 'TAXONOMYPATH#gold', 'home>attic>', true],
    ]);
    expect((await filter('gold', 'Home > Kitchen')).status).toBe(200);
    expect((await filter('gold', 'Home > Cellar')).status).toBe(404);
    expect((await filter('gold', 'Home > Attic')).body.detail).toContain('retired its category 3');
  });
});

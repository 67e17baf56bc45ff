/**
 * Channel attribute definitions stored before scope ids keyed them (sort key `<folded scope path>#<lower
 * name>`, the scope path as it was when written), against DynamoDB Local: read, replaced and followed as
 * current ones, and re-keyed by a taxonomy load.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { loadTaxonomy } from '../../functions/taxonomy/taxonomies/load';
import { db, tableName } from '../../shared/db/client';
import { queryAll } from '../../shared/db/query';
import { call } from '../support/call';
import { product } from '../support/taxonomy-builders';

const base = '/v1/platform/taxonomy-mappings';
const tableware = 'Home & Garden > Kitchen & Dining > Tableware > Drinkware';
const kitchen = 'Home & Garden > Kitchen & Dining > Drinkware';

const googleFile = (drinkwarePath: string, version: string) =>
  Buffer.from(
    [
      `# Google_Product_Taxonomy_Version: ${version}`,
      '536 - Home & Garden',
      '638 - Home & Garden > Kitchen & Dining',
      '674 - Home & Garden > Kitchen & Dining > Tableware',
      `2169 - ${drinkwarePath}`,
    ].join('\n') + '\n',
    'utf8',
  );

async function loaded(channel: string, content: Buffer) {
  const outcome = await loadTaxonomy({ channel, content });
  if (!('loaded' in outcome)) throw new Error(JSON.stringify(outcome));
  return outcome.loaded;
}

/** Category 2169 at `loadedAt`, the internal "Mugs" mapped to it, and a legacy required `capacity` scoped to it at `storedAt`. */
async function channelWithLegacyAttribute(channel: string, options: { loadedAt: string; storedAt: string }) {
  await loaded(channel, googleFile(options.loadedAt, '2021-09-21'));
  const mapping = await call({
    method: 'POST',
    path: base,
    body: { channel, internalPath: 'Mugs', channelCategory: { id: '2169' } },
  });
  expect(mapping.status, mapping.text).toBe(201);
  const folded = `${options.storedAt
    .split(' > ')
    .map((level) => level.toLowerCase())
    .join('>')}>`;
  const at = '2024-05-01T10:00:00.000Z';
  const id = ulid();
  // The item exactly as the path-keyed repository wrote it (git show abafb85:functions/taxonomy/attributes/repository.ts).
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        PK: `TAXATTR#${channel}`,
        SK: `${folded}#capacity`,
        GSI1PK: 'TAXATTRS',
        GSI1SK: `${channel}#${folded}#capacity`,
        entity: 'channel-attribute',
        nameKey: 'capacity',
        channel,
        scope: { id: '2169', path: options.storedAt },
        name: 'capacity',
        type: 'measure',
        unit: 'ml',
        required: true,
        verified: true,
        id,
        version: 3,
        createdAt: at,
        updatedAt: at,
      },
    }),
  );
  return id;
}

const storedDefinitions = (channel: string) => queryAll({ pk: `TAXATTR#${channel}`, consistent: true });

async function previewMugWithoutCapacity(channel: string) {
  const preview = await call({
    method: 'POST',
    path: `${base}/preview`,
    body: { channel, products: [product({ categoryPath: 'Mugs', attributes: {} })] },
  });
  expect(preview.status, preview.text).toBe(200);
  return preview.body.results[0];
}

const listed = async (channel: string, categoryPath?: string) =>
  (
    await call({
      method: 'GET',
      path: `${base}/attributes?channel=${channel}${categoryPath ? `&categoryPath=${encodeURIComponent(categoryPath)}` : ''}`,
    })
  ).body.items;

describe('a legacy attribute definition (keyed by its scope path)', () => {
  it('applies to its category by id where that category now is: a preview without it is refused, the list shows it once there', async () => {
    // Written when 2169 was under Tableware; a load has moved the category since.
    const id = await channelWithLegacyAttribute('glegread', { loadedAt: kitchen, storedAt: tableware });
    expect(await previewMugWithoutCapacity('glegread')).toMatchObject({
      outcome: 'failed',
      missingRequired: ['capacity'],
    });
    const atCategory = await listed('glegread', kitchen);
    expect(atCategory.map((item: { id: string }) => item.id)).toEqual([id]);
    expect(atCategory[0].scope).toEqual({ id: '2169', path: kitchen });
    expect(await listed('glegread')).toHaveLength(1);
    // Every channel's list (by the index) reads it the same way.
    const everyChannel = await call({ method: 'GET', path: `${base}/attributes?name=capacity&limit=100` });
    expect(everyChannel.body.items.filter((item: { id: string }) => item.id === id)).toMatchObject([
      { scope: { id: '2169', path: kitchen } },
    ]);
  });

  it('a replace with If-Match updates it in place, under its category id: same id, next version, one definition', async () => {
    const id = await channelWithLegacyAttribute('glegput', { loadedAt: tableware, storedAt: tableware });
    const replaced = await call({
      method: 'POST',
      path: `${base}/attributes`,
      body: {
        channel: 'glegput',
        scope: { id: '2169' },
        name: 'capacity',
        type: 'measure',
        unit: 'l',
        required: true,
      },
      headers: { 'if-match': '"3"' },
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body).toMatchObject({ id, version: 4, unit: 'l', createdAt: '2024-05-01T10:00:00.000Z' });
    const items = await storedDefinitions('glegput');
    expect(items.map((item) => [item.SK, item.id, item.version, item.unit])).toEqual([
      ['CAT#2169#capacity', id, 4, 'l'],
    ]);
    expect(await listed('glegput')).toHaveLength(1);

    // Without If-Match a legacy one is replaced as well, never doubled.
    const second = await channelWithLegacyAttribute('glegput2', { loadedAt: tableware, storedAt: tableware });
    const again = await call({
      method: 'POST',
      path: `${base}/attributes`,
      body: { channel: 'glegput2', scope: { id: '2169' }, name: 'capacity', type: 'measure', unit: 'l' },
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ id: second, version: 4, required: false });
    expect((await storedDefinitions('glegput2')).map((item) => item.SK)).toEqual(['CAT#2169#capacity']);
  });

  it('a load re-keys it by its category id, unchanged, and says so; a rerun re-keys nothing', async () => {
    const id = await channelWithLegacyAttribute('glegload', { loadedAt: tableware, storedAt: tableware });
    const [before] = await storedDefinitions('glegload');
    const report = await loaded('glegload', googleFile(tableware, '2021-09-21'));
    expect(report.rekeyed).toEqual({ attributes: 1, kept: [] });
    const items = await storedDefinitions('glegload');
    expect(items).toHaveLength(1);
    const { SK, ...content } = items[0]!;
    const { SK: legacySortKey, ...legacyContent } = before!;
    expect([legacySortKey, SK]).toEqual([
      'home & garden>kitchen & dining>tableware>drinkware>#capacity',
      'CAT#2169#capacity',
    ]);
    expect(content).toEqual(legacyContent);
    expect(content.id).toBe(id);
    expect((await loaded('glegload', googleFile(tableware, '2021-09-21'))).rekeyed).toEqual({
      attributes: 0,
      kept: [],
    });
  });

  it('follows a load that moves its category: re-keyed, its path moved, a preview without it still refused', async () => {
    const id = await channelWithLegacyAttribute('glegmove', { loadedAt: tableware, storedAt: tableware });
    const report = await loaded('glegmove', googleFile(kitchen, '2022-01-10'));
    expect(report.changes.renamed.map((category) => category.id)).toEqual(['2169']);
    expect(report.rekeyed.attributes).toBe(1);
    expect(report.followed.attributes).toBe(1);
    expect(await previewMugWithoutCapacity('glegmove')).toMatchObject({
      outcome: 'failed',
      missingRequired: ['capacity'],
    });
    const items = await storedDefinitions('glegmove');
    expect(items.map((item) => [item.SK, item.id, item.version, item.scope])).toEqual([
      ['CAT#2169#capacity', id, 4, { id: '2169', path: kitchen }],
    ]);
  });

  it('a load keeps, and reports, a legacy definition a definition under the category id already holds', async () => {
    await channelWithLegacyAttribute('glegdup', { loadedAt: tableware, storedAt: tableware });
    // Written by a replace before legacy definitions were found: the same category and name under its id.
    const [legacy] = await storedDefinitions('glegdup');
    const current = { ...legacy!, SK: 'CAT#2169#capacity', id: ulid(), required: false, version: 1 };
    await db().send(new PutCommand({ TableName: tableName(), Item: current }));
    expect(await listed('glegdup')).toMatchObject([{ id: current.id, required: false }]);
    const everyChannel = await call({ method: 'GET', path: `${base}/attributes?name=capacity&limit=100` });
    expect(everyChannel.body.items.map((item: { id: string }) => item.id)).not.toContain(legacy!.id);

    const report = await loaded('glegdup', googleFile(tableware, '2021-09-21'));
    expect(report.rekeyed.attributes).toBe(0);
    expect(report.rekeyed.kept).toEqual([
      expect.objectContaining({ id: legacy!.id, name: 'capacity', scope: { id: '2169', path: tableware } }),
    ]);
    expect((await storedDefinitions('glegdup')).map((item) => item.id).sort()).toEqual(
      [legacy!.id, current.id].sort(),
    );
  });
});

/**
 * Every taxonomy operation through its handler against DynamoDB Local: channel taxonomies loaded from
 * fixture files (Google and Shopify formats, reloads that retire), mappings with their checks, statuses
 * and cross-reference, attribute definitions, templates (duplicate, If-Match, delete with listings),
 * preview and apply with per-product results, and bad input of each kind.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTaxonomy } from '../../functions/taxonomy/taxonomies/load';
import { call } from '../support/call';
import { orderId, orderInput } from '../support/order-builders';
import {
  googleAttributes,
  mappingInput,
  product,
  taxonomyFixtureBytes,
  templateInput,
} from '../support/taxonomy-builders';

const base = '/v1/platform/taxonomy-mappings';

async function loaded(channel: string, file: string, allowRetire = false) {
  const outcome = await loadTaxonomy({ channel, content: taxonomyFixtureBytes(file), allowRetire });
  if (!('loaded' in outcome)) throw new Error(JSON.stringify(outcome));
  return outcome.loaded;
}

async function upsertMapping(overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return call({ method: 'POST', path: base, body: mappingInput(overrides), role: 'operator', headers });
}

async function createTemplate(overrides: Record<string, unknown> = {}) {
  const response = await call({ method: 'POST', path: `${base}/templates`, body: templateInput(overrides) });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function apply(body: Record<string, unknown>) {
  return call({ method: 'POST', path: `${base}/templates/apply`, body, role: 'operator' });
}

async function preview(body: Record<string, unknown>) {
  return call({ method: 'POST', path: `${base}/preview`, body, role: 'viewer' });
}

beforeAll(async () => {
  await loaded('google', 'google-2021-09-21.en-US.txt');
  await loaded('shopify', 'shopify-categories-2024-07.txt');
  for (const definition of googleAttributes) {
    const response = await call({ method: 'POST', path: `${base}/attributes`, body: definition });
    expect(response.status, response.text).toBe(201);
  }
  // ebay is known from its orders only: no taxonomy loaded.
  const order = await call({
    method: 'PUT',
    path: `/v1/orders/${orderId()}`,
    body: orderInput({ channel: 'ebay' }),
  });
  expect(order.status, order.text).toBe(201);
});

describe('channel taxonomies', () => {
  it('load once: reloading the same file changes nothing; a malformed file writes nothing and names its lines', async () => {
    const again = await loaded('google', 'google-2021-09-21.en-US.txt');
    expect(again.changes).toMatchObject({ added: [], renamed: [], retired: [], restored: [], unchanged: 10 });
    expect(again.version).toBe('2021-09-21');
    const bad = await loadTaxonomy({
      channel: 'bing',
      content: taxonomyFixtureBytes('google-malformed.txt'),
    });
    expect('problems' in bad && bad.problems.map((problem) => problem.line)).toEqual([3, 4, 5, 7, 8]);
    const unknown = await call({ method: 'GET', path: `${base}?channel=bing` });
    expect(unknown.status).toBe(404);
  });
});

describe('category mappings', () => {
  it('to a loaded channel name a current category; the path comes from the taxonomy; created then replaced', async () => {
    const created = await upsertMapping({ internalPath: 'Apparel  >  Shirts' });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      channel: 'google',
      internalPath: 'Apparel > Shirts',
      channelCategory: { id: '212', path: 'Apparel & Accessories > Clothing > Shirts & Tops' },
      status: 'mapped',
      verified: true,
      version: 1,
    });
    expect(created.headers.etag).toBe('"1"');
    const same = await upsertMapping();
    expect(same.status).toBe(200);
    expect(same.body.version).toBe(1);
    const replaced = await upsertMapping({ channelCategory: { id: '1604' } }, { 'if-match': '"1"' });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body).toMatchObject({ version: 2, channelCategory: { id: '1604' } });
    const stale = await upsertMapping({ channelCategory: { id: '212' } }, { 'if-match': '"1"' });
    expect(stale.status).toBe(412);
    const createOnly = await upsertMapping({}, { 'if-none-match': '*' });
    expect(createOnly.status).toBe(412);
    const restore = await upsertMapping({}, { 'if-match': '"2"' });
    expect(restore.status).toBe(200);
  });

  it('refuse an unknown, mismatched or missing category, an unknown channel, and bad paths (400 naming the field)', async () => {
    const unknownId = await upsertMapping({ internalPath: 'Gadgets', channelCategory: { id: '999999' } });
    expect(unknownId.status).toBe(400);
    expect(unknownId.body.errors[0]).toMatchObject({ path: 'body.channelCategory.id' });
    expect(unknownId.body.errors[0].message).toContain('2021-09-21');
    const wrongPath = await upsertMapping({
      internalPath: 'Gadgets',
      channelCategory: { id: '212', path: 'Home & Garden' },
    });
    expect(wrongPath.status).toBe(400);
    expect(wrongPath.body.errors[0].path).toBe('body.channelCategory.path');
    const noChannel = await upsertMapping({ channel: 'myspace' });
    expect(noChannel.status).toBe(404);
    const unverifiedWithoutPath = await upsertMapping({ channel: 'ebay', channelCategory: { id: '15687' } });
    expect(unverifiedWithoutPath.status).toBe(400);
    expect(unverifiedWithoutPath.body.errors[0].path).toBe('body.channelCategory.path');
    for (const internalPath of [
      'A'.repeat(10_000),
      Array.from({ length: 100 }, (_, i) => `L${i}`).join(' > '),
      'Size>Large > Shirts',
    ]) {
      const response = await upsertMapping({ internalPath });
      expect(response.status, internalPath.slice(0, 20)).toBe(400);
      expect(response.body.errors[0].path).toBe('body.internalPath');
    }
    const listed = await call({ method: 'GET', path: `${base}?channel=google&prefix=Gadgets` });
    expect(listed.body.items).toEqual([]);
  });

  it('to a channel without a loaded taxonomy are kept unverified', async () => {
    const response = await upsertMapping({
      channel: 'eBay',
      channelCategory: { id: '15687', path: "Clothing, Shoes & Accessories > Men > Men's Clothing > Shirts" },
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({ channel: 'ebay', verified: false, status: 'mapped' });
  });

  it('list by channel, whole-level prefix and status, page by page without repeats', async () => {
    for (const [internalPath, id] of [
      ['Apparel > Shirts > Flannel', '212'],
      ['Apparel > Shoes', '187'],
      ['Apparel Accessories', '166'],
      ['Bags > Backpacks', '100'],
    ] as const) {
      expect((await upsertMapping({ internalPath, channelCategory: { id } })).status).toBe(201);
    }
    const apparel = await call({
      method: 'GET',
      path: `${base}?channel=google&prefix=${encodeURIComponent('apparel')}`,
    });
    expect(apparel.body.items.map((row: { internalPath: string }) => row.internalPath)).toEqual([
      'Apparel > Shirts',
      'Apparel > Shirts > Flannel',
      'Apparel > Shoes',
    ]);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await call({
        method: 'GET',
        path: `${base}?channel=google&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      });
      expect(page.status, page.text).toBe(200);
      seen.push(...page.body.items.map((row: { internalPath: string }) => row.internalPath));
      cursor = page.body.nextCursor ?? undefined;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toContain('Bags > Backpacks');
    const tampered = await call({ method: 'GET', path: `${base}?channel=google&cursor=abc.def` });
    expect(tampered.status).toBe(400);
    const across = await call({ method: 'GET', path: `${base}?status=mapped&prefix=Apparel%20%3E%20Shirts` });
    expect(across.body.items.map((row: { channel: string }) => row.channel)).toEqual(
      expect.arrayContaining(['google', 'ebay']),
    );
    const badStatus = await call({ method: 'GET', path: `${base}?status=lost` });
    expect(badStatus.status).toBe(400);
  });

  it('cross-reference each internal category across channels, with the channels it is unmapped in', async () => {
    expect(
      (
        await upsertMapping({
          channel: 'shopify',
          internalPath: 'Apparel > Shirts',
          channelCategory: { id: 'gid://shopify/TaxonomyCategory/aa-1-13-8' },
        })
      ).status,
    ).toBe(201);
    const everything = await call({ method: 'GET', path: `${base}/cross-reference?limit=2` });
    expect(everything.status, everything.text).toBe(200);
    expect(everything.body.items).toHaveLength(2);
    const rest = await call({
      method: 'GET',
      path: `${base}/cross-reference?limit=200&cursor=${encodeURIComponent(everything.body.nextCursor)}`,
    });
    expect(rest.status, rest.text).toBe(200);
    const all = [...everything.body.items, ...rest.body.items].map(
      (row: { internalPath: string }) => row.internalPath,
    );
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(expect.arrayContaining(['Apparel > Shirts', 'Apparel > Shoes', 'Bags > Backpacks']));
    const page = await call({ method: 'GET', path: `${base}/cross-reference?prefix=Apparel` });
    expect(page.status, page.text).toBe(200);
    const shirts = page.body.items.find(
      (row: { internalPath: string }) => row.internalPath === 'Apparel > Shirts',
    );
    expect(shirts.channels.map((each: { channel: string }) => each.channel).sort()).toEqual([
      'ebay',
      'google',
      'shopify',
    ]);
    expect(
      shirts.channels.find((each: { channel: string }) => each.channel === 'shopify').channelCategory.path,
    ).toBe('Apparel & Accessories > Clothing > Clothing Tops > Shirts');
    expect(shirts.unmappedChannels).toEqual([]);
    const shoes = page.body.items.find(
      (row: { internalPath: string }) => row.internalPath === 'Apparel > Shoes',
    );
    expect(shoes.unmappedChannels.sort()).toEqual(['ebay', 'shopify']);
    const onlyShopify = await call({
      method: 'GET',
      path: `${base}/cross-reference?channel=shopify&prefix=Apparel&limit=1`,
    });
    expect(onlyShopify.body.items).toHaveLength(1);
    expect(onlyShopify.body.items[0].channels.map((each: { channel: string }) => each.channel)).toEqual([
      'shopify',
    ]);
    const next = await call({
      method: 'GET',
      path: `${base}/cross-reference?channel=shopify&prefix=Apparel&limit=1&cursor=${encodeURIComponent(onlyShopify.body.nextCursor)}`,
    });
    expect(next.body.items[0].internalPath).not.toBe(onlyShopify.body.items[0].internalPath);
    expect(next.body.items[0].unmappedChannels).toEqual(['shopify']);
  });

  it('follow a newer taxonomy: a removed category retires its mappings, a renamed one takes the new path', async () => {
    await loaded('google', 'google-2021-09-21.en-US.txt');
    expect(
      (await upsertMapping({ internalPath: 'Sportswear', channelCategory: { id: '5322' } })).status,
    ).toBe(201);
    const report = await loaded('google', 'google-2022-01-10.en-US.txt', true);
    expect(report.changes.retired.map((category) => category.id)).toEqual(['5322']);
    expect(report.changes.renamed.map((category) => category.id)).toEqual(['212']);
    expect(report.changes.added.map((category) => category.id)).toEqual(['7001']);
    expect(report.mappings.retired).toBe(1);
    const retired = await call({ method: 'GET', path: `${base}?channel=google&status=retired` });
    expect(retired.body.items.map((row: { internalPath: string }) => row.internalPath)).toEqual([
      'Sportswear',
    ]);
    const flannel = await call({
      method: 'GET',
      path: `${base}?channel=google&prefix=${encodeURIComponent('Apparel > Shirts > Flannel')}`,
    });
    expect(flannel.body.items[0].channelCategory.path).toBe(
      'Apparel & Accessories > Clothing > Shirts, Tops & Blouses',
    );
    const toRetired = await upsertMapping({ internalPath: 'Sportswear', channelCategory: { id: '5322' } });
    expect(toRetired.status).toBe(400);
    expect(toRetired.body.errors[0].message).toContain('retired');
    const products = await preview({
      channel: 'google',
      products: [product({ categoryPath: 'Sportswear > Yoga' })],
    });
    expect(products.body.results[0].problems[0]).toMatchObject({ kind: 'category' });
    expect(products.body.results[0].problems[0].reason).toContain('retired');
  });
});

describe('channel attributes', () => {
  it('define and replace, with checks on types, units and standing mappings; list by the category they apply to', async () => {
    const scoped = await call({
      method: 'POST',
      path: `${base}/attributes`,
      body: {
        channel: 'google',
        scope: { id: '1604' },
        name: 'size',
        type: 'enum',
        allowedValues: ['S', 'M', 'L'],
        required: true,
        mapping: {
          source: { attribute: 'Size' },
          transform: {
            type: 'value_map',
            values: [
              { from: 'Small', to: 'S' },
              { from: 'Medium', to: 'M' },
            ],
          },
        },
      },
    });
    expect(scoped.status, scoped.text).toBe(201);
    expect(scoped.body.scope).toEqual({ id: '1604', path: 'Apparel & Accessories > Clothing' });
    const unreachable = await call({
      method: 'POST',
      path: `${base}/attributes`,
      body: {
        channel: 'google',
        name: 'age_group',
        type: 'enum',
        allowedValues: ['adult', 'kids'],
        mapping: {
          source: { attribute: 'Age' },
          transform: { type: 'value_map', values: [{ from: 'Grown-up', to: 'senior' }] },
        },
      },
    });
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.errors[0].path).toBe('body.mapping.transform.values[0].to');
    const dimension = await call({
      method: 'POST',
      path: `${base}/attributes`,
      body: {
        channel: 'google',
        name: 'length',
        type: 'measure',
        unit: 'cm',
        mapping: {
          source: { attribute: 'Weight' },
          transform: { type: 'unit_convert', from: 'kg', to: 'cm' },
        },
      },
    });
    expect(dimension.status).toBe(400);
    expect(dimension.body.errors.map((error: { path: string }) => error.path)).toContain(
      'body.mapping.transform.from',
    );
    const noUnit = await call({
      method: 'POST',
      path: `${base}/attributes`,
      body: { channel: 'google', name: 'depth', type: 'measure' },
    });
    expect(noUnit.status).toBe(400);
    const unknownChannel = await call({
      method: 'POST',
      path: `${base}/attributes`,
      body: { channel: 'nope', name: 'x', type: 'text' },
    });
    expect(unknownChannel.status).toBe(404);
    const forShoes = await call({
      method: 'GET',
      path: `${base}/attributes?channel=google&categoryPath=${encodeURIComponent('Apparel & Accessories > Shoes')}`,
    });
    expect(forShoes.body.items.map((item: { name: string }) => item.name).sort()).toEqual([
      'color',
      'shipping_weight',
      'title',
    ]);
    const forClothing = await call({
      method: 'GET',
      path: `${base}/attributes?channel=google&categoryPath=${encodeURIComponent('Apparel & Accessories > Clothing > Shirts, Tops & Blouses')}`,
    });
    expect(forClothing.body.items.map((item: { name: string }) => item.name).sort()).toEqual([
      'color',
      'shipping_weight',
      'size',
      'title',
    ]);
    const replaced = await call({
      method: 'POST',
      path: `${base}/attributes`,
      headers: { 'if-match': '"1"' },
      body: {
        channel: 'google',
        scope: { id: '1604' },
        name: 'size',
        type: 'enum',
        allowedValues: ['S', 'M', 'L', 'XL'],
        required: false,
      },
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.version).toBe(2);
  });

  it('a mapping whose attribute transform cannot fit the channel attribute is a 400 naming it', async () => {
    const response = await upsertMapping({
      internalPath: 'Bags > Backpacks',
      channelCategory: { id: '100' },
      attributes: [
        {
          target: 'shipping_weight',
          source: { attribute: 'Volume' },
          transform: { type: 'unit_convert', from: 'l', to: 'kg' },
        },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].path).toBe('body.attributes[0].transform.from');
  });
});

describe('templates', () => {
  it('create, read, list, replace with If-Match; duplicate then edit the copy leaves the original intact', async () => {
    const original = await createTemplate({ name: 'Autumn shirts' });
    expect(original).toMatchObject({ version: 1, listingCount: 0, verified: true });
    expect(original.categories[0].channelCategory.path).toBe(
      'Apparel & Accessories > Clothing > Shirts, Tops & Blouses',
    );
    const read = await call({ method: 'GET', path: `${base}/templates/${original.id}`, role: 'viewer' });
    expect(read.headers.etag).toBe('"1"');
    const copy = await call({
      method: 'POST',
      path: `${base}/templates/${original.id}/duplicate`,
      role: 'operator',
    });
    expect(copy.status, copy.text).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Autumn shirts (copy)', version: 1 });
    expect(copy.body.id).not.toBe(original.id);
    const second = await call({ method: 'POST', path: `${base}/templates/${original.id}/duplicate` });
    expect(second.body.name).toBe('Autumn shirts (copy 2)');
    const named = await call({
      method: 'POST',
      path: `${base}/templates/${original.id}/duplicate`,
      body: { name: 'Winter shirts' },
    });
    expect(named.body.name).toBe('Winter shirts');
    // If-Match names the version of the template to copy.
    const staleCopy = await call({
      method: 'POST',
      path: `${base}/templates/${original.id}/duplicate`,
      headers: { 'if-match': '"7"' },
    });
    expect(staleCopy.status, staleCopy.text).toBe(412);
    const current = await call({
      method: 'POST',
      path: `${base}/templates/${original.id}/duplicate`,
      headers: { 'if-match': '"1"' },
    });
    expect(current.status, current.text).toBe(201);
    const edited = await call({
      method: 'PUT',
      path: `${base}/templates/${copy.body.id}`,
      headers: { 'if-match': '"1"' },
      body: templateInput({ name: 'Autumn shirts (copy)', attributes: [] }),
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ version: 2, attributes: [] });
    const stale = await call({
      method: 'PUT',
      path: `${base}/templates/${copy.body.id}`,
      headers: { 'if-match': '"1"' },
      body: templateInput(),
    });
    expect(stale.status).toBe(412);
    const after = await call({ method: 'GET', path: `${base}/templates/${original.id}` });
    expect(after.body).toEqual(original);
    const listed = await call({ method: 'GET', path: `${base}/templates?channel=google&name=autumn` });
    const names = listed.body.items.map((item: { name: string }) => item.name);
    expect(names[0]).toBe('Autumn shirts');
    expect(names.slice(1).sort()).toEqual([
      'Autumn shirts (copy 2)',
      'Autumn shirts (copy 3)',
      'Autumn shirts (copy)',
    ]);
    const missing = await call({ method: 'GET', path: `${base}/templates/01ARZ3NDEKTSV4RRFFQ69G5FAV` });
    expect(missing.status).toBe(404);
    const missingCopy = await call({
      method: 'POST',
      path: `${base}/templates/01ARZ3NDEKTSV4RRFFQ69G5FAV/duplicate`,
    });
    expect(missingCopy.status).toBe(404);
    const badCategory = await call({
      method: 'POST',
      path: `${base}/templates`,
      body: templateInput({ categories: [{ internalPath: 'X', channelCategory: { id: '5322' } }] }),
    });
    expect(badCategory.status).toBe(400);
    expect(badCategory.body.errors[0].path).toBe('body.categories[0].channelCategory.id');
  });
});

describe('apply and preview', () => {
  it('list each product all or nothing, with per-product results and counts; nothing partial for a failure', async () => {
    const template = await createTemplate({ name: 'Apply shirts' });
    const good = product();
    const proto = product({
      attributes: { Colour: 'navy', __proto__: 'kept', constructor: 'also kept', Brand: 'Inkwell' },
    });
    const offColour = product({ attributes: { Colour: 'Teal', Brand: 'Inkwell' } });
    const noColour = product({ attributes: { Brand: 'Inkwell' } });
    const wrongUnit = product({
      attributes: { Colour: 'Navy', Brand: 'Inkwell', Weight: { value: 30, unit: 'cm' } },
    });
    const unmapped = product({ categoryPath: 'Toys > Kites' });
    const response = await apply({
      templateId: template.id,
      products: [good, proto, offColour, noColour, wrongUnit, unmapped],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.counts).toEqual({
      products: 6,
      created: 2,
      updated: 0,
      unchanged: 0,
      failed: 4,
      notListed: 0,
    });
    const [ok, withProto, teal, none, unit, kites] = response.body.results;
    expect(ok).toMatchObject({ status: 201, outcome: 'created' });
    expect(ok.listing).toMatchObject({
      channel: 'google',
      sku: good.sku,
      templateId: template.id,
      templateVersion: 1,
      revision: 1,
      attributes: {
        color: 'Navy',
        shipping_weight: { value: 0.3, unit: 'kg' },
        title: 'Inkwell Oxford shirt',
      },
    });
    expect(withProto.listing.attributes.color).toBe('Navy');
    expect(teal).toMatchObject({ status: 422, outcome: 'failed' });
    expect(teal.problems[0]).toMatchObject({ sku: offColour.sku, attribute: 'color', kind: 'invalid' });
    expect(teal.problems[0].reason).toContain('Teal');
    expect(none.missingRequired).toEqual(['color']);
    expect(unit.problems[0]).toMatchObject({ attribute: 'shipping_weight', kind: 'invalid' });
    expect(unit.problems[0].reason).toMatch(/cm .*kg/);
    expect(kites.problems[0]).toMatchObject({ kind: 'category' });
    const kept = await preview({ templateId: template.id, skus: [good.sku, offColour.sku, proto.sku] });
    expect(kept.body.results.map((result: { status: number }) => result.status)).toEqual([200, 404, 200]);
    expect(kept.body.results[0].current).toEqual(ok.listing);
    const unmappedRows = await call({ method: 'GET', path: `${base}?channel=google&status=unmapped` });
    expect(unmappedRows.body.items).toEqual([
      expect.objectContaining({ internalPath: 'Toys > Kites', status: 'unmapped', exampleSku: unmapped.sku }),
    ]);
    const got = await call({ method: 'GET', path: `${base}/templates/${template.id}` });
    expect(got.body.listingCount).toBe(2);
  });

  it('by SKU: unchanged until the template changes; then updated with the new version; an unknown SKU is a 404 result', async () => {
    const template = await createTemplate({ name: 'By SKU' });
    const item = product();
    expect((await apply({ templateId: template.id, products: [item] })).body.counts.created).toBe(1);
    // The same product again: DynamoDB keeps no key order in maps, and it still reads as unchanged.
    const same = await apply({ templateId: template.id, products: [item] });
    expect(same.body.counts.unchanged).toBe(1);
    const again = await apply({ templateId: template.id, skus: [item.sku, 'NOT-LISTED'] });
    expect(again.body.counts).toMatchObject({ unchanged: 1, notListed: 1 });
    expect(again.body.results[1]).toMatchObject({ sku: 'NOT-LISTED', status: 404, outcome: 'not_listed' });
    const edited = await call({
      method: 'PUT',
      path: `${base}/templates/${template.id}`,
      body: templateInput({
        name: 'By SKU',
        attributes: [
          { target: 'color', source: { attribute: 'Colour' }, transform: { type: 'copy' } },
          { target: 'title', transform: { type: 'template', template: '{title} ({sku})' } },
        ],
      }),
    });
    expect(edited.body.version).toBe(2);
    const stale = await apply({ templateId: template.id, templateVersion: 1, skus: [item.sku] });
    expect(stale.status).toBe(412);
    const updated = await apply({ templateId: template.id, templateVersion: 2, skus: [item.sku] });
    expect(updated.body.results[0]).toMatchObject({ status: 200, outcome: 'updated' });
    expect(updated.body.results[0].listing).toMatchObject({ templateVersion: 2, revision: 2 });
    expect(updated.body.results[0].listing.attributes.title).toBe(`Oxford shirt (${item.sku})`);
  });

  it('over 500 products in one call', async () => {
    const template = await createTemplate({ name: 'Bulk' });
    const products = Array.from({ length: 500 }, (_, index) => product({ title: `Shirt ${index}` }));
    const response = await apply({ templateId: template.id, products });
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    expect(response.body.counts).toMatchObject({ products: 500, created: 500, failed: 0 });
    expect((await call({ method: 'GET', path: `${base}/templates/${template.id}` })).body.listingCount).toBe(
      500,
    );
    const tooMany = await apply({ templateId: template.id, products: [...products, product()] });
    expect(tooMany.status).toBe(400);
  });

  it('moving listings to another template moves the counts; a template with listings is deleted only with force', async () => {
    const first = await createTemplate({ name: 'First' });
    const second = await createTemplate({ name: 'Second' });
    const items = [product(), product()];
    await apply({ templateId: first.id, products: items });
    await apply({ templateId: second.id, skus: [items[0]!.sku] });
    const counts = async (id: string) =>
      (await call({ method: 'GET', path: `${base}/templates/${id}` })).body.listingCount;
    expect([await counts(first.id), await counts(second.id)]).toEqual([1, 1]);
    const refused = await call({ method: 'DELETE', path: `${base}/templates/${first.id}` });
    expect(refused.status).toBe(409);
    expect(refused.body.listingCount).toBe(1);
    const operator = await call({
      method: 'DELETE',
      path: `${base}/templates/${first.id}?force=true`,
      role: 'operator',
    });
    expect(operator.status).toBe(403);
    const forced = await call({ method: 'DELETE', path: `${base}/templates/${first.id}?force=true` });
    expect(forced.status).toBe(204);
    // The listing stays; applying another template to it leaves the deleted one's count alone.
    const moved = await apply({ templateId: second.id, skus: [items[1]!.sku] });
    expect(moved.body.results[0]).toMatchObject({ outcome: 'updated' });
    expect(await counts(second.id)).toBe(2);
    const empty = await createTemplate({ name: 'Empty' });
    expect((await call({ method: 'DELETE', path: `${base}/templates/${empty.id}` })).status).toBe(204);
    expect((await call({ method: 'DELETE', path: `${base}/templates/${empty.id}` })).status).toBe(404);
  });

  it('two applies racing over the same SKUs leave each listing with one template and the counts equal to the listings', async () => {
    const first = await createTemplate({ name: 'Race A' });
    const second = await createTemplate({ name: 'Race B' });
    const items = Array.from({ length: 60 }, () => product());
    const [a, b] = await Promise.all([
      apply({ templateId: first.id, products: items }),
      apply({ templateId: second.id, products: items }),
    ]);
    expect([a.status, b.status], a.text.slice(0, 200) + b.text.slice(0, 200)).toEqual([200, 200]);
    const kept = await preview({ templateId: first.id, skus: items.map((item) => item.sku) });
    const byTemplate = new Map<string, number>();
    for (const result of kept.body.results) {
      const id = result.current.templateId as string;
      byTemplate.set(id, (byTemplate.get(id) ?? 0) + 1);
    }
    const count = async (id: string) =>
      (await call({ method: 'GET', path: `${base}/templates/${id}` })).body.listingCount;
    expect([await count(first.id), await count(second.id)]).toEqual([
      byTemplate.get(first.id) ?? 0,
      byTemplate.get(second.id) ?? 0,
    ]);
    expect((byTemplate.get(first.id) ?? 0) + (byTemplate.get(second.id) ?? 0)).toBe(60);
  });

  it('preview a template, an inline template, an inline mapping or the channel mappings, saving nothing, with apply’s messages', async () => {
    const template = await createTemplate({ name: 'Preview' });
    const item = product({ attributes: { Colour: 'Teal', Brand: 'Inkwell' } });
    const byId = await preview({ templateId: template.id, products: [item] });
    expect(byId.status, byId.text).toBe(200);
    expect(byId.body.source).toMatchObject({ kind: 'template', templateId: template.id, templateVersion: 1 });
    const inline = await preview({ template: templateInput(), products: [item] });
    expect(inline.body.results[0].problems).toEqual(byId.body.results[0].problems);
    const applied = await apply({ templateId: template.id, products: [item] });
    expect(applied.body.results[0].problems).toEqual(byId.body.results[0].problems);
    const fixed = product({ attributes: { Colour: 'Teal', Brand: 'Inkwell' } });
    const mapping = await preview({
      mapping: mappingInput({
        internalPath: 'Apparel > Shirts',
        attributes: [
          {
            target: 'color',
            source: { attribute: 'Colour' },
            transform: { type: 'value_map', values: [{ from: 'Teal', to: 'Navy' }] },
          },
          { target: 'title', source: { field: 'title' }, transform: { type: 'copy' } },
        ],
      }),
      products: [fixed],
    });
    expect(mapping.body.results[0]).toMatchObject({ status: 200, outcome: 'valid' });
    expect(mapping.body.results[0].listing.attributes).toMatchObject({
      color: 'Navy',
      title: 'Oxford shirt',
    });
    const channel = await preview({
      channel: 'google',
      products: [product({ categoryPath: 'Bags > Backpacks > Day' })],
    });
    expect(channel.body.source.kind).toBe('channel');
    // Backpacks' mapping names no attribute mappings: the required colour and title have no value.
    expect(channel.body.results[0].missingRequired.sort()).toEqual(['color', 'title']);
    const afterPreview = await preview({ templateId: template.id, skus: [fixed.sku] });
    expect(afterPreview.body.results[0].status).toBe(404);
  });

  it('refuse bad bodies with 400 naming the field, unknown templates with 404', async () => {
    const template = await createTemplate({ name: 'Bad input' });
    const item = product();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ templateId: template.id }, 'body.products'],
      [{ templateId: template.id, products: [item], skus: [item.sku] }, 'body.skus'],
      [{ templateId: template.id, products: [item, item] }, 'body.products[1].sku'],
      [
        { templateId: template.id, products: [{ ...item, categoryPath: 'A > > B' }] },
        'body.products[0].categoryPath',
      ],
      [
        {
          templateId: template.id,
          products: [{ ...item, attributes: { Weight: { value: 1, unit: 'stone' } } }],
        },
        'body.products[0].attributes.Weight',
      ],
      [{ templateId: 'nope', products: [item] }, 'body.templateId'],
    ];
    for (const [body, path] of cases) {
      const response = await apply(body);
      expect(response.status, path).toBe(400);
      expect(
        response.body.errors.map((error: { path: string }) => error.path),
        path,
      ).toContain(path);
    }
    const unknown = await apply({ templateId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', products: [item] });
    expect(unknown.status).toBe(404);
    const unknownPreview = await preview({ templateId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', products: [item] });
    expect(unknownPreview.status).toBe(404);
    const twoSources = await preview({ templateId: template.id, mapping: mappingInput(), products: [item] });
    expect(twoSources.status).toBe(400);
    const nothingSaved = await preview({ templateId: template.id, skus: [item.sku] });
    expect(nothingSaved.body.results[0].status).toBe(404);
  });
});

/**
 * The taxonomy flow as a merchant's team runs it: load Google's taxonomy with the command beside the
 * running API, map an internal category, preview, apply a template, and read the listings back, all over
 * HTTP with real tokens.
 */
import { execFileSync } from 'node:child_process';
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http';
import { product, templateInput } from '../support/taxonomy-builders';

const base = '/v1/platform/taxonomy-mappings';

function loadTaxonomy(channel: string, file: string): string {
  return execFileSync(
    'npx',
    [
      'tsx',
      'infra/local/taxonomy-load.ts',
      channel,
      `test/fixtures/taxonomy/${file}`,
      '--data-dir',
      inject('dataDir'),
    ],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    },
  );
}

describe('taxonomy over HTTP', () => {
  it('load a fixture taxonomy, map, preview, apply and read the listings', async () => {
    const report = loadTaxonomy('google', 'google-2021-09-21.en-US.txt');
    expect(report).toContain('google: google taxonomy version 2021-09-21, 10 categories.');
    expect(report).toContain('added 10');
    expect(loadTaxonomy('google', 'google-2021-09-21.en-US.txt')).toContain('unchanged 10');

    const mapped = await api('POST', base, {
      role: 'operator',
      body: { channel: 'google', internalPath: 'Home > Kitchen', channelCategory: { id: '6070' } },
    });
    expect(mapped.status, mapped.text).toBe(201);
    expect(mapped.body.channelCategory.path).toBe(
      'Home & Garden > Kitchen & Dining > Kitchen Tools & Utensils',
    );
    expect(mapped.headers.get('etag')).toBe('"1"');

    const template = await api('POST', `${base}/templates`, {
      role: 'operator',
      body: templateInput({
        name: 'Kitchen to Google',
        categories: [],
        attributes: [
          { target: 'material', source: { attribute: 'Material' }, transform: { type: 'copy' } },
          {
            target: 'shipping_weight',
            source: { attribute: 'Weight' },
            transform: { type: 'unit_convert', to: 'lb' },
          },
        ],
      }),
    });
    expect(template.status, template.text).toBe(201);

    const items = [
      product({ categoryPath: 'Home > Kitchen > Whisks', title: 'Balloon whisk' }),
      product({
        categoryPath: 'Home > Kitchen',
        title: 'Spatula',
        attributes: { Material: 'Silicone', Weight: { value: 2, unit: 'cm' } },
      }),
    ];
    const previewed = await api('POST', `${base}/preview`, {
      role: 'viewer',
      body: { templateId: template.body.id, products: items },
    });
    expect(previewed.status, previewed.text).toBe(200);
    expect(previewed.body.counts).toEqual({ products: 2, valid: 1, failed: 1, notListed: 0 });
    expect(previewed.body.results[0].listing.attributes).toEqual({
      material: 'Cotton',
      shipping_weight: { value: 0.661387, unit: 'lb' },
    });

    const applied = await api('POST', `${base}/templates/apply`, {
      role: 'operator',
      headers: { 'idempotency-key': `apply-${items[0]!.sku}` },
      body: { templateId: template.body.id, products: items },
    });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.counts).toMatchObject({ created: 1, failed: 1 });
    expect(applied.body.results[1].problems[0]).toMatchObject({
      sku: items[1]!.sku,
      attribute: 'shipping_weight',
    });
    expect(applied.body.results[1].problems[0].reason).toContain('cm');

    const listings = await api('POST', `${base}/preview`, {
      role: 'viewer',
      body: { templateId: template.body.id, skus: items.map((item) => item.sku) },
    });
    expect(listings.body.results[0].current).toMatchObject({
      channel: 'google',
      sku: items[0]!.sku,
      templateId: template.body.id,
      templateVersion: 1,
      channelCategory: { id: '6070' },
      internalPath: 'Home > Kitchen > Whisks',
    });
    expect(listings.body.results[1]).toMatchObject({ status: 404, outcome: 'not_listed' });

    const cross = await api('GET', `${base}/cross-reference?prefix=Home`, { role: 'viewer' });
    expect(cross.body.items[0]).toMatchObject({ internalPath: 'Home > Kitchen' });
    const refused = await api('DELETE', `${base}/templates/${template.body.id}`, { role: 'manager' });
    expect(refused.status).toBe(409);
    const anonymous = await api('GET', base);
    expect(anonymous.status).toBe(401);
  });
});

import { describe, expect, it } from 'vitest';
import { call } from '../support/call';

const forms = (type: string) => `/v1/fulfillment/forms/${type}`;
const put = (type: string, body: unknown, headers: Record<string, string> = {}) =>
  call({ method: 'PUT', path: forms(type), body, headers, role: 'manager' });

describe('GET|PUT /v1/fulfillment/forms/{documentType}', () => {
  it('answers each type’s defaults at version 0, then what a manager saved, under If-Match', async () => {
    const fresh = await call({ method: 'GET', path: forms('pick-list') });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.etag).toBe('"0"');
    expect(fresh.body).toMatchObject({
      documentType: 'pick-list',
      paperSize: 'letter',
      showPrices: false,
      version: 0,
      updatedAt: null,
    });
    const label = await call({ method: 'GET', path: forms('label') });
    expect(label.body).toMatchObject({ paperSize: '4x6', includePackingSlip: false });

    const saved = await put(
      'packing-slip',
      {
        paperSize: 'a4',
        showPrices: true,
        fields: ['orderReference', 'sku', 'quantity'],
        footerText: 'Thank you!\nReturns within 30 days.',
      },
      { 'if-match': '"0"' },
    );
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({
      documentType: 'packing-slip',
      paperSize: 'a4',
      footerText: 'Thank you!\nReturns within 30 days.',
      returnAddress: 'warehouse',
      version: 1,
      updatedBy: expect.any(String),
    });
    expect(saved.headers.etag).toBe('"1"');
    const read = await call({ method: 'GET', path: forms('packing-slip') });
    expect(read.body).toEqual(saved.body);

    const stale = await put(
      'packing-slip',
      { paperSize: 'letter', showPrices: false, fields: [] },
      { 'if-match': '"0"' },
    );
    expect(stale.status).toBe(412);
    expect((await call({ method: 'GET', path: forms('packing-slip') })).body.paperSize).toBe('a4');
  });

  it('404 for a document type that does not exist; 400 for settings a document cannot print', async () => {
    const unknown = await call({ method: 'GET', path: forms('receipt') });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toContain('packing-slip');
    expect((await put('receipt', { paperSize: 'a4', showPrices: false, fields: [] })).status).toBe(404);

    const wrongPaper = await put('label', { paperSize: 'a4', showPrices: false, fields: [] });
    expect(wrongPaper.status).toBe(400);
    expect(wrongPaper.body.errors).toContainEqual(expect.objectContaining({ path: 'body.paperSize' }));
    const wrongField = await put('manifest', {
      paperSize: 'letter',
      showPrices: false,
      fields: ['cost', 'giftMessage'],
    });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.errors).toContainEqual(expect.objectContaining({ path: 'body.fields[1]' }));
    const slipOnInvoice = await put('invoice', {
      paperSize: 'letter',
      showPrices: true,
      fields: [],
      includePackingSlip: true,
    });
    expect(slipOnInvoice.status).toBe(400);
    const twice = await put('label', { paperSize: '4x6', showPrices: false, fields: ['weight', 'weight'] });
    expect(twice.status).toBe(400);
    const extra = await put('label', { paperSize: '4x6', showPrices: false, fields: [], colour: 'red' });
    expect(extra.status).toBe(400);
    const footer = await put('label', {
      paperSize: '4x6',
      showPrices: false,
      fields: [],
      footerText: 'x'.repeat(501),
    });
    expect(footer.status).toBe(400);
    expect((await call({ method: 'GET', path: forms('label') })).body.version).toBe(0);
  });

  it('needs the manage permission to change settings; any reader may read them', async () => {
    const operator = await call({
      method: 'PUT',
      path: forms('invoice'),
      body: { paperSize: 'letter', showPrices: true, fields: [] },
      role: 'operator',
    });
    expect(operator.status).toBe(403);
    expect((await call({ method: 'GET', path: forms('invoice'), role: 'viewer' })).status).toBe(200);
  });
});

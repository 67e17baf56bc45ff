import { describe, expect, it } from 'vitest';
import { poSourceInput, seedWarehouse, vendorInput } from '../support/builders';
import { call } from '../support/call';

async function createVendor(overrides: Record<string, unknown> = {}) {
  const response = await call({
    method: 'POST',
    path: '/v1/vendors',
    body: vendorInput(overrides),
    role: 'operator',
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

describe('vendor names', () => {
  it('list in dictionary order (accents and case folded), and a name prefix finds accented names', async () => {
    const tag = `Q${Date.now().toString(36)}`;
    for (const name of [`${tag} Zeta`, `${tag} Émile`, `${tag} adam`]) await createVendor({ name });
    const listed = await call({
      method: 'GET',
      path: `/v1/vendors?name=${encodeURIComponent(tag)}&sort=name`,
    });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.items.map((vendor: { name: string }) => vendor.name)).toEqual([
      `${tag} adam`,
      `${tag} Émile`,
      `${tag} Zeta`,
    ]);
    const accentless = await call({
      method: 'GET',
      path: `/v1/vendors?name=${encodeURIComponent(`${tag} emi`)}`,
    });
    expect(accentless.body.items.map((vendor: { name: string }) => vendor.name)).toEqual([`${tag} Émile`]);
  });

  it('refuses control characters and bidi overrides, and stores names NFC-normalised', async () => {
    for (const name of ['Acme\u0000Corp', 'Acme\u202Eproc', '\u200B\u200B']) {
      const response = await call({
        method: 'POST',
        path: '/v1/vendors',
        body: vendorInput({ name }),
      });
      expect(response.status, name).toBe(400);
      expect(response.body.errors[0].path).toBe('body.name');
    }
    const decomposed = await createVendor({ name: 'Cafe\u0301 Supplies' });
    expect(decomposed.name).toBe('Caf\u00e9 Supplies');
  });
});

describe('vendors', () => {
  it('creates a vendor with defaults, a Location and an ETag, and reads it back', async () => {
    const created = await call({
      method: 'POST',
      path: '/v1/vendors',
      body: vendorInput({ code: 'ACME-1', name: 'Acme' }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      code: 'ACME-1',
      name: 'Acme',
      active: true,
      leadTimeDays: 7,
      version: 1,
      poSourceCount: 0,
    });
    expect(created.headers.location).toBe(`/v1/vendors/${created.body.id}`);
    expect(created.headers.etag).toBe('"1"');
    const read = await call({ method: 'GET', path: `/v1/vendors/${created.body.id}`, role: 'viewer' });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    expect(read.headers.etag).toBe('"1"');
  });

  it('refuses a duplicate code, case-insensitively, with 409', async () => {
    await createVendor({ code: 'DUP-CODE' });
    const again = await call({
      method: 'POST',
      path: '/v1/vendors',
      body: vendorInput({ code: 'dup-code' }),
    });
    expect(again.status).toBe(409);
    expect(again.headers['content-type']).toBe('application/problem+json');
    expect(again.body.detail).toContain('dup-code');
  });

  it('answers 404 for an unknown vendor and 400 for an id that is not a ULID', async () => {
    expect((await call({ method: 'GET', path: '/v1/vendors/01ARZ3NDEKTSV4RRFFQ69G5FAV' })).status).toBe(404);
    const bad = await call({ method: 'GET', path: '/v1/vendors/not-an-id' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: 'path.id', message: 'must be a ULID' }]);
  });

  it('updates with If-Match, answers 412 on a stale version, and frees the old code', async () => {
    const vendor = await createVendor({ code: 'OLD-CODE' });
    const body = vendorInput({ code: 'NEW-CODE', name: 'Renamed' });
    const updated = await call({
      method: 'PUT',
      path: `/v1/vendors/${vendor.id}`,
      body,
      headers: { 'if-match': '"1"' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      code: 'NEW-CODE',
      name: 'Renamed',
      version: 2,
      createdAt: vendor.createdAt,
    });
    expect(updated.headers.etag).toBe('"2"');
    const stale = await call({
      method: 'PUT',
      path: `/v1/vendors/${vendor.id}`,
      body,
      headers: { 'if-match': '"1"' },
    });
    expect(stale.status).toBe(412);
    expect(stale.body.currentVersion).toBe(2);
    // The old code is free again; the new one is taken.
    expect(
      (await call({ method: 'POST', path: '/v1/vendors', body: vendorInput({ code: 'OLD-CODE' }) })).status,
    ).toBe(201);
    expect(
      (await call({ method: 'POST', path: '/v1/vendors', body: vendorInput({ code: 'new-code' }) })).status,
    ).toBe(409);
  });

  it('lets exactly one of concurrent updates with the same If-Match win', async () => {
    const vendor = await createVendor();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call({
          method: 'PUT',
          path: `/v1/vendors/${vendor.id}`,
          body: vendorInput({ code: vendor.code, name: `Racer ${i}` }),
          headers: { 'if-match': '"1"' },
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 412)).toHaveLength(7);
    const final = await call({ method: 'GET', path: `/v1/vendors/${vendor.id}` });
    expect(final.body.version).toBe(2);
  });

  it('applies every one of concurrent updates without If-Match, each on the version before it', async () => {
    const vendor = await createVendor();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call({
          method: 'PUT',
          path: `/v1/vendors/${vendor.id}`,
          body: vendorInput({ code: vendor.code, name: `Racer ${i}` }),
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    // Each write read the one before it: the versions answered are 2..11, none twice.
    expect(results.map((r) => r.body.version).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 10 }, (_, i) => i + 2),
    );
    const final = await call({ method: 'GET', path: `/v1/vendors/${vendor.id}` });
    expect(final.body.version).toBe(11);
    expect(results.find((r) => r.body.version === 11)!.body.name).toBe(final.body.name);
  });

  it('lists by name with prefix and active filters, paginating with an opaque cursor', async () => {
    const tag = `zz${Date.now()}`;
    for (const [i, active] of [true, false, true, true, true].entries()) {
      await createVendor({ name: `${tag} ${i}`, active });
    }
    const first = await call({ method: 'GET', path: `/v1/vendors?name=${tag}&active=true&limit=2` });
    expect(first.status).toBe(200);
    expect(first.body.items.map((v: { name: string }) => v.name)).toEqual([`${tag} 0`, `${tag} 2`]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await call({
      method: 'GET',
      path: `/v1/vendors?name=${tag}&active=true&limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`,
    });
    expect(second.body.items.map((v: { name: string }) => v.name)).toEqual([`${tag} 3`, `${tag} 4`]);
    const third = second.body.nextCursor
      ? await call({
          method: 'GET',
          path: `/v1/vendors?name=${tag}&active=true&limit=2&cursor=${encodeURIComponent(second.body.nextCursor)}`,
        })
      : { body: { items: [], nextCursor: null } };
    expect(third.body).toEqual({ items: [], nextCursor: null });
    // A cursor from one listing is refused by another.
    const replayed = await call({
      method: 'GET',
      path: `/v1/vendors?name=other&cursor=${encodeURIComponent(first.body.nextCursor)}`,
    });
    expect(replayed.status).toBe(400);
  });

  it('lists by code prefix sorted by code', async () => {
    const prefix = `CP${Date.now()}`;
    await createVendor({ code: `${prefix}-B` });
    await createVendor({ code: `${prefix}-A` });
    const listed = await call({ method: 'GET', path: `/v1/vendors?code=${prefix.toLowerCase()}&sort=code` });
    expect(listed.body.items.map((v: { code: string }) => v.code)).toEqual([`${prefix}-A`, `${prefix}-B`]);
  });
});

describe('bulk vendor delete', () => {
  it('deletes by ids in the query or the body, all or none, reporting unknown ids', async () => {
    const a = await createVendor();
    const b = await createVendor();
    const unknown = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
    const refused = await call({ method: 'DELETE', path: `/v1/vendors?ids=${a.id},${unknown}` });
    expect(refused.status).toBe(404);
    expect(refused.body.unknownIds).toEqual([unknown]);
    expect((await call({ method: 'GET', path: `/v1/vendors/${a.id}` })).status).toBe(200);

    const byQuery = await call({ method: 'DELETE', path: `/v1/vendors?ids=${a.id}` });
    expect(byQuery.status).toBe(200);
    expect(byQuery.body).toEqual({ deleted: [a.id], deletedPoSources: [] });
    const byBody = await call({ method: 'DELETE', path: '/v1/vendors', body: { ids: [b.id] } });
    expect(byBody.body.deleted).toEqual([b.id]);
    expect((await call({ method: 'GET', path: `/v1/vendors/${b.id}` })).status).toBe(404);
    // The code is free again.
    expect(
      (await call({ method: 'POST', path: '/v1/vendors', body: vendorInput({ code: a.code }) })).status,
    ).toBe(201);
  });

  it('needs ids, in one place only, and the manager role', async () => {
    expect((await call({ method: 'DELETE', path: '/v1/vendors' })).status).toBe(400);
    const vendor = await createVendor();
    const both = await call({
      method: 'DELETE',
      path: `/v1/vendors?ids=${vendor.id}`,
      body: { ids: [vendor.id] },
    });
    expect(both.status).toBe(400);
    expect(
      (await call({ method: 'DELETE', path: `/v1/vendors?ids=${vendor.id}`, role: 'operator' })).status,
    ).toBe(403);
  });

  it('refuses a vendor that purchase-order sources use, naming them, unless they go too', async () => {
    const warehouse = await seedWarehouse();
    const vendor = await createVendor();
    const source = await call({
      method: 'POST',
      path: '/v1/vendors/po-sources',
      body: poSourceInput(vendor.id, warehouse.id),
    });
    expect(source.status).toBe(201);
    const refused = await call({ method: 'DELETE', path: `/v1/vendors?ids=${vendor.id}` });
    expect(refused.status).toBe(409);
    expect(refused.body.poSourceIds).toEqual([source.body.id]);
    const cascaded = await call({
      method: 'DELETE',
      path: `/v1/vendors?ids=${vendor.id}&withPoSources=true`,
    });
    expect(cascaded.status).toBe(200);
    expect(cascaded.body).toEqual({ deleted: [vendor.id], deletedPoSources: [source.body.id] });
    const left = await call({ method: 'GET', path: `/v1/vendors/po-sources?vendorId=${vendor.id}` });
    expect(left.body.items).toEqual([]);
  });
});

describe('purchase-order sources', () => {
  it('creates one per vendor, SKU and warehouse, and counts them on the vendor', async () => {
    const warehouse = await seedWarehouse();
    const vendor = await createVendor();
    const input = poSourceInput(vendor.id, warehouse.id, { sku: 'WIDGET-1' });
    const created = await call({
      method: 'POST',
      path: '/v1/vendors/po-sources',
      body: input,
      role: 'operator',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...input, id: expect.any(String) });
    expect((await call({ method: 'POST', path: '/v1/vendors/po-sources', body: input })).status).toBe(409);
    const vendorAfter = await call({ method: 'GET', path: `/v1/vendors/${vendor.id}` });
    expect(vendorAfter.body.poSourceCount).toBe(1);
  });

  it('refuses an unknown vendor and a warehouse that does not accept purchase orders, naming the field', async () => {
    const warehouse = await seedWarehouse();
    const closed = await seedWarehouse({ acceptsPurchaseOrders: false });
    const vendor = await createVendor();
    const noVendor = await call({
      method: 'POST',
      path: '/v1/vendors/po-sources',
      body: poSourceInput('01ARZ3NDEKTSV4RRFFQ69G5FAV', warehouse.id),
    });
    expect(noVendor.status).toBe(400);
    expect(noVendor.body.errors[0].path).toBe('body.vendorId');
    const noWarehouse = await call({
      method: 'POST',
      path: '/v1/vendors/po-sources',
      body: poSourceInput(vendor.id, closed.id),
    });
    expect(noWarehouse.status).toBe(400);
    expect(noWarehouse.body.errors[0].path).toBe('body.warehouseId');
    expect((await call({ method: 'GET', path: `/v1/vendors/${vendor.id}` })).body.poSourceCount).toBe(0);
  });

  it('lists by vendor, by SKU and by warehouse, and deletes all or none', async () => {
    const [w1, w2] = [await seedWarehouse(), await seedWarehouse()];
    const [v1, v2] = [await createVendor(), await createVendor()];
    const sku = `SKU-L-${Date.now()}`;
    const ids: string[] = [];
    for (const [vendor, warehouse] of [
      [v1, w1],
      [v1, w2],
      [v2, w1],
    ] as const) {
      const created = await call({
        method: 'POST',
        path: '/v1/vendors/po-sources',
        body: poSourceInput(vendor.id, warehouse.id, { sku }),
      });
      ids.push(created.body.id);
    }
    const byVendor = await call({ method: 'GET', path: `/v1/vendors/po-sources?vendorId=${v1.id}` });
    expect(byVendor.body.items).toHaveLength(2);
    const bySku = await call({
      method: 'GET',
      path: `/v1/vendors/po-sources?sku=${sku}&warehouseId=${w1.id}`,
    });
    expect(bySku.body.items.map((s: { vendorId: string }) => s.vendorId).sort()).toEqual(
      [v1.id, v2.id].sort(),
    );
    const unknown = await call({
      method: 'DELETE',
      path: '/v1/vendors/po-sources',
      body: { ids: [ids[0], '01ARZ3NDEKTSV4RRFFQ69G5FAV'] },
    });
    expect(unknown.status).toBe(404);
    const deleted = await call({ method: 'DELETE', path: `/v1/vendors/po-sources?ids=${ids[0]},${ids[1]}` });
    expect(deleted.body).toEqual({ deleted: [ids[0], ids[1]] });
    expect((await call({ method: 'GET', path: `/v1/vendors/${v1.id}` })).body.poSourceCount).toBe(0);
    // The vendor can go now without cascading.
    expect((await call({ method: 'DELETE', path: `/v1/vendors?ids=${v1.id}` })).status).toBe(200);
  });

  it('lists the warehouses that accept purchase orders', async () => {
    const accepting = await seedWarehouse({ code: 'PO-YES' });
    const refusing = await seedWarehouse({ code: 'PO-NO', acceptsPurchaseOrders: false });
    const inactive = await seedWarehouse({ code: 'PO-OFF', active: false });
    const listed = await call({
      method: 'GET',
      path: '/v1/vendors/po-sources/warehouses?limit=200',
      role: 'viewer',
    });
    expect(listed.status).toBe(200);
    const ids = listed.body.items.map((w: { id: string }) => w.id);
    expect(ids).toContain(accepting.id);
    expect(ids).not.toContain(refusing.id);
    expect(ids).not.toContain(inactive.id);
  });

  it('keeps the source count through vendor updates that race source creates', async () => {
    const warehouse = await seedWarehouse();
    const vendor = await createVendor();
    const createSources = (from: number) =>
      Array.from({ length: 10 }, (_, i) =>
        call({
          method: 'POST',
          path: '/v1/vendors/po-sources',
          body: poSourceInput(vendor.id, warehouse.id, { sku: `COUNTED-${from + i}` }),
        }),
      );
    const update = (name: string, headers?: Record<string, string>) =>
      call({
        method: 'PUT',
        path: `/v1/vendors/${vendor.id}`,
        body: vendorInput({ code: vendor.code, name }),
        headers,
      });
    // A source counted meanwhile leaves the vendor's version alone: If-Match still holds.
    const first = await Promise.all([...createSources(0), update('Matched', { 'if-match': '"1"' })]);
    expect(first.map((r) => r.status)).toEqual([...Array(10).fill(201), 200]);
    const second = await Promise.all([
      ...createSources(10),
      ...Array.from({ length: 5 }, (_, i) => update(`Plain ${i}`)),
    ]);
    expect(second.map((r) => r.status)).toEqual([...Array(10).fill(201), ...Array(5).fill(200)]);
    const after = await call({ method: 'GET', path: `/v1/vendors/${vendor.id}` });
    expect(after.body).toMatchObject({ version: 7, poSourceCount: 20 });
  });

  it("refuses a source priced in another currency than its vendor's, naming both", async () => {
    const warehouse = await seedWarehouse();
    const vendor = await createVendor({ currency: 'USD' });
    const refused = await call({
      method: 'POST',
      path: '/v1/vendors/po-sources',
      body: poSourceInput(vendor.id, warehouse.id, { unitCost: { amount: 900, currency: 'EUR' } }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toContain('paid in USD');
    expect(refused.body.detail).toContain('in EUR');
    expect(refused.body.errors).toEqual([
      { path: 'body.unitCost.currency', message: "must be the vendor's currency, USD" },
    ]);
    expect((await call({ method: 'GET', path: `/v1/vendors/${vendor.id}` })).body.poSourceCount).toBe(0);
  });

  it('changes a vendor currency only while no source is priced in the old one', async () => {
    const warehouse = await seedWarehouse();
    const vendor = await createVendor({ currency: 'USD' });
    const source = await call({
      method: 'POST',
      path: '/v1/vendors/po-sources',
      body: poSourceInput(vendor.id, warehouse.id),
    });
    expect(source.status).toBe(201);
    const toEuro = () =>
      call({
        method: 'PUT',
        path: `/v1/vendors/${vendor.id}`,
        body: vendorInput({ code: vendor.code, name: vendor.name, currency: 'EUR' }),
      });
    const refused = await toEuro();
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('priced in USD');
    expect(refused.body.poSourceIds).toEqual([source.body.id]);
    // Other changes go through while the sources stay.
    const renamed = await call({
      method: 'PUT',
      path: `/v1/vendors/${vendor.id}`,
      body: vendorInput({ code: vendor.code, name: 'Renamed', currency: 'USD' }),
    });
    expect(renamed.status, renamed.text).toBe(200);

    await call({ method: 'DELETE', path: `/v1/vendors/po-sources?ids=${source.body.id}` });
    expect((await toEuro()).status).toBe(200);
    const euro = await call({
      method: 'POST',
      path: '/v1/vendors/po-sources',
      body: poSourceInput(vendor.id, warehouse.id, { unitCost: { amount: 900, currency: 'EUR' } }),
    });
    expect(euro.status, euro.text).toBe(201);
  });

  it('never lets a source in the old currency slip in beside a currency change: one of the two fails', async () => {
    const warehouse = await seedWarehouse();
    for (let round = 0; round < 5; round++) {
      const vendor = await createVendor({ currency: 'USD' });
      const [created, changed] = await Promise.all([
        call({
          method: 'POST',
          path: '/v1/vendors/po-sources',
          body: poSourceInput(vendor.id, warehouse.id),
        }),
        call({
          method: 'PUT',
          path: `/v1/vendors/${vendor.id}`,
          body: vendorInput({ code: vendor.code, currency: 'EUR' }),
        }),
      ]);
      if (changed.status === 200) {
        expect(created.status).toBe(400);
      } else {
        expect(created.status).toBe(201);
        expect(changed.status).toBe(409);
      }
    }
  });

  it('never lets a source slip in beside a vendor delete: one of the two fails', async () => {
    const warehouse = await seedWarehouse();
    for (let round = 0; round < 5; round++) {
      const vendor = await createVendor();
      const [created, deleted] = await Promise.all([
        call({
          method: 'POST',
          path: '/v1/vendors/po-sources',
          body: poSourceInput(vendor.id, warehouse.id),
        }),
        call({ method: 'DELETE', path: `/v1/vendors?ids=${vendor.id}` }),
      ]);
      if (deleted.status === 200) {
        // With the vendor gone no orphan source may exist: the create must have failed.
        const orphans = await call({ method: 'GET', path: `/v1/vendors/po-sources?vendorId=${vendor.id}` });
        expect(orphans.body.items).toEqual([]);
        expect(created.status).not.toBe(201);
      } else {
        expect(created.status).toBe(201);
        expect(deleted.status).toBe(409);
      }
    }
  });
});

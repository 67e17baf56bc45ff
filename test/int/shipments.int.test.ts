import { beforeAll, describe, expect, it } from 'vitest';
import { recordShipment } from '../../shared/shipments/commit';
import { seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import { orderId, orderInput, orderLine, stock } from '../support/order-builders';

interface Made {
  id: string;
  shipDate: string;
  carrier: string;
}

const made: Made[] = [];
let warehouseId = '';

/** One order, shipped by hand on a past date. */
async function shipped(body: Record<string, unknown>, warehouse?: string): Promise<Made> {
  const id = orderId();
  if (warehouse) await stock('SHP-A', warehouse, 5);
  const created = await call({
    method: 'PUT',
    path: `/v1/orders/${id}`,
    body: orderInput({
      lines: [orderLine({ sku: 'SHP-A', weightGrams: 100 })],
      ...(warehouse ? { warehouseId: warehouse } : {}),
    }),
  });
  expect(created.status, created.text).toBe(201);
  const response = await call({
    method: 'POST',
    path: `/v1/orders/${id}/tracking`,
    body: { trackingNumber: `TRK${made.length}000`, ...body },
  });
  expect(response.status, response.text).toBe(201);
  const shipment = { id: response.body.id, shipDate: response.body.shipDate, carrier: response.body.carrier };
  made.push(shipment);
  return shipment;
}

const get = (path: string) => call({ method: 'GET', path, role: 'viewer' });
const range = 'from=2026-09-01&to=2026-11-10';

async function listAll(query: string, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await get(
      `/v1/orders/shipments?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(page.status, page.text).toBe(200);
    expect(page.body.items.length).toBeLessThanOrEqual(limit);
    ids.push(...page.body.items.map((item: { id: string }) => item.id));
    cursor = page.body.nextCursor;
  } while (cursor);
  return ids;
}

beforeAll(async () => {
  warehouseId = (await seedWarehouse()).id;
  await shipped({ carrier: 'UPS', service: 'Ground', shipDate: '2026-09-30' });
  await shipped({ carrier: 'UPS', service: 'Next Day Air', shipDate: '2026-10-01', packages: 2 });
  await shipped({ carrier: 'DHL', service: 'Express', shipDate: '2026-10-15' }, warehouseId);
  await shipped({
    carrier: 'ups',
    service: 'ground',
    shipDate: '2026-11-01',
    cost: { amount: 1250, currency: 'USD' },
  });
  // A label shipment, as fulfillment records one.
  const labelled = orderId();
  await call({
    method: 'PUT',
    path: `/v1/orders/${labelled}`,
    body: orderInput({ lines: [orderLine({ sku: 'SHP-A' })] }),
  });
  const { shipment } = await recordShipment({
    orderId: labelled,
    actor: 'fulfillment',
    details: {
      source: 'label',
      carrier: 'FedEx',
      service: 'Home',
      trackingNumber: '7777',
      shipDate: '2026-11-02',
      packages: 1,
    },
  });
  made.push({ id: shipment.id, shipDate: shipment.shipDate, carrier: shipment.carrier });
  // Outside the range.
  await shipped({ carrier: 'UPS', service: 'Ground', shipDate: '2026-08-31' });
});

const idsBy = (order: 'asc' | 'desc', filter: (m: Made) => boolean = () => true) =>
  made
    .filter((m) => m.shipDate >= '2026-09-01' && m.shipDate <= '2026-11-10')
    .filter(filter)
    .sort((a, b) => (a.shipDate < b.shipDate ? -1 : 1) * (order === 'asc' ? 1 : -1))
    .map((m) => m.id);

describe('GET /v1/orders/shipments', () => {
  it('lists the range by ship date, newest first, every shipment once across month partitions', async () => {
    for (const limit of [1, 2, 50]) expect(await listAll(range, limit)).toEqual(idsBy('desc'));
    expect(await listAll(`${range}&sort=shipDate`, 2)).toEqual(idsBy('asc'));
  });

  it('filters by carrier and service (case-insensitively), warehouse, status and source', async () => {
    const ups = (m: Made) => m.carrier.toLowerCase() === 'ups';
    expect(await listAll(`${range}&carrier=UPS`, 1)).toEqual(idsBy('desc', ups));
    expect(await listAll(`${range}&carrier=ups&service=GROUND`, 50)).toHaveLength(2);
    expect(await listAll(`${range}&service=ground`, 50)).toHaveLength(2);
    expect(await listAll(`${range}&warehouseId=${warehouseId}`, 50)).toEqual(
      idsBy('desc', (m) => m.carrier === 'DHL'),
    );
    expect(await listAll(`${range}&carrier=dhl&warehouseId=${warehouseId}`, 50)).toHaveLength(1);
    expect(await listAll(`${range}&carrier=ups&warehouseId=${warehouseId}`, 50)).toHaveLength(0);
    expect(await listAll(`${range}&source=label`, 50)).toEqual(idsBy('desc', (m) => m.carrier === 'FedEx'));
    expect(await listAll(`${range}&status=voided`, 50)).toEqual([]);
    expect(await listAll(`${range}&status=active&source=manual`, 50)).toHaveLength(4);
  });

  it('refuses bad ranges, unknown parameters and cursors from another listing', async () => {
    for (const query of [
      'from=2026-11-30&to=2026-11-01',
      'from=2025-01-01&to=2026-11-30',
      'from=2026-02-30',
      'from=yesterday',
      'carrier=',
      'status=lost',
      'sort=carrier',
      'colour=red',
      'limit=201',
    ]) {
      const response = await get(`/v1/orders/shipments?${query}`);
      expect(response.status, query).toBe(400);
    }
    const page = await get(`/v1/orders/shipments?${range}&limit=1`);
    expect((await get(`/v1/orders/shipments?${range}&limit=1&cursor=${page.body.nextCursor}x`)).status).toBe(
      400,
    );
    expect(
      (await get(`/v1/orders/shipments?${range}&carrier=ups&cursor=${page.body.nextCursor}`)).status,
    ).toBe(400);
  });

  it('defaults to the last 30 days', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const recent = await shipped({ carrier: 'USPS', service: 'Priority', shipDate: today });
    const page = await get('/v1/orders/shipments');
    expect(page.body.items.map((item: { id: string }) => item.id)).toContain(recent.id);
    expect(page.body.items.every((item: { shipDate: string }) => item.shipDate >= '2026-09-01')).toBe(true);
  });
});

describe('GET /v1/orders/shipments/totals and /filters', () => {
  it('totals what the same filters list, by carrier and by service', async () => {
    const totals = await get(`/v1/orders/shipments/totals?${range}`);
    expect(totals.status, totals.text).toBe(200);
    expect(totals.body).toMatchObject({
      from: '2026-09-01',
      to: '2026-11-10',
      shipments: 5,
      packages: 6,
      cost: [{ currency: 'USD', amount: 1250 }],
    });
    expect(
      totals.body.byCarrier.map((c: { carrier: string; shipments: number }) => [
        c.carrier.toLowerCase(),
        c.shipments,
      ]),
    ).toEqual([
      ['ups', 3],
      ['dhl', 1],
      ['fedex', 1],
    ]);
    const upsGround = await get(`/v1/orders/shipments/totals?${range}&carrier=UPS&service=ground`);
    expect(upsGround.body).toMatchObject({ shipments: 2, weightGrams: 400 });
    expect((await get(`/v1/orders/shipments/totals?${range}&source=label`)).body.shipments).toBe(1);
    expect((await get('/v1/orders/shipments/totals?from=2026-11-30&to=2026-11-01')).status).toBe(400);
  });

  it('answers the values each filter can take in the range, warehouses with their code and name', async () => {
    const filters = await get(`/v1/orders/shipments/filters?${range}`);
    expect(filters.status, filters.text).toBe(200);
    expect(filters.body.carriers.map((c: { carrier: string }) => c.carrier.toLowerCase())).toEqual([
      'ups',
      'dhl',
      'fedex',
    ]);
    expect(filters.body.warehouses).toEqual([
      expect.objectContaining({ warehouseId, code: expect.any(String), shipments: 1 }),
    ]);
    expect(filters.body.sources).toEqual([
      { source: 'manual', shipments: 4 },
      { source: 'label', shipments: 1 },
    ]);
    expect((await get('/v1/orders/shipments/filters?carrier=ups')).status).toBe(400);
  });
});

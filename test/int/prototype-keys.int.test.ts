/**
 * Keys that come from clients are data, whatever their name (DESIGN §3): every name on Object.prototype
 * as a SKU (a key of the order's allocations map), a line id and an order id, through an order with a
 * warehouse, a work order, a print, a return and the reports that group by SKU. Names the SKU and id
 * patterns refuse (a leading underscore) are a 400 naming the field, never a 500; a SKU may start with one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { applyAggregateRecords } from '../../shared/aggregates/apply';
import { aggregateRecordsOf } from '../../shared/aggregates/records';
import { stockKey } from '../../shared/db/keys';
import { getItem } from '../../shared/db/query';
import { reportingDay } from '../../shared/domain/reporting-days';
import { dockOrigin, seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import { orderInput, orderLine, stock } from '../support/order-builders';
import { drainStream } from '../support/stream-drain';

process.env.REPORTING_TIME_ZONE = 'UTC';
const today = reportingDay(new Date(), 'UTC');

const prototypeNames = [
  'constructor',
  '__proto__',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
];
/** Line ids and order ids start with a letter or digit; a SKU may start with an underscore too. */
const accepted = (name: string) => /^[A-Za-z0-9]/.test(name);

let warehouseId = '';
beforeAll(async () => {
  warehouseId = (await seedWarehouse({ originAddress: dockOrigin })).id;
});

const printBody = {
  processorCode: 'parcel',
  serviceCode: 'ground',
  packages: [{ weightGrams: 900 }],
  shipDate: today,
  // Unpaid orders: shipping them is the operator's choice (print refuses it otherwise).
  shipUnpaid: true,
};

describe.each(prototypeNames)('%s as a SKU (and a line id and an order id where ids allow it)', (name) => {
  it('orders it with a warehouse, moves it by work order, prints it, returns it, reports it', async () => {
    const id = accepted(name) ? name : `id-${prototypeNames.indexOf(name)}`;
    await stock(name, warehouseId, 10);
    const ordered = await call({
      method: 'PUT',
      path: `/v1/orders/${id}`,
      body: orderInput({
        orderDate: new Date().toISOString(),
        lines: [orderLine({ itemId: id, sku: name, quantity: 3 })],
        warehouseId,
      }),
      role: 'operator',
    });
    expect(ordered.status, ordered.text).toBe(201);
    expect(Object.keys(ordered.body.allocations)).toEqual([name]);
    expect(ordered.body.allocations[name]).toBe(3);
    // A replace reads the allocations back and writes them again.
    const replaced = await call({
      method: 'PUT',
      path: `/v1/orders/${id}`,
      body: orderInput({
        orderDate: ordered.body.orderDate,
        lines: [orderLine({ itemId: id, sku: name, quantity: 4 })],
        warehouseId,
      }),
      role: 'operator',
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.allocations[name]).toBe(4);
    expect(await getItem(stockKey(name, warehouseId), true)).toMatchObject({ onHand: 10, allocated: 4 });

    const worked = await call({
      method: 'POST',
      path: '/v1/orders/work-orders',
      body: { warehouseId, reason: 'receipt', lines: [{ sku: name, quantity: 5, unitCost: 120 }] },
      role: 'operator',
    });
    expect(worked.status, worked.text).toBe(201);
    expect(await getItem(stockKey(name, warehouseId), true)).toMatchObject({ onHand: 15, allocated: 4 });

    const printed = await call({
      method: 'POST',
      path: `/v1/fulfillment/ship-now/${id}/print`,
      body: printBody,
      role: 'operator',
    });
    expect(printed.status, printed.text).toBe(201);
    expect(await getItem(stockKey(name, warehouseId), true)).toMatchObject({ onHand: 11, allocated: 0 });

    const opened = await call({
      method: 'POST',
      path: `/v1/orders/${id}/returns`,
      body: { lines: [{ itemId: id, quantity: 1, reasonCode: 'defective' }] },
      role: 'operator',
    });
    expect(opened.status, opened.text).toBe(201);

    await drainStream((records) => applyAggregateRecords(aggregateRecordsOf(records, 'UTC').readable, 'UTC'));
    for (const path of [
      `/v1/reports/top-sellers?from=${today}&to=${today}`,
      `/v1/reports/inventory/stock-levels?warehouseId=${warehouseId}`,
      `/v1/reports/inventory/valuation?warehouseId=${warehouseId}`,
      `/v1/reports/inventory/aging?warehouseId=${warehouseId}`,
      `/v1/reports/inventory/movements?warehouseId=${warehouseId}&sku=${encodeURIComponent(name)}`,
    ]) {
      const report = await call({ method: 'GET', path, role: 'viewer' });
      expect(report.status, `${path}: ${report.text}`).toBe(200);
      expect(report.text, path).toContain(`"${name}"`);
    }
  });
});

describe.each(prototypeNames.filter((name) => !accepted(name)))('%s, refused by the id patterns', (name) => {
  it('is a 400 naming the field as a line id and an order id', async () => {
    const asLineId = await call({
      method: 'PUT',
      path: `/v1/orders/refused-line-${prototypeNames.indexOf(name)}`,
      body: orderInput({ lines: [orderLine({ itemId: name })], warehouseId }),
      role: 'operator',
    });
    expect(asLineId.status, asLineId.text).toBe(400);

    const asOrderId = await call({
      method: 'PUT',
      path: `/v1/orders/${name}`,
      body: orderInput({ warehouseId }),
      role: 'operator',
    });
    expect(asOrderId.status, asOrderId.text).toBe(400);
  });
});

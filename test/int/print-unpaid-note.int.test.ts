/**
 * The fulfillment history's "shipped unpaid" note is decided from the order the print's commit
 * conditions on, not from the print's first read: a payment that commits between the read and the
 * commit (here while the label is bought) is in the note, or takes it away when it paid the order.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parcelCarrier } from '../../functions/fulfillment/carriers/parcel';
import { historyOfOrder } from '../../shared/db/keys';
import { queryAll } from '../../shared/db/query';
import { dockOrigin, seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import { orderId, orderInput, orderLine, stock } from '../support/order-builders';

afterEach(() => {
  vi.restoreAllMocks();
});

/** An order awaiting payment: one unit at 15.00 + 3.00 tax + 5.00 shipping, 23.00 USD owed. */
async function unpaidOrder(sku: string) {
  const warehouse = await seedWarehouse({ originAddress: dockOrigin });
  await stock(sku, warehouse.id, 5);
  const id = orderId();
  const created = await call({
    method: 'PUT',
    path: `/v1/orders/${id}`,
    body: orderInput({
      lines: [orderLine({ itemId: 'A', sku, quantity: 1, unitPrice: 1500, tax: 300, discount: 0 })],
      warehouseId: warehouse.id,
    }),
    role: 'operator',
  });
  expect(created.status, created.text).toBe(201);
  expect(created.body).toMatchObject({ statusId: 'awaiting-payment', totals: { total: 2300 } });
  return id;
}

/** The label is bought, then (before the print commits) a payment of the order commits. */
function paymentWhileLabelIsBought(id: string, amount: number) {
  const realBuy = parcelCarrier.buy.bind(parcelCarrier);
  return vi.spyOn(parcelCarrier, 'buy').mockImplementationOnce(async (request) => {
    const label = await realBuy(request);
    const paid = await call({
      method: 'POST',
      path: `/v1/orders/${id}/payments`,
      body: { amount, method: 'card' },
      role: 'manager',
    });
    expect(paid.status, paid.text).toBe(201);
    return label;
  });
}

const printUnpaid = (id: string) =>
  call({
    method: 'POST',
    path: `/v1/fulfillment/ship-now/${id}/print`,
    body: {
      processorCode: 'parcel',
      serviceCode: 'ground',
      packages: [{ weightGrams: 900 }],
      shipUnpaid: true,
    },
    role: 'operator',
  });

async function fulfillmentNotes(id: string) {
  const history = await queryAll(historyOfOrder(id));
  return history.filter((entry) => entry.kind === 'fulfillment');
}

describe('the unpaid-shipment note follows the order the print committed against', () => {
  it('a payment in full that lands before the commit: the order did not ship unpaid, so no note', async () => {
    const id = await unpaidOrder('UNPAID-FULL');
    const buy = paymentWhileLabelIsBought(id, 2300);
    const printed = await printUnpaid(id);
    expect(printed.status, printed.text).toBe(201);
    expect(buy).toHaveBeenCalledTimes(1);
    const order = await call({ method: 'GET', path: `/v1/orders/${id}` });
    expect(order.body.totals).toMatchObject({ paid: 2300, balance: 0 });
    expect(order.body.statusId).not.toBe('awaiting-payment');
    const notes = await fulfillmentNotes(id);
    expect(notes.map((entry) => entry.summary)).toEqual([expect.stringContaining('Shipped 1 unit')]);
    expect(notes.some((entry) => entry.changes?.shippedUnpaid)).toBe(false);
  });

  it('a part payment that lands before the commit: the note says what was still owed when it shipped', async () => {
    const id = await unpaidOrder('UNPAID-PART');
    paymentWhileLabelIsBought(id, 1000);
    const printed = await printUnpaid(id);
    expect(printed.status, printed.text).toBe(201);
    const notes = await fulfillmentNotes(id);
    expect(notes.map((entry) => entry.summary)).toEqual(
      expect.arrayContaining(['Label printed while awaiting payment ("shipUnpaid": true), 13.00 USD owed']),
    );
    expect(notes.filter((entry) => entry.changes?.shippedUnpaid)).toHaveLength(1);
  });
});

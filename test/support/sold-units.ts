/**
 * Units sold on a day, counted into the report aggregates as the consumer would count an order assigned
 * to the warehouse (the sales velocity of alerts and reorder suggestions reads them).
 */
import { applyAggregateRecords } from '../../shared/aggregates/apply';

export async function countUnitsSold(sale: {
  sku: string;
  warehouseId: string;
  quantity: number;
  /** The reporting day (YYYY-MM-DD) the order falls on. */
  day: string;
  timeZone?: string;
  /** The stream record's id (exactly once per id). */
  recordId?: string;
}): Promise<void> {
  const { sku, warehouseId, quantity, day } = sale;
  await applyAggregateRecords(
    [
      {
        id: sale.recordId ?? `sold-${sku}`,
        new: {
          PK: `ORDER#${sku}`,
          SK: 'A#ORDER',
          entity: 'order',
          id: sku,
          orderDate: `${day}T08:00:00.000Z`,
          channel: 'webshop',
          currency: 'USD',
          warehouseId,
          shippingCharge: 0,
          lines: [{ itemId: 'L1', sku, quantity, unitPrice: 500, tax: 0, discount: 0, status: 'active' }],
          totals: { credited: 0 },
        },
      },
    ],
    sale.timeZone ?? 'UTC',
  );
}

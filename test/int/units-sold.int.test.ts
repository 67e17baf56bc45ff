/**
 * Units of a SKU sold per day (the inventory alerts' velocity) against DynamoDB Local: order records
 * counted by the aggregates consumer, then read back from the SKU's own partition, per warehouse and over
 * every warehouse, only the days asked for.
 */
import { describe, expect, it } from 'vitest';
import { applyAggregateRecords } from '../../shared/aggregates/apply';
import { readUnitsSold } from '../../shared/aggregates/units-sold';
import { unitsSoldOfSku } from '../../shared/db/keys';
import { queryAll } from '../../shared/db/query';

let records = 0;
const recordId = () => `units-sold-${Date.now().toString(36)}-${(records += 1)}`;

let orders = 0;
/** An order header image as the stream delivers it: lines of `[sku, quantity]`, all active. */
function orderImage(options: {
  date: string;
  warehouseId?: string;
  currency?: string;
  lines: Array<[sku: string, quantity: number]>;
  id?: string;
}) {
  orders += 1;
  const id = options.id ?? `US-${orders}`;
  return {
    PK: `ORDER#${id}`,
    SK: 'A#ORDER',
    entity: 'order',
    id,
    orderDate: options.date,
    channel: 'webshop',
    currency: options.currency ?? 'USD',
    ...(options.warehouseId === undefined ? {} : { warehouseId: options.warehouseId }),
    shippingCharge: 0,
    statusId: 'awaiting-shipment',
    lines: options.lines.map(([sku, quantity], index) => ({
      itemId: `L${index}`,
      sku,
      quantity,
      unitPrice: 1000,
      tax: 0,
      discount: 0,
      status: 'active',
    })),
    totals: { credited: 0 },
    version: 1,
  };
}

const created = (image: Record<string, unknown>) => ({ id: recordId(), new: image });

describe('readUnitsSold', () => {
  it('answers a SKU’s units per day, in one warehouse or in all, summed over currencies', async () => {
    const sku = 'VEL-MUG';
    const moved = orderImage({ date: '2026-10-02T10:00:00.000Z', warehouseId: 'WH-A', lines: [[sku, 4]] });
    await applyAggregateRecords(
      [
        created(
          orderImage({
            date: '2026-10-01T09:00:00.000Z',
            warehouseId: 'WH-A',
            lines: [
              [sku, 2],
              ['VEL-TEE', 7],
            ],
          }),
        ),
        created(orderImage({ date: '2026-10-01T15:00:00.000Z', warehouseId: 'WH-B', lines: [[sku, 1]] })),
        created(
          orderImage({
            date: '2026-10-01T20:00:00.000Z',
            warehouseId: 'WH-A',
            currency: 'EUR',
            lines: [
              [sku, 3],
              [sku, 1],
            ],
          }),
        ),
        created(orderImage({ date: '2026-10-03T08:00:00.000Z', lines: [[sku, 5]] })),
        created(moved),
      ],
      'UTC',
    );
    // Reassigned from WH-A to WH-B and one unit fewer: WH-A loses 4, WH-B gains 3.
    await applyAggregateRecords(
      [
        {
          id: recordId(),
          old: moved,
          new: { ...moved, warehouseId: 'WH-B', lines: [{ ...moved.lines[0]!, quantity: 3 }], version: 2 },
        },
      ],
      'UTC',
    );

    const range = { from: '2026-10-01', to: '2026-10-31' };
    expect(await readUnitsSold(sku, range)).toEqual(
      new Map([
        ['2026-10-01', 7],
        ['2026-10-02', 3],
        ['2026-10-03', 5],
      ]),
    );
    expect(await readUnitsSold(sku, range, 'WH-A')).toEqual(new Map([['2026-10-01', 6]]));
    expect(await readUnitsSold(sku, range, 'WH-B')).toEqual(
      new Map([
        ['2026-10-01', 1],
        ['2026-10-02', 3],
      ]),
    );
    expect(await readUnitsSold(sku, range, '-')).toEqual(new Map([['2026-10-03', 5]]));
    expect(await readUnitsSold(sku, range, 'WH-NONE')).toEqual(new Map());
    expect(await readUnitsSold('VEL-TEE', range)).toEqual(new Map([['2026-10-01', 7]]));
    // The WH-A cell of October 2 holds 0 units: no sale, and no day in the answer.
    const stored = await queryAll({
      ...unitsSoldOfSku(sku, { from: '2026-10-02', to: '2026-10-02' }),
      consistent: true,
    });
    expect(stored.map((cell) => [cell.warehouseId, cell.units]).sort()).toEqual([
      ['WH-A', 0],
      ['WH-B', 3],
    ]);
  });

  it('answers only the days of the range, in the reporting zone', async () => {
    const sku = 'VEL-RANGE';
    await applyAggregateRecords(
      [
        created(orderImage({ date: '2026-09-30T12:00:00.000Z', warehouseId: 'WH-A', lines: [[sku, 1]] })),
        created(orderImage({ date: '2026-10-01T12:00:00.000Z', warehouseId: 'WH-A', lines: [[sku, 2]] })),
        created(orderImage({ date: '2026-10-15T12:00:00.000Z', warehouseId: 'WH-A', lines: [[sku, 3]] })),
        created(orderImage({ date: '2026-10-16T12:00:00.000Z', warehouseId: 'WH-A', lines: [[sku, 4]] })),
        // 02:00 UTC on November 1 is still October 31 in New York.
        created(orderImage({ date: '2026-11-01T02:00:00.000Z', warehouseId: 'WH-A', lines: [[sku, 5]] })),
      ],
      'America/New_York',
    );
    expect(await readUnitsSold(sku, { from: '2026-10-01', to: '2026-10-15' })).toEqual(
      new Map([
        ['2026-10-01', 2],
        ['2026-10-15', 3],
      ]),
    );
    expect(await readUnitsSold(sku, { from: '2026-10-16', to: '2026-10-31' }, 'WH-A')).toEqual(
      new Map([
        ['2026-10-16', 4],
        ['2026-10-31', 5],
      ]),
    );
    expect(await readUnitsSold(sku, { from: '2026-11-01', to: '2026-11-30' })).toEqual(new Map());
  });

  it('takes client-named SKUs and warehouses as data (constructor, #, /)', async () => {
    await applyAggregateRecords(
      [
        created(
          orderImage({
            date: '2026-10-05T12:00:00.000Z',
            warehouseId: 'constructor',
            lines: [['constructor', 2]],
          }),
        ),
        created(
          orderImage({
            date: '2026-10-05T13:00:00.000Z',
            warehouseId: 'WH#1/x',
            lines: [['constructor', 3]],
          }),
        ),
        created(
          orderImage({ date: '2026-10-05T14:00:00.000Z', warehouseId: 'WH-A', lines: [['MUG#1/blue', 4]] }),
        ),
        created(orderImage({ date: '2026-10-05T15:00:00.000Z', warehouseId: 'WH-A', lines: [['MUG', 6]] })),
      ],
      'UTC',
    );
    const range = { from: '2026-10-05', to: '2026-10-05' };
    expect(await readUnitsSold('constructor', range)).toEqual(new Map([['2026-10-05', 5]]));
    expect(await readUnitsSold('constructor', range, 'constructor')).toEqual(new Map([['2026-10-05', 2]]));
    expect(await readUnitsSold('constructor', range, 'WH#1/x')).toEqual(new Map([['2026-10-05', 3]]));
    // `MUG#1/blue` is its own partition: neither MUG's nor a prefix of it.
    expect(await readUnitsSold('MUG#1/blue', range)).toEqual(new Map([['2026-10-05', 4]]));
    expect(await readUnitsSold('MUG', range)).toEqual(new Map([['2026-10-05', 6]]));
    expect(await readUnitsSold('__proto__', range)).toEqual(new Map());
  });
});

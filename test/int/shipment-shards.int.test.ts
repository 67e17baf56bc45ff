/**
 * Shipments across orders with the indexes and the totals sharded (shared/db/keys/shipments.ts): shipments
 * written by today's writer land in several index shards and totals shards, and shipments written before
 * sharding sit in the old partitions (items with the old key strings) until `npm run migrate`. The list,
 * the shipped-manifest detail and the export read every shipment once, in ship-date order, across month
 * and shard boundaries, through pages, cursors and filters; totals sum each cell over every shard and the
 * old partition, exactly, even where a void of an old shipment left a shard's cell negative.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, tableName } from '../../shared/db/client';
import { tableLayoutKey } from '../../shared/db/keys/migrations';
import { partitionsToRead } from '../../shared/db/table-layout';
import { forgetReference } from '../../shared/reference/cache';
import { InvalidCursor } from '../../shared/db/cursor';
import {
  shipmentIndexShard,
  shipmentsOfMonthPartitions,
  shipmentTotalsOfMonthPartitions,
  shipmentTotalsShard,
} from '../../shared/db/keys/shipments';
import { allShards } from '../../shared/db/keys/shards';
import { queryAll } from '../../shared/db/query';
import type { Shipment } from '../../shared/domain/shipment';
import type { Warehouse } from '../../shared/warehouses/warehouse';
import { ShipmentCellSums } from '../../shared/shipments/cell-sums';
import { allShipments, listShipments, totalsCells } from '../../shared/shipments/queries';
import { shipmentTotalsItem } from '../../shared/shipments/repository';
import type { ShipmentFilters, TotalsCell } from '../../shared/shipments/totals';
import { cellOf, figuresOf, filterValuesOf, matchesFilters, totalsOf } from '../../shared/shipments/totals';
import { seedWarehouse } from '../support/builders';
import type { CallResult } from '../support/call';
import { call } from '../support/call';
import {
  removeStoredShipment,
  storedShipment,
  voidStoredShipment,
  writeLegacyShipments,
  writeShipment,
} from '../support/shipment-builders';

const carriers = ['UPS', 'FedEx', 'DHL'] as const;
const services = ['Ground', 'Express'] as const;
/** Ship dates over three months, several shipments a day (ties ordered by id). */
const days = [
  '2026-01-20',
  '2026-01-31',
  '2026-02-01',
  '2026-02-14',
  '2026-02-28',
  '2026-03-01',
  '2026-03-09',
];

let warehouses: Warehouse[] = [];
/** What the table holds once the fixture is written: every shipment by id, as it now stands. */
const current = new Map<string, Shipment>();
const sharded: Shipment[] = [];
const legacy: Shipment[] = [];

function make(at: number, layout: 'sharded' | 'legacy'): Shipment {
  const warehouse = at % 4 === 3 ? undefined : warehouses[at % 2]!;
  return storedShipment({
    carrier: carriers[at % 3]!,
    service: services[Math.floor(at / 3) % 2]!,
    source: at % 5 === 0 ? 'manual' : 'label',
    shipDate: days[(at * 5 + (layout === 'legacy' ? 2 : 0)) % days.length]!,
    ...(warehouse ? { warehouseId: warehouse.id } : {}),
    packages: 1 + (at % 3),
    weightGrams: 100 + at * 7,
    ...(at % 6 === 5 ? {} : { cost: { amount: 300 + at * 11, currency: at % 4 === 0 ? 'EUR' : 'USD' } }),
  });
}

beforeAll(async () => {
  warehouses = [await seedWarehouse({ code: 'SHARD-E' }), await seedWarehouse({ code: 'SHARD-W' })];
  for (let at = 0; at < 18; at++) legacy.push(make(at, 'legacy'));
  await writeLegacyShipments(legacy);
  for (let at = 0; at < 70; at++) sharded.push(make(at, 'sharded'));
  // Today's writer, a few at a time (each its own transaction of totals).
  for (let start = 0; start < sharded.length; start += 10)
    await Promise.all(sharded.slice(start, start + 10).map(writeShipment));
  for (const shipment of [...legacy, ...sharded]) current.set(shipment.id, shipment);
  // Voids and removals of both layouts: their figures leave the shard of their id (for an old shipment,
  // a shard it never added to), and a voided old shipment's index entries move to its shard.
  for (const shipment of [legacy[1]!, legacy[4]!, legacy[7]!, sharded[2]!, sharded[9]!, sharded[30]!])
    current.set(shipment.id, await voidStoredShipment(shipment));
  for (const shipment of [legacy[10]!, sharded[11]!, sharded[40]!]) {
    await removeStoredShipment(current.get(shipment.id)!);
    current.delete(shipment.id);
  }
});

const sortKey = (shipment: Shipment) => `${shipment.shipDate}#${shipment.id}`;
function expectedList(filters: ShipmentFilters, descending: boolean): string[] {
  const sorted = [...current.values()]
    .filter((shipment) => matchesFilters(cellOf(shipment), filters))
    .sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1));
  return (descending ? sorted.reverse() : sorted).map((shipment) => shipment.id);
}

async function listedIds(filters: ShipmentFilters, descending: boolean, limit: number) {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await listShipments({ filters, limit, cursor, descending });
    pages.push(page.items.map((shipment) => shipment.id));
    cursor = page.nextCursor ?? undefined;
    expect(pages.length).toBeLessThan(500);
  } while (cursor);
  return pages;
}

const quarter = { from: '2026-01-01', to: '2026-03-31' };

describe('the fixture', () => {
  it('spreads over every index shard, many totals shards, and the partitions before sharding', async () => {
    expect(new Set(sharded.map((shipment) => shipmentIndexShard(shipment.id)))).toEqual(
      new Set(allShards('shipmentIndex')),
    );
    expect(new Set(sharded.map((shipment) => shipmentTotalsShard(shipment.id))).size).toBeGreaterThan(4);
    for (const month of ['2026-01', '2026-02', '2026-03']) {
      const [legacyTotals] = shipmentTotalsOfMonthPartitions(month).slice(-1);
      expect((await queryAll({ pk: legacyTotals!.pk })).length, month).toBeGreaterThan(0);
      const [legacyIndex] = shipmentsOfMonthPartitions(month, {}).slice(-1);
      expect(legacyIndex!.name).toBe('legacy');
      expect(
        (await queryAll({ index: legacyIndex!.index, pk: legacyIndex!.pk })).length,
        month,
      ).toBeGreaterThan(0);
    }
    // A voided old shipment is listed from its shard now: the old partition no longer holds it.
    const voidedLegacy = current.get(legacy[1]!.id)!;
    const [legacyIndex] = shipmentsOfMonthPartitions(voidedLegacy.shipDate.slice(0, 7), {}).slice(-1);
    const old = await queryAll({ index: legacyIndex!.index, pk: legacyIndex!.pk });
    expect(old.map((item) => item.id)).not.toContain(voidedLegacy.id);
  });
});

describe('listing shipments across shards and months', () => {
  it.each([1, 4, 13, 200])('lists every shipment once, in order, with pages of %i', async (limit) => {
    for (const descending of [true, false]) {
      const pages = await listedIds(quarter, descending, limit);
      expect(pages.flat()).toEqual(expectedList(quarter, descending));
      for (const page of pages.slice(0, -1)) expect(page).toHaveLength(limit);
    }
  });

  it.each<[string, Partial<ShipmentFilters>]>([
    ['carrier (its index), case-insensitively', { carrier: 'fedex' }],
    ['warehouse (its index)', { warehouseId: 'first' }],
    ['carrier and warehouse', { carrier: 'UPS', warehouseId: 'second' }],
    ['service', { service: 'EXPRESS' }],
    ['status', { status: 'voided' }],
    ['source', { source: 'manual' }],
    ['a range that cuts two months', { from: '2026-01-25', to: '2026-03-01' }],
    ['one day', { from: '2026-02-28', to: '2026-02-28', carrier: 'DHL' }],
  ])('keeps order and completeness filtered by %s', async (_name, given) => {
    const filters: ShipmentFilters = {
      ...quarter,
      ...given,
      ...(given.warehouseId === 'first' ? { warehouseId: warehouses[0]!.id } : {}),
      ...(given.warehouseId === 'second' ? { warehouseId: warehouses[1]!.id } : {}),
    };
    const expected = expectedList(filters, true);
    expect(expected.length).toBeGreaterThan(0);
    expect((await listedIds(filters, true, 3)).flat()).toEqual(expected);
    expect((await listedIds(filters, false, 7)).flat()).toEqual([...expected].reverse());
  });

  it('binds a cursor to its listing', async () => {
    const page = await listShipments({ filters: quarter, limit: 5, descending: true });
    expect(page.nextCursor).not.toBeNull();
    await expect(
      listShipments({
        filters: { ...quarter, carrier: 'UPS' },
        limit: 5,
        cursor: page.nextCursor!,
        descending: true,
      }),
    ).rejects.toBeInstanceOf(InvalidCursor);
  });

  it('exports every shipment the filters select, in list order', async () => {
    const exported: string[] = [];
    for await (const shipment of allShipments({ ...quarter, status: 'active' }, false, 6))
      exported.push(shipment.id);
    expect(exported).toEqual(expectedList({ ...quarter, status: 'active' }, false));
  });

  it('pages the shipped-manifest detail and the list over HTTP', async () => {
    const detail: string[] = [];
    let cursor: string | null = null;
    do {
      const response: CallResult = await call({
        method: 'GET',
        path: `/v1/reports/shipped-manifest-detail?from=2026-01-01&to=2026-03-31&limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        role: 'viewer',
      });
      expect(response.status, response.text).toBe(200);
      detail.push(...response.body.items.map((item: { shipmentId: string }) => item.shipmentId));
      cursor = response.body.nextCursor;
    } while (cursor);
    expect(detail).toEqual(expectedList({ ...quarter, status: 'active' }, false));

    const listed: string[] = [];
    cursor = null;
    do {
      const response: CallResult = await call({
        method: 'GET',
        path: `/v1/orders/shipments?from=2026-01-01&to=2026-03-31&carrier=ups&limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        role: 'viewer',
      });
      expect(response.status, response.text).toBe(200);
      listed.push(...response.body.items.map((item: { id: string }) => item.id));
      cursor = response.body.nextCursor;
    } while (cursor);
    expect(listed).toEqual(expectedList({ ...quarter, carrier: 'ups' }, true));
  });
});

/** The cells one item per shipment would make: what the totals must sum to. */
const expectedCells = (): TotalsCell[] =>
  [...current.values()].map((shipment) => ({ ...cellOf(shipment), ...figuresOf(shipment, 1) }));

describe('totals summed over shards and the partitions before sharding', () => {
  const ranges = [
    ['whole months', quarter],
    ['a whole month', { from: '2026-02-01', to: '2026-02-28' }],
    ['part of January, then whole months', { from: '2026-01-25', to: '2026-03-31' }],
    ['parts of two months', { from: '2026-01-31', to: '2026-02-14' }],
    ['one day', { from: '2026-03-01', to: '2026-03-01' }],
  ] as const;

  it.each(ranges)('totals %s exactly, whatever the filters', async (_name, range) => {
    const { cells } = await totalsCells(range);
    const filterSets: Array<Partial<ShipmentFilters>> = [
      {},
      { carrier: 'ups' },
      { service: 'express', status: 'active' },
      { warehouseId: warehouses[0]!.id },
      { status: 'voided' },
      { source: 'manual', carrier: 'FedEx' },
    ];
    for (const filters of filterSets) {
      const selected = { ...range, ...filters };
      expect(totalsOf(cells, selected), JSON.stringify(selected)).toEqual(
        totalsOf(expectedCells(), selected),
      );
    }
    expect(totalsOf(cells, range).shipments).toBeGreaterThan(0);
    expect(filterValuesOf(cells, range)).toEqual(filterValuesOf(expectedCells(), range));
  });

  it('still sums the cells a shard retired since (16 shards before 8) holds, until npm run migrate moves them', async () => {
    const range = { from: '2026-02-01', to: '2026-02-28' };
    const before = totalsOf((await totalsCells(range)).cells, range);
    const [shard] = shipmentTotalsOfMonthPartitions('2026-02');
    const cells = await queryAll({ pk: shard!.pk });
    expect(cells.length).toBeGreaterThan(0);
    // As written when there were 16 shards: the same cells in shard 8 + n.
    for (const cell of cells) {
      await db().send(
        new PutCommand({ TableName: tableName(), Item: { ...cell, PK: 'SHIPTOTALS@8#2026-02' } }),
      );
      await db().send(new DeleteCommand({ TableName: tableName(), Key: { PK: cell.PK, SK: cell.SK } }));
    }
    expect(totalsOf((await totalsCells(range)).cells, range)).toEqual(before);
    // On a table that finished only the first migration (layout sharded, no version 2) as well: the
    // retired shards are read until the second one folds them; the legacy key is not.
    const pks = async () =>
      (await partitionsToRead(shipmentTotalsOfMonthPartitions('2026-02'))).map((partition) => partition.pk);
    try {
      await db().send(
        new PutCommand({ TableName: tableName(), Item: { ...tableLayoutKey(), layout: 'sharded' } }),
      );
      forgetReference('table-layout');
      expect(await pks()).toContain('SHIPTOTALS@8#2026-02');
      expect(await pks()).not.toContain('SHIPTOTALS#2026-02');
    } finally {
      await db().send(new DeleteCommand({ TableName: tableName(), Key: tableLayoutKey() }));
      forgetReference('table-layout');
    }
  });

  it('answers one cell per day (or month) and combination, in key order', async () => {
    const { cells } = await totalsCells({ from: '2026-01-25', to: '2026-03-31' });
    const keys = cells.map((cell) =>
      [cell.day, cell.carrier, cell.service, cell.warehouseId, cell.status, cell.source, cell.currency].join(
        '|',
      ),
    );
    expect(new Set(keys).size).toBe(keys.length);
    expect(cells.map((cell) => cell.day)).toEqual(cells.map((cell) => cell.day).sort());
    // No stored key leaks out of a cell summed from several items.
    for (const cell of cells) expect(cell).not.toHaveProperty('PK');
  });

  it('counts a voided old shipment once, on the voided side, though its shard alone went negative', async () => {
    const voided = current.get(legacy[4]!.id)!;
    const sameCell = (cell: TotalsCell, status: string) =>
      cell.day === voided.shipDate &&
      cell.carrier === voided.carrier &&
      cell.service === voided.service &&
      cell.warehouseId === voided.warehouseId &&
      cell.source === voided.source &&
      cell.currency === voided.cost?.currency &&
      cell.status === status;
    const { cells } = await totalsCells({ from: voided.shipDate, to: voided.shipDate });
    for (const status of ['active', 'voided']) {
      const read = cells.find((cell) => sameCell(cell, status));
      const expected = expectedCells().filter((cell) => sameCell(cell, status)).length;
      expect(read?.shipments ?? 0, status).toBe(expected);
    }
    expect(cells.find((cell) => sameCell(cell, 'voided'))?.shipments).toBeGreaterThan(0);
    // Its shard's active cell took the −1 of a +1 the old partition holds: only the sum is a count.
    const shard = shipmentTotalsShard(voided.id);
    const shardActive = [...current.values()].filter(
      (shipment) =>
        sharded.some((written) => written.id === shipment.id) &&
        shipmentTotalsShard(shipment.id) === shard &&
        sameCell({ ...cellOf(shipment), ...figuresOf(shipment, 1) }, 'active'),
    ).length;
    const partition = shipmentTotalsOfMonthPartitions(voided.shipDate.slice(0, 7))[shard]!;
    const stored = (await queryAll({ pk: partition.pk, skPrefix: `${voided.shipDate}#` })).find((item) =>
      sameCell(item as TotalsCell, 'active'),
    );
    expect(stored?.shipments).toBe(shardActive - 1);
  });
});

describe('bulk loads', () => {
  it('sum cells in memory to what the writer leaves, shard by shard', async () => {
    const month = Array.from({ length: 40 }, (_, at) =>
      storedShipment({
        carrier: carriers[at % 3]!,
        service: services[at % 2]!,
        shipDate: `2026-05-${String(1 + (at % 9)).padStart(2, '0')}`,
        weightGrams: 50 + at,
        cost: { amount: 100 + at, currency: 'USD' },
      }),
    );
    for (const shipment of month) await writeShipment(shipment);
    const sums = new ShipmentCellSums();
    for (const shipment of month) sums.add(shipment);
    const written = (
      await Promise.all(
        shipmentTotalsOfMonthPartitions('2026-05').map((partition) => queryAll({ pk: partition.pk })),
      )
    ).flat();
    const byKey = (items: Array<Record<string, unknown>>) =>
      Object.fromEntries(items.map((item) => [`${String(item.PK)} ${String(item.SK)}`, item]));
    expect(byKey(sums.cells().map(shipmentTotalsItem))).toEqual(byKey(written));
    expect(new Set(written.map((item) => item.PK)).size).toBeGreaterThan(4);
  });
});

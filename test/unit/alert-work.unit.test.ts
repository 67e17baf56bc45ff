/**
 * What a stream batch asks of the alert evaluation (shared/alerts/records.ts): every stock write in
 * order, and each input of a suggestion that changed, read from the records' images; the mapping's
 * filter lets exactly the inputs' records through.
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { alertWorkOf, isAlertInput } from '../../shared/alerts/records';
import type { StreamRecord } from '../../shared/events/domain-events';

type Item = Record<string, unknown>;

function record(before: Item | undefined, after: Item | undefined): StreamRecord {
  const item = (after ?? before)!;
  return {
    eventID: `e-${String(item.PK)}`,
    eventName: !before ? 'INSERT' : !after ? 'REMOVE' : 'MODIFY',
    dynamodb: {
      Keys: marshall({ PK: item.PK, SK: item.SK }),
      ...(before ? { OldImage: marshall(before) } : {}),
      ...(after ? { NewImage: marshall(after) } : {}),
    },
  } as StreamRecord;
}

const stock = (onHand: number, allocated: number, version: number, extra: Item = {}) => ({
  PK: 'STOCK#MUG',
  SK: 'WH#W1',
  sku: 'MUG',
  warehouseId: 'W1',
  onHand,
  allocated,
  version,
  ...extra,
});

const slot = (n: number, free: number, allocated: number, version: number) => ({
  PK: `STOCK#MUG#WH#W1#SLOT#${n}`,
  SK: `SLOT#${n}`,
  sku: 'MUG',
  warehouseId: 'W1',
  slot: n,
  free,
  allocated,
  version,
});

const vendor = (fields: Item) => ({
  PK: 'VENDOR#V1',
  SK: 'VENDOR',
  entity: 'vendor',
  id: 'V1',
  name: 'Acme',
  leadTimeDays: 5,
  active: true,
  poSourceCount: 1,
  ...fields,
});

describe('the alert work of a stream batch', () => {
  it('assesses stock with slots as stored now, once a batch: no one image holds its figures', () => {
    const work = alertWorkOf([
      record(stock(1000, 0, 1), stock(1000, 0, 2, { slots: 8, slotted: 125 })),
      record(slot(3, 123, 2, 1), slot(3, 121, 4, 2)),
      record(slot(5, 10, 0, 4), slot(5, 9, 1, 5)),
    ]);
    expect(work.stockImages).toEqual([]);
    expect(work.sourcePairs).toEqual([{ sku: 'MUG', warehouseId: 'W1' }]);
    expect(isAlertInput(record(undefined, slot(0, 1, 0, 1)))).toBe(true);
  });

  it('keeps every stock write that moved on hand or allocated, in order, and none that moved only cost', () => {
    const work = alertWorkOf([
      record(stock(2, 0, 4), stock(12, 0, 5)),
      record(stock(12, 0, 5), stock(2, 0, 6)),
      record(stock(2, 0, 6), stock(2, 0, 7, { averageUnitCost: 90 })),
    ]);
    expect(work.stockImages).toEqual([
      { sku: 'MUG', warehouseId: 'W1', onHand: 12, allocated: 0, version: 5 },
      { sku: 'MUG', warehouseId: 'W1', onHand: 2, allocated: 0, version: 6 },
    ]);
  });

  it("takes a vendor's name, lead time or active flag, not its source count", () => {
    const work = alertWorkOf([
      record(vendor({}), vendor({ poSourceCount: 2 })),
      record(vendor({}), vendor({ leadTimeDays: 9 })),
    ]);
    expect(work.vendorIds).toEqual(['V1']);
  });

  it("takes a source's pairs before and after, with its last image by id (null once deleted)", () => {
    const source = { PK: 'POSOURCE#S1', SK: 'POSOURCE', entity: 'po-source', id: 'S1', sku: 'MUG' };
    const work = alertWorkOf([
      record(undefined, { ...source, warehouseId: 'W1' }),
      record({ ...source, warehouseId: 'W1' }, undefined),
    ]);
    expect(work.sourcePairs).toEqual([
      { sku: 'MUG', warehouseId: 'W1' },
      { sku: 'MUG', warehouseId: 'W1' },
    ]);
    expect(work.written.sources.get('S1')).toBeNull();
  });

  it('takes the scopes of factors and stock rules before and after, and list SKUs put on and taken off', () => {
    const factor = { PK: 'SEASONALFACTOR#F1', SK: 'SEASONALFACTOR', entity: 'seasonal-factor', id: 'F1' };
    const rule = { PK: 'STOCKRULE#R1', SK: 'STOCKRULE', entity: 'stock-rule', id: 'R1' };
    const work = alertWorkOf([
      record({ ...factor, scope: {} }, { ...factor, scope: { ruleListId: 'L1' } }),
      record(undefined, { ...rule, skuPattern: 'MUG-*', warehouseId: 'W1' }),
      record(undefined, { PK: 'RULELIST#L1', SK: 'SKU#MUG', listId: 'L1', sku: 'MUG' }),
      record({ PK: 'RULELIST#L1', SK: 'SKU#CUP', listId: 'L1', sku: 'CUP' }, undefined),
    ]);
    expect(work.scopes).toEqual([{}, { ruleListId: 'L1' }, { skuPatterns: ['MUG-*'], warehouseId: 'W1' }]);
    expect(work.memberships).toEqual([
      { listId: 'L1', sku: 'MUG', onList: true },
      { listId: 'L1', sku: 'CUP', onList: false },
    ]);
    expect(work.written.factors.get('F1')).toMatchObject({ scope: { ruleListId: 'L1' } });
  });

  it("lets through the inputs' records only, never the standings it writes", () => {
    const keyed = (PK: string) => record(undefined, { PK, SK: 'X' });
    expect(
      ['STOCK#A', 'VENDOR#V', 'POSOURCE#S', 'RULELIST#L', 'STOCKRULE#R', 'SETTINGS'].map((pk) =>
        isAlertInput(keyed(pk)),
      ),
    ).toEqual([true, true, true, true, true, true]);
    expect(
      ['ALERTSTATE#R', 'VENDOR_CODE#x', 'STOCKCHANGE#C', 'ORDER#1'].map((pk) => isAlertInput(keyed(pk))),
    ).toEqual([false, false, false, false]);
  });
});

/**
 * The migration steps' decisions, without a database: which items each moves (items in the layout before
 * sharding, of its family only, never twice), the writes (the sharded keys the builders on main give) and
 * their conditions (the item as read).
 */
import { describe, expect, it } from 'vitest';
import {
  shardedMovementIndexKeys,
  shardedOrderIndexKeys,
  shardedShipmentIndexKeys,
  shardedStockIndexKeys,
  movementKey,
  orderKey,
  shipmentKey,
  stockKey,
  warehouseCounterKey,
  warehouseKey,
  allShards,
} from '../../shared/db/keys';
import { migrationSteps as stepsFor } from '../../shared/db/migrations';
import { orderIndexStep } from '../../shared/db/migrations/orders';
import { shipmentIndexStep, shipmentTotalsStep } from '../../shared/db/migrations/shipments';
import { movementIndexStep, stockIndexStep } from '../../shared/db/migrations/stock';
import { countersShardedMarker, warehouseCountersStep } from '../../shared/db/migrations/warehouses';
import type { Item } from '../../shared/db/query';

// The writes name the table (as every write builder does).
process.env.TABLE_NAME ??= 'migration-unit';

const order = {
  id: '01JORDER0000000000000000A1',
  statusId: 'awaiting-payment',
  orderDate: '2026-03-04T10:11:12.000Z',
  channel: 'web',
};
/** The index keys of the layout before sharding, written out as deployed tables hold them (nothing builds them now). */
const legacyOrderKeys = (o: typeof order) => ({
  GSI1PK: `ORDERS#STATUS#${o.statusId}`,
  GSI1SK: `${o.orderDate}#${o.id}`,
  GSI2PK: `ORDERS#DAY#${o.orderDate.slice(0, 10)}`,
  GSI2SK: `${o.orderDate}#${o.id}`,
  GSI3PK: `ORDERS#CHANNEL#${o.channel}`,
  GSI3SK: `${o.orderDate}#${o.id}`,
});
const legacyOrder: Item = {
  ...orderKey(order.id),
  ...legacyOrderKeys(order),
  entity: 'order',
  ...order,
  version: 3,
};

const record = { sku: 'RB-MUG', warehouseId: 'wh-1' };
const legacyStockKeys = (r: typeof record) => ({
  GSI1PK: `WH_STOCK#${r.warehouseId}`,
  GSI1SK: `SKU#${r.sku}`,
});
const legacyStock: Item = {
  ...stockKey(record.sku, record.warehouseId),
  ...legacyStockKeys(record),
  ...record,
  onHand: 5,
  version: 2,
};

const movement = {
  id: '01JMOVE00000000000000000M1',
  sku: 'RB-MUG',
  warehouseId: 'wh-1',
  at: '2026-03-04T10:11:12.000Z',
};
const legacyMovement: Item = {
  PK: `MOVEMENTS#SKU#${movement.sku}`,
  SK: `${movement.at}#${movement.id}`,
  GSI1PK: `MOVEMENTS#WH#${movement.warehouseId}`,
  GSI1SK: `${movement.at}#${movement.id}`,
  GSI2PK: `MOVEMENTS#DAY#${movement.at.slice(0, 10)}`,
  GSI2SK: `${movement.at}#${movement.id}`,
  entity: 'stock-movement',
  ...movement,
  change: 2,
};

const shipment = {
  id: '01JSHIP00000000000000000S1',
  orderId: order.id,
  shipDate: '2026-03-05',
  carrier: 'Postal #1',
  warehouseId: 'wh-1',
};
const legacyShipmentKeys = (s: { id: string; shipDate: string; carrier: string; warehouseId?: string }) => ({
  GSI1PK: `SHIPMENTS#${s.shipDate.slice(0, 7)}`,
  GSI1SK: `${s.shipDate}#${s.id}`,
  GSI2PK: `SHIPMENTS#CARRIER#${encodeURIComponent(s.carrier.toLowerCase())}#${s.shipDate.slice(0, 7)}`,
  GSI2SK: `${s.shipDate}#${s.id}`,
  GSI3PK: `SHIPMENTS#WH#${s.warehouseId ?? '-'}#${s.shipDate.slice(0, 7)}`,
  GSI3SK: `${s.shipDate}#${s.id}`,
});
const legacyShipment: Item = {
  ...shipmentKey(order.id, shipment.id),
  ...legacyShipmentKeys(shipment),
  entity: 'shipment',
  ...shipment,
};

const cell = {
  day: '2026-03-05',
  carrier: 'Postal #1',
  service: 'ground',
  warehouseId: 'wh-1',
  status: 'shipped',
  source: 'ship-now',
  currency: 'USD',
};
const combination = 'postal%20%231#ground#wh-1#shipped#ship-now#USD';
const legacyCell: Item = {
  PK: 'SHIPTOTALS#2026-03',
  SK: `2026-03-05#${combination}`,
  ...cell,
  shipments: 3,
  packages: 4,
  weightGrams: 2500,
  cost: 1234,
};

const legacyWarehouse: Item = {
  ...warehouseKey('wh-1'),
  GSI1PK: 'WAREHOUSES',
  GSI1SK: 'CODE#main',
  entity: 'warehouse',
  id: 'wh-1',
  code: 'MAIN',
  active: true,
  unitsOnHand: 120,
  skusHeld: 7,
  stockRecordsInUse: 8,
  skusBackordered: 0,
  poSourceCount: 2,
  stockRuleCount: 1,
};

type Write = NonNullable<ReturnType<typeof orderIndexStep.rewrite>[number][1]>;
const only = (writes: ReturnType<typeof orderIndexStep.rewrite>): Write => {
  expect(writes).toHaveLength(1);
  return writes[0]![1];
};

/** The item as an Update leaves it: SETs applied (conditions checked against the item as given). */
function applyIndexUpdate(item: Item, write: Write): Item {
  const update = write.Update!;
  const names = update.ExpressionAttributeNames!;
  const values = update.ExpressionAttributeValues!;
  for (const condition of update.ConditionExpression!.split(' AND ')) {
    const [name, value] = condition.split(' = ');
    expect(item[names[name!]!], `condition ${condition}`).toBe(values[value!]);
  }
  const next = { ...item };
  for (const assignment of update.UpdateExpression!.replace(/^SET /, '').split(', ')) {
    const [name, value] = assignment.split(' = ');
    next[names[name!]!] = values[value!];
  }
  return next;
}

const migrationSteps = stepsFor(new Map());

describe('each legacy item is moved by exactly one step, and no sharded or unrelated item by any', () => {
  const legacy = { legacyOrder, legacyStock, legacyMovement, legacyShipment, legacyCell, legacyWarehouse };
  it.each(Object.entries(legacy))('%s', (_, item) => {
    expect(migrationSteps.filter((step) => step.applies(item))).toHaveLength(1);
  });

  it('leaves alone items of other families and the layout after sharding', () => {
    const others: Item[] = [
      { PK: `ORDER#${order.id}`, SK: 'A#PAYMENT#2026-03-04#p1', amount: 5 },
      { PK: `ORDER#${order.id}`, SK: 'H#2026-03-04#h1' },
      { PK: 'STATUS#s1', SK: 'STATUS', GSI1PK: 'STATUSES', GSI1SK: 'x' },
      { PK: 'WORKORDER#w', SK: 'WORKORDER', GSI1PK: 'WORKORDERS#WH#wh-1', GSI1SK: 'open#x' },
      { ...warehouseCounterKey('wh-1', 0), unitsOnHand: 5 },
      { PK: 'MIGRATION#sharded-keys', SK: 'RUN', run: 1 },
      { ...legacyOrder, ...shardedOrderIndexKeys(order) },
      { ...legacyStock, ...shardedStockIndexKeys(record) },
      { ...legacyMovement, ...movementKey(movement), ...shardedMovementIndexKeys(movement) },
      { ...legacyShipment, ...shardedShipmentIndexKeys(shipment) },
      { ...legacyCell, PK: 'SHIPTOTALS@3#2026-03' },
      { PK: 'WAREHOUSE#wh-2', SK: 'WAREHOUSE', active: true, stockRuleCount: 2 },
    ];
    for (const item of others)
      expect(
        migrationSteps.filter((step) => step.applies(item)),
        JSON.stringify(item),
      ).toEqual([]);
  });

  it('has one name per step', () => {
    expect(new Set(migrationSteps.map((step) => step.name)).size).toBe(migrationSteps.length);
  });
});

describe('index keys', () => {
  const cases = [
    {
      step: orderIndexStep,
      item: legacyOrder,
      sharded: shardedOrderIndexKeys(order),
      keys: ['GSI1PK', 'GSI2PK', 'GSI3PK'],
    },
    { step: stockIndexStep, item: legacyStock, sharded: shardedStockIndexKeys(record), keys: ['GSI1PK'] },
    {
      step: shipmentIndexStep,
      item: legacyShipment,
      sharded: shardedShipmentIndexKeys(shipment),
      keys: ['GSI1PK', 'GSI2PK', 'GSI3PK'],
    },
  ];

  it.each(cases)(
    '$step.name: SETs the sharded partition keys, conditioned on the legacy ones, sort keys and the rest untouched',
    ({ step, item, sharded, keys }) => {
      const write = only(step.rewrite(item));
      expect(write.Update!.Key).toEqual({ PK: item.PK, SK: item.SK });
      const after = applyIndexUpdate(item, write);
      expect(after).toEqual({ ...item, ...sharded });
      for (const key of keys) {
        expect(after[key]).not.toBe(item[key]);
        expect(after[key]).toMatch(/@\d+#/);
      }
      // Applied, it no longer applies: a rerun moves nothing.
      expect(step.applies(after)).toBe(false);
    },
  );

  it('conditions each moved key on its value as read (a writer that moved it first fails the condition)', () => {
    const update = only(orderIndexStep.rewrite(legacyOrder)).Update!;
    const conditioned = update.ConditionExpression!.split(' AND ').map((part) => {
      const [name, value] = part.split(' = ');
      return [update.ExpressionAttributeNames![name!], update.ExpressionAttributeValues![value!]];
    });
    expect(Object.fromEntries(conditioned)).toEqual({
      GSI1PK: 'ORDERS#STATUS#awaiting-payment',
      GSI2PK: 'ORDERS#DAY#2026-03-04',
      GSI3PK: 'ORDERS#CHANNEL#web',
    });
  });

  it('moves only the keys still legacy when a writer moved some (and stops applying once none is)', () => {
    const halfway = { ...legacyOrder, GSI1PK: shardedOrderIndexKeys(order).GSI1PK };
    const update = only(orderIndexStep.rewrite(halfway)).Update!;
    expect(Object.values(update.ExpressionAttributeNames!).sort()).toEqual(['GSI2PK', 'GSI3PK']);
    expect(orderIndexStep.applies(applyIndexUpdate(halfway, { Update: update }))).toBe(false);
  });

  it('takes the shard from the item itself: the order id, the SKU, the movement id, the shipment id', () => {
    const other = { ...order, id: '01JORDER0000000000000000Z9' };
    const otherItem = { ...legacyOrder, ...orderKey(other.id), ...legacyOrderKeys(other), id: other.id };
    expect(applyIndexUpdate(otherItem, only(orderIndexStep.rewrite(otherItem))).GSI1PK).toBe(
      shardedOrderIndexKeys(other).GSI1PK,
    );
    const otherSku = {
      ...legacyStock,
      ...stockKey('RB-TEE', 'wh-1'),
      ...legacyStockKeys({ sku: 'RB-TEE', warehouseId: 'wh-1' }),
      sku: 'RB-TEE',
    };
    expect(applyIndexUpdate(otherSku, only(stockIndexStep.rewrite(otherSku))).GSI1PK).toBe(
      shardedStockIndexKeys({ sku: 'RB-TEE', warehouseId: 'wh-1' }).GSI1PK,
    );
  });

  it('moves a shipment without a warehouse into its shard of the `-` partition', () => {
    const { warehouseId: _none, ...bare } = shipment;
    const item = { ...shipmentKey(order.id, shipment.id), ...legacyShipmentKeys(bare), ...bare };
    expect(applyIndexUpdate(item, only(shipmentIndexStep.rewrite(item))).GSI3PK).toBe(
      shardedShipmentIndexKeys(bare).GSI3PK,
    );
  });
});

describe('movements', () => {
  const writes = movementIndexStep.rewrite(legacyMovement);
  const [putName, putWrite] = writes[0]!;
  const [deleteName, deleteWrite] = writes[1]!;

  it('puts the movement whole at its SKU shard with sharded index keys, unless a copy is there', () => {
    expect(writes).toHaveLength(2);
    expect(putName).toBe(`movement:${movement.id}`);
    const copy = putWrite.Put!.Item as Item;
    expect(copy).toEqual({
      ...legacyMovement,
      ...movementKey(movement),
      ...shardedMovementIndexKeys(movement),
    });
    expect(copy.PK).toMatch(/^MOVEMENTS@\d+#SKU#RB-MUG$/);
    expect(putWrite.Put!.ConditionExpression).toBe('attribute_not_exists(PK)');
    // The copy is in the sharded layout: a rerun moves nothing.
    expect(movementIndexStep.applies(copy)).toBe(false);
  });

  it('deletes the original in the same transaction, unless it is gone', () => {
    expect(deleteName).toBe(`movement-before:${movement.id}`);
    expect(deleteWrite.Delete!.Key).toEqual({ PK: legacyMovement.PK, SK: legacyMovement.SK });
    expect(deleteWrite.Delete!.ConditionExpression).toBe('attribute_exists(PK)');
  });

  it('takes the shard from the movement id', () => {
    const other = { ...movement, id: '01JMOVE00000000000000000M2' };
    const item = { ...legacyMovement, ...other, SK: `${other.at}#${other.id}` };
    expect((movementIndexStep.rewrite(item)[0]![1].Put!.Item as Item).PK).toBe(movementKey(other).PK);
  });
});

describe('shipment totals', () => {
  it('moves a cell of a shard retired when the count went from 16 to 8 into shard n − 8, and no current one', () => {
    const retired = { ...legacyCell, PK: 'SHIPTOTALS@11#2026-03' };
    expect(shipmentTotalsStep.applies(retired)).toBe(true);
    const [[name, add], [, remove]] = shipmentTotalsStep.rewrite(retired) as unknown as [
      [string, { Update: { Key: unknown } }],
      [string, { Delete: { Key: unknown } }],
    ];
    expect(name).toBe(`totals:3:${legacyCell.SK}`);
    expect(add.Update.Key).toEqual({ PK: 'SHIPTOTALS@3#2026-03', SK: legacyCell.SK });
    expect(remove.Delete.Key).toEqual({ PK: 'SHIPTOTALS@11#2026-03', SK: legacyCell.SK });
    for (const shard of [0, 7])
      expect(shipmentTotalsStep.applies({ ...legacyCell, PK: `SHIPTOTALS@${shard}#2026-03` })).toBe(false);
  });

  const writes = shipmentTotalsStep.rewrite(legacyCell);
  const [shardName, shardWrite] = writes[0]!;
  const [legacyName, legacyWrite] = writes[1]!;

  it('ADDs the figures to the same cell of shard 0 and SETs its descriptive attributes where absent', () => {
    expect(writes).toHaveLength(2);
    expect(shardName).toBe(`totals:0:${legacyCell.SK}`);
    const update = shardWrite.Update!;
    expect(update.Key).toEqual({ PK: 'SHIPTOTALS@0#2026-03', SK: legacyCell.SK });
    const names = update.ExpressionAttributeNames!;
    const values = update.ExpressionAttributeValues!;
    const [set, add] = update.UpdateExpression!.replace(/^SET /, '').split(' ADD ');
    const added = Object.fromEntries(
      add!.split(', ').map((part) => {
        const [name, value] = part.split(' ');
        return [names[name!], values[value!]];
      }),
    );
    expect(added).toEqual({ shipments: 3, packages: 4, weightGrams: 2500, cost: 1234 });
    const described = [...set!.matchAll(/(#a\d+) = if_not_exists\(\1, (:v\d+)\)/g)].map((match) => [
      names[match[1]!],
      values[match[2]!],
    ]);
    expect(set!.split(' = ').length - 1).toBe(described.length);
    expect(Object.fromEntries(described)).toEqual(cell);
    expect(update.ConditionExpression).toBeUndefined();
  });

  it('deletes the legacy cell conditioned on its figures as read, in the same transaction', () => {
    expect(legacyName).toBe(`totals:legacy:${legacyCell.SK}`);
    const remove = legacyWrite.Delete!;
    expect(remove.Key).toEqual({ PK: 'SHIPTOTALS#2026-03', SK: legacyCell.SK });
    const conditioned = remove.ConditionExpression!.split(' AND ').map((part) => {
      const [name, value] = part.split(' = ');
      return [remove.ExpressionAttributeNames![name!], remove.ExpressionAttributeValues![value!]];
    });
    expect(Object.fromEntries(conditioned)).toEqual({
      shipments: 3,
      packages: 4,
      weightGrams: 2500,
      cost: 1234,
    });
  });

  it('moves a month cell to the shard partition of its month, its sort key as stored', () => {
    const month = { ...legacyCell, SK: `M#${combination}`, day: '2026-03' };
    expect(month.SK).toMatch(/^M#/);
    expect(shipmentTotalsStep.rewrite(month)[0]![1].Update!.Key).toEqual({
      PK: 'SHIPTOTALS@0#2026-03',
      SK: month.SK,
    });
  });
});

describe('warehouse counters', () => {
  it('ADDs the non-zero counters to counter shard 0 and REMOVEs every one held, conditioned on their values as read', () => {
    const writes = warehouseCountersStep.rewrite(legacyWarehouse);
    expect(writes.map(([name]) => name)).toEqual(['warehouse:wh-1', 'counters:wh-1:0']);
    const warehouse = writes[0]![1].Update!;
    expect(warehouse.Key).toEqual(warehouseKey('wh-1'));
    expect(warehouse.UpdateExpression).toBe(
      'REMOVE unitsOnHand, skusHeld, stockRecordsInUse, skusBackordered, poSourceCount',
    );
    expect(warehouse.ConditionExpression).toBe(
      'attribute_exists(PK) AND unitsOnHand = :unitsOnHand AND skusHeld = :skusHeld AND stockRecordsInUse = :stockRecordsInUse AND skusBackordered = :skusBackordered AND poSourceCount = :poSourceCount',
    );
    expect(warehouse.ExpressionAttributeValues).toEqual({
      ':unitsOnHand': 120,
      ':skusHeld': 7,
      ':stockRecordsInUse': 8,
      ':skusBackordered': 0,
      ':poSourceCount': 2,
    });
    const counters = writes[1]![1].Update!;
    expect(counters.Key).toEqual(warehouseCounterKey('wh-1', 0));
    expect(counters.UpdateExpression).toBe(
      'ADD unitsOnHand :unitsOnHand, skusHeld :skusHeld, stockRecordsInUse :stockRecordsInUse, poSourceCount :poSourceCount',
    );
    expect(counters.ExpressionAttributeValues).toEqual({
      ':unitsOnHand': 120,
      ':skusHeld': 7,
      ':stockRecordsInUse': 8,
      ':poSourceCount': 2,
    });
    // Other counters (rule counts) stay on the warehouse: they are not sharded.
    expect(warehouse.UpdateExpression).not.toContain('stockRuleCount');
  });

  it('once moved (counters removed), an active warehouse no longer applies', () => {
    const {
      unitsOnHand: _a,
      skusHeld: _b,
      stockRecordsInUse: _c,
      skusBackordered: _d,
      poSourceCount: _e,
      ...moved
    } = legacyWarehouse;
    expect(warehouseCountersStep.applies(moved)).toBe(false);
  });

  it('flags every counter shard of an inactive warehouse inactive, marks the warehouse, conditioned on it still inactive', () => {
    const inactive = { ...legacyWarehouse, active: false };
    const writes = warehouseCountersStep.rewrite(inactive);
    expect(writes.map(([name]) => name)).toEqual([
      'warehouse:wh-1',
      ...allShards('warehouseCounters').map((shard) => `counters:wh-1:${shard}`),
    ]);
    const warehouse = writes[0]![1].Update!;
    expect(warehouse.UpdateExpression).toMatch(new RegExp(`^SET ${countersShardedMarker} = :yes REMOVE `));
    expect(warehouse.ConditionExpression).toMatch(/ AND active = :no$/);
    expect(warehouse.ExpressionAttributeValues).toMatchObject({ ':no': false, ':yes': true });
    for (const [, write] of writes.slice(1)) {
      expect(write.Update!.UpdateExpression).toMatch(/^SET inactive = :flag/);
      expect(write.Update!.ExpressionAttributeValues![':flag']).toBe(true);
    }
    expect(writes[1]![1].Update!.UpdateExpression).toContain('ADD unitsOnHand :unitsOnHand');
    expect(writes[2]![1].Update!.UpdateExpression).toBe('SET inactive = :flag');
  });

  it('gives the shards of a warehouse refusing work or purchase orders their flags, conditioned on it still refusing', () => {
    const refusing: Item = {
      ...warehouseKey('wh-4'),
      entity: 'warehouse',
      id: 'wh-4',
      active: true,
      acceptsWorkOrders: false,
      acceptsPurchaseOrders: false,
    };
    expect(warehouseCountersStep.applies(refusing)).toBe(true);
    const writes = warehouseCountersStep.rewrite(refusing);
    expect(writes[0]![1].Update!.ConditionExpression).toBe(
      'attribute_exists(PK) AND acceptsWorkOrders = :no AND acceptsPurchaseOrders = :no',
    );
    for (const [, write] of writes.slice(1))
      expect(write.Update!.UpdateExpression).toBe(
        'SET refusesWorkOrders = :flag, refusesPurchaseOrders = :flag',
      );
    expect(writes).toHaveLength(1 + allShards('warehouseCounters').length);
    expect(warehouseCountersStep.applies({ ...refusing, [countersShardedMarker]: true })).toBe(false);
    // Attributes absent (warehouses from before they existed) accept: nothing to flag.
    const { acceptsWorkOrders: _w, acceptsPurchaseOrders: _p, ...older } = refusing;
    expect(warehouseCountersStep.applies(older)).toBe(false);
  });

  it('an inactive warehouse without counters still gets its flags, once', () => {
    const bare: Item = { ...warehouseKey('wh-3'), entity: 'warehouse', id: 'wh-3', active: false };
    expect(warehouseCountersStep.applies(bare)).toBe(true);
    const writes = warehouseCountersStep.rewrite(bare);
    expect(writes[0]![1].Update!.UpdateExpression).toBe(`SET ${countersShardedMarker} = :yes`);
    expect(writes[0]![1].Update!.ConditionExpression).toBe('attribute_exists(PK) AND active = :no');
    expect(writes).toHaveLength(1 + allShards('warehouseCounters').length);
    expect(warehouseCountersStep.applies({ ...bare, [countersShardedMarker]: true })).toBe(false);
    // An active warehouse without counters has nothing to move.
    expect(warehouseCountersStep.applies({ ...bare, active: true })).toBe(false);
  });
});

describe('the pending-orders index step', () => {
  const step = stepsFor(
    new Map([
      ['gift-wrap', 'open'],
      ['archived', 'shipped'],
    ]),
  ).find((candidate) => candidate.name === 'pending-index')!;
  const header = (statusId: string, lines: unknown[], extra: Item = {}): Item => ({
    PK: `ORDER#${order.id}`,
    SK: 'A#ORDER',
    ...shardedOrderIndexKeys({ ...order, statusId }),
    ...order,
    statusId,
    version: 4,
    lines,
    ...extra,
  });
  const line = (quantity: number, shippedQuantity: number, status = 'active') => ({
    itemId: `L${quantity}${shippedQuantity}`,
    quantity,
    shippedQuantity,
    status,
  });

  it('indexes an order of a pending status (built-in or custom) with units left, keeping its version', () => {
    for (const statusId of ['awaiting-shipment', 'backordered', 'on-hold', 'gift-wrap']) {
      const item = header(statusId, [line(3, 1), line(2, 0, 'cancelled')]);
      expect(step.applies(item), statusId).toBe(true);
      const [[name, write]] = step.rewrite(item) as unknown as [
        [string, { Update: Record<string, unknown> }],
      ];
      expect(name).toBe(`pending:${order.id}`);
      expect(write.Update).toMatchObject({
        UpdateExpression: 'SET GSI4PK = :pk, GSI4SK = :sk, pendingUnits = :units',
        ConditionExpression: 'version = :version AND attribute_not_exists(GSI4PK)',
        ExpressionAttributeValues: {
          ':pk': expect.stringMatching(/^PENDING@[0-3]$/),
          ':sk': `${order.orderDate}#${order.id}`,
          ':units': 2,
          ':version': 4,
        },
      });
    }
  });

  it('leaves alone orders not waiting to ship, already indexed, or of a status it does not know', () => {
    for (const item of [
      header('awaiting-payment', [line(2, 0)]),
      header('shipped', [line(2, 2)]),
      header('archived', [line(2, 0)]),
      header('created-since', [line(2, 0)]),
      header('awaiting-shipment', [line(2, 2)]),
      header('awaiting-shipment', [line(2, 0, 'cancelled')]),
      header('awaiting-shipment', [line(2, 0)], { GSI4PK: 'PENDING@1' }),
    ])
      expect(step.applies(item), JSON.stringify(item)).toBe(false);
  });
});

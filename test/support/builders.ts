/** Small builders for test data: valid by default, overridden per test. */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { db, tableName } from '../../shared/db/client';
import { allShards } from '../../shared/db/keys/shards';
import { counterShardItem, shardFlagsOf } from '../../shared/warehouses/counters';
import { warehouseItem } from '../../shared/warehouses/repository';
import type { Warehouse } from '../../shared/warehouses/warehouse';

let sequence = 0;
const next = () => ++sequence;

export function vendorInput(overrides: Record<string, unknown> = {}) {
  const n = next();
  return { code: `V${n}-${ulid().slice(-6)}`, name: `Vendor ${n}`, currency: 'USD', ...overrides };
}

export function poSourceInput(
  vendorId: string,
  warehouseId: string,
  overrides: Record<string, unknown> = {},
) {
  return {
    vendorId,
    warehouseId,
    sku: `SKU-${next()}`,
    vendorSku: 'VS-1',
    unitCost: { amount: 1250, currency: 'USD' },
    minimumOrderQuantity: 10,
    ...overrides,
  };
}

/** A warehouse origin the built-in carriers rate from (Memphis, zone 5 of most US destinations). */
export const dockOrigin = {
  name: 'Dock 4',
  line1: '200 Dock Rd',
  city: 'Memphis',
  region: 'TN',
  postalCode: '38118',
  country: 'US',
};

export function warehouse(overrides: Partial<Warehouse> = {}): Warehouse {
  const now = new Date().toISOString();
  const n = next();
  return {
    id: ulid(),
    code: `WH${n}`,
    name: `Warehouse ${n}`,
    active: true,
    acceptsWorkOrders: true,
    acceptsPurchaseOrders: true,
    isDefault: false,
    version: 1,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

/**
 * Warehouses are written by the inventory group; tests seed them through the shared repository's item
 * shape, with the flags stock writes condition on on its counter shards, as the inventory group's create
 * leaves them.
 */
export async function seedWarehouse(overrides: Partial<Warehouse> = {}): Promise<Warehouse> {
  const value = warehouse(overrides);
  await db().send(new PutCommand({ TableName: tableName(), Item: warehouseItem(value) }));
  const flags = shardFlagsOf(value);
  if (Object.values(flags).some(Boolean)) {
    for (const shard of allShards('warehouseCounters')) {
      await db().send(
        new PutCommand({ TableName: tableName(), Item: counterShardItem(value.id, shard, {}, flags) }),
      );
    }
  }
  return value;
}

/** Inventory test data: valid by default, overridden per test; creators go through the real handler. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { db, tableName } from '../../shared/db/client';
import type { ItemKey } from '../../shared/db/keys';
import { defaultWarehouseKey } from '../../shared/db/keys';
import type { CallResult } from './call';
import { call } from './call';

let sequence = 0;
const next = () => ++sequence;
const unique = () => ulid().slice(-6);

export function address(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Dock 1',
    line1: '1 Harbour Road',
    city: 'Springfield',
    postalCode: '12345',
    country: 'US',
    ...overrides,
  };
}

export function warehouseInput(overrides: Record<string, unknown> = {}) {
  const n = next();
  return {
    code: `WH${n}-${unique()}`,
    name: `Warehouse ${n}`,
    originAddress: address(),
    returnAddress: address({ name: 'Returns desk' }),
    capacity: 1000,
    ...overrides,
  };
}

export function stockRuleInput(overrides: Record<string, unknown> = {}) {
  return { skuPattern: `SKU-${next()}-${unique()}`, minLevel: 5, maxLevel: 50, ...overrides };
}

export function rulePeriodInput(ruleId: string, overrides: Record<string, unknown> = {}) {
  return {
    ruleId,
    name: 'Holiday season',
    from: '2025-11-15',
    to: '2025-12-31',
    minLevel: 20,
    maxLevel: 200,
    ...overrides,
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are arbitrary JSON that assertions read
async function created(path: string, body: unknown): Promise<any> {
  const response = await call({ method: 'POST', path, body });
  if (response.status !== 201) throw new Error(`POST ${path} answered ${response.status}: ${response.text}`);
  return response.body;
}

export const createWarehouse = (overrides: Record<string, unknown> = {}) =>
  created('/v1/inventory/warehouses', warehouseInput(overrides));

export const createStockRule = (overrides: Record<string, unknown> = {}) =>
  created('/v1/inventory/rules', stockRuleInput(overrides));

export const createRulePeriod = (ruleId: string, overrides: Record<string, unknown> = {}) =>
  created('/v1/inventory/rules/periods', rulePeriodInput(ruleId, overrides));

/** The stored item as is (keys, counters and all), read strongly. */
export async function storedItem(key: ItemKey): Promise<Record<string, unknown> | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return result.Item;
}

/** The default pointer's warehouse id, or undefined when there is none. */
export async function defaultPointer(): Promise<string | undefined> {
  return (await storedItem(defaultWarehouseKey()))?.warehouseId as string | undefined;
}

/** Every page of a listing, following nextCursor. */
export async function listAll<T>(path: string, limit = 200): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const page: CallResult = await call({
      method: 'GET',
      path: `${path}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    });
    if (page.status !== 200) throw new Error(`GET ${path} answered ${page.status}: ${page.text}`);
    items.push(...page.body.items);
    cursor = page.body.nextCursor;
  } while (cursor);
  return items;
}

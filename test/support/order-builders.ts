/** Order test data: a valid order input by default, overridden per test. */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../shared/db/client';
import { orderKey } from '../../shared/db/keys';
import { applyStockMovements } from '../../shared/stock/ledger';

let sequence = 0;

export function orderId(): string {
  sequence += 1;
  return `CH-${Date.now().toString(36)}-${sequence}`;
}

export function orderLine(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    itemId: `L${sequence}`,
    sku: 'SKU-RED',
    title: 'Red shirt',
    quantity: 2,
    unitPrice: 1500,
    tax: 300,
    discount: 0,
    ...overrides,
  };
}

export function orderInput(overrides: Record<string, unknown> = {}) {
  return {
    channel: 'webshop',
    orderDate: '2026-11-20T09:30:00.000Z',
    customer: { name: 'Ada Lovelace', email: 'ada@example.com' },
    shipTo: {
      name: 'Ada Lovelace',
      line1: '1 Main St',
      city: 'Springfield',
      region: 'IL',
      postalCode: '62701',
      country: 'US',
    },
    lines: [orderLine()],
    currency: 'USD',
    shippingCharge: 500,
    ...overrides,
  };
}

/** Puts stock into a warehouse through the ledger, as a receipt would. */
export async function stock(sku: string, warehouseId: string, quantity: number) {
  await applyStockMovements([{ sku, warehouseId, type: 'receipt', quantity, unitCost: 100 }]);
}

/** Marks units of a line shipped, as the fulfillment group will when it prints a label. */
export async function markShipped(id: string, lineIndex: number, quantity: number) {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: orderKey(id),
      UpdateExpression: `SET #lines[${lineIndex}].shippedQuantity = :q`,
      ExpressionAttributeNames: { '#lines': 'lines' },
      ExpressionAttributeValues: { ':q': quantity },
    }),
  );
}

/**
 * The index keys of an order header in the layout before the order indexes were sharded (a table deployed
 * before holds them until `npm run migrate`), written out here rather than built by the code under test.
 */
export function legacyLayoutKeys(order: {
  id: string;
  statusId: string;
  orderDate: string;
  channel: string;
}) {
  const sort = `${order.orderDate}#${order.id}`;
  return {
    GSI1PK: `ORDERS#STATUS#${order.statusId}`,
    GSI1SK: sort,
    GSI2PK: `ORDERS#DAY#${order.orderDate.slice(0, 10)}`,
    GSI2SK: sort,
    GSI3PK: `ORDERS#CHANNEL#${order.channel}`,
    GSI3SK: sort,
  };
}

/** Puts a stored order's header back in the legacy index layout, everything else as the order writer left it. */
export async function moveToLegacyLayout(id: string): Promise<void> {
  const { Item: header } = await db().send(
    new GetCommand({ TableName: tableName(), Key: orderKey(id), ConsistentRead: true }),
  );
  if (!header) throw new Error(`No order ${id} to move to the legacy layout.`);
  const keys = legacyLayoutKeys({
    id,
    statusId: String(header.statusId),
    orderDate: String(header.orderDate),
    channel: String(header.channel),
  });
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...header, ...keys },
      ConditionExpression: 'version = :version',
      ExpressionAttributeValues: { ':version': header.version },
    }),
  );
}

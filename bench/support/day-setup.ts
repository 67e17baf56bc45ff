/**
 * The merchant before the day opens, made over HTTP as staff would: three warehouses with origin
 * addresses, the planned stock received by work orders, a vendor with purchase-order sources for the
 * HOT SKUs, a custom status, four automation rules, the alert settings and an alert rule on the HOT SKUs.
 * Every answer must be the success status; anything else stops the bench (the day cannot run without it).
 */
import type { DayClient, DayResponse } from './day-http';
import type { DayPlan, WarehouseCode } from './day-plan';
import {
  hotAlertBelow,
  hotPattern,
  hotSkus,
  ruleWarehouse,
  unassignedChannel,
  warehouseSpecs,
} from './day-plan';

export interface Merchant {
  warehouseIds: Map<string, string>;
  readyToPackStatusId: string;
  alertRuleId: string;
  /** Successful setup requests, for the events check: type → count. */
  setupRequests: number;
}

function expect(answer: DayResponse, status: number, what: string): DayResponse {
  if (answer.status !== status) {
    throw new Error(
      `setup: ${what} answered ${answer.status}, expected ${status}: ${answer.text.slice(0, 500)}`,
    );
  }
  return answer;
}

export async function setUpMerchant(client: DayClient, plan: DayPlan): Promise<Merchant> {
  let requests = 0;
  const send = async (
    what: string,
    method: string,
    path: string,
    role: 'operator' | 'manager',
    body: unknown,
    status: number,
  ) => {
    requests += 1;
    return expect(await client.send(`setup.${what}`, method, path, { role, body }), status, what);
  };

  const warehouseIds = new Map<string, string>();
  for (const spec of warehouseSpecs) {
    const created = await send(
      'warehouse',
      'POST',
      '/v1/inventory/warehouses',
      'manager',
      { code: spec.code, name: spec.name, originAddress: spec.origin, capacity: 1_000_000 },
      201,
    );
    warehouseIds.set(spec.code, created.body.id as string);
  }
  for (const [code, bySku] of plan.stock) {
    const lines = [...bySku].map(([sku, entry]) => ({
      sku,
      quantity: entry.quantity,
      unitCost: entry.unitCost,
    }));
    for (let start = 0; start < lines.length; start += 500) {
      await send(
        'work-order',
        'POST',
        '/v1/orders/work-orders',
        'operator',
        { warehouseId: warehouseIds.get(code), reason: 'receipt', lines: lines.slice(start, start + 500) },
        201,
      );
    }
  }

  const vendor = await send(
    'vendor',
    'POST',
    '/v1/vendors',
    'manager',
    { code: 'DAYSUP', name: 'Day Supplies', currency: 'USD', leadTimeDays: 7 },
    201,
  );
  for (const sku of hotSkus) {
    for (const code of warehouseSpecs.map((spec) => spec.code) as WarehouseCode[]) {
      await send(
        'po-source',
        'POST',
        '/v1/vendors/po-sources',
        'operator',
        {
          vendorId: vendor.body.id,
          sku,
          unitCost: { amount: 700, currency: 'USD' },
          warehouseId: warehouseIds.get(code),
        },
        201,
      );
    }
  }

  const status = await send(
    'status',
    'POST',
    '/v1/orders/statuses',
    'manager',
    { name: 'Ready to pack', category: 'open', color: '#2e8b57' },
    201,
  );
  const readyToPackStatusId = status.body.id as string;

  const rules = [
    {
      name: `Assign ${unassignedChannel} orders to ${ruleWarehouse}`,
      trigger: 'order.created',
      conditions: [{ field: 'channel', operator: 'equals', value: unassignedChannel }],
      actions: [{ type: 'assign_warehouse', warehouseId: warehouseIds.get(ruleWarehouse) }],
      priority: 10,
    },
    {
      name: 'Tag high-value orders',
      trigger: 'order.created',
      conditions: [{ field: 'totals.total', operator: 'greater_than', value: 40_000 }],
      actions: [{ type: 'add_tag', tag: 'high-value' }],
      priority: 20,
    },
    {
      name: 'New York ships expedited',
      trigger: 'order.created',
      conditions: [{ field: 'shipTo.region', operator: 'equals', value: 'NY' }],
      actions: [{ type: 'set_shipping_service', service: 'Expedited' }],
      priority: 30,
    },
    {
      name: 'Paid wholesale orders are ready to pack',
      trigger: 'order.paid',
      conditions: [{ field: 'channel', operator: 'equals', value: 'wholesale' }],
      actions: [{ type: 'set_status', statusId: readyToPackStatusId }],
      priority: 40,
    },
  ];
  for (const rule of rules)
    await send('automation-rule', 'POST', '/v1/orders/automation-rules', 'manager', rule, 201);

  await send(
    'alert-settings',
    'PUT',
    '/v1/inventory/alert-settings',
    'manager',
    { enabled: true, lookBackDays: 14, defaultLeadTimeDays: 5, defaultSafetyDays: 2 },
    200,
  );
  const alertRule = await send(
    'alert-rule',
    'POST',
    '/v1/inventory/alert-rules',
    'operator',
    {
      name: 'HOT SKUs running low',
      scope: { skuPatterns: [hotPattern] },
      condition: { type: 'available_below', quantity: hotAlertBelow },
      recipients: ['buyer@example.com'],
    },
    201,
  );
  return {
    warehouseIds,
    readyToPackStatusId,
    alertRuleId: alertRule.body.id as string,
    setupRequests: requests,
  };
}

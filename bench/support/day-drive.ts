/**
 * The day over HTTP: one chain of requests per order (arrive, maybe re-sent, paid, printed whole or in
 * part, voided or returned, and the requests the service must refuse), run a few chains at a time, while
 * a reader keeps reading the dashboard and reports; then the manifests are closed, voids on closed
 * manifests are tried (and must be refused), and two reports exported.
 *
 * What the day expects to be published is kept as a count per event key (`<type>|<order or resource>`):
 * one per successful request that changes something. Payments, prints and refunds carry an
 * Idempotency-Key, as a careful client's would (a label or money must never go twice). A refused request keeps its key too, so the events
 * check can show that it added nothing.
 */
import type { DayClient, DayResponse } from './day-http';
import { runPool } from './day-http';
import type { DayPlan, PlannedOrder } from './day-plan';
import { orderBody } from './day-plan';
import type { Merchant } from './day-setup';

export interface Surprise {
  operation: string;
  orderId: string;
  status: number;
  expected: string;
  body: string;
}

export interface DayLedger {
  expected: Map<string, number>;
  refused: Array<{ key: string; operation: string; status: number }>;
  surprises: Surprise[];
  manifestIds: Set<string>;
  reads: number;
  exports: Array<{ id: string; status: number; format: string }>;
}

export interface DriveOptions {
  concurrency: number;
  today: string;
  shipDate: string;
  /** Told after each order's chain, so a long day shows how far it got. */
  progress?: (done: number, total: number) => void;
}

export const eventKey = (type: string, owner: string) => `${type}|${owner}`;

export async function driveDay(
  client: DayClient,
  plan: DayPlan,
  merchant: Merchant,
  options: DriveOptions,
): Promise<DayLedger> {
  const ledger: DayLedger = {
    expected: new Map(),
    refused: [],
    surprises: [],
    manifestIds: new Set(),
    reads: 0,
    exports: [],
  };
  const expect = (type: string, owner: string) => {
    const key = eventKey(type, owner);
    ledger.expected.set(key, (ledger.expected.get(key) ?? 0) + 1);
  };
  /** True when the answer is the status wanted; otherwise it is kept as a surprise (a 5xx is also listed by the client). */
  const as = (answer: DayResponse, wanted: number[], operation: string, orderId: string) => {
    if (wanted.includes(answer.status)) return true;
    ledger.surprises.push({
      operation,
      orderId,
      status: answer.status,
      expected: wanted.join('/'),
      body: answer.text.slice(0, 400),
    });
    return false;
  };
  const refuse = async (operation: string, key: string, orderId: string, request: Promise<DayResponse>) => {
    const answer = await request;
    ledger.refused.push({ key, operation, status: answer.status });
    as(answer, [409, 400, 422], operation, orderId);
  };

  const printBody = (order: PlannedOrder, lines?: PlannedOrder['lines']) => {
    const shipped = lines ?? order.lines;
    const weight = shipped.reduce((sum, line) => sum + line.weightGrams * line.quantity, 0);
    return {
      processorCode: order.print!.carrier,
      serviceCode: order.print!.carrier === 'postal' ? 'priority' : 'ground',
      packages: [{ weightGrams: Math.max(100, weight + 150) }],
      shipDate: options.shipDate,
      ...(lines ? { lines: lines.map((line) => ({ itemId: line.itemId, quantity: line.quantity })) } : {}),
    };
  };

  /** Orders whose shipment may be voided once its manifest is closed (it must be refused). */
  const voidAfterClose: Array<{ orderId: string; shipmentId: string }> = [];

  async function orderChain(order: PlannedOrder): Promise<void> {
    const id = order.id;
    const path = `/v1/orders/${id}`;
    const body = orderBody(order, false, merchant.warehouseIds);
    const created = await client.send('order.put (new)', 'PUT', path, { role: 'operator', body });
    if (!as(created, [201], 'order.put (new)', id)) return;
    expect('order.created', id);
    const warehouseId = created.body.warehouseId as string | undefined;

    let balance = created.body.totals.balance as number;
    const methods = ['card', 'paypal', 'bank_transfer'] as const;
    for (let n = 0; n < order.payments; n++) {
      const amount = n === order.payments - 1 ? balance : Math.floor(balance / 2);
      const paid = await client.send('payment', 'POST', `${path}/payments`, {
        role: 'manager',
        body: { amount, method: methods[(id.length + n) % methods.length] },
        headers: { 'idempotency-key': `pay-${id}-${n}` },
      });
      if (!as(paid, [201], 'payment', id)) return;
      expect('order.paid', id);
      balance -= amount;
    }
    if (order.refused.includes('overpay')) {
      const request = client.send('payment (overpay, refused)', 'POST', `${path}/payments`, {
        role: 'manager',
        body: { amount: Math.max(1, balance + 1), method: 'card' },
      });
      await refuse('payment (overpay, refused)', eventKey('order.paid', id), id, request);
    }
    if (order.resend) {
      const changed = order.resend === 'changed';
      const operation = changed ? 'order.put (re-sync, changed)' : 'order.put (re-sent, identical)';
      const again = await client.send(operation, 'PUT', path, {
        role: 'operator',
        body: orderBody(order, changed, merchant.warehouseIds),
      });
      if (!as(again, [200], operation, id)) return;
      if (changed) expect('order.updated', id);
    }

    if (!order.print) return;
    const shipmentIds: string[] = [];
    const print = async (operation: string, lines?: PlannedOrder['lines']) => {
      const printed = await client.send(operation, 'POST', `/v1/fulfillment/ship-now/${id}/print`, {
        role: 'operator',
        body: printBody(order, lines),
        headers: { 'idempotency-key': `print-${id}-${shipmentIds.length}` },
      });
      if (!as(printed, [201], operation, id)) return false;
      expect('shipment.created', id);
      shipmentIds.push(printed.body.shipment.id as string);
      if (printed.body.shipment.manifestId)
        ledger.manifestIds.add(printed.body.shipment.manifestId as string);
      return true;
    };
    if (order.print.partial) {
      if (!(await print('print (partial)', order.lines.slice(0, 1)))) return;
      if (order.print.prints === 2 && !(await print('print (rest)'))) return;
    } else if (!(await print('print'))) {
      return;
    }
    if (order.refused.includes('print-again')) {
      const request = client.send(
        'print (nothing left, refused)',
        'POST',
        `/v1/fulfillment/ship-now/${id}/print`,
        {
          role: 'operator',
          body: printBody(order),
        },
      );
      await refuse('print (nothing left, refused)', eventKey('shipment.created', id), id, request);
    }
    if (order.refused.includes('void-closed'))
      voidAfterClose.push({ orderId: id, shipmentId: shipmentIds[0]! });

    if (order.void) {
      const voidPath = `/v1/fulfillment/ship-now/void/${shipmentIds[0]}`;
      const voided = await client.send('void', 'DELETE', voidPath, { role: 'operator' });
      if (!as(voided, [204], 'void', id)) return;
      expect('shipment.voided', id);
      if (order.refused.includes('void-again')) {
        const request = client.send('void (again, refused)', 'DELETE', voidPath, { role: 'operator' });
        await refuse('void (again, refused)', eventKey('shipment.voided', id), id, request);
      }
    }

    if (order.return) await returnChain(order, warehouseId);
  }

  async function returnChain(order: PlannedOrder, warehouseId: string | undefined): Promise<void> {
    const id = order.id;
    const line = order.lines[0]!;
    const requested = await client.send('return.request', 'POST', `/v1/orders/${id}/returns`, {
      role: 'operator',
      body: { lines: [{ itemId: line.itemId, quantity: 1, reasonCode: 'size_or_fit' }], note: 'Too small' },
    });
    if (!as(requested, [201], 'return.request', id)) return;
    expect('return.requested', id);
    if (order.refused.includes('return-too-many')) {
      const request = client.send('return.request (too many, refused)', 'POST', `/v1/orders/${id}/returns`, {
        role: 'operator',
        body: { lines: [{ itemId: line.itemId, quantity: line.quantity, reasonCode: 'other' }] },
      });
      await refuse('return.request (too many, refused)', eventKey('return.requested', id), id, request);
    }
    const returnPath = `/v1/orders/${id}/returns/${requested.body.id}`;
    const approved = await client.send('return.approve', 'POST', `${returnPath}/approve`, {
      role: 'operator',
    });
    if (!as(approved, [200], 'return.approve', id)) return;
    expect('return.approved', id);
    const disposition = order.return!.disposition;
    const received = await client.send('return.receive', 'POST', `${returnPath}/receive`, {
      role: 'operator',
      body: {
        lines: [
          {
            itemId: line.itemId,
            quantity: 1,
            disposition,
            ...(disposition === 'restock' ? { warehouseId } : {}),
          },
        ],
      },
    });
    if (!as(received, [200], 'return.receive', id)) return;
    expect('return.received', id);
    const refundBody = { lines: [{ itemId: line.itemId, quantity: 1 }], method: 'card' };
    const refunded = await client.send('return.refund', 'POST', `${returnPath}/refund`, {
      role: 'manager',
      body: refundBody,
      headers: { 'idempotency-key': `refund-${id}` },
    });
    if (!as(refunded, [200], 'return.refund', id)) return;
    expect('return.refunded', id);
    if (order.refused.includes('refund-again')) {
      const request = client.send('return.refund (again, refused)', 'POST', `${returnPath}/refund`, {
        role: 'manager',
        body: refundBody,
      });
      await refuse('return.refund (again, refused)', eventKey('return.refunded', id), id, request);
    }
    if (order.return!.complete) {
      const completed = await client.send('return.complete', 'POST', `${returnPath}/complete`, {
        role: 'operator',
      });
      if (as(completed, [200], 'return.complete', id)) expect('return.completed', id);
    }
  }

  const reads = [
    ['report: dashboard', '/v1/reports/dashboard'],
    ['report: sales summary', `/v1/reports/sales/summary?from=${options.today}&to=${options.today}`],
    [
      'report: payments collected',
      `/v1/reports/payments/collected?from=${options.today}&to=${options.today}`,
    ],
    ['report: pending shipments', '/v1/reports/pending-shipments'],
    ['report: shipped manifest', `/v1/reports/shipped-manifest?from=${options.today}&to=${options.shipDate}`],
    ['report: stock levels', '/v1/reports/inventory/stock-levels?limit=100'],
    ['report: low stock', '/v1/reports/inventory/low-stock'],
    ['report: sales trend', '/v1/reports/dashboard/sales-trend'],
  ] as const;
  let chainsDone = false;
  /** One reader beside the chains, all day: a report every 100 ms or so. */
  const reader = (async () => {
    let n = 0;
    while (!chainsDone) {
      const [operation, path] = reads[n % reads.length]!;
      n += 1;
      const answer = await client.send(operation, 'GET', path, { role: 'viewer' });
      ledger.reads += 1;
      as(answer, [200], operation, '-');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();

  try {
    let done = 0;
    await runPool(
      plan.orders.map((order) => async () => {
        await orderChain(order);
        done += 1;
        options.progress?.(done, plan.orders.length);
      }),
      options.concurrency,
    );
  } finally {
    chainsDone = true;
    await reader;
  }

  for (const manifestId of [...ledger.manifestIds].sort()) {
    const closed = await client.send(
      'manifest.close',
      'POST',
      `/v1/fulfillment/manifests/${manifestId}/close`,
      {
        role: 'operator',
      },
    );
    if (as(closed, [200], 'manifest.close', manifestId)) expect('manifest.closed', manifestId);
  }
  for (const { orderId, shipmentId } of voidAfterClose) {
    const request = client.send(
      'void (manifest closed, refused)',
      'DELETE',
      `/v1/fulfillment/ship-now/void/${shipmentId}`,
      {
        role: 'operator',
      },
    );
    await refuse('void (manifest closed, refused)', eventKey('shipment.voided', orderId), orderId, request);
  }

  const exportsToMake = [
    ['excel', { report: 'sales-detailed', query: { from: options.today, to: options.today } }],
    ['pdf', { report: 'shipped-manifest', query: { from: options.today, to: options.shipDate } }],
  ] as const;
  for (const [format, body] of exportsToMake) {
    const made = await client.send(`export (${format})`, 'POST', `/v1/reports/exports/${format}`, {
      role: 'viewer',
      body,
    });
    if (!as(made, [201, 202], `export (${format})`, '-')) continue;
    ledger.exports.push({ id: made.body.id as string, status: made.status, format });
    expect('export.ready', made.body.id as string);
  }
  return ledger;
}

/**
 * Metrics through the real handlers (shared/metrics, with an injected sink): every request counts by
 * operation, status class and latency, a 4xx and a 5xx in their class; business counts appear when the
 * change committed (a payment, a refund, a label bought and voided, an export written) and not when it
 * was refused; the stream projector counts events published and records dead-lettered.
 */
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { SQSClient } from '@aws-sdk/client-sqs';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as aggregates } from '../../functions/aggregates/handler';
import { handler as alerts } from '../../functions/alerts/handler';
import { handler as projector } from '../../functions/projector/handler';
import { handler as reportJobs } from '../../functions/reports/jobs/handler';
import { db } from '../../shared/db/client';
import type { EmfDocument } from '../../shared/metrics/emf';
import { setMetricsSink } from '../../shared/metrics/metrics';
import { dockOrigin, seedWarehouse } from '../support/builders';
import type { CallSpec } from '../support/call';
import { call } from '../support/call';
import { orderId, orderInput, orderLine, stock } from '../support/order-builders';
import { act, openReturn, shippedOrder } from '../support/return-builders';

const written: EmfDocument[] = [];

beforeAll(() => {
  setMetricsSink((document) => written.push(document));
  vi.stubEnv('METRICS_NAMESPACE', 'CommerceBackOffice/test');
  vi.stubEnv('SERVICE_NAME', 'commerce-backoffice-test');
});
afterAll(() => {
  setMetricsSink(undefined);
  vi.unstubAllEnvs();
});

/** While set, every Query fails the way a bug would (not a DynamoDB error): the request answers 500. */
let failReads = false;
db().middlewareStack.add(
  (next, context) => async (args) => {
    if (failReads && context.commandName === 'QueryCommand') throw new TypeError('reading the order broke');
    return next(args);
  },
  { step: 'initialize', name: 'readFailureInjection' },
);
afterEach(() => {
  failReads = false;
  vi.restoreAllMocks();
});

/** A call and the one metrics document its invocation wrote. */
async function measured(spec: CallSpec) {
  written.length = 0;
  const response = await call(spec);
  expect(written, `${spec.method} ${spec.path} writes one metrics document`).toHaveLength(1);
  return { response, metrics: written[0]! };
}

const businessNames = [
  'OrdersWritten',
  'PaymentsPosted',
  'RefundsPosted',
  'LabelsBought',
  'LabelsVoided',
  'ExportsWritten',
];
/** The business counts a document carries, by name. */
const counts = (document: EmfDocument) =>
  Object.fromEntries(businessNames.filter((name) => name in document).map((name) => [name, document[name]]));

async function placedOrder(total = 5000) {
  const id = orderId();
  const created = await call({
    method: 'PUT',
    path: `/v1/orders/${id}`,
    body: orderInput({ lines: [orderLine({ itemId: 'A', quantity: 1, unitPrice: total, tax: 0 })] }),
    role: 'operator',
  });
  expect(created.status, created.text).toBe(201);
  return { id, total: created.body.totals.total as number };
}

describe('request metrics', () => {
  it('counts a request by service and operation with its latency, in the namespace of METRICS_NAMESPACE', async () => {
    const { id } = await placedOrder();
    const { response, metrics } = await measured({ method: 'GET', path: `/v1/orders/${id}` });
    expect(response.status).toBe(200);
    expect(metrics).toMatchObject({
      Service: 'commerce-backoffice-test',
      Operation: 'getOrder',
      Requests: 1,
      Status4xx: 0,
      Status5xx: 0,
    });
    expect(metrics.Latency).toBeGreaterThan(0);
    expect(metrics._aws.CloudWatchMetrics).toEqual([
      {
        Namespace: 'CommerceBackOffice/test',
        Dimensions: [['Service', 'Operation']],
        Metrics: [
          { Name: 'Requests', Unit: 'Count' },
          { Name: 'Status4xx', Unit: 'Count' },
          { Name: 'Status5xx', Unit: 'Count' },
          { Name: 'Latency', Unit: 'Milliseconds' },
        ],
      },
    ]);
    expect(metrics._aws.Timestamp).toBeGreaterThan(Date.now() - 60_000);
    // A read writes nothing.
    expect(counts(metrics)).toEqual({});
  });

  it('counts a 404, a 400 and a 403 as 4xx of their operation', async () => {
    const missing = await measured({ method: 'GET', path: `/v1/orders/${orderId()}` });
    expect(missing.response.status).toBe(404);
    expect(missing.metrics).toMatchObject({ Operation: 'getOrder', Requests: 1, Status4xx: 1, Status5xx: 0 });

    const invalid = await measured({
      method: 'PUT',
      path: `/v1/orders/${orderId()}`,
      body: { lines: 'none' },
    });
    expect(invalid.response.status).toBe(400);
    expect(invalid.metrics).toMatchObject({ Operation: 'putOrder', Status4xx: 1, Status5xx: 0 });

    const forbidden = await measured({
      method: 'POST',
      path: `/v1/orders/${orderId()}/payments`,
      body: { amount: 100, method: 'card' },
      role: 'viewer',
    });
    expect(forbidden.response.status).toBe(403);
    expect(forbidden.metrics).toMatchObject({ Operation: 'addOrderPayment', Status4xx: 1, Status5xx: 0 });
  });

  it('counts a 500 as 5xx, its latency too', async () => {
    const { id } = await placedOrder();
    failReads = true;
    const { response, metrics } = await measured({ method: 'GET', path: `/v1/orders/${id}` });
    expect(response.status).toBe(500);
    expect(metrics).toMatchObject({ Operation: 'getOrder', Requests: 1, Status4xx: 0, Status5xx: 1 });
    expect(metrics.Latency).toBeGreaterThan(0);
  });

  it('names the OpenAPI document and the paths no operation has (the $default route)', async () => {
    const document = await measured({ method: 'GET', path: '/v1/openapi.json', role: null });
    expect(document.response.status).toBe(200);
    expect(document.metrics).toMatchObject({ Operation: 'getOpenApiDocument', Status4xx: 0 });
    const nowhere = await measured({ method: 'GET', path: '/v1/nowhere' });
    expect(nowhere.response.status).toBe(404);
    expect(nowhere.metrics).toMatchObject({ Operation: 'unmatched', Status4xx: 1 });
  });
});

describe('business counts', () => {
  it('counts a payment that committed, and nothing for one refused as an overpayment', async () => {
    const { id, total } = await placedOrder();
    const paid = await measured({
      method: 'POST',
      path: `/v1/orders/${id}/payments`,
      body: { amount: total - 1000, method: 'card' },
    });
    expect(paid.response.status, paid.response.text).toBe(201);
    expect(counts(paid.metrics)).toEqual({ OrdersWritten: 1, PaymentsPosted: 1 });
    expect(paid.metrics._aws.CloudWatchMetrics).toContainEqual({
      Namespace: 'CommerceBackOffice/test',
      Dimensions: [['Service']],
      Metrics: [
        { Name: 'OrdersWritten', Unit: 'Count' },
        { Name: 'PaymentsPosted', Unit: 'Count' },
      ],
    });

    const overpaid = await measured({
      method: 'POST',
      path: `/v1/orders/${id}/payments`,
      body: { amount: 1001, method: 'card' },
    });
    expect(overpaid.response.status).toBe(409);
    expect(counts(overpaid.metrics)).toEqual({});
    expect(overpaid.metrics).toMatchObject({ Operation: 'addOrderPayment', Status4xx: 1 });
  });

  it('counts a refund that committed as a refund (not a payment), and nothing for one refused', async () => {
    const { id } = await shippedOrder([
      orderLine({ itemId: 'A', sku: 'MET-R', quantity: 2, unitPrice: 1500, tax: 0, discount: 0 }),
    ]);
    const opened = await openReturn(id, [{ itemId: 'A', quantity: 2, reasonCode: 'damaged' }]);
    expect(opened.status, opened.text).toBe(201);
    const rid = opened.body.id as string;
    expect((await act(id, rid, 'approve')).status).toBe(200);
    const received = await act(id, rid, 'receive', {
      lines: [{ itemId: 'A', quantity: 2, disposition: 'damaged' }],
    });
    expect(received.status, received.text).toBe(200);

    const path = `/v1/orders/${id}/returns/${rid}/refund`;
    const refunded = await measured({
      method: 'POST',
      path,
      body: { lines: [{ itemId: 'A', quantity: 1 }] },
    });
    expect(refunded.response.status, refunded.response.text).toBe(200);
    expect(counts(refunded.metrics)).toEqual({ OrdersWritten: 1, RefundsPosted: 1 });

    const tooMany = await measured({ method: 'POST', path, body: { lines: [{ itemId: 'A', quantity: 2 }] } });
    expect(tooMany.response.status).toBe(400);
    expect(counts(tooMany.metrics)).toEqual({});
  });

  it('counts a label bought and a label voided, and nothing for a print or void refused', async () => {
    const warehouse = await seedWarehouse({ originAddress: dockOrigin });
    await stock('MET-L', warehouse.id, 5);
    const id = orderId();
    const created = await call({
      method: 'PUT',
      path: `/v1/orders/${id}`,
      body: orderInput({
        lines: [orderLine({ itemId: 'A', sku: 'MET-L', quantity: 2, weightGrams: 500 })],
        warehouseId: warehouse.id,
        statusId: 'awaiting-shipment',
      }),
      role: 'operator',
    });
    expect(created.status, created.text).toBe(201);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const print = (lines: Array<{ itemId: string; quantity: number }>) =>
      measured({
        method: 'POST',
        path: `/v1/fulfillment/ship-now/${id}/print`,
        body: {
          processorCode: 'parcel',
          serviceCode: 'ground',
          packages: [{ weightGrams: 1000 }],
          shipDate: tomorrow,
          lines,
        },
        role: 'operator',
      });

    const refused = await print([{ itemId: 'A', quantity: 3 }]);
    expect(refused.response.status).toBeGreaterThanOrEqual(400);
    expect(refused.response.status).toBeLessThan(500);
    expect(counts(refused.metrics)).toEqual({});

    const printed = await print([{ itemId: 'A', quantity: 2 }]);
    expect(printed.response.status, printed.response.text).toBe(201);
    expect(printed.metrics).toMatchObject({ Operation: 'printShipNowLabel' });
    expect(counts(printed.metrics)).toEqual({ OrdersWritten: 1, LabelsBought: 1 });

    const voidPath = `/v1/fulfillment/ship-now/void/${printed.response.body.shipment.id}`;
    const voided = await measured({ method: 'DELETE', path: voidPath, role: 'operator' });
    expect(voided.response.status, voided.response.text).toBe(204);
    expect(counts(voided.metrics)).toEqual({ OrdersWritten: 1, LabelsVoided: 1 });

    const again = await measured({ method: 'DELETE', path: voidPath, role: 'operator' });
    expect(again.response.status).toBe(409);
    expect(counts(again.metrics)).toEqual({});
  });

  it('counts an export written, by a request and by a scheduled job, and nothing for one refused', async () => {
    const exported = await measured({
      method: 'POST',
      path: '/v1/orders/shipments/export',
      body: { from: '2026-10-01', to: '2026-10-31' },
      role: 'viewer',
    });
    expect(exported.response.status, exported.response.text).toBe(201);
    expect(counts(exported.metrics)).toEqual({ ExportsWritten: 1 });

    const backwards = await measured({
      method: 'POST',
      path: '/v1/orders/shipments/export',
      body: { from: '2026-10-31', to: '2026-10-01' },
      role: 'viewer',
    });
    expect(backwards.response.status).toBe(400);
    expect(counts(backwards.metrics)).toEqual({});

    written.length = 0;
    await reportJobs({
      schedule: { name: 'metrics-test', report: 'low-stock', query: {}, format: 'excel', cron: '0 5 * * *' },
    });
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ Service: 'commerce-backoffice-test', ExportsWritten: 1 });
    expect(written[0]!._aws.CloudWatchMetrics).toEqual([
      {
        Namespace: 'CommerceBackOffice/test',
        Dimensions: [['Service']],
        Metrics: [{ Name: 'ExportsWritten', Unit: 'Count' }],
      },
    ]);
  });
});

describe('stream consumer metrics', () => {
  const broken = {
    eventID: 'bad',
    eventName: 'INSERT',
    dynamodb: { SequenceNumber: '199', NewImage: { id: { X: 'none' } } },
  };
  const vendorRecord = (sequence: string) => ({
    eventID: `e${sequence}`,
    eventName: 'INSERT',
    dynamodb: {
      ApproximateCreationDateTime: 1_790_000_000,
      SequenceNumber: sequence,
      NewImage: marshall({
        PK: `VENDOR#${sequence}`,
        SK: 'VENDOR',
        entity: 'vendor',
        id: sequence,
        code: `V${sequence}`,
        name: 'Vendor',
        poSourceCount: 0,
        version: 1,
      }),
    },
  });

  it('counts the events published and the records sent to the dead-letter queue', async () => {
    const sent = vi.spyOn(SQSClient.prototype, 'send').mockResolvedValue({} as never);
    // The bus takes the first event and refuses the second (a partial failure).
    vi.spyOn(EventBridgeClient.prototype, 'send').mockResolvedValue({
      FailedEntryCount: 1,
      Entries: [{ EventId: 'ok' }, { ErrorCode: 'InternalFailure', ErrorMessage: 'try again' }],
    } as never);
    written.length = 0;
    const answer = await projector({
      Records: [vendorRecord('101'), vendorRecord('102'), broken],
    } as unknown as DynamoDBStreamEvent);
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: '102' }]);
    expect(sent).toHaveBeenCalledTimes(1);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ EventsPublished: 1, RecordsDeadLettered: 1 });
  });

  it.each([
    ['aggregates', aggregates],
    ['alerts', alerts],
  ])('counts the records the %s consumer sends to the dead-letter queue', async (_name, consumer) => {
    const sent = vi.spyOn(SQSClient.prototype, 'send').mockResolvedValue({} as never);
    written.length = 0;
    await consumer({ Records: [broken] } as unknown as DynamoDBStreamEvent);
    expect(sent).toHaveBeenCalledTimes(1);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ Service: 'commerce-backoffice-test', RecordsDeadLettered: 1 });
  });
});

/** Domain events from stream records: thin, one per operation, never stopping on a record. */
import { marshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { decodeRecords } from '../../shared/events/decode';
import { normaliseImage, toDomainEvent } from '../../shared/events/domain-events';

const record = (eventName: string, next?: Record<string, unknown>, previous?: Record<string, unknown>) => ({
  eventID: 'e1',
  eventName,
  dynamodb: {
    ApproximateCreationDateTime: 1_790_000_000,
    SequenceNumber: '100',
    NewImage: next ? (marshall(next, { removeUndefinedValues: true }) as never) : undefined,
    OldImage: previous ? (marshall(previous, { removeUndefinedValues: true }) as never) : undefined,
  },
});

const vendor = {
  PK: 'VENDOR#1',
  SK: 'VENDOR',
  GSI1PK: 'VENDORS',
  entity: 'vendor',
  id: '1',
  code: 'ACME',
  name: 'Acme',
  poSourceCount: 0,
  version: 1,
};

function order(lines: number, overrides: Record<string, unknown> = {}) {
  return {
    PK: 'ORDER#WS-1',
    SK: 'A#ORDER',
    entity: 'order',
    eventType: 'order.created',
    id: 'WS-1',
    channel: 'webshop',
    statusId: 'awaiting-payment',
    fulfillmentState: 'unshipped',
    currency: 'USD',
    totals: { total: 5000, balance: 5000, paid: 0 },
    allocations: {},
    lines: Array.from({ length: lines }, (_, i) => ({
      itemId: `L${i}`,
      sku: `SKU-${i}`,
      title: 'T'.repeat(300),
      quantity: 1,
      unitPrice: 10,
    })),
    version: 1,
    ...overrides,
  };
}

describe('domain events from stream records', () => {
  it('are thin: type, resource id, version, changed field names and a small summary', () => {
    expect(toDomainEvent(record('INSERT', vendor))).toEqual({
      type: 'vendor.created',
      id: 'e1',
      time: new Date(1_790_000_000_000).toISOString(),
      entity: 'vendor',
      resourceId: '1',
      version: 1,
      changedFields: ['code', 'id', 'name', 'version'],
      summary: { code: 'ACME', name: 'Acme' },
    });
    const renamed = toDomainEvent(record('MODIFY', { ...vendor, name: 'Acme 2', version: 2 }, vendor));
    expect(renamed).toMatchObject({ type: 'vendor.updated', version: 2, changedFields: ['name', 'version'] });
    expect(toDomainEvent(record('REMOVE', undefined, vendor))).toMatchObject({ type: 'vendor.deleted' });
  });

  it('keep a 500-line order under 64 KB, far under EventBridge 256 KB', () => {
    const big = order(500);
    const event = toDomainEvent(record('MODIFY', { ...big, eventType: 'order.updated', version: 2 }, big))!;
    expect(JSON.stringify(event).length).toBeLessThan(64 * 1024);
    expect(JSON.stringify(event).length).toBeLessThan(1024);
    expect(event.summary).toMatchObject({ lineCount: 500, total: 5000, statusId: 'awaiting-payment' });
    expect(event).not.toHaveProperty('data');
  });

  it('publish one event per operation, named by the order header: a payment is only order.paid', () => {
    const before = order(1);
    const paid = {
      ...before,
      eventType: 'order.paid',
      version: 2,
      totals: { total: 5000, balance: 0, paid: 5000 },
    };
    expect(toDomainEvent(record('MODIFY', paid, before))).toMatchObject({
      type: 'order.paid',
      resourceId: 'WS-1',
    });
    const payment = { PK: 'ORDER#WS-1', SK: 'A#PAYMENT#x', id: 'p', amount: 5000, orderId: 'WS-1' };
    const history = { PK: 'ORDER#WS-1', SK: 'H#x', id: 'h', kind: 'payment', orderId: 'WS-1' };
    expect(toDomainEvent(record('INSERT', payment))).toBeUndefined();
    expect(toDomainEvent(record('INSERT', history))).toBeUndefined();
    expect(
      toDomainEvent(record('INSERT', { PK: 'M', SK: 'x', entity: 'stock-movement', id: 'm' })),
    ).toBeUndefined();
    expect(
      toDomainEvent(record('INSERT', { PK: 'W', SK: 'x', entity: 'work-order', id: 'w', status: 'applied' }))
        ?.type,
    ).toBe('work-order.applied');
  });

  it('publish nothing for storage-only items and bookkeeping-only changes', () => {
    expect(toDomainEvent(record('INSERT', { PK: 'VENDOR_CODE#a', SK: 'VENDOR_CODE' }))).toBeUndefined();
    expect(toDomainEvent(record('MODIFY', { ...vendor, poSourceCount: 3 }, vendor))).toBeUndefined();
    const warehouse = { PK: 'WAREHOUSE#1', SK: 'WAREHOUSE', entity: 'warehouse', id: '1', unitsOnHand: 1 };
    expect(
      toDomainEvent(record('MODIFY', { ...warehouse, unitsOnHand: 5, skusHeld: 1 }, warehouse)),
    ).toBeUndefined();
    const counted = { ...warehouse, stockRecordsInUse: 1, skusBackordered: 1, poSourceCount: 2 };
    expect(toDomainEvent(record('MODIFY', counted, warehouse))).toBeUndefined();
    // npm run migrate moving the counters off an inactive warehouse and marking it: no warehouse change.
    const inactive = { ...counted, skusHeld: 3, active: false };
    const {
      unitsOnHand: _u,
      skusHeld: _s,
      stockRecordsInUse: _r,
      skusBackordered: _b,
      poSourceCount: _p,
      ...moved
    } = inactive;
    expect(toDomainEvent(record('MODIFY', { ...moved, countersSharded: true }, inactive))).toBeUndefined();
    const status = { PK: 'STATUS#s', SK: 'STATUS', entity: 'status', id: 's', name: 'VIP' };
    expect(
      toDomainEvent(
        record('MODIFY', { ...status, deletingUntil: '2026-11-22T10:00:00Z', deleteToken: 't' }, status),
      ),
    ).toBeUndefined();
  });

  it('read the empty maps DynamoDB Local writes as {}, nested too', () => {
    const local = {
      entity: { S: 'order' },
      id: { S: 'WS-2' },
      allocations: {},
      totals: { M: { extra: {} } },
      lines: { L: [{ M: { notes: {} } }] },
    };
    expect(normaliseImage(local)).toEqual({
      entity: { S: 'order' },
      id: { S: 'WS-2' },
      allocations: { M: {} },
      totals: { M: { extra: { M: {} } } },
      lines: { L: [{ M: { notes: { M: {} } } }] },
    });
    const event = toDomainEvent({
      eventID: 'e2',
      eventName: 'INSERT',
      dynamodb: { NewImage: local as never },
    });
    expect(event).toMatchObject({ type: 'order.created', resourceId: 'WS-2' });
  });

  it('set an unreadable record aside with its reason and go on with the rest', () => {
    const broken = {
      eventID: 'bad',
      eventName: 'INSERT',
      dynamodb: { NewImage: { id: { X: 'no such type' } } as never },
    };
    const noImage = { eventID: 'empty', eventName: 'MODIFY', dynamodb: {} };
    const decoded = decodeRecords([broken, noImage, record('INSERT', vendor)]);
    expect(decoded.undecodable.map((entry) => entry.record.eventID)).toEqual(['bad', 'empty']);
    expect(decoded.undecodable[1]!.reason).toContain('without an item image');
    expect(decoded.events.map((entry) => entry.event.type)).toEqual(['vendor.created']);
  });

  it('publish a manifest when it closes, not when a print opens it nor for each print it counts', () => {
    const manifest = {
      PK: 'MANIFEST#M1',
      SK: 'MANIFEST',
      entity: 'manifest',
      id: 'M1',
      processorCode: 'parcel',
      status: 'open',
      shipments: 1,
      version: 1,
    };
    expect(toDomainEvent(record('INSERT', manifest))).toBeUndefined();
    const joined = { ...manifest, shipments: 2, version: 2 };
    expect(toDomainEvent(record('MODIFY', joined, manifest))).toBeUndefined();
    const closing = { ...joined, status: 'closing', version: 3 };
    expect(toDomainEvent(record('MODIFY', closing, joined))).toBeUndefined();
    const closed = { ...closing, status: 'closed', pickupReference: 'PU-1', version: 4 };
    expect(toDomainEvent(record('MODIFY', closed, closing))).toMatchObject({
      type: 'manifest.closed',
      summary: { status: 'closed', shipments: 2, pickupReference: 'PU-1' },
    });
  });

  it('publish a return under the name of its transition, its delete as return.deleted, and nothing for its replacement shipment', () => {
    const ret = {
      PK: 'ORDER#WS-1',
      SK: 'R#01ARZ3NDEKTSV4RRFFQ69G5FAV',
      entity: 'order-return',
      id: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
      orderId: 'WS-1',
      state: 'requested',
      lines: [{ itemId: 'A', quantity: 1 }],
      version: 1,
      eventType: 'return.requested',
    };
    expect(toDomainEvent(record('INSERT', ret))).toMatchObject({
      type: 'return.requested',
      resourceId: ret.id,
      summary: { orderId: 'WS-1', state: 'requested' },
    });
    const refunded = { ...ret, state: 'refunded', version: 4, eventType: 'return.refunded' };
    expect(
      toDomainEvent(record('MODIFY', refunded, { ...ret, state: 'received', version: 3 })),
    ).toMatchObject({
      type: 'return.refunded',
      changedFields: ['state', 'version'],
    });
    expect(toDomainEvent(record('REMOVE', undefined, ret))).toMatchObject({ type: 'return.deleted' });
    const replacement = {
      PK: 'ORDER#WS-1',
      SK: 'S#01ARZ3NDEKTSV4RRFFQ69G5FAW',
      entity: 'shipment',
      id: '01ARZ3NDEKTSV4RRFFQ69G5FAW',
      orderId: 'WS-1',
      source: 'replacement',
      status: 'active',
      version: 1,
    };
    expect(toDomainEvent(record('INSERT', replacement))).toBeUndefined();
    expect(toDomainEvent(record('INSERT', { ...replacement, source: 'manual' }))).toMatchObject({
      type: 'shipment.created',
    });
  });

  it('a voided label’s event carries why it was voided', () => {
    const label = {
      PK: 'ORDER#WS-1',
      SK: 'S#01ARZ3NDEKTSV4RRFFQ69G5FAX',
      entity: 'shipment',
      id: '01ARZ3NDEKTSV4RRFFQ69G5FAX',
      orderId: 'WS-1',
      source: 'label',
      status: 'active',
      version: 1,
    };
    const voided = {
      ...label,
      status: 'voided',
      voidReasonCode: 'address_change',
      voidNote: 'Customer moved',
      version: 2,
    };
    expect(toDomainEvent(record('MODIFY', voided, label))).toMatchObject({
      type: 'shipment.voided',
      resourceId: label.id,
      changedFields: expect.arrayContaining(['status', 'voidReasonCode', 'voidNote']),
      summary: { status: 'voided', voidReasonCode: 'address_change', voidNote: 'Customer moved' },
    });
  });
});

describe('taxonomy events', () => {
  const template = {
    PK: 'TAXTEMPLATE#T1',
    SK: 'TAXTEMPLATE',
    entity: 'taxonomy-template',
    id: 'T1',
    name: 'Google apparel',
    channel: 'google',
    categories: [],
    attributes: [],
    listingCount: 3,
    version: 2,
  };
  const listing = {
    PK: 'LISTING#google',
    SK: 'SKU#A-1',
    entity: 'channel-listing',
    id: 'google:A-1',
    channel: 'google',
    sku: 'A-1',
    templateId: 'T1',
    templateVersion: 2,
    attributes: [{ name: '__proto__', value: 'kept' }],
    revision: 1,
  };

  it('an apply moving a template’s listing count publishes nothing for the template', () => {
    expect(toDomainEvent(record('MODIFY', { ...template, listingCount: 4 }, template))).toBeUndefined();
  });

  it('a template edit, a listing and a mapping publish thin events named after the entity', () => {
    expect(
      toDomainEvent(record('MODIFY', { ...template, name: 'Renamed', version: 3 }, template)),
    ).toMatchObject({
      type: 'taxonomy-template.updated',
      resourceId: 'T1',
      changedFields: ['name', 'version'],
      summary: { name: 'Renamed', channel: 'google' },
    });
    expect(toDomainEvent(record('INSERT', listing))).toMatchObject({
      type: 'channel-listing.created',
      resourceId: 'google:A-1',
      summary: { channel: 'google', sku: 'A-1', templateId: 'T1', templateVersion: 2 },
    });
    const mapping = {
      PK: 'TAXMAP#google',
      SK: 'apparel>',
      entity: 'taxonomy-mapping',
      id: 'M1',
      channel: 'google',
      internalPath: 'Apparel',
      status: 'mapped',
      version: 1,
    };
    expect(
      toDomainEvent(record('MODIFY', { ...mapping, status: 'retired', version: 2 }, mapping)),
    ).toMatchObject({
      type: 'taxonomy-mapping.updated',
      summary: { channel: 'google', internalPath: 'Apparel', status: 'retired' },
    });
  });

  it('unmapped-category rows and loaded channel categories carry no entity: no event', () => {
    const row = { PK: 'TAXSEEN#google', SK: 'toys>', channel: 'google', internalPath: 'Toys' };
    expect(toDomainEvent(record('INSERT', row))).toBeUndefined();
    const category = {
      PK: 'TAXONOMY#google',
      SK: 'CAT#1',
      channel: 'google',
      id: '1',
      path: 'A',
      retired: false,
    };
    expect(toDomainEvent(record('INSERT', category))).toBeUndefined();
  });
});

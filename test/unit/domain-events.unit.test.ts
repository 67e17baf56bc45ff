import { marshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { toDomainEvent } from '../../shared/events/domain-events';

const record = (eventName: string, next?: Record<string, unknown>, previous?: Record<string, unknown>) => ({
  eventID: 'e1',
  eventName,
  dynamodb: {
    ApproximateCreationDateTime: 1_790_000_000,
    NewImage: next ? (marshall(next) as never) : undefined,
    OldImage: previous ? (marshall(previous) as never) : undefined,
  },
});

describe('domain events from stream records', () => {
  const vendor = {
    PK: 'VENDOR#1',
    SK: 'VENDOR',
    GSI1PK: 'VENDORS',
    entity: 'vendor',
    id: '1',
    name: 'Acme',
    version: 1,
  };

  it('names events after the entity and the change, without storage attributes', () => {
    expect(toDomainEvent(record('INSERT', vendor))).toMatchObject({
      type: 'vendor.created',
      id: 'e1',
      resourceId: '1',
      data: { id: '1', name: 'Acme', version: 1 },
    });
    expect(toDomainEvent(record('MODIFY', { ...vendor, name: 'Acme 2' }, vendor))?.type).toBe(
      'vendor.updated',
    );
    expect(toDomainEvent(record('REMOVE', undefined, vendor))).toMatchObject({
      type: 'vendor.deleted',
      data: undefined,
    });
  });

  it('publishes nothing for storage-only items and bookkeeping-only changes', () => {
    expect(toDomainEvent(record('INSERT', { PK: 'VENDOR_CODE#a', SK: 'VENDOR_CODE' }))).toBeUndefined();
    const warehouse = { PK: 'WAREHOUSE#1', SK: 'WAREHOUSE', entity: 'warehouse', id: '1', unitsOnHand: 1 };
    expect(
      toDomainEvent(record('MODIFY', { ...warehouse, unitsOnHand: 5, skusHeld: 1 }, warehouse)),
    ).toBeUndefined();
  });

  it('uses the domain names of movements, work orders and order history', () => {
    expect(
      toDomainEvent(record('INSERT', { PK: 'M', SK: 'x', entity: 'stock-movement', id: 'm' }))?.type,
    ).toBe('stock.moved');
    expect(
      toDomainEvent(record('INSERT', { PK: 'W', SK: 'x', entity: 'work-order', status: 'applied' }))?.type,
    ).toBe('work-order.applied');
    expect(
      toDomainEvent(record('INSERT', { PK: 'O', SK: 'H#', entity: 'order-history', event: 'order.paid' }))
        ?.type,
    ).toBe('order.paid');
    expect(
      toDomainEvent(record('INSERT', { PK: 'O', SK: 'H#', entity: 'order-history', kind: 'edit' })),
    ).toBeUndefined();
  });
});

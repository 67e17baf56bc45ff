/**
 * Domain events from the table's stream: one event per committed change to an item that carries an
 * `entity`, so events exist if and only if the write committed. Storage-only items (markers,
 * idempotency records) carry no entity and publish nothing.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { withoutStorageAttributes } from '../db/keys';

export interface StreamRecord {
  eventID?: string;
  eventName?: 'INSERT' | 'MODIFY' | 'REMOVE' | string;
  dynamodb?: {
    ApproximateCreationDateTime?: number | Date;
    NewImage?: Record<string, AttributeValue>;
    OldImage?: Record<string, AttributeValue>;
    SequenceNumber?: string;
  };
}

export interface DomainEvent {
  /** `vendor.created`, `po-source.deleted`, ... */
  type: string;
  /** The stream record's id: consumers de-duplicate on it. */
  id: string;
  time: string;
  entity: string;
  resourceId: string | undefined;
  data: Record<string, unknown> | undefined;
  previous: Record<string, unknown> | undefined;
}

const verbs: Record<string, string> = { INSERT: 'created', MODIFY: 'updated', REMOVE: 'deleted' };

/** Entities whose events are not named `<entity>.<verb>`. */
const customNames: Record<string, (verb: string, item: Record<string, unknown>) => string | undefined> = {
  // History entries publish only the event they name (order.paid, order.line.cancelled, ...).
  'order-history': (verb, item) =>
    verb === 'created' && typeof item.event === 'string' ? item.event : undefined,
  'stock-movement': () => 'stock.moved',
  'work-order': (verb, item) =>
    verb === 'created' && item.status === 'applied' ? 'work-order.applied' : `work-order.${verb}`,
};

/**
 * Bookkeeping attributes other writes keep on an item (stock counters on a warehouse, a rule's period
 * list): a change of only these is not a change of the resource, so it publishes nothing.
 */
const bookkeepingAttributes = new Set([
  'unitsOnHand',
  'skusHeld',
  'stockRuleCount',
  'warehouseCount',
  'periodIds',
  'periodsVersion',
]);

function withoutBookkeeping(item: Record<string, unknown>): string {
  return JSON.stringify(
    Object.entries(item)
      .filter(([name]) => !bookkeepingAttributes.has(name))
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

function image(value: Record<string, AttributeValue> | undefined): Record<string, unknown> | undefined {
  return value ? unmarshall(value as never) : undefined;
}

function timeOf(record: StreamRecord): string {
  const value = record.dynamodb?.ApproximateCreationDateTime;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return new Date(value * 1000).toISOString();
  return new Date().toISOString();
}

export function toDomainEvent(record: StreamRecord): DomainEvent | undefined {
  const verb = verbs[record.eventName ?? ''];
  if (!verb) return undefined;
  const next = image(record.dynamodb?.NewImage);
  const previous = image(record.dynamodb?.OldImage);
  const entity = (next?.entity ?? previous?.entity) as string | undefined;
  if (!entity) return undefined;
  if (verb === 'updated' && next && previous && withoutBookkeeping(next) === withoutBookkeeping(previous))
    return undefined;
  const current = next ?? previous!;
  const custom = customNames[entity];
  const type = custom ? custom(verb, current) : `${entity}.${verb}`;
  if (!type) return undefined;
  return {
    type,
    id: record.eventID ?? record.dynamodb?.SequenceNumber ?? `${entity}-${Date.now()}`,
    time: timeOf(record),
    entity,
    resourceId: typeof current.id === 'string' ? current.id : undefined,
    data: next ? withoutStorageAttributes(next) : undefined,
    previous: previous ? withoutStorageAttributes(previous) : undefined,
  };
}

export const eventSource = 'commerce.backoffice';

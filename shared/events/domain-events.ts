/**
 * Domain events from the table's stream: one event per operation, so events exist if and only if the
 * write committed. Events are thin (DESIGN §3): type, the resource's id and version, the names of the
 * fields that changed and a small summary; never item images, so even a 500-line order's event stays a
 * few hundred bytes. Only resource items carry an `entity`; of those, the ones another item of the same
 * operation speaks for (stock movements: the work order or the order does) publish nothing, and a
 * change of bookkeeping attributes only (counters, markers, delete locks) publishes nothing.
 */
import { isDeepStrictEqual } from 'node:util';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { storageAttributes } from '../db/keys';
import { changeTime } from './event-time';

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
  /** `vendor.created`, `order.paid`, ... */
  type: string;
  /** The stream record's id: consumers de-duplicate on it. */
  id: string;
  time: string;
  entity: string;
  /** The resource the event names (the order for order.paid). */
  resourceId: string | undefined;
  version: number | undefined;
  /** Names of the top-level fields that changed (every field for a created or deleted resource). */
  changedFields: string[];
  /** A few identifying fields of the resource, never its lines or other lists. */
  summary: Record<string, unknown>;
}

/** A stream record that cannot be read: it goes to the dead-letter queue (file locally) with the reason. */
export class UndecodableRecord extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'UndecodableRecord';
  }
}

const verbs: Record<string, string> = { INSERT: 'created', MODIFY: 'updated', REMOVE: 'deleted' };

/** Entities another item of the same operation speaks for: they publish nothing. */
const silentEntities = new Set(['stock-movement', 'order-history']);

/**
 * Attributes other writes keep on a resource item as bookkeeping (written by UpdateExpressions beside
 * the resource): a vendor's source count, a warehouse's stock counters, a rule's period list, delete
 * locks, the operation's event name. A change of only these is not a change of the resource.
 */
const bookkeepingAttributes = new Set<string>([
  ...storageAttributes,
  'eventType',
  'poSourceCount',
  'unitsOnHand',
  'skusHeld',
  'stockRecordsInUse',
  'skusBackordered',
  'stockRuleCount',
  'alertRuleCount',
  'seasonalFactorCount',
  'warehouseCount',
  'stockRecordCount',
  // A warehouse whose counter shards `npm run migrate` flagged inactive (shared/db/migrations/warehouses.ts).
  'countersSharded',
  'periodIds',
  'periodsVersion',
  'deletingUntil',
  'deleteToken',
  // How many channel listings a template made last: moved by applies.
  'listingCount',
  // A shipment's tracking, refreshed from its carrier when someone reads it.
  'trackingStatus',
  'trackingEvents',
]);

/** What a summary keeps of each entity; other entities keep the generic picks. */
const summaryFields: Record<string, readonly string[]> = {
  order: ['channel', 'statusId', 'fulfillmentState', 'currency', 'warehouseId'],
  vendor: ['code', 'name', 'active'],
  warehouse: ['code', 'name', 'active'],
  'work-order': ['warehouseId', 'reason', 'status'],
  shipment: [
    'orderId',
    'source',
    'carrier',
    'service',
    'trackingNumber',
    'warehouseId',
    'shipDate',
    'status',
    'voidReasonCode',
    'voidNote',
  ],
  'order-note': ['orderId', 'author'],
  'order-return': ['orderId', 'state'],
  export: ['kind', 'status', 'format', 'rowCount', 'fileName', 'key', 'schedule', 'error'],
  'stock-alert': ['ruleId', 'ruleName', 'sku', 'warehouseId', 'state', 'lowSince', 'suggestedQuantity'],
  'taxonomy-mapping': ['channel', 'internalPath', 'status', 'verified'],
  'channel-attribute': ['channel', 'name', 'type', 'required'],
  'taxonomy-template': ['name', 'channel'],
  'channel-listing': ['channel', 'sku', 'templateId', 'templateVersion'],
  manifest: ['processorCode', 'carrier', 'warehouseId', 'shipDate', 'status', 'shipments', 'pickupReference'],
};
const genericSummaryFields = ['code', 'name', 'sku', 'status', 'warehouseId', 'vendorId', 'ruleId'];

/**
 * DynamoDB Local writes an empty map as `{}` instead of `{"M":{}}` (and the same nested): an attribute
 * value with no type key is an empty map.
 */
export function normaliseImage(image: Record<string, unknown>): Record<string, AttributeValue> {
  const value = (attribute: unknown): unknown => {
    if (!attribute || typeof attribute !== 'object') return attribute;
    const entries = Object.entries(attribute as Record<string, unknown>);
    if (entries.length === 0) return { M: {} };
    const [[type, inner]] = entries as [[string, unknown]];
    if (type === 'M' && inner && typeof inner === 'object') {
      return { M: Object.fromEntries(Object.entries(inner).map(([k, v]) => [k, value(v)])) };
    }
    if (type === 'L' && Array.isArray(inner)) return { L: inner.map(value) };
    return attribute;
  };
  return Object.fromEntries(Object.entries(image).map(([k, v]) => [k, value(v)])) as Record<
    string,
    AttributeValue
  >;
}

/** A stream record's item images, read (UndecodableRecord when one cannot be). */
export function streamImages(record: StreamRecord): {
  old?: Record<string, unknown>;
  new?: Record<string, unknown>;
} {
  const next = image(record.dynamodb?.NewImage);
  const previous = image(record.dynamodb?.OldImage);
  return { ...(previous ? { old: previous } : {}), ...(next ? { new: next } : {}) };
}

function image(value: Record<string, AttributeValue> | undefined): Record<string, unknown> | undefined {
  if (!value) return undefined;
  try {
    return unmarshall(normaliseImage(value) as never) as Record<string, unknown>;
  } catch (error) {
    throw new UndecodableRecord(`the item image cannot be read: ${(error as Error).message}`);
  }
}

function resourceFields(item: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).filter(([name]) => !bookkeepingAttributes.has(name)));
}

function changedFields(
  next: Record<string, unknown> | undefined,
  previous: Record<string, unknown> | undefined,
): string[] {
  const after = next ? resourceFields(next) : {};
  const before = previous ? resourceFields(previous) : {};
  const names = new Set([...Object.keys(after), ...Object.keys(before)]);
  return [...names].filter((name) => !isDeepStrictEqual(after[name], before[name])).sort();
}

function summaryOf(entity: string, item: Record<string, unknown>): Record<string, unknown> {
  const summary: Record<string, unknown> = {};
  for (const field of summaryFields[entity] ?? genericSummaryFields) {
    const value = item[field];
    if (value !== undefined && (typeof value !== 'object' || value === null)) summary[field] = value;
  }
  if (entity === 'order') {
    const totals = item.totals as { total?: unknown; balance?: unknown } | undefined;
    if (totals) Object.assign(summary, { total: totals.total, balance: totals.balance });
    if (Array.isArray(item.lines)) summary.lineCount = item.lines.length;
  }
  if (entity === 'work-order' && Array.isArray(item.lines)) summary.lineCount = item.lines.length;
  // The numbers that made the alert (a few dozen scalars, well under a kilobyte): what a reader acts on.
  if (entity === 'stock-alert' && item.explanation && typeof item.explanation === 'object') {
    summary.explanation = item.explanation;
  }
  return summary;
}

/**
 * An order written beside another resource of the same operation (a shipment, a note) carries this
 * event name: that resource's item speaks for the operation, the order's write publishes nothing.
 */
export const spokenForElsewhere = 'none';

/** Entities whose events are named after what happened rather than `<entity>.<verb>`. */
const namedEvents: Record<string, Partial<Record<string, string>>> = {
  shipment: { created: 'shipment.created', deleted: 'shipment.removed' },
  'order-note': { created: 'order.note.added', deleted: 'order.note.deleted' },
};

function eventTypeOf(
  entity: string,
  verb: string,
  current: Record<string, unknown>,
  previous: Record<string, unknown> | undefined,
): string | undefined {
  if (entity === 'order' && verb !== 'deleted' && typeof current.eventType === 'string') {
    return current.eventType === spokenForElsewhere ? undefined : current.eventType;
  }
  // A return names its transition (return.requested, return.refunded, ...); a delete is return.deleted.
  if (entity === 'order-return') {
    if (verb === 'deleted') return 'return.deleted';
    return typeof current.eventType === 'string' ? current.eventType : undefined;
  }
  // A return's replacement shipment: the return's return.resent speaks for the operation.
  if (entity === 'shipment' && current.source === 'replacement' && verb !== 'deleted') return undefined;
  if (entity === 'work-order' && verb === 'created' && current.status === 'applied')
    return 'work-order.applied';
  if (
    entity === 'shipment' &&
    verb === 'updated' &&
    current.status === 'voided' &&
    previous?.status !== 'voided'
  )
    return 'shipment.voided';
  // A manifest speaks when it is closed (the close operation's one event); the print that opens it and
  // the prints and voids that move its counts publish their shipment's event only.
  if (entity === 'manifest') {
    return verb === 'updated' && current.status === 'closed' && previous?.status !== 'closed'
      ? 'manifest.closed'
      : undefined;
  }
  // An alert standing speaks only when it crosses: stock.low or stock.recovered, written as its eventType.
  if (entity === 'stock-alert') {
    if (verb === 'deleted') return undefined;
    return current.eventType === 'stock.low' || current.eventType === 'stock.recovered'
      ? current.eventType
      : undefined;
  }
  // An export speaks when its file is there (export.ready) or will never be (export.failed).
  if (entity === 'export') {
    if (current.status === previous?.status) return undefined;
    if (current.status === 'ready') return 'export.ready';
    if (current.status === 'failed') return 'export.failed';
    return undefined;
  }
  return namedEvents[entity]?.[verb] ?? `${entity}.${verb}`;
}

/** The event of a stream record, undefined when it publishes none; UndecodableRecord when unreadable. */
export function toDomainEvent(record: StreamRecord): DomainEvent | undefined {
  const verb = verbs[record.eventName ?? ''];
  if (!verb) return undefined;
  const next = image(record.dynamodb?.NewImage);
  const previous = image(record.dynamodb?.OldImage);
  const current = next ?? previous;
  if (!current) throw new UndecodableRecord(`a ${record.eventName} record without an item image`);
  const entity = current.entity;
  if (typeof entity !== 'string' || silentEntities.has(entity)) return undefined;
  const changed = changedFields(next, previous);
  if (verb === 'updated' && changed.length === 0) return undefined;
  const type = eventTypeOf(entity, verb, current, previous);
  if (type === undefined) return undefined;
  return {
    type,
    id: record.eventID ?? record.dynamodb?.SequenceNumber ?? `${entity}-${Date.now()}`,
    time: changeTime(record.dynamodb?.ApproximateCreationDateTime, next, previous),
    entity,
    resourceId: typeof current.id === 'string' ? current.id : undefined,
    version: typeof current.version === 'number' ? current.version : undefined,
    changedFields: changed,
    summary: summaryOf(entity, current),
  };
}

export const eventSource = 'commerce.backoffice';

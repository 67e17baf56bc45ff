/**
 * What each group's function may do to the table and the exports bucket, declared once so every grant
 * is a decision. A group missing here fails the synth: adding a group to the catalogue means saying
 * what it needs.
 *
 * Reads (GetItem, BatchGetItem, Query, ConditionCheckItem) reach the table and its indexes without a key
 * condition: groups read each other's items by design (orders read warehouses, stock and statuses), a
 * Query on an index names only that index's partition key, and a read changes nothing. Writes are where
 * a wrong grant does harm, so each write action is allowed only on the partition-key patterns the group
 * writes (`dynamodb:LeadingKeys`, `ForAllValues:StringLike`: every key of the request must match, which
 * holds for a transaction's items and a batch's requests alike). Each group also writes the idempotency
 * records of its own POST operations and no one else's (`IDEMPOTENCY#<subject>#<operationId>#<key>`).
 *
 * The int tests record every table command each group's handler sends and fail on one outside this
 * declaration (test/support/access-recorder.ts), since DynamoDB Local enforces no IAM.
 */
import type { GroupCatalogue } from '../shared/http/catalogue';
import { flattenCatalogue } from '../shared/http/catalogue';

export type ReadAction = 'GetItem' | 'BatchGetItem' | 'Query' | 'ConditionCheckItem';
export type WriteAction = 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'BatchWriteItem';
export const writeActions: readonly WriteAction[] = ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'];

export interface GroupAccess {
  reads: readonly ReadAction[];
  /** Each write action and the partition keys it may name, as IAM StringLike patterns (`ORDER#*`, `SETTINGS`). */
  writes: Readonly<Partial<Record<WriteAction, readonly string[]>>>;
  /** Key prefixes in the exports bucket the group may put and get (presigned GETs are signed by its role). */
  filePrefixes?: readonly string[];
}

/** An idempotency record's claim, completion and release: the kernel's writes (shared/http/idempotency.ts). */
export const idempotencyWriteActions: readonly WriteAction[] = ['PutItem', 'UpdateItem', 'DeleteItem'];

// The writers several groups share, named once. Everything here was read from the code and confirmed
// by recording what each group's int tests send (test/support/access-recorder.ts).
/**
 * shared/stock: the stock record and its movement (a ledger change is one transaction of both; movements
 * in their SKU's shards, `MOVEMENTS@<n>#SKU#…`, those before sharding only read until `npm run migrate`
 * moves them), and the staged change's intent item when a change needs more than one transaction (an
 * order of many SKUs: put when staged, updated when confirmed or abandoned; shared/stock/staged.ts).
 */
const stockLedger = ['STOCK#*', 'MOVEMENTS@*', 'STOCKCHANGE#*'];
const stagedStockChange = ['STOCKCHANGE#*'];
/**
 * shared/warehouses/counters.ts: a warehouse's counter shards, added to by the ledger's and the sources'
 * writes, flagged and tombstoned by the warehouse's edits and delete.
 */
const warehouseCounterShards = ['WHCOUNT@*'];
/** shared/shipments through the order writer: the order partition (header, history) and the shipment. */
const shipmentWriter = ['ORDER#*', 'SHIPMENT#*'];
/**
 * shared/shipments' per-day and per-month totals (in their shards, `SHIPTOTALS@<n>#…`; the cells before
 * sharding are only read until `npm run migrate` moves them). The warehouse counters other writers keep
 * are on the warehouse's counter shards (`warehouseCounterShards`), no longer on the warehouse item.
 */
const shipmentCounters = ['SHIPTOTALS@*'];
const allReads: readonly ReadAction[] = ['GetItem', 'BatchGetItem', 'Query'];
/**
 * For the groups whose transactions check an item they do not change: the stock ledger's warehouse
 * checks, the order writer's status check, a listing's mapping, a staged stock change.
 */
const readsAndChecks: readonly ReadAction[] = [...allReads, 'ConditionCheckItem'];

export const groupAccess: Readonly<Record<string, GroupAccess>> = {
  vendors: {
    reads: allReads,
    writes: {
      PutItem: ['VENDOR#*', 'VENDOR_CODE#*', 'POSOURCE#*', 'POSOURCE_UNIQ#*'],
      // A source counts on its receiving warehouse's counter shard (shared/warehouses/counters.ts).
      UpdateItem: ['VENDOR#*', ...warehouseCounterShards],
      DeleteItem: ['VENDOR#*', 'VENDOR_CODE#*', 'POSOURCE#*', 'POSOURCE_UNIQ#*'],
    },
  },
  orders: {
    reads: readsAndChecks,
    writes: {
      PutItem: [
        'ORDER#*',
        'STATUS#*',
        'STATUS_NAME#*',
        'COLVIEW#*',
        'AUTORULE#*',
        'WORKORDER#*',
        ...stockLedger,
      ],
      UpdateItem: [
        'STATUS#*',
        'COLVIEWS_COUNT#*',
        'AUTORULE#*',
        'WAREHOUSE#*',
        ...stagedStockChange,
        ...warehouseCounterShards,
      ],
      DeleteItem: ['STATUS#*', 'STATUS_NAME#*', 'COLVIEW#*'],
    },
  },
  'order-activity': {
    reads: readsAndChecks,
    writes: {
      // EXPORT#: the shipments export's record.
      PutItem: [...shipmentWriter, ...stockLedger, 'EXPORT#*'],
      UpdateItem: [...shipmentCounters, ...stagedStockChange, ...warehouseCounterShards],
      // Notes (under ORDER#) and manual shipments are removed.
      DeleteItem: shipmentWriter,
    },
    filePrefixes: ['exports/'],
  },
  fulfillment: {
    reads: readsAndChecks,
    writes: {
      // SETTINGS: the forms' settings (SK FORM#<type>).
      PutItem: [...shipmentWriter, ...stockLedger, 'MANIFEST#*', 'OPENMANIFEST#*', 'CHANNEL#*', 'SETTINGS'],
      // LABELPURCHASE: labels voided for a print's Idempotency-Key (labels/purchase-record.ts).
      UpdateItem: [
        ...shipmentCounters,
        'MANIFEST#*',
        'LABELPURCHASE#*',
        ...stagedStockChange,
        ...warehouseCounterShards,
      ],
      DeleteItem: ['MANIFEST#*', 'OPENMANIFEST#*'],
    },
    filePrefixes: ['labels/', 'manifests/'],
  },
  returns: {
    reads: readsAndChecks,
    writes: {
      PutItem: [...shipmentWriter, ...stockLedger],
      UpdateItem: [...shipmentCounters, ...stagedStockChange, ...warehouseCounterShards],
      DeleteItem: ['ORDER#*'],
    },
  },
  inventory: {
    reads: allReads,
    writes: {
      // SETTINGS: the alert settings (SK INVENTORY_ALERTS). WAREHOUSE_DELETED: a deleted warehouse's
      // record, put by its delete and never removed (reports of its history still know it).
      PutItem: [
        'WAREHOUSE#*',
        'WAREHOUSE_CODE#*',
        'WAREHOUSE_DEFAULT',
        'WAREHOUSE_DELETED#*',
        'STOCKRULE#*',
        'STOCKRULE_UNIQ#*',
        'RULEPERIOD#*',
        'SETTINGS',
      ],
      UpdateItem: ['WAREHOUSE#*', 'WAREHOUSE_DEFAULT', 'STOCKRULE#*', ...warehouseCounterShards],
      DeleteItem: [
        'WAREHOUSE#*',
        'WAREHOUSE_CODE#*',
        'WAREHOUSE_DEFAULT',
        'STOCKRULE#*',
        'STOCKRULE_UNIQ#*',
        'RULEPERIOD#*',
      ],
    },
  },
  'inventory-alerts': {
    reads: allReads,
    writes: {
      PutItem: ['ALERTRULE#*', 'SEASONALFACTOR#*', 'RULELIST#*', 'RULELIST_NAME#*'],
      // Rules and factors are replaced whole (Put); they count on the lists and warehouses they name.
      UpdateItem: ['RULELIST#*', 'WAREHOUSE#*'],
      DeleteItem: ['ALERTRULE#*', 'SEASONALFACTOR#*', 'RULELIST#*', 'RULELIST_NAME#*'],
      // A list's SKUs in batches; a deleted rule's standings.
      BatchWriteItem: ['RULELIST#*', 'ALERTSTATE#*'],
    },
  },
  taxonomy: {
    reads: readsAndChecks,
    writes: {
      PutItem: ['TAXMAP#*', 'TAXATTR#*', 'TAXSEEN#*', 'TAXTEMPLATE#*', 'TAXTEMPLATE_NAME#*', 'LISTING#*'],
      UpdateItem: ['TAXCHANNEL#*', 'TAXTEMPLATE#*'],
      DeleteItem: ['TAXATTR#*', 'TAXSEEN#*', 'TAXTEMPLATE#*', 'TAXTEMPLATE_NAME#*'],
    },
  },
  // Read-only but for its idempotency records and the export records its POSTs create (an export too
  // long for the request is handed to the report jobs through its record).
  reports: {
    reads: allReads,
    writes: { PutItem: ['EXPORT#*'] },
    filePrefixes: ['exports/'],
  },
};

/**
 * The stream consumers' and report jobs' table access, in the same terms (their constructs grant it).
 * Each writes only what it keeps: aggregate cells and record markers, alert standings, export records.
 */
export const consumerAccess = {
  aggregates: {
    // The generation pointer, to count into the generation the reports read.
    reads: ['GetItem'],
    writes: { PutItem: ['AGGREC#*'], UpdateItem: ['AGG#*'] },
  },
  alerts: {
    reads: ['GetItem', 'BatchGetItem', 'Query'],
    writes: {
      PutItem: ['ALERTSTATE#*'],
      DeleteItem: ['ALERTSTATE#*'],
      BatchWriteItem: ['ALERTSTATE#*'],
    },
  },
  reportJobs: {
    reads: ['GetItem', 'BatchGetItem', 'Query'],
    writes: { PutItem: ['EXPORT#*'], UpdateItem: ['EXPORT#*'] },
  },
} as const satisfies Record<string, GroupAccess>;

/** The grants one function gets: its reads, and each write action with its key patterns. */
export function tableGrantOf(
  access: GroupAccess,
  idempotencyPatterns: readonly string[] = [],
): { reads: readonly string[]; writes: Array<readonly [string, readonly string[]]> } {
  return {
    reads: access.reads,
    writes: writeActions
      .map((action) => {
        const own = idempotencyWriteActions.includes(action) ? idempotencyPatterns : [];
        return [action, [...(access.writes[action] ?? []), ...own]] as const;
      })
      .filter(([, patterns]) => patterns.length > 0),
  };
}

export function accessOf(group: string): GroupAccess {
  const access = groupAccess[group];
  if (!access) {
    throw new Error(
      `Group "${group}" has no entry in infra/group-access.ts: declare its table and file access.`,
    );
  }
  return access;
}

/** The idempotency records a group writes: those of its own POST operations. */
export function idempotencyKeyPatterns(catalogue: GroupCatalogue): string[] {
  return flattenCatalogue([catalogue])
    .filter((definition) => definition.method === 'POST')
    .map((definition) => `IDEMPOTENCY#*#${encodeURIComponent(definition.operationId)}#*`);
}

/** IAM's StringLike: `*` any run of characters, `?` any one, everything else literal. */
export function stringLike(pattern: string, value: string): boolean {
  const source = [...pattern]
    .map((char) => (char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`, 's').test(value);
}

/**
 * Whether grants allow one item action on one partition key, as IAM would decide it: a read by its
 * action alone, a write by its action and the key's match against that action's patterns (and the
 * function's own idempotency records, for the kernel's writes).
 */
export function accessAllows(
  access: GroupAccess,
  idempotencyPatterns: readonly string[],
  action: string,
  partitionKey: string | undefined,
): boolean {
  if ((access.reads as readonly string[]).includes(action)) return true;
  if (!(writeActions as readonly string[]).includes(action) || partitionKey === undefined) return false;
  const patterns = [
    ...(access.writes[action as WriteAction] ?? []),
    ...(idempotencyWriteActions.includes(action as WriteAction) ? idempotencyPatterns : []),
  ];
  return patterns.some((pattern) => stringLike(pattern, partitionKey));
}

/** Whether a group's grants allow one item action on one partition key (its own idempotency records included). */
export function allows(catalogue: GroupCatalogue, action: string, partitionKey: string | undefined): boolean {
  return accessAllows(accessOf(catalogue.group), idempotencyKeyPatterns(catalogue), action, partitionKey);
}

/**
 * What a stream batch asks of the alert evaluation: every input of an assessment that changed. Stock
 * records (each image, in order: two crossings in one batch are two crossings), alert rules, the
 * settings, and what a suggestion reads besides: vendors and their purchase-order sources, seasonal
 * factors, stock rules (a rule period's write updates its stock rule's item in the same transaction, so
 * the stock rule's record speaks for its periods) and rule-list SKUs.
 */
import type { StreamRecord } from '../events/domain-events';
import { streamImages } from '../events/domain-events';

/** One SKU in one warehouse: what an alert is assessed for. */
export interface StockPair {
  sku: string;
  warehouseId: string;
}

/** A stock record as one write left it. */
export interface StockImage extends StockPair {
  onHand: number;
  allocated: number;
  /** The stock record's version: orders images of one pair, and tells one assessed already. */
  version: number;
}

/** SKUs an input covers: patterns, a list, or every SKU when neither is named; in one warehouse or all. */
export interface TouchedScope {
  skuPatterns?: string[];
  ruleListId?: string;
  warehouseId?: string;
}

/** A SKU put on or taken off a rule list. */
export interface ListMembership {
  listId: string;
  sku: string;
  onList: boolean;
}

export interface WrittenInputs {
  sources: Map<string, Record<string, unknown> | null>;
  factors: Map<string, Record<string, unknown> | null>;
  stockRules: Map<string, Record<string, unknown> | null>;
}

export interface AlertWork {
  /** Stock records whose units on hand or allocated changed, one entry per write, in stream order. */
  stockImages: StockImage[];
  /** Rules created or changed: each is swept as stored when the batch runs. */
  ruleIds: string[];
  /** Rules deleted: their standings go. */
  removedRuleIds: string[];
  /** The alert settings were written: every rule is swept. */
  settingsChanged: boolean;
  /**
   * Pairs assessed as stored now: SKUs whose purchase-order sources changed (in the source's warehouse,
   * before and after), and stock with slots written (no one image holds its figures).
   */
  sourcePairs: StockPair[];
  /** Vendors whose name, lead time or active flag changed: the SKUs they source. */
  vendorIds: string[];
  /** Scopes of seasonal factors and stock rules written (before and after). */
  scopes: TouchedScope[];
  /** Rule-list SKUs put or taken off, in stream order. */
  memberships: ListMembership[];
  /**
   * The last image the batch carried of each source, factor and stock rule written (null: deleted), by
   * id: newer than what the indexes they are listed by may show yet.
   */
  written: WrittenInputs;
  /** Records that could not be read, with the reason (they go to the dead letters). */
  unreadable: Array<{ record: StreamRecord; reason: string }>;
}

/**
 * The partition-key prefixes of the items the evaluation reads as inputs: the alerts' stream mapping lets
 * only these through (its own ALERTSTATE# writes never come back to it).
 */
export const alertInputKeyPrefixes = [
  'STOCK#',
  'ALERTRULE#',
  'SETTINGS',
  'VENDOR#',
  'POSOURCE#',
  'SEASONALFACTOR#',
  'STOCKRULE#',
  'RULELIST#',
] as const;

/** Whether the stream mapping's filter lets the record through (by its keys, as the filter reads them). */
export function isAlertInput(record: StreamRecord): boolean {
  const change = record.dynamodb as
    | {
        Keys?: Record<string, { S?: string }>;
        NewImage?: Record<string, { S?: string }>;
        OldImage?: Record<string, { S?: string }>;
      }
    | undefined;
  const pk = (change?.Keys ?? change?.NewImage ?? change?.OldImage)?.PK?.S ?? '';
  return alertInputKeyPrefixes.some((prefix) => pk.startsWith(prefix));
}

const vendorFieldsThatMatter = ['name', 'leadTimeDays', 'active'] as const;

const scopeOf = (item: Record<string, unknown>): TouchedScope => {
  const scope = (item.scope ?? {}) as { skuPatterns?: string[]; ruleListId?: string };
  return {
    ...(Array.isArray(scope.skuPatterns) ? { skuPatterns: scope.skuPatterns.map(String) } : {}),
    ...(typeof scope.ruleListId === 'string' ? { ruleListId: scope.ruleListId } : {}),
  };
};

const stockRuleScope = (item: Record<string, unknown>): TouchedScope => ({
  skuPatterns: [String(item.skuPattern)],
  ...(typeof item.warehouseId === 'string' ? { warehouseId: item.warehouseId } : {}),
});

export function alertWorkOf(records: readonly StreamRecord[]): AlertWork {
  const work: AlertWork = {
    stockImages: [],
    ruleIds: [],
    removedRuleIds: [],
    settingsChanged: false,
    sourcePairs: [],
    vendorIds: [],
    scopes: [],
    memberships: [],
    written: { sources: new Map(), factors: new Map(), stockRules: new Map() },
    unreadable: [],
  };
  for (const record of records) {
    try {
      const images = streamImages(record);
      const before = images.old;
      const after = images.new;
      const item = after ?? before;
      if (!item) continue;
      const pk = String(item.PK);
      const sk = String(item.SK);
      const both = [before, after].filter((image): image is Record<string, unknown> => image !== undefined);
      if (pk.startsWith('STOCK#') && (sk.startsWith('SLOT#') || (sk.startsWith('WH#') && after?.slots))) {
        // A stock slot, or a record with slots: one image holds part of the figures, so the pair is
        // assessed as stored now (its reader sums the slots), once per batch.
        const pair = { sku: String(item.sku), warehouseId: String(item.warehouseId) };
        if (!work.sourcePairs.some((p) => p.sku === pair.sku && p.warehouseId === pair.warehouseId))
          work.sourcePairs.push(pair);
      } else if (pk.startsWith('STOCK#') && sk.startsWith('WH#')) {
        if (after && (before?.onHand !== after.onHand || before?.allocated !== after.allocated)) {
          work.stockImages.push({
            sku: String(after.sku),
            warehouseId: String(after.warehouseId),
            onHand: Number(after.onHand ?? 0),
            allocated: Number(after.allocated ?? 0),
            version: Number(after.version ?? 0),
          });
        }
      } else if (item.entity === 'alert-rule') {
        (after ? work.ruleIds : work.removedRuleIds).push(String(item.id));
      } else if (item.entity === 'alert-settings' && after) {
        work.settingsChanged = true;
      } else if (item.entity === 'po-source') {
        work.written.sources.set(String(item.id), after ?? null);
        for (const image of both)
          work.sourcePairs.push({ sku: String(image.sku), warehouseId: String(image.warehouseId) });
      } else if (item.entity === 'vendor') {
        // A deleted vendor's sources go in the same transaction: their own records speak for them.
        if (before && after && vendorFieldsThatMatter.some((field) => before[field] !== after[field]))
          work.vendorIds.push(String(item.id));
      } else if (item.entity === 'seasonal-factor') {
        work.written.factors.set(String(item.id), after ?? null);
        for (const image of both) work.scopes.push(scopeOf(image));
      } else if (item.entity === 'stock-rule') {
        work.written.stockRules.set(String(item.id), after ?? null);
        for (const image of both) work.scopes.push(stockRuleScope(image));
      } else if (pk.startsWith('RULELIST#') && sk.startsWith('SKU#')) {
        work.memberships.push({ listId: String(item.listId), sku: String(item.sku), onList: !!after });
      }
    } catch (error) {
      work.unreadable.push({ record, reason: (error as Error).message });
    }
  }
  return work;
}

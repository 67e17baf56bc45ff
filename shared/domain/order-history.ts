/** History entries: every change to an order appends one, in the order's partition, newest last by key. */
export const historyKinds = ['status', 'address', 'fulfillment', 'edit', 'payment', 'rule'] as const;
export type HistoryKind = (typeof historyKinds)[number];

export interface HistoryEntry {
  id: string;
  orderId: string;
  kind: HistoryKind;
  at: string;
  /** Who did it: the token's username, or `rule:<ruleId>` / `system`. */
  actor: string;
  summary: string;
  /** Field → { from, to } for what changed. */
  changes?: Record<string, { from: unknown; to: unknown }>;
}

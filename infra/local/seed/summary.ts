/** What the seed loaded, how fast, and what a running `npm start` will make of it. */
import type { SeedSummary } from './seed-database';
import type { ItemKind } from './seed-items';

const rows: Array<[ItemKind, string]> = [
  ['warehouse', 'warehouses'],
  ['warehouse-counters', 'warehouse counter shards'],
  ['vendor', 'vendors'],
  ['po-source', 'purchase-order sources'],
  ['stock-record', 'stock records (SKU × warehouse)'],
  ['receipt', 'receipts (stock movements)'],
  ['allocation', 'allocations (stock movements)'],
  ['release', 'releases (stock movements)'],
  ['shipment', 'shipment stock movements'],
  ['shipment-record', 'shipments'],
  ['shipment-totals', 'shipment totals cells (day and month)'],
  ['order', 'orders'],
  ['payment', 'payments'],
  ['history', 'order history entries'],
  ['marker', 'code, uniqueness and default markers'],
];

const number = (value: number) => value.toLocaleString('en-US');

export function printSummary(summary: SeedSummary, context: { liveRuntime: boolean; seed: number }): void {
  const total = summary.planSeconds + summary.writeSeconds;
  const label = Math.max(...rows.map(([, name]) => name.length));
  const lines = [
    '',
    `Seeded (seed ${context.seed}):`,
    ...rows.map(
      ([kind, name]) => `  ${name.padEnd(label)}  ${number(summary.counts[kind] ?? 0).padStart(10)}`,
    ),
    `  ${'items written'.padEnd(label)}  ${number(summary.items).padStart(10)}`,
    '',
    `Took ${total.toFixed(1)} s (planning ${summary.planSeconds.toFixed(1)} s, writing ${summary.writeSeconds.toFixed(1)} s): ` +
      `${number(Math.round(summary.orders / total))} orders/s, ${number(Math.round(summary.items / summary.writeSeconds))} items/s written.`,
  ];
  if (context.liveRuntime) {
    lines.push(
      'Note: the running npm start polls the table stream and publishes a domain event for every seeded item that',
      'carries one (order.created, order.paid, stock.moved, ...) into events.jsonl in the data folder; expect it to be busy for a while.',
    );
  } else {
    lines.push(
      'Note: DynamoDB Local kept a stream record of every write; the next npm start may publish their domain events',
      'while they are within the stream retention (24 h), depending on its stream checkpoint.',
    );
  }
  console.log(lines.join('\n'));
}

/** The shipping reports as tables, for the PDF and Excel exports (report-table.ts). */
import type { SheetColumn } from '../../../shared/render/xlsx';
import type { ReportRow } from '../report-table';
import { allPages, exportPage, exportable, filterLine } from '../report-table';
import { pendingShipments, shippedManifest, shippedManifestDetail } from './operations';
import { pendingShipmentsQuery, shippedManifestDetailQuery, shippedManifestQuery } from './schemas';

const number = (header: string, key: string, width = 9): SheetColumn => ({
  header,
  key,
  type: 'number',
  numFmt: '#,##0',
  width,
});
const kilograms = (header: string, key: string): SheetColumn => ({
  header,
  key,
  type: 'number',
  numFmt: '#,##0.00',
  width: 10,
});
const text = (header: string, key: string, width: number): SheetColumn => ({ header, key, width });
/** Order ids, tracking numbers, codes: a PDF prints them whole on one line. */
const identifier = (header: string, key: string, width: number): SheetColumn => ({
  ...text(header, key, width),
  identifier: true,
});

const bucketColumns = (buckets: readonly string[]) =>
  buckets.map((bucket) => number(`${bucket} d`, `b${bucket}`, 8));
const bucketCells = (buckets: ReadonlyArray<{ bucket: string; orders: number }>) =>
  Object.fromEntries(buckets.map(({ bucket, orders }) => [`b${bucket}`, orders]));

/** A row per currency of a cost list (the row's counts on the first only, so sums stay true). */
function perCurrency(row: ReportRow & { cost: Array<{ currency: string; amount: number }> }): ReportRow[] {
  const { cost, ...rest } = row;
  if (cost.length === 0) return [rest];
  return cost.map((entry, index) =>
    index === 0
      ? { ...rest, cost: entry.amount, currency: entry.currency }
      : {
          day: rest.day,
          carrier: rest.carrier,
          warehouse: rest.warehouse,
          cost: entry.amount,
          currency: entry.currency,
        },
  );
}

export const shippingReports = {
  'pending-shipments': exportable({
    query: pendingShipmentsQuery,
    async table(query) {
      const report = await pendingShipments(query);
      const { figures } = report;
      const buckets = figures.buckets.map((bucket) => bucket.bucket);
      return {
        title: 'Pending shipments',
        subtitle: [
          `${figures.orders} orders, ${figures.units} units to ship on ${report.today}; ages in days since the order date`,
          ...filterLine({ ...query, limit: undefined }),
        ],
        sections: [
          {
            name: 'Age buckets',
            columns: [text('Age (days)', 'bucket', 12), number('Orders', 'orders'), number('Units', 'units')],
            rows: [...figures.buckets, { bucket: 'All', orders: figures.orders, units: figures.units }],
          },
          {
            name: 'By warehouse',
            columns: [
              identifier('Warehouse', 'warehouse', 14),
              number('Orders', 'orders'),
              number('Units', 'units'),
              ...bucketColumns(buckets),
            ],
            rows: figures.byWarehouse.map((row) => ({
              warehouse: row.warehouseCode ?? 'none assigned',
              orders: row.orders,
              units: row.units,
              ...bucketCells(row.buckets),
            })),
          },
          {
            name: 'By channel',
            columns: [
              identifier('Channel', 'channel', 14),
              number('Orders', 'orders'),
              number('Units', 'units'),
              ...bucketColumns(buckets),
            ],
            rows: figures.byChannel.map((row) => ({
              channel: row.channel,
              orders: row.orders,
              units: row.units,
              ...bucketCells(row.buckets),
            })),
          },
          {
            name: 'Orders, oldest first',
            columns: [
              identifier('Order', 'orderId', 18),
              identifier('Channel', 'channel', 10),
              { header: 'Day', key: 'day', type: 'date' },
              number('Age (days)', 'ageDays', 8),
              text('Status', 'statusId', 18),
              identifier('Warehouse', 'warehouse', 10),
              number('Units', 'unitsUnshipped', 7),
              { header: 'Total', key: 'total', type: 'money' },
              text('Currency', 'currency', 8),
            ],
            rows: report.orders.map((order) => ({ ...order, warehouse: order.warehouseCode ?? '' })),
          },
        ],
      };
    },
  }),

  'shipped-manifest': exportable({
    query: shippedManifestQuery,
    async table(query) {
      const report = await shippedManifest(query);
      const columns: SheetColumn[] = [
        { header: 'Ship date', key: 'day', type: 'date' },
        text('Carrier', 'carrier', 14),
        identifier('Warehouse', 'warehouse', 10),
        number('Shipments', 'shipments'),
        number('Packages', 'packages'),
        kilograms('Weight (kg)', 'kilograms'),
        { header: 'Cost', key: 'cost', type: 'money' },
        text('Currency', 'currency', 8),
        number('Closed manifest', 'onClosedManifests', 10),
        number('Open manifest', 'onOpenManifests', 10),
        number('No manifest', 'withoutManifest', 10),
      ];
      const asRow = <R extends { weightGrams: number; cost: Array<{ currency: string; amount: number }> }>(
        row: R,
      ) => ({
        ...row,
        kilograms: row.weightGrams / 1000,
      });
      return {
        title: 'Shipped, by day, carrier and warehouse',
        subtitle: [
          `${report.from} to ${report.to}, ${query.status} shipments`,
          ...filterLine({ ...query, status: undefined }),
        ],
        sections: [
          {
            name: 'Shipped',
            columns,
            rows: [
              ...report.rows.flatMap((row) =>
                perCurrency(asRow({ ...row, warehouse: row.warehouseCode ?? '' })),
              ),
              ...perCurrency(asRow({ ...report.totals, day: undefined, carrier: 'All', warehouse: '' })),
            ],
          },
          {
            name: 'Manifests',
            columns: [
              { header: 'Ship date', key: 'day', type: 'date' },
              text('Carrier', 'carrier', 14),
              identifier('Warehouse', 'warehouseCode', 10),
              text('Status', 'status', 8),
              number('Shipments', 'shipments'),
              { header: 'Closed at (UTC)', key: 'closedAt', type: 'datetime' },
              identifier('Pickup reference', 'pickupReference', 18),
              identifier('Manifest', 'id', 28),
            ],
            rows: report.manifests,
          },
        ],
      };
    },
  }),

  'shipped-manifest-detail': exportable({
    query: shippedManifestDetailQuery,
    async table(query) {
      const read = (cursor: string | undefined) =>
        shippedManifestDetail({ ...query, limit: exportPage, cursor });
      const first = await read(query.cursor);
      async function* rows() {
        for await (const item of allPages(read, first))
          yield { ...item, kilograms: item.weightGrams / 1000, warehouse: item.warehouseCode ?? '' };
      }
      return {
        title: 'Shipments, in detail',
        subtitle: [
          `${first.from} to ${first.to}, ${query.status} shipments`,
          ...filterLine({ ...query, status: undefined, limit: undefined, cursor: undefined }),
        ],
        sections: [
          {
            name: 'Shipments',
            columns: [
              { header: 'Ship date', key: 'shipDate', type: 'date' },
              identifier('Order', 'orderId', 18),
              text('Carrier', 'carrier', 12),
              text('Service', 'service', 18),
              identifier('Tracking number', 'trackingNumber', 24),
              identifier('Warehouse', 'warehouse', 10),
              number('Packages', 'packages', 8),
              kilograms('Weight (kg)', 'kilograms'),
              { header: 'Cost', key: 'cost', type: 'money' },
              text('Currency', 'currency', 8),
              identifier('Manifest', 'manifestId', 28),
              text('Manifest status', 'manifestStatus', 10),
            ],
            rows: rows(),
          },
        ],
      };
    },
  }),
};

/** The shipping reports as tables, for the PDF and Excel exports (report-table.ts). */
import type { SheetColumn } from '../../../shared/render/xlsx';
import { allPages, exportPage, exportable, filterLine } from '../report-table';
import { tally, totalsOf } from '../totals';
import { pendingShipments, shippedManifest, shippedManifestDetail } from './operations';
import { shippedSection } from './shipped-lines';
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
  buckets.map((bucket) => number(`Orders aged ${bucket} days`, `b${bucket}`, 10));
const bucketCells = (buckets: ReadonlyArray<{ bucket: string; orders: number }>) =>
  Object.fromEntries(buckets.map(({ bucket, orders }) => [`b${bucket}`, orders]));

export const shippingReports = {
  'pending-shipments': exportable({
    query: pendingShipmentsQuery,
    async table(query) {
      const report = await pendingShipments(query);
      const { figures } = report;
      const buckets = figures.buckets.map((bucket) => bucket.bucket);
      const byColumns = (key: string, header: string): SheetColumn[] => [
        identifier(header, key, 14),
        number('Orders', 'orders'),
        number('Units', 'units'),
        ...bucketColumns(buckets),
      ];
      const byWarehouse = figures.byWarehouse.map((row) => ({
        warehouse: row.warehouseCode ?? 'none assigned',
        orders: row.orders,
        units: row.units,
        ...bucketCells(row.buckets),
      }));
      const byChannel = figures.byChannel.map((row) => ({
        channel: row.channel,
        orders: row.orders,
        units: row.units,
        ...bucketCells(row.buckets),
      }));
      const orderColumns: SheetColumn[] = [
        identifier('Order', 'orderId', 18),
        identifier('Channel', 'channel', 10),
        { header: 'Day', key: 'day', type: 'date' },
        number('Age (days)', 'ageDays', 8),
        text('Status', 'statusId', 18),
        identifier('Warehouse', 'warehouse', 10),
        number('Units to ship', 'unitsUnshipped', 9),
        { header: 'Order total', key: 'total', type: 'money' },
        text('Currency', 'currency', 8),
      ];
      const orders = report.orders.map((order) => ({ ...order, warehouse: order.warehouseCode ?? '' }));
      return {
        title: 'Pending shipments',
        covers: report.today,
        subtitle: [
          `${figures.orders} orders, ${figures.units} units to ship on ${report.today}; ages in days since the order date`,
          ...filterLine({ ...query, limit: undefined }),
        ],
        sections: [
          {
            name: 'Age buckets',
            columns: [text('Age (days)', 'bucket', 12), number('Orders', 'orders'), number('Units', 'units')],
            rows: figures.buckets,
            totals: [{ bucket: 'Total', orders: figures.orders, units: figures.units }],
          },
          {
            name: 'By warehouse',
            columns: byColumns('warehouse', 'Warehouse'),
            rows: byWarehouse,
            totals: totalsOf(byWarehouse, byColumns('warehouse', 'Warehouse'), {
              label: { warehouse: 'Total' },
            }),
          },
          {
            name: 'By channel',
            columns: byColumns('channel', 'Channel'),
            rows: byChannel,
            totals: totalsOf(byChannel, byColumns('channel', 'Channel'), { label: { channel: 'Total' } }),
          },
          {
            name: 'Orders, oldest first',
            columns: orderColumns,
            rows: orders,
            // Only the oldest orders are listed (`limit`): these are their totals, not all pending orders'.
            totals: totalsOf(orders, orderColumns, {
              label: { orderId: 'Listed orders' },
              notSummed: ['ageDays'],
            }),
          },
        ],
      };
    },
  }),

  'shipped-manifest': exportable({
    query: shippedManifestQuery,
    async table(query) {
      const report = await shippedManifest(query);
      const manifestColumns: SheetColumn[] = [
        { header: 'Ship date', key: 'day', type: 'date' },
        text('Carrier', 'carrier', 14),
        identifier('Warehouse', 'warehouseCode', 10),
        text('Status', 'status', 8),
        number('Shipments', 'shipments'),
        { header: 'Closed at (UTC)', key: 'closedAt', type: 'datetime' },
        identifier('Pickup reference', 'pickupReference', 18),
        identifier('Manifest', 'id', 28),
      ];
      return {
        title: 'Shipped, by day, carrier and warehouse',
        covers: `${report.from} to ${report.to}`,
        subtitle: [
          `${report.from} to ${report.to}, ${query.status} shipments`,
          ...filterLine({ ...query, status: undefined }),
        ],
        sections: [
          shippedSection(report),
          {
            name: 'Manifests',
            columns: manifestColumns,
            rows: report.manifests,
            totals: totalsOf(report.manifests, manifestColumns, { label: { day: 'Total' } }),
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
      const columns: SheetColumn[] = [
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
      ];
      const sums = tally(columns, { label: { shipDate: 'Total' } });
      return {
        title: 'Shipments, in detail',
        covers: `${first.from} to ${first.to}`,
        subtitle: [
          `${first.from} to ${first.to}, ${query.status} shipments`,
          ...filterLine({ ...query, status: undefined, limit: undefined, cursor: undefined }),
        ],
        sections: [
          {
            name: 'Shipments',
            columns,
            rows: sums.through(rows()),
            totals: () => sums.lines(),
          },
        ],
      };
    },
  }),
};

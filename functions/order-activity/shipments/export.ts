/**
 * The shipments export: the rows the list's filters select, streamed into an Excel workbook that is
 * uploaded to the files bucket part by part as it is written (never whole in memory), then answered as
 * a presigned URL. The Excel writer and the S3 client are side bundles (shared/render/load.ts,
 * shared/files/load.ts) loaded at the first export, so the group's other operations never load them.
 */
import { ValidationFailed } from '../../../shared/errors';
import type { Shipment } from '../../../shared/domain/shipment';
import { saveExportRecord } from '../../../shared/exports/record';
import { exportKey } from '../../../shared/files/keys';
import { presignedGetUrl } from '../../../shared/files/presigned-url';
import { putStream } from '../../../shared/files/put-stream';
import { newId } from '../../../shared/ids';
import { allShipments, totalsCells } from '../../../shared/shipments/queries';
import type { ShipmentFilters } from '../../../shared/shipments/totals';
import type { SheetColumn } from '../../../shared/render/xlsx';
import { totalsOf } from '../../../shared/shipments/totals';
import { findWarehouse } from '../../../shared/warehouses/repository';
import { loadXlsxRenderer } from '../../../shared/render/load';

/**
 * Rows one export answered in the request may hold: about 4,000 rows a second are written on a 2-core
 * machine (npm run bench -- shipments), and the function has 25 s. Larger exports need a job of their
 * own, which the scheduled report jobs bring; until then the filters must be narrowed.
 */
export const maxExportRows = 50_000;
const contentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ShipmentsExport {
  id: string;
  fileName: string;
  contentType: string;
  rowCount: number;
  bytes: number;
  url: string;
  expiresAt: string;
}

export const shipmentColumns: readonly SheetColumn[] = [
  { header: 'Ship date', key: 'shipDate', type: 'date' },
  { header: 'Order', key: 'orderId', width: 20 },
  { header: 'Shipment', key: 'id', width: 28 },
  { header: 'Source', key: 'source', width: 8 },
  { header: 'Status', key: 'status', width: 8 },
  { header: 'Carrier', key: 'carrier', width: 14 },
  { header: 'Service', key: 'service', width: 22 },
  { header: 'Tracking number', key: 'trackingNumber', width: 26 },
  { header: 'Tracking status', key: 'trackingStatus', width: 14 },
  { header: 'Warehouse', key: 'warehouse', width: 12 },
  { header: 'Units', key: 'units', type: 'number', width: 8 },
  { header: 'Packages', key: 'packages', type: 'number', width: 9 },
  { header: 'Weight (g)', key: 'weightGrams', type: 'number', width: 11 },
  { header: 'Cost', key: 'cost', type: 'money' },
  { header: 'Currency', key: 'currency', width: 9 },
  { header: 'Created by', key: 'createdBy', width: 16 },
  { header: 'Created at (UTC)', key: 'createdAt', type: 'datetime' },
];

/** Warehouse codes, read once per warehouse (a handful), so the sheet names them as staff know them. */
function warehouseCodes() {
  const codes = new Map<string, Promise<string>>();
  return (id: string | undefined): Promise<string> | string => {
    if (id === undefined) return '';
    let code = codes.get(id);
    if (!code) codes.set(id, (code = findWarehouse(id).then((warehouse) => warehouse?.code ?? id)));
    return code;
  };
}

/** One sheet row of a shipment. */
export function exportRow(shipment: Shipment, warehouseCode: string) {
  return {
    ...shipment,
    warehouse: warehouseCode,
    units: shipment.lines.reduce((sum, line) => sum + line.quantity, 0),
    cost: shipment.cost?.amount,
    currency: shipment.cost?.currency,
  };
}

async function* rowsOf(shipments: AsyncIterable<Shipment>) {
  const codeOf = warehouseCodes();
  for await (const shipment of shipments) yield exportRow(shipment, await codeOf(shipment.warehouseId));
}

export async function exportShipments(
  input: { filters: ShipmentFilters; descending: boolean; actor: string },
  limits: { maxRows: number } = { maxRows: maxExportRows },
): Promise<ShipmentsExport> {
  const { filters } = input;
  // The per-day totals count the rows before any is read: too many is refused up front.
  const expected = totalsOf((await totalsCells(filters)).cells, filters).shipments;
  if (expected > limits.maxRows) {
    throw new ValidationFailed(
      `The filters select ${expected} shipments; an export holds at most ${limits.maxRows}.`,
      [{ path: 'body.from', message: `narrow the range or add filters (${expected} shipments selected)` }],
    );
  }
  const { writeWorkbook } = await loadXlsxRenderer();
  const id = newId();
  const fileName = `shipments ${filters.from} to ${filters.to}.xlsx`;
  const key = exportKey({ kind: 'shipments', id, extension: 'xlsx' });
  let rowCount = 0;
  const stored = await putStream({
    key,
    contentType,
    fileName,
    body: async (output) => {
      rowCount = await writeWorkbook(output, [
        {
          name: 'Shipments',
          columns: [...shipmentColumns],
          rows: rowsOf(allShipments(filters, input.descending)),
        },
      ]);
    },
  });
  const createdAt = new Date().toISOString();
  await saveExportRecord({
    id,
    kind: 'shipments',
    status: 'ready',
    fileName,
    contentType,
    key,
    bytes: stored.bytes,
    rowCount,
    filters: { ...filters },
    createdBy: input.actor,
    createdAt,
  });
  const link = await presignedGetUrl(key, { fileName, contentType });
  return { id, fileName, contentType, rowCount, bytes: stored.bytes, ...link };
}

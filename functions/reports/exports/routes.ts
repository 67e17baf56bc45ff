/**
 * Files of reports (interface §4.1): the pending shipments as a PDF and the low-stock report as Excel
 * (each a 302 to the file), and any report of the group to PDF or Excel by name.
 */
import { route } from '../../../shared/http/catalogue';
import { lowStockQuery } from '../inventory/schemas';
import { pendingShipmentsQuery } from '../shipping/schemas';
import { exportAnswer, exportInput } from './schemas';

const exportSummary = (format: string) =>
  `Any report of this group by name (its GET's query in \`query\`) rendered to ${format} in the files bucket. 201 with a presigned URL and its expiry (at most 15 minutes) when the file is written in the request; a report too long for that is written by the report jobs: 202 with the export's id and a URL of the file that answers 404 until it exists, and export.ready (or export.failed) is published when it is done.`;

export const exportRoutes = {
  getPendingShipmentsPdf: route({
    method: 'GET',
    path: '/v1/reports/pending-shipments/pdf',
    operationId: 'getPendingShipmentsPdf',
    summary:
      'The pending-shipments report as a PDF (age buckets, by warehouse and channel, every pending order oldest first; the reporting zone and the generation time in the header): 302 to a presigned URL valid for 15 minutes',
    permission: 'read',
    query: pendingShipmentsQuery,
    status: 302,
  }),
  getLowStockDownload: route({
    method: 'GET',
    path: '/v1/reports/inventory/low-stock/download',
    operationId: 'getLowStockDownload',
    summary:
      'The low-stock report as an Excel file (one row per SKU and warehouse, frozen header, autofilter; a second sheet groups the suggestions by vendor as a draft purchase order): 302 to a presigned URL valid for 15 minutes',
    permission: 'read',
    query: lowStockQuery,
    status: 302,
  }),
  exportReportPdf: route({
    method: 'POST',
    path: '/v1/reports/exports/pdf',
    // No read of exports: the same request with the same key answers the export it made.
    outcomeRead: 'replay',
    operationId: 'exportReportPdf',
    summary: exportSummary('a PDF'),
    permission: 'read',
    body: exportInput,
    status: 201,
    otherStatuses: { 202: 'Accepted: the report jobs are writing the file (status pending)' },
    get response() {
      return exportAnswer();
    },
    // An export renders a report of any length (or hands it to the report jobs): a few at a time.
    throttle: { rateLimit: 2, burstLimit: 5 },
  }),
  exportReportExcel: route({
    method: 'POST',
    path: '/v1/reports/exports/excel',
    outcomeRead: 'replay',
    operationId: 'exportReportExcel',
    // The workbook is written to S3 before its record commits.
    outsideEffect: true,
    summary: exportSummary('an Excel workbook'),
    permission: 'read',
    body: exportInput,
    status: 201,
    otherStatuses: { 202: 'Accepted: the report jobs are writing the file (status pending)' },
    get response() {
      return exportAnswer();
    },
    throttle: { rateLimit: 2, burstLimit: 5 },
  }),
};

/**
 * Every report's workbook read back with exceljs over orders in two currencies and two channels, several
 * a day (DESIGN §4, Reports: each row counts its own orders, a column sums to the total, column names
 * unique and in words, totals below the table outside the filter, file names carry the range).
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportReport } from '../../functions/reports/exports/export-report';
import { reportNames } from '../../functions/reports/exports/report-names';
import { applyAggregateRecords } from '../../shared/aggregates/apply';
import { aggregateRecordsOf } from '../../shared/aggregates/records';
import { addDays, reportingDay } from '../../shared/domain/reporting-days';
import { filesBucket, s3 } from '../../shared/files/s3/client';
import { seedWarehouse } from '../support/builders';
import { call } from '../support/call';
import { orderId, orderInput, orderLine, stock } from '../support/order-builders';
import { drainStream } from '../support/stream-drain';

const zone = 'UTC';
process.env.REPORTING_TIME_ZONE = zone;
const today = reportingDay(new Date(), zone);
const yesterday = addDays(today, -1);

/** Reports of a range take `from`/`to`; the others are of today (or as of now). */
const ranged = new Set([
  'sales-detailed',
  'sales-summary',
  'sales-daily',
  'sales-trend',
  'payments-collected',
  'top-sellers',
  'worst-sellers',
  'shipped-manifest',
  'shipped-manifest-detail',
  'movements',
]);

/** Sheets whose rows must end in totals: every sales and shipping-queue table. */
const mustTotal = new Set([
  'sales-detailed',
  'sales-summary',
  'sales-daily',
  'sales-trend',
  'payments-collected',
  'top-sellers',
  'worst-sellers',
  'pending-shipments',
]);

/** Figures whose sum means nothing: their total line (if any) says something else, or nothing. */
const notAdditive = new Set([
  'Rank',
  'Average order value',
  'Unit price',
  'Average unit cost',
  'Orders with the SKU',
  'Age (days)',
  'Used %',
  'SKUs held',
]);

type Cell = ExcelJS.CellValue;
interface ReadSheet {
  name: string;
  headers: string[];
  rows: Cell[][];
  totals: Cell[][];
  /** Italic lines of text under the totals. */
  notes: string[];
  totalsBold: boolean;
  filterRef: string | undefined;
}

async function readWorkbook(url: string): Promise<ReadSheet[]> {
  const key = decodeURIComponent(new URL(url).pathname.split('/').slice(2).join('/'));
  const object = await s3().send(new GetObjectCommand({ Bucket: filesBucket(), Key: key }));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await object.Body!.transformToByteArray()) as unknown as ArrayBuffer);
  return workbook.worksheets.map((sheet) => {
    const width = sheet.getRow(1).cellCount;
    const values = (row: ExcelJS.Row) => Array.from({ length: width }, (_, at) => row.getCell(at + 1).value);
    const all: ExcelJS.Row[] = [];
    for (let at = 2; at <= sheet.rowCount; at += 1) all.push(sheet.getRow(at));
    const blank = all.findIndex((row) => values(row).every((value) => value === null || value === ''));
    const rows = (blank === -1 ? all : all.slice(0, blank)).map(values);
    const below = blank === -1 ? [] : all.slice(blank + 1);
    const totalRows = below.filter((row) => row.getCell(1).font?.italic !== true);
    const notes = below
      .filter((row) => row.getCell(1).font?.italic === true)
      .map((row) => String(row.getCell(1).value));
    const filter = sheet.autoFilter as unknown;
    return {
      name: sheet.name,
      headers: values(sheet.getRow(1)).map(String),
      rows,
      totals: totalRows.map(values),
      notes,
      totalsBold: totalRows.every((row) => row.getCell(1).font?.bold === true),
      filterRef:
        typeof filter === 'string' ? filter : ((filter as { ref?: string } | undefined)?.ref ?? undefined),
    };
  });
}

const isNumber = (value: Cell): value is number => typeof value === 'number';

/** Sums of every numeric column, per the row's currency (`''` without a Currency column). */
function sumsByCurrency(sheet: ReadSheet, rows: readonly Cell[][]) {
  const currencyAt = sheet.headers.indexOf('Currency');
  const sums = new Map<string, number[]>();
  for (const row of rows) {
    const currency = currencyAt === -1 ? '' : String(row[currencyAt] ?? '');
    const sum = sums.get(currency) ?? sheet.headers.map(() => 0);
    row.forEach((value, at) => {
      if (isNumber(value)) sum[at]! += value;
    });
    sums.set(currency, sum);
  }
  return sums;
}

let exported: Map<string, { fileName: string; sheets: ReadSheet[]; disposition: string }>;

beforeAll(async () => {
  const warehouse = await seedWarehouse();
  for (const sku of ['WB-MUG', 'WB-TEE', 'WB-CAP']) await stock(sku, warehouse.id, 500);
  // Each day, each channel, each currency: three orders, one of them with two SKUs.
  let n = 0;
  for (const day of [yesterday, today]) {
    for (const channel of ['amazon', 'shopify']) {
      for (const currency of ['USD', 'EUR']) {
        for (let i = 0; i < 3; i += 1) {
          n += 1;
          const lines = [orderLine({ sku: 'WB-MUG', quantity: 1 + (n % 4), unitPrice: 1250 + n, tax: 90 })];
          if (i === 0) lines.push(orderLine({ sku: 'WB-TEE', quantity: 2, unitPrice: 1999, discount: 100 }));
          const id = orderId();
          const created = await call({
            method: 'PUT',
            path: `/v1/orders/${id}`,
            body: orderInput({
              channel,
              currency,
              orderDate: `${day}T${String(8 + (n % 10)).padStart(2, '0')}:15:00.000Z`,
              lines,
              warehouseId: warehouse.id,
            }),
            role: 'operator',
          });
          expect(created.status, created.text).toBe(201);
          // Shipped: a carrier per currency with its cost, and on Amazon one more by UPS without a cost
          // (the shipped report's counts and costs in two currencies and none).
          if (i === 1 || (i === 0 && channel === 'amazon')) {
            const costed = i === 1;
            const carrier = costed && currency === 'EUR' ? 'DHL' : 'UPS';
            const shipped = await call({
              method: 'POST',
              path: `/v1/orders/${id}/tracking`,
              body: {
                carrier,
                service: 'Ground',
                trackingNumber: `1Z999AA1${String(n).padStart(10, '0')}`,
                ...(costed ? { cost: { amount: 800 + n, currency } } : {}),
              },
              role: 'operator',
            });
            expect(shipped.status, shipped.text).toBe(201);
          }
          if (i < 2) {
            const paid = await call({
              method: 'POST',
              path: `/v1/orders/${id}/payments`,
              body: {
                amount: created.body.totals.total,
                method: i === 0 ? 'card' : 'paypal',
                paidAt: `${day}T20:00:00.000Z`,
              },
              role: 'manager',
            });
            expect(paid.status, paid.text).toBe(201);
          }
        }
      }
    }
  }
  await drainStream((records) => applyAggregateRecords(aggregateRecordsOf(records, zone).readable, zone));
  exported = new Map();
  for (const report of reportNames) {
    const query: Record<string, string> = ranged.has(report) ? { from: yesterday, to: today } : {};
    const answer = await exportReport({ report, query, format: 'excel', actor: 'test' });
    expect(answer.status, report).toBe('ready');
    const head = await fetch(answer.url);
    exported.set(report, {
      fileName: answer.fileName,
      sheets: await readWorkbook(answer.url),
      disposition: head.headers.get('content-disposition') ?? '',
    });
  }
}, 120_000);

describe('every report’s workbook', () => {
  it('names its columns once each, in words, never as field names', () => {
    for (const [report, { sheets }] of exported) {
      for (const sheet of sheets) {
        const where = `${report} / ${sheet.name}`;
        expect(new Set(sheet.headers).size, `${where}: ${sheet.headers.join(' | ')}`).toBe(
          sheet.headers.length,
        );
        for (const header of sheet.headers) {
          expect(header, where).not.toMatch(/[a-z][A-Z]|^[a-z]+$|_/);
        }
      }
    }
  });

  it('sums every numeric column to its total line, per currency, below the rows and outside the filter', () => {
    for (const [report, { sheets }] of exported) {
      for (const sheet of sheets) {
        const where = `${report} / ${sheet.name}`;
        if (mustTotal.has(report)) expect(sheet.totals.length, `${where}: total lines`).toBeGreaterThan(0);
        expect(sheet.rows.length, where).toBeGreaterThanOrEqual(0);
        // The filter covers the header and the rows, never the totals.
        expect(sheet.filterRef, where).toMatch(new RegExp(`:[A-Z]+${sheet.rows.length + 1}$`));
        if (sheet.totals.length === 0) continue;
        expect(sheet.totalsBold, where).toBe(true);
        if (sheet.rows.length === 0) {
          // No rows: zeros, not a blank or a figure from elsewhere.
          for (const line of sheet.totals)
            for (const value of line) if (isNumber(value)) expect(value, where).toBe(0);
          continue;
        }
        const rowSums = sumsByCurrency(sheet, sheet.rows);
        const totalSums = sumsByCurrency(sheet, sheet.totals);
        // A total line per currency of the rows (rows without one may be quiet: a day of zeros).
        for (const currency of rowSums.keys())
          if (currency) expect(totalSums.has(currency), `${where}: a total line for ${currency}`).toBe(true);
        const whole = (sums: Map<string, number[]>, at: number) =>
          [...sums.values()].reduce((sum, line) => sum + line[at]!, 0);
        const currencies = [...new Set([...rowSums.keys(), ...totalSums.keys()])];
        sheet.headers.forEach((header, at) => {
          if (notAdditive.has(header)) return;
          if (!sheet.rows.some((row) => isNumber(row[at]))) return;
          // Counts a row cannot split by currency (the shipped report's) total once, on a line without one.
          if ((totalSums.get('')?.[at] ?? 0) !== 0 && totalSums.size > 1) {
            expect(whole(totalSums, at), `${where}, ${header}`).toBeCloseTo(whole(rowSums, at), 6);
            return;
          }
          for (const currency of currencies) {
            expect(totalSums.get(currency)?.[at] ?? 0, `${where}, ${header} ${currency}`).toBeCloseTo(
              rowSums.get(currency)?.[at] ?? 0,
              6,
            );
          }
        });
      }
    }
  });

  it('counts each row’s own orders: the units of the sales tables sum to the units sold', async () => {
    const summary = await call({
      method: 'GET',
      path: `/v1/reports/sales/summary?from=${yesterday}&to=${today}`,
      role: 'viewer',
    });
    expect(summary.status, summary.text).toBe(200);
    const { units, orders } = summary.body.total as { units: number; orders: number };
    expect(orders).toBe(24);
    const column = (report: string, header: string, part: 'rows' | 'totals') => {
      const sheet = exported.get(report)!.sheets[0]!;
      const at = sheet.headers.indexOf(header);
      expect(at, `${report}: ${header}`).toBeGreaterThan(-1);
      return sheet[part].reduce((sum, row) => sum + (isNumber(row[at]) ? row[at] : 0), 0);
    };
    for (const report of ['sales-summary', 'sales-daily', 'sales-trend']) {
      expect(column(report, 'Units sold', 'rows'), report).toBe(units);
      expect(column(report, 'Units sold', 'totals'), report).toBe(units);
      expect(column(report, 'Orders', 'rows'), report).toBe(orders);
    }
    expect(column('top-sellers', 'Units sold', 'rows')).toBe(units);
    expect(column('sales-detailed', 'Quantity', 'rows')).toBe(units);
  });

  it('totals the shipped report’s counts once and its costs per currency', () => {
    const sheet = exported.get('shipped-manifest')!.sheets.find((each) => each.name === 'Shipped')!;
    const [currencyAt, costAt, shipmentsAt] = ['Currency', 'Cost', 'Shipments'].map((header) =>
      sheet.headers.indexOf(header),
    );
    const costed = new Set(sheet.rows.filter((row) => isNumber(row[costAt!])).map((row) => row[currencyAt!]));
    expect([...costed].sort()).toEqual(['EUR', 'USD']);
    // 2 days × 2 channels × 2 currencies shipped with a cost, and 2 days × 2 currencies on Amazon without.
    expect(sheet.totals.map((line) => [line[currencyAt!] ?? '', line[shipmentsAt!] ?? null])).toEqual([
      ['', 12],
      ['EUR', null],
      ['USD', null],
    ]);
  });

  it('says under the detailed sales totals what its line totals leave out, and the figures agree', () => {
    const detailed = exported.get('sales-detailed')!.sheets[0]!;
    expect(detailed.notes).toEqual([
      'Line totals (quantity × unit price − discount + tax) exclude order shipping charges and refunds; ' +
        'net sales in the sales summary add shipping and subtract refunds.',
    ]);
    const summary = exported.get('sales-summary')!.sheets[0]!;
    const totalOf = (sheet: ReadSheet, header: string, currency: string) => {
      const line = sheet.totals.find((values) => values[sheet.headers.indexOf('Currency')] === currency)!;
      return line[sheet.headers.indexOf(header)] as number;
    };
    for (const currency of ['EUR', 'USD']) {
      const lines = totalOf(detailed, 'Line total', currency);
      const net = totalOf(summary, 'Net sales', currency);
      expect(totalOf(summary, 'Shipping', currency), currency).toBeGreaterThan(0);
      expect(
        lines + totalOf(summary, 'Shipping', currency) - totalOf(summary, 'Refunds', currency),
      ).toBeCloseTo(net, 6);
    }
  });

  it('carries the warehouse on every line of the detailed sales', () => {
    const sheet = exported.get('sales-detailed')!.sheets[0]!;
    const at = sheet.headers.indexOf('Warehouse');
    expect(at).toBeGreaterThan(-1);
    expect(sheet.rows.every((row) => typeof row[at] === 'string' && row[at] !== '')).toBe(true);
  });

  it('names each file by its range, or the day it is of, and the download says the same', () => {
    for (const [report, { fileName, disposition }] of exported) {
      const covers = ranged.has(report) ? `${yesterday} to ${today}` : today;
      expect(fileName, report).toMatch(new RegExp(` ${covers}\\.xlsx$`));
      expect(decodeURIComponent(disposition), report).toContain(fileName);
    }
    expect(exported.get('sales-summary')!.fileName).toBe(`Sales by channel ${yesterday} to ${today}.xlsx`);
  });
});

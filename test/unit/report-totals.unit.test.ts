/**
 * Report totals without a database: the tally that sums a table's rows into one line per currency, and
 * the workbook writer putting total lines below the rows, bold, after an empty row and outside the filter
 * (and sizing columns so their headers show whole).
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { tally, totalsOf } from '../../functions/reports/totals';
import type { SheetColumn } from '../../shared/render/xlsx';
import { writeWorkbook } from '../../shared/render/xlsx';

const columns: SheetColumn[] = [
  { header: 'Day', key: 'day', type: 'date' },
  { header: 'Currency', key: 'currency' },
  { header: 'Orders', key: 'orders', type: 'number' },
  { header: 'Unit price', key: 'unitPrice', type: 'money' },
  { header: 'Net sales', key: 'net', type: 'money' },
];

const rows = [
  { day: '2026-11-01', currency: 'USD', orders: 2, unitPrice: 999, net: 1500 },
  { day: '2026-11-01', currency: 'JPY', orders: 1, unitPrice: 500, net: 700 },
  { day: '2026-11-02', currency: 'USD', orders: 3, unitPrice: 999, net: 2501 },
];

describe('total lines', () => {
  it('sum each currency apart (never across), counts with their currency, and leave out what is not a sum', () => {
    expect(totalsOf(rows, columns, { label: { day: 'Total' }, notSummed: ['unitPrice'] })).toEqual([
      { day: 'Total', currency: 'JPY', orders: 1, net: 700 },
      { day: 'Total', currency: 'USD', orders: 5, net: 4001 },
    ]);
  });

  it('give quiet rows without a currency (a day of zeros) no line beside the currencies’ lines', () => {
    const quiet = { day: '2026-11-03', orders: 0 };
    expect(
      totalsOf([...rows, quiet], columns, { label: { day: 'Total' } }).map((line) => line.currency),
    ).toEqual(['JPY', 'USD']);
    expect(totalsOf([quiet], columns, { label: { day: 'Total' } })).toEqual([{ day: 'Total', orders: 0 }]);
  });

  it('sum streamed rows as they pass, unchanged', async () => {
    const sums = tally(columns, { label: { day: 'Total' } });
    const seen: unknown[] = [];
    for await (const row of sums.through(
      (async function* () {
        yield* rows;
      })(),
    ))
      seen.push(row);
    expect(seen).toEqual(rows);
    expect(sums.lines().map((line) => line.net)).toEqual([700, 4001]);
  });

  it('keep the currency field of a column per currency on the line', () => {
    const perCurrency: SheetColumn[] = [
      { header: 'SKU', key: 'sku' },
      { header: 'Revenue (EUR)', key: 'revenue.EUR', type: 'money', currencyKey: 'currency.EUR' },
    ];
    const lines = totalsOf(
      [
        { sku: 'A', 'revenue.EUR': 100, 'currency.EUR': 'EUR' },
        { sku: 'B', 'revenue.EUR': 250, 'currency.EUR': 'EUR' },
        { sku: 'C' },
      ],
      perCurrency,
      { label: { sku: 'Total' } },
    );
    expect(lines).toEqual([{ sku: 'Total', 'revenue.EUR': 350, 'currency.EUR': 'EUR' }]);
  });
});

async function workbookOf(write: (output: PassThrough) => Promise<unknown>) {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  await write(output);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return workbook;
}

describe('a sheet’s totals', () => {
  it('sit below the rows after an empty row, bold, outside the filter, a date column saying "Total"', async () => {
    const sums = tally(columns, { label: { day: 'Total' }, notSummed: ['unitPrice'] });
    const workbook = await workbookOf((output) =>
      writeWorkbook(output, [
        { name: 'Days', columns, rows: sums.through(rows), totals: () => sums.lines() },
      ]),
    );
    const sheet = workbook.getWorksheet('Days')!;
    expect(sheet.autoFilter).toBe('A1:E4');
    expect(sheet.getRow(5).values).toEqual([]);
    expect(sheet.getRow(6).values).toEqual([undefined, 'Total', 'JPY', 1, undefined, 700]);
    expect(sheet.getRow(7).values).toEqual([undefined, 'Total', 'USD', 5, undefined, 40.01]);
    expect(sheet.getRow(7).getCell(5).numFmt).toBe('#,##0.00');
    expect(sheet.getRow(6).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
  });

  // A sheet's last row is Excel's 1,048,576th with the real limit; a small limit stands in for it here.
  const lastRowOf = (rowsPerSheet: number) => rowsPerSheet + 1;
  const sheetsOf = async (dayRows: typeof rows, rowsPerSheet: number) =>
    workbookOf((output) =>
      writeWorkbook(
        output,
        [
          {
            name: 'Days',
            columns,
            rows: dayRows,
            totals: totalsOf(dayRows, columns, { label: { day: 'Total' } }),
          },
        ],
        { rowsPerSheet },
      ),
    );

  it('are followed by the sheet’s notes, in italics, in the first column, room kept for them', async () => {
    const note = 'Line totals exclude order shipping charges and refunds.';
    const write = (rowsPerSheet: number) =>
      workbookOf((output) =>
        writeWorkbook(
          output,
          [
            {
              name: 'Days',
              columns,
              rows,
              totals: totalsOf(rows, columns, { label: { day: 'Total' } }),
              notes: [note],
            },
          ],
          { rowsPerSheet },
        ),
      );
    const workbook = await write(7);
    const sheet = workbook.getWorksheet('Days')!;
    expect(workbook.worksheets).toHaveLength(1);
    expect(sheet.getRow(7).getCell(2).value).toBe('USD');
    expect(sheet.getRow(8).values).toEqual([undefined, note]);
    expect(sheet.getRow(8).getCell(1).font?.italic).toBe(true);
    expect(sheet.autoFilter).toBe('A1:E4');
    // One row fewer: the totals and the note move to a continuation sheet together.
    const moved = await write(6);
    expect(moved.getWorksheet('Days (2)')!.getRow(5).values).toEqual([undefined, note]);
  });

  it('end on the sheet’s very last row when they just fit', async () => {
    // Header, 3 rows, an empty row, 2 total lines: rows 1–7, a sheet of 6 rows under its header.
    const workbook = await sheetsOf(rows, 6);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Days']);
    expect(workbook.getWorksheet('Days')!.getRow(lastRowOf(6)).getCell(2).value).toBe('USD');
  });

  it('go on a continuation sheet (same header) when they would fall past the sheet’s last row', async () => {
    // The same need rows 1–7; a sheet of 5 rows ends at row 6.
    const workbook = await sheetsOf(rows, 5);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Days', 'Days (2)']);
    for (const sheet of workbook.worksheets) expect(sheet.rowCount).toBeLessThanOrEqual(lastRowOf(5));
    const [first, second] = workbook.worksheets;
    expect(first!.rowCount).toBe(4);
    expect(first!.autoFilter).toBe('A1:E4');
    expect(second!.getRow(1).values).toEqual(first!.getRow(1).values);
    expect(second!.getRow(3).values).toEqual([undefined, 'Total', 'JPY', 1, 500, 700]);
    expect(second!.getRow(4).getCell(2).value).toBe('USD');
  });

  it('come after the last continuation sheet only, below its rows when they fit there', async () => {
    const seven = [...rows, ...rows, rows[0]!];
    const workbook = await sheetsOf(seven, 5);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Days', 'Days (2)']);
    const last = workbook.getWorksheet('Days (2)')!;
    expect(last.getRow(3).getCell(2).value).toBe('USD');
    expect(last.getRow(5).getCell(1).value).toBe('Total');
    expect(last.rowCount).toBe(lastRowOf(5));
  });
});

describe('a sheet’s columns', () => {
  it('are never narrower than their header (Excel cuts a header off at the edge)', async () => {
    const workbook = await workbookOf((output) =>
      writeWorkbook(output, [
        {
          name: 'Buckets',
          columns: [{ header: 'Orders aged 15+ days', key: 'b15', type: 'number', width: 8 }],
          rows: [{ b15: 3 }],
        },
      ]),
    );
    expect(workbook.getWorksheet('Buckets')!.getColumn(1).width).toBe(22);
  });
});

/**
 * The shipped report's table (issue 31 §3, DESIGN §4): every numeric column sums to its total lines, in
 * the workbook and in the PDF, with carriers in two currencies, a carrier in two currencies on one day and
 * a shipment without a cost. Counts total on one line without a currency; money per currency, never
 * beside counts that are not its own.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { manifestRows } from '../../functions/reports/shipping/figures';
import { shippedSection } from '../../functions/reports/shipping/shipped-lines';
import { renderReportPdf } from '../../shared/render/report-pdf';
import { writeWorkbook } from '../../shared/render/xlsx';
import type { TotalsCell } from '../../shared/shipments/totals';

const cell = (
  day: string,
  carrier: string,
  shipments: number,
  cost?: { currency: string; amount: number },
): TotalsCell => ({
  day,
  carrier,
  service: 'Ground',
  warehouseId: 'wh-main',
  status: 'active',
  source: 'manual',
  ...(cost ? { currency: cost.currency } : {}),
  shipments,
  packages: shipments + 1,
  weightGrams: shipments * 1250,
  cost: cost?.amount ?? 0,
});

const cells = [
  cell('2026-11-23', 'UPS', 5, { currency: 'USD', amount: 5000 }),
  cell('2026-11-23', 'Canada Post', 3, { currency: 'CAD', amount: 3000 }),
  // Shipped by UPS the same day without a cost: counted with UPS's row, on no currency's line.
  cell('2026-11-23', 'UPS', 1),
  cell('2026-11-24', 'DHL', 2, { currency: 'EUR', amount: 2400 }),
  cell('2026-11-24', 'DHL', 1, { currency: 'USD', amount: 1150 }),
];

function section() {
  const figures = manifestRows(cells, [], { countManifests: false });
  return shippedSection({
    rows: figures.rows.map((row) => ({ ...row, warehouseCode: 'MAIN' })),
    totals: figures.totals,
  });
}

describe('the shipped table', () => {
  it('totals every count on one line without a currency, then the cost per currency', () => {
    expect(section().totals).toEqual([
      {
        day: 'Total',
        shipments: 12,
        packages: 17,
        kilograms: 15,
        onClosedManifests: 0,
        onOpenManifests: 0,
        withoutManifest: 12,
      },
      { day: 'Total', cost: 3000, currency: 'CAD' },
      { day: 'Total', cost: 2400, currency: 'EUR' },
      { day: 'Total', cost: 6150, currency: 'USD' },
    ]);
  });

  it('sums every column of the workbook to its total lines (money per currency)', async () => {
    const { name, columns, rows, totals } = section();
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    await writeWorkbook(output, [{ name, columns, rows, totals }]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Shipped')!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const lines: unknown[][] = [];
    for (let at = 2; at <= sheet.rowCount; at += 1)
      lines.push((sheet.getRow(at).values as unknown[]).slice(1));
    const blank = lines.findIndex((line) => line.every((value) => value === undefined || value === null));
    const [body, total] = [lines.slice(0, blank), lines.slice(blank + 1)];
    // UPS (its costed and uncosted shipments), Canada Post, DHL in EUR, then DHL's USD on a line of its own.
    expect(body).toHaveLength(4);
    expect(total).toHaveLength(4);
    const column = (header: string) => headers.indexOf(header);
    const sum = (part: unknown[][], header: string, currency?: string) =>
      part
        .filter((line) => currency === undefined || line[column('Currency')] === currency)
        .reduce((acc: number, line) => acc + ((line[column(header)] as number | undefined) ?? 0), 0);
    for (const header of [
      'Shipments',
      'Packages',
      'Weight (kg)',
      'On a closed manifest',
      'On an open manifest',
      'On no manifest',
    ]) {
      expect(sum(total, header), header).toBeCloseTo(sum(body, header), 6);
    }
    expect(sum(total, 'Shipments')).toBe(12);
    for (const currency of ['CAD', 'EUR', 'USD']) {
      expect(sum(total, 'Cost', currency), currency).toBeCloseTo(sum(body, 'Cost', currency), 6);
      // A currency's line holds its money only: no count of other currencies' shipments beside it.
      const line = total.find((values) => values[column('Currency')] === currency)!;
      expect(line[column('Shipments')], currency).toBeUndefined();
    }
    expect(total[0]![column('Currency')]).toBeUndefined();
    expect(total[0]![column('Cost')]).toBeUndefined();
  });

  it('prints the same total lines in the PDF: the counts once, the cost per currency', async () => {
    const { name, columns, rows, totals } = section();
    const bytes = await renderReportPdf({
      title: 'Shipped, by day, carrier and warehouse',
      subtitle: ['2026-11-23 to 2026-11-24'],
      timeZone: 'UTC',
      generatedAt: '2026-11-25T08:00:00.000Z',
      sections: [
        { name, columns, rows: [...(rows as Iterable<Record<string, unknown>>)], totals: totals as [] },
      ],
    });
    const dir = mkdtempSync(join(tmpdir(), 'shipped-'));
    let text: string;
    try {
      writeFileSync(join(dir, 'shipped.pdf'), bytes);
      text = execFileSync('pdftotext', ['-layout', join(dir, 'shipped.pdf'), '-'], { encoding: 'utf8' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const totalLines = text
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter((words) => words[0] === 'Total');
    expect(totalLines.map((words) => words.slice(1))).toEqual([
      // Shipments, packages, weight, closed, open, on no manifest: the sums of the rows above.
      ['12', '17', '15.00', '0', '0', '12'],
      ['30.00', 'CAD'],
      ['24.00', 'EUR'],
      ['61.50', 'USD'],
    ]);
  });
});

/**
 * Report PDFs laid out for reading (issue 31 §2), read back with pdftotext -bbox: identifiers whole on
 * one line, nothing under 7 pt, a wide table turned landscape then split with its key columns repeated,
 * totals in bold under a rule, and a year of sales detail at more than 17 rows a page.
 */
import { describe, expect, it } from 'vitest';
import { renderManifestPdf } from '../../shared/render/manifest-pdf';
import type { ReportPdfSection } from '../../shared/render/report-pdf';
import { renderReportPdf } from '../../shared/render/report-pdf';
import type { SheetColumn } from '../../shared/render/xlsx';
import { columnGroups, planWidths } from '../../shared/render/report-columns';
import { pagePixels, pdfWords } from '../support/pdf-words';

const money = (header: string, key: string): SheetColumn => ({ header, key, type: 'money' });
const number = (header: string, key: string, width = 10): SheetColumn => ({
  header,
  key,
  type: 'number',
  numFmt: '#,##0',
  width,
});

/** The detailed sales report's columns (functions/reports/sales-tables.ts). */
const salesDetailColumns: SheetColumn[] = [
  { header: 'Day', key: 'day', type: 'date' },
  { header: 'Order date (UTC)', key: 'orderDate', type: 'datetime' },
  { header: 'Order', key: 'orderId', width: 20, identifier: true },
  { header: 'Channel', key: 'channel', width: 12, identifier: true },
  { header: 'Status', key: 'statusId', width: 14 },
  { header: 'SKU', key: 'sku', width: 16, identifier: true },
  { header: 'Title', key: 'title', width: 30 },
  number('Quantity', 'quantity', 9),
  money('Unit price', 'unitPrice'),
  money('Discount', 'discount'),
  money('Tax', 'tax'),
  money('Line total', 'lineTotal'),
  { header: 'Currency', key: 'currency', width: 9 },
];

const orderId = (index: number) => `112-${String(50 + index).padStart(7, '0')}-${index % 10}`;

/** A year of order lines, three a day. */
function yearOfSales(): Record<string, unknown>[] {
  return Array.from({ length: 3 * 365 }, (_, index) => {
    const day = new Date(Date.UTC(2025, 10, 24) + Math.floor(index / 3) * 86_400_000).toISOString();
    return {
      day: day.slice(0, 10),
      orderDate: day.replace('T00:00', 'T17:45'),
      orderId: orderId(index),
      channel: ['amazon', 'shopify', 'etsy-handmade'][index % 3],
      statusId: ['shipped', 'awaiting_shipment', 'delivered'][index % 3],
      sku: ['TSHIRT-ORG-RED-XL', 'MUG-CERAMIC-350ML-BLUE', 'SOCKS-3PK-M'][index % 3],
      title: ['Organic cotton t-shirt, red, XL', 'Ceramic mug 350 ml', 'Socks, 3-pack'][index % 3],
      quantity: 1 + (index % 4),
      unitPrice: 2499 + index,
      discount: index % 5 === 0 ? 250 : 0,
      tax: 412 + index,
      lineTotal: 4999 + index * 3,
      currency: index % 7 === 6 ? 'EUR' : 'USD',
    };
  });
}

const render = (sections: ReportPdfSection[]) =>
  renderReportPdf({
    title: 'Sales, detailed',
    subtitle: ['2025-11-24 to 2026-11-23'],
    timeZone: 'America/New_York',
    generatedAt: '2026-11-23T22:10:00.000Z',
    sections,
  });

describe('a report PDF laid out for reading', () => {
  it('prints order ids, SKUs and references whole on one line, and no word under 7 pt', async () => {
    const rows = yearOfSales().slice(0, 60);
    const reference = 'transfer 01JDQ8Z6Y3K4M5N6P7Q8R9S0T1';
    const { words } = pdfWords(
      await render([
        { name: 'Order lines', columns: salesDetailColumns, rows },
        {
          name: 'Movements',
          columns: [
            { header: 'At (UTC)', key: 'at', type: 'datetime' },
            { header: 'SKU', key: 'sku', width: 18, identifier: true },
            { header: 'Reference', key: 'reference', width: 26, identifier: true },
          ],
          rows: [{ at: '2026-11-23T17:45:00.000Z', sku: 'MUG-CERAMIC-350ML-BLUE', reference }],
        },
      ]),
    );
    const texts = new Set(words.map((word) => word.text));
    // 112-0000050-9 broken over two lines reads as two orders; each one is a single word.
    for (const row of rows) {
      expect(texts).toContain(row.orderId);
      expect(texts).toContain(row.sku);
    }
    expect(texts).toContain('01JDQ8Z6Y3K4M5N6P7Q8R9S0T1');
    expect(words.some((word) => word.text.includes('…'))).toBe(false);
    const smallest = Math.min(...words.map((word) => word.size));
    expect(smallest).toBeGreaterThanOrEqual(6.99);
  });

  it('wraps a reference too long for any column within its column, whole, inside the margins', async () => {
    // 128 characters: wider than what a landscape page leaves beside the key columns, even at 7 pt.
    const reference =
      `RMA-2026-11-23/WAREHOUSE-MAIN/${'RECOUNT-'.repeat(11)}01JDQ8Z6Y3K4M5N6P7Q8R9S0T1-END`.slice(0, 128);
    expect(reference).toHaveLength(128);
    const bytes = await render([
      {
        name: 'Movements',
        columns: [
          { header: 'At (UTC)', key: 'at', type: 'datetime' },
          { header: 'SKU', key: 'sku', width: 18, identifier: true },
          { header: 'Warehouse', key: 'warehouse', width: 10, identifier: true },
          { header: 'Type', key: 'type', width: 14 },
          number('Quantity', 'quantity', 9),
          { header: 'Reference', key: 'reference', width: 26, identifier: true },
        ],
        rows: [
          {
            at: '2026-11-23T17:45:00.000Z',
            sku: 'MUG-CERAMIC-350ML-BLUE',
            warehouse: 'MAIN',
            type: 'adjustment',
            quantity: -3,
            reference,
          },
        ],
      },
    ]);
    const { pages, words } = pdfWords(bytes);
    for (const word of words) {
      const page = pages[word.page]!;
      expect(word.x, word.text).toBeGreaterThanOrEqual(36 - 0.5);
      expect(word.x + word.width, word.text).toBeLessThanOrEqual(page.width - 36 + 0.5);
      expect(word.size, word.text).toBeGreaterThanOrEqual(6.99);
    }
    // Its lines, top to bottom, read back as the reference: nothing cut, nothing lost.
    const header = words.find((word) => word.text === 'Reference')!;
    const pieces = words
      .filter((word) => word.page === header.page && Math.abs(word.x - header.x) < 1 && word.y > header.y)
      .sort((a, b) => a.y - b.y);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.map((word) => word.text).join('')).toBe(reference);
    // Each line of it breaks after a hyphen or slash, where the reference has one.
    for (const piece of pieces.slice(0, -1)) expect(piece.text).toMatch(/[-/]$/);
  });

  it(
    'fits a year of sales detail at more than 17 rows a page (one line a row)',
    { timeout: 60_000 },
    async () => {
      const { words, pages } = pdfWords(
        await render([{ name: 'Order lines', columns: salesDetailColumns, rows: yearOfSales() }]),
      );
      const perPage = pages.map(
        (_, page) =>
          new Set(
            words
              .filter((word) => word.page === page && /^112-\d{7}-\d$/.test(word.text))
              .map((word) => word.text),
          ).size,
      );
      // Every page but the last of each run of pages is full.
      const full = perPage.filter(
        (count, page) => count > 0 && perPage[page + 1] !== undefined && perPage[page + 1]! > 0,
      );
      expect(Math.min(...full)).toBeGreaterThanOrEqual(25);
    },
  );

  it('turns a table too wide for portrait landscape, and splits one too wide for landscape with its key columns on every page', async () => {
    const moderate: SheetColumn[] = [
      { header: 'SKU', key: 'sku', identifier: true },
      ...Array.from({ length: 7 }, (_, index) => money(`Week ${index + 1}`, `w${index}`)),
    ];
    const narrow = pdfWords(
      await render([
        {
          name: 'Weeks',
          columns: moderate,
          rows: [
            {
              sku: 'SKU-1',
              currency: 'USD',
              ...Object.fromEntries(moderate.slice(1).map((column) => [column.key, 12_345_678_901])),
            },
          ],
        },
      ]),
    );
    expect(narrow.pages.every((page) => page.width > page.height)).toBe(true);
    expect(narrow.words.some((word) => word.text === 'columns')).toBe(false);

    const wide: SheetColumn[] = [
      { header: 'Warehouse', key: 'warehouse' },
      { header: 'SKU', key: 'sku', width: 18, identifier: true },
      ...Array.from({ length: 20 }, (_, index) => money(`Value ${index + 1}`, `v${index}`)),
      { header: 'Currency', key: 'currency', width: 8 },
    ];
    const skus = Array.from({ length: 80 }, (_, index) => `MUG-CERAMIC-${String(index).padStart(3, '0')}`);
    const rows = skus.map((sku, index) => ({
      warehouse: 'MAIN',
      sku,
      currency: 'USD',
      ...Object.fromEntries(wide.slice(2, -1).map((column) => [column.key, 123_456_789 + index])),
    }));
    const { pages, words } = pdfWords(await render([{ name: 'Values', columns: wide, rows }]));
    expect(pages.every((page) => page.width > page.height)).toBe(true);
    const line = (page: number) =>
      words
        .filter((word) => word.page === page)
        .map((word) => word.text)
        .join(' ');
    const groups = [
      ...new Set(pages.map((_, page) => /columns (\d+) of (\d+)/.exec(line(page))?.[0])),
    ].filter(Boolean);
    expect(groups.length).toBeGreaterThanOrEqual(2);
    // Every value column printed; every page with the key columns' header and "Page x of y".
    const printed = new Set(
      pages.flatMap((_, page) => [...line(page).matchAll(/Value (\d+)/g)].map((m) => m[1])),
    );
    expect(printed.size).toBe(20);
    pages.forEach((_, page) => {
      const text = line(page);
      expect(text).toMatch(/^.*Warehouse SKU /);
      // Each page says which group of columns it holds, continued pages too.
      expect(text).toMatch(/Values, columns \d of \d/);
      expect(text).toContain(`Page ${page + 1} of ${pages.length}`);
    });
    // Each group lists every SKU: the key column repeated beside each group's figures.
    for (const sku of skus) expect(words.filter((word) => word.text === sku).length).toBe(groups.length);
    expect(Math.min(...words.map((word) => word.size))).toBeGreaterThanOrEqual(6.99);
  });

  it('sets the totals apart: bold, under a rule, after the rows', async () => {
    const bytes = await render([
      {
        name: 'By channel',
        columns: [{ header: 'Channel', key: 'channel', identifier: true }, number('Units', 'units')],
        rows: [
          { channel: 'amazon', units: 48_888 },
          { channel: 'shopify', units: 1_111 },
        ],
        totals: [{ channel: 'All channels', units: 48_888 }],
      },
    ]);
    const { words } = pdfWords(bytes);
    const [row, total] = words.filter((word) => word.text === '48,888').sort((a, b) => a.y - b.y);
    expect(total).toBeDefined();
    expect(words.some((word) => word.text === 'channels' && word.y === total!.y)).toBe(true);
    // DejaVu Sans Bold's digits are wider than the regular ones.
    expect(total!.width).toBeGreaterThan(row!.width * 1.05);
    const above = words.find((word) => word.text === '1,111')!;
    const pixels = pagePixels(bytes, 0);
    const left = words.find((word) => word.text === 'amazon')!.x;
    const ruleRows = [];
    for (let y = Math.ceil(above.y + above.height); y < total!.y; y += 1) {
      const dark = Array.from({ length: 60 }, (_, step) => pixels.at(left + step, y)).filter(
        (grey) => grey < 140,
      );
      if (dark.length === 60) ruleRows.push(y);
    }
    expect(ruleRows.length).toBeGreaterThan(0);
  });

  it('prints a section’s notes under its totals, whole', async () => {
    const note =
      'Line totals (quantity × unit price − discount + tax) exclude order shipping charges and refunds; ' +
      'net sales in the sales summary add shipping and subtract refunds.';
    const rows = yearOfSales().slice(0, 5);
    const { pages, words } = pdfWords(
      await render([
        {
          name: 'Order lines',
          columns: salesDetailColumns,
          rows,
          totals: [{ day: 'Total', currency: 'USD', quantity: 12, lineTotal: 25_000 }],
          notes: [note],
        },
      ]),
    );
    const total = words.find((word) => word.text === 'Total')!;
    const noteWords = words.filter((word) => word.y > total.y + 1);
    expect(noteWords.map((word) => word.text).join(' ')).toContain(note);
    for (const word of noteWords) {
      expect(word.x + word.width).toBeLessThanOrEqual(pages[word.page]!.width - 36 + 0.5);
      expect(word.size).toBeGreaterThanOrEqual(6.99);
    }
  });

  it('never leaves a total row at the top of a page without the header row', async () => {
    for (let count = 30; count <= 44; count += 1) {
      const bytes = await render([
        {
          name: 'By channel',
          columns: [{ header: 'Channel', key: 'channel', identifier: true }, number('Units', 'units')],
          rows: Array.from({ length: count }, (_, index) => ({ channel: `channel-${index}`, units: index })),
          totals: [{ channel: 'Grand', units: 1 }],
        },
      ]);
      const { words } = pdfWords(bytes);
      const total = words.find((word) => word.text === 'Grand')!;
      const onItsPage = words.filter((word) => word.page === total.page && word.y < total.y);
      expect(
        onItsPage.some((word) => word.text === 'Units'),
        `${count} rows`,
      ).toBe(true);
    }
  });
});

describe('columns sharing a page', () => {
  it('gives free text the room the others leave, and answers nothing when even the narrowest do not fit', () => {
    const needs = [
      { need: 60, preferred: 60, free: false },
      { need: 72, preferred: 200, free: true },
    ];
    // Free text stretches first (to 1.6 times what it would like), then the rest share what is left.
    const [fixed, free] = planWidths(needs, 400)!;
    expect(free).toBe(200 * 1.6);
    expect(fixed).toBeGreaterThan(60);
    expect(fixed! + free!).toBeLessThanOrEqual(400);
    expect(planWidths(needs, 200)).toEqual([60, 140]);
    expect(planWidths(needs, 100)).toBeUndefined();
  });

  it('splits columns into groups that each repeat the keys', () => {
    const needs = Array.from({ length: 6 }, () => ({ need: 100, preferred: 100, free: false }));
    expect(columnGroups(needs, [0, 1], 400)).toEqual([
      [0, 1, 2, 3],
      [0, 1, 4, 5],
    ]);
  });
});

describe('an end-of-day manifest', () => {
  it('prints long tracking numbers and order references whole on one line, at 7 pt or more', async () => {
    // USPS with its ZIP routing prefix: 30 digits.
    const tracking = ['420100019374869903506220014576', '1Z999AA10123456784'];
    const orders = ['112-0000050-9123456', 'ORD-1002'];
    const bytes = await renderManifestPdf({
      paperSize: 'letter',
      manifestId: '01JDQ8Z6Y3K4M5N6P7Q8R9S0T1',
      carrier: 'USPS',
      warehouse: { code: 'MAIN', name: 'Main warehouse' },
      shipDate: '2026-11-23',
      closedAt: '2026-11-23T17:45:00.000Z',
      pickupReference: 'PRN-2026-884213',
      shipments: tracking.map((trackingNumber, index) => ({
        trackingNumber,
        orderReference: orders[index]!,
        service: 'Priority Mail Express',
        packages: 1,
        weightGrams: 1250,
        cost: { amount: 123_456_789, currency: 'USD' },
      })),
    });
    const { words } = pdfWords(bytes);
    for (const text of [...tracking, ...orders, 'Manifest', '01JDQ8Z6Y3K4M5N6P7Q8R9S0T1']) {
      const word = words.find((candidate) => candidate.text === text);
      expect(word, text).toBeDefined();
    }
    expect(Math.min(...words.map((word) => word.size))).toBeGreaterThanOrEqual(6.99);
    // Each identifier ends before the next column's text starts on its row: none runs into another.
    for (const text of [...tracking, orders[0]!]) {
      const word = words.find((candidate) => candidate.text === text)!;
      const next = words
        .filter((other) => other.page === word.page && Math.abs(other.y - word.y) < 2 && other.x > word.x)
        .sort((a, b) => a.x - b.x)[0]!;
      expect(word.x + word.width, `${text} then ${next.text}`).toBeLessThan(next.x);
    }
  });
});

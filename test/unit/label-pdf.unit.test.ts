/**
 * Labels and packing slips read back as a person and a scanner would: text with poppler's pdftotext, the
 * barcode from the pixels of a 300 dpi rendering (pdftoppm). The fonts are also loaded the way a Lambda
 * bundle loads them: from `fonts/` beside the bundle, with no node_modules in reach.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfFontFiles, pdfFontPackage } from '../../infra/bundling';
import { buildFunction } from '../support/built-function';
import { scanBarcode, scanPdfBarcode } from '../support/barcode-reader';
import { warehouseSender } from '../support/label-builders';
import { defaultFormSettings } from '../../functions/fulfillment/forms/schemas';
import { labelDocument } from '../../functions/fulfillment/labels/label-document';
import type { Order } from '../../shared/domain/order';
import type { Shipment } from '../../shared/domain/shipment';
import type { LabelDocument } from '../../shared/render/label-document';
import { encodeCode128 } from '../../shared/render/code128';
import { renderLabelPdf } from '../../shared/render/label-pdf';
import * as pdfFonts from '../../shared/render/pdf-fonts';

let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'label-pdf-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const trackingNumber = '1Z999AA10123456784';

function label(overrides: Partial<LabelDocument> = {}): LabelDocument {
  return {
    format: '4x6',
    shipFrom: warehouseSender,
    shipTo: {
      name: 'Zoë Łódź-Wiśniewska',
      line1: 'ul. Piotrkowska 104 m. 12',
      city: 'Łódź',
      postalCode: '90-001',
      country: 'PL',
      phone: '+48 42 123 45 67',
    },
    carrier: 'UPS',
    service: 'Worldwide Saver',
    trackingNumber,
    orderReference: 'ORD-2026-000123',
    shipDate: '2026-11-23',
    weightGrams: 1250,
    packages: 2,
    ...overrides,
  };
}

let files = 0;
async function renderToFile(document: LabelDocument): Promise<string> {
  const file = join(work, `label-${(files += 1)}.pdf`);
  writeFileSync(file, await renderLabelPdf(document));
  return file;
}

const pdftotext = (file: string, ...args: string[]) =>
  execFileSync('pdftotext', [...args, file, '-'], { encoding: 'utf8' });

/** Text of each page (pdftotext separates pages with a form feed). */
const pageTexts = (file: string) => pdftotext(file, '-layout').split('\f').slice(0, -1);

/** Page sizes in points, "288 x 432". */
function pageSizes(file: string): string[] {
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '100000', file], { encoding: 'utf8' });
  return [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+ x [\d.]+) pts/gm)].map((match) => match[1]!);
}

describe('renderLabelPdf: the label', () => {
  it('prints the ship-to name and city in Polish, the service, the tracking number, one page per package', async () => {
    const file = await renderToFile(label());
    expect(pageSizes(file)).toEqual(['288 x 432', '288 x 432']);
    const [first, second] = pageTexts(file);
    for (const text of [first!, second!]) {
      expect(text).toContain('Zoë Łódź-Wiśniewska');
      expect(text).toMatch(/90-001 Łódź/);
      expect(text).toContain('POLAND');
      expect(text).toContain('Worldwide Saver');
      expect(text).toContain('UPS');
      expect(text).toContain(trackingNumber);
      expect(text).toContain('ORD-2026-000123');
      expect(text).toContain('2026-11-23');
      expect(text).toContain('1.25 kg');
      expect(text).toContain('Springfield, IL 62701');
    }
    expect(first).toMatch(/1 of 2/);
    expect(second).toMatch(/2 of 2/);
  });

  it('puts the same label on a US letter page', async () => {
    const file = await renderToFile(label({ format: 'letter', packages: 1 }));
    expect(pageSizes(file)).toEqual(['612 x 792']);
    const text = pdftotext(file);
    expect(text).toContain('Zoë Łódź-Wiśniewska');
    expect(text).toContain(trackingNumber);
  });

  it('keeps long text inside the label: it wraps or shrinks, never runs off', async () => {
    const long = (word: string) => Array.from({ length: 12 }, (_, i) => `${word}${i}`).join(' ');
    const file = await renderToFile(
      label({
        packages: 1,
        shipTo: {
          name: `${long('Wiśniewska-Brzęczyszczykiewicz')}`,
          company: long('Przedsiębiorstwo'),
          line1: 'X'.repeat(200),
          line2: long('Mieszkanie'),
          city: 'Łódź'.repeat(20),
          region: 'Łódzkie',
          postalCode: '90-001',
          country: 'PL',
        },
        shipFrom: { ...label().shipFrom, name: long('Warehouse'), line1: long('Street') },
        carrier: 'Deutsche Post DHL Group Parcel Europe Extended Name',
        service: long('Service'),
        orderReference: 'O'.repeat(120),
      }),
    );
    const words = [
      ...pdftotext(file, '-bbox').matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
      ),
    ].map(([, xMin, yMin, xMax, yMax, text]) => ({
      xMin: +xMin!,
      yMin: +yMin!,
      xMax: +xMax!,
      yMax: +yMax!,
      text,
    }));
    expect(words.length).toBeGreaterThan(20);
    // Overlong lines are cut, not the lines after them: the parcel still reaches the right country.
    const text = words.map((word) => word.text).join(' ');
    expect(text).toContain('90-001');
    expect(text).toContain('POLAND');
    for (const word of words) {
      // Within the 10 pt margins of the 288 × 432 pt page (pdftotext's boxes are a little generous).
      expect(word.xMin, word.text).toBeGreaterThanOrEqual(8);
      expect(word.xMax, word.text).toBeLessThanOrEqual(280);
      expect(word.yMin, word.text).toBeGreaterThanOrEqual(8);
      expect(word.yMax, word.text).toBeLessThanOrEqual(424);
    }
  });

  it('leaves out the fields the forms settings do not list, cleanly; ship-to, carrier and tracking always print', async () => {
    const file = await renderToFile(label({ fields: ['returnAddress'] }));
    const [first, second] = pageTexts(file);
    for (const text of [first!, second!]) {
      expect(text).toContain('Zoë Łódź-Wiśniewska');
      expect(text).toContain('POLAND');
      expect(text).toContain('UPS');
      expect(text).toContain('Worldwide Saver');
      expect(text).toContain(trackingNumber);
      expect(text).toContain('1 Warehouse Way');
      // Neither the values nor their captions.
      for (const gone of ['ORD-2026-000123', 'ORDER', '2026-11-23', 'SHIP DATE', '1.25 kg', 'WEIGHT']) {
        expect(text).not.toContain(gone);
      }
      expect(text).not.toMatch(/PACKAGE|\d of 2/);
    }
  });

  it('keeps each listed field when others are left out: the order without the count, the weight without the date', async () => {
    const [text] = pageTexts(
      await renderToFile(label({ packages: 1, fields: ['orderReference', 'weight'] })),
    );
    expect(text).toContain('ORD-2026-000123');
    expect(text).toContain('1.25 kg');
    expect(text).not.toContain('2026-11-23');
    expect(text).not.toContain('PACKAGE');
    expect(text).not.toContain('1 of 1');
  });

  it("without the return address, FROM shows only the sender's name and town", async () => {
    for (const fields of [['orderReference', 'weight', 'shipDate', 'packageCount'] as const, [] as const]) {
      const [text] = pageTexts(await renderToFile(label({ packages: 1, fields })));
      expect(text).toContain('FROM');
      expect(text).toContain('Acme Fulfilment Centre');
      expect(text).toContain('Springfield, IL 62701');
      expect(text).toContain('United States');
      expect(text).not.toContain('1 Warehouse Way');
      expect(text).not.toContain('Acme Supplies Ltd');
      expect(text).toContain(trackingNumber);
    }
  });

  it("prints the shipping warehouse's return address as FROM (labelDocument), its origin's town with 'none'", async () => {
    const origin = { ...label().shipFrom };
    const returns = {
      name: 'Acme Returns',
      line1: '9 Returns Row',
      city: 'Peoria',
      region: 'IL',
      postalCode: '61602',
      country: 'US',
    };
    const order = {
      id: 'ORD-2026-000123',
      currency: 'USD',
      orderDate: '2026-11-20T09:30:00.000Z',
      shipTo: label().shipTo,
      lines: [],
    } as unknown as Order;
    const shipment = {
      carrier: 'UPS',
      service: 'Ground',
      trackingNumber,
      shipDate: '2026-11-23',
      weightGrams: 1250,
      packages: 1,
      lines: [],
    } as unknown as Shipment;
    const render = async (returnAddress: 'warehouse' | 'none') => {
      const document = labelDocument({
        order,
        shipment,
        shipFrom: origin,
        returnAddress: returns,
        label: { ...defaultFormSettings('label'), returnAddress },
        packingSlip: defaultFormSettings('packing-slip'),
      });
      return pageTexts(await renderToFile(document))[0]!;
    };
    const warehouse = await render('warehouse');
    expect(warehouse).toContain('Acme Returns');
    expect(warehouse).toContain('9 Returns Row');
    expect(warehouse).toContain('Peoria, IL 61602');
    expect(warehouse).not.toContain('1 Warehouse Way');
    const none = await render('none');
    expect(none).toContain('Acme Fulfilment Centre');
    expect(none).toContain('Springfield, IL 62701');
    expect(none).not.toContain('1 Warehouse Way');
    expect(none).not.toContain('Returns');
    // The other fields are untouched by the choice.
    expect(none).toContain('ORD-2026-000123');
    expect(none).toContain('1.25 kg');
  });

  it('refuses a package count that is not a whole number of at least 1', async () => {
    await expect(renderLabelPdf(label({ packages: 0 }))).rejects.toThrow(RangeError);
    await expect(renderLabelPdf(label({ packages: 1.5 }))).rejects.toThrow(RangeError);
  });
});

describe('renderLabelPdf: the barcode', () => {
  // Every field shown, and none: the layout without the footer still prints a barcode that scans.
  for (const fields of [undefined, [] as const]) {
    it(`scans back from a 300 dpi rendering to the tracking number, with its quiet zones clear (${fields ? 'no optional fields' : 'every field'})`, async () => {
      const file = await renderToFile(label({ packages: 1, ...(fields ? { fields } : {}) }));
      const scanned = scanPdfBarcode(file, join(work, `page-${files}`));
      expect(scanned.size).toEqual({ width: 1200, height: 1800 });
      expect(scanned.barRows, 'bar height in pixels').toBeGreaterThan(250); // 72 pt = 300 px
      expect(scanned.text).toBe(trackingNumber);
      expect(scanned.quietZones.left).toBeGreaterThanOrEqual(10 * scanned.module);
      expect(scanned.quietZones.right).toBeGreaterThanOrEqual(10 * scanned.module);
    });
  }
});

describe('renderLabelPdf: the barcode at a thermal printer', () => {
  it('prints each bar its own width at 203 dpi without anti-aliasing: no bar gains a dot', async () => {
    const file = await renderToFile(label({ packages: 1 }));
    const png = join(work, `thermal-${files}`);
    // What a 203 dpi thermal printer fed by poppler inks: every dot on or off, no grey at the edges.
    execFileSync('pdftoppm', [
      '-r',
      '203',
      '-gray',
      '-aa',
      'no',
      '-aaVector',
      'no',
      '-png',
      '-singlefile',
      file,
      png,
    ]);
    const scanned = scanBarcode(`${png}.png`);
    expect(scanned.text).toBe(trackingNumber);
    const { modules } = encodeCode128(trackingNumber);
    const dotsPerModule = Math.round(scanned.module);
    const barModules = [...modules].filter((bit) => bit === '1').length;
    // One path of every bar filled at once inked about 50 dots more here: each bar a dot wider.
    expect(scanned.barDots).toBeGreaterThanOrEqual(barModules * dotsPerModule - 2);
    expect(scanned.barDots).toBeLessThanOrEqual(barModules * dotsPerModule + 2);
  });
});

describe('renderLabelPdf: a label of several packages', () => {
  const parcels = [
    { trackingNumber: '1Z999AA10123456784', weightGrams: 900 },
    { trackingNumber: '1Z999AA10123456795', weightGrams: 2350 },
  ];

  it('gives each package its own page with its own tracking number, weight and barcode', async () => {
    const file = await renderToFile(label({ packages: 2, weightGrams: 3250, parcels }));
    const [first, second] = pageTexts(file);
    expect(first).toContain(parcels[0]!.trackingNumber);
    expect(first).not.toContain(parcels[1]!.trackingNumber);
    expect(first).toContain('0.90 kg');
    expect(first).toMatch(/1 of 2/);
    expect(second).toContain(parcels[1]!.trackingNumber);
    expect(second).not.toContain(parcels[0]!.trackingNumber);
    expect(second).toContain('2.35 kg');
    expect(second).toMatch(/2 of 2/);
    for (const text of [first!, second!]) expect(text).not.toContain('3.25 kg');
    const scanned = [1, 2].map((pageNumber) => {
      const png = join(work, `parcels-${files}-${pageNumber}`);
      execFileSync('pdftoppm', [
        '-r',
        '300',
        '-png',
        '-f',
        `${pageNumber}`,
        '-l',
        `${pageNumber}`,
        '-singlefile',
        file,
        png,
      ]);
      return scanBarcode(`${png}.png`).text;
    });
    expect(scanned).toEqual(parcels.map((parcel) => parcel.trackingNumber));
  });

  it('refuses parcels that do not name each package', async () => {
    await expect(renderLabelPdf(label({ packages: 3, parcels }))).rejects.toThrow(RangeError);
  });
});

describe('renderLabelPdf: the packing slip', () => {
  const lines = Array.from({ length: 500 }, (_, i) => ({
    sku: `SKU-${String(i + 1).padStart(5, '0')}`,
    title: `Widget ${i + 1}`,
    quantity: (i % 3) + 1,
    unitPrice: { amount: 1999, currency: 'EUR' },
  }));

  it('paginates 500 lines cleanly: header and page x of y on every page, every SKU once, in order', async () => {
    const file = await renderToFile(
      label({
        packingSlip: {
          paperSize: 'a4',
          showPrices: true,
          footerText: 'Returns within 30 days: ünïcode ok.',
          lines,
        },
      }),
    );
    const sizes = pageSizes(file);
    const slipPages = pageTexts(file).slice(2);
    // Two label pages, then the slip on 13 A4 pages: 36 single-line rows under the addresses on the
    // first, 41 on each of the next 11, 13 on the last (36 + 11 × 41 + 13 = 500).
    expect(sizes).toEqual([...Array(2).fill('288 x 432'), ...Array(13).fill('595.28 x 841.89')]);
    expect(slipPages).toHaveLength(13);
    const rowsPerPage: number[] = [];
    const seen: number[] = [];
    slipPages.forEach((text, index) => {
      expect(text).toContain('PACKING SLIP');
      expect(text).toContain('Order ORD-2026-000123');
      expect(text).toMatch(/#\s+SKU\s+Item\s+Qty\s+Unit price\s+Total/);
      expect(text).toContain(`Page ${index + 1} of 13`);
      expect(text).toContain('Returns within 30 days: ünïcode ok.');
      const rows = [
        ...text.matchAll(/^\s*(\d+)\s+SKU-(\d{5})\s+Widget (\d+)\s+(\d)\s+EUR 19\.99\s+EUR ([\d.]+)$/gm),
      ];
      rowsPerPage.push(rows.length);
      for (const [, number, sku, title, quantity, total] of rows) {
        expect(Number(sku)).toBe(Number(number));
        expect(Number(title)).toBe(Number(number));
        expect(Number(total)).toBeCloseTo(19.99 * Number(quantity), 2);
        seen.push(Number(number));
      }
    });
    expect(rowsPerPage).toEqual([36, ...Array(11).fill(41), 13]);
    expect(seen).toEqual(lines.map((_, i) => i + 1));
    expect(slipPages[0]).toContain('Zoë Łódź-Wiśniewska');
    // 167 lines of 1, 167 of 2, 166 of 3 units at EUR 19.99.
    expect(slipPages.at(-1)).toMatch(/Lines 500\s+Units 999/);
    expect(slipPages.at(-1)).toContain('Total EUR 19,970.01');
  });

  it('leaves prices out when the forms settings hide them', async () => {
    const file = await renderToFile(
      label({
        packages: 1,
        packingSlip: { paperSize: 'letter', showPrices: false, lines: lines.slice(0, 3) },
      }),
    );
    const [, slip] = pageTexts(file);
    expect(pageSizes(file)).toEqual(['288 x 432', '612 x 792']);
    expect(slip).toMatch(/#\s+SKU\s+Item\s+Qty\s*$/m);
    expect(slip).not.toContain('EUR');
    expect(slip).toContain('Page 1 of 1');
    for (const line of lines.slice(0, 3)) expect(slip).toContain(line.sku);
  });

  it('shows the columns and blocks its fields list: order date, bill-to, weight (unit weight × quantity)', async () => {
    const file = await renderToFile(
      label({
        packages: 1,
        packingSlip: {
          paperSize: 'letter',
          showPrices: false,
          fields: ['orderDate', 'billTo', 'title', 'quantity', 'weight'],
          orderDate: '2026-11-20T23:30:00.000Z',
          billTo: {
            name: 'Jan Kowalski',
            line1: 'ul. Długa 5',
            city: 'Gdańsk',
            postalCode: '80-827',
            country: 'PL',
          },
          lines: [
            { sku: 'SKU-A', title: 'Mug', quantity: 3, weightGrams: 500 },
            { sku: 'SKU-B', title: 'Plate', quantity: 2, weightGrams: 1005 },
          ],
        },
      }),
    );
    const [, slip] = pageTexts(file);
    expect(slip).toMatch(/#\s+Item\s+Qty\s+Weight\s*$/m);
    expect(slip).toMatch(/^\s*1\s+Mug\s+3\s+1\.50 kg$/m);
    expect(slip).toMatch(/^\s*2\s+Plate\s+2\s+2\.01 kg$/m);
    expect(slip).toMatch(/Lines 2\s+Units 5\s+Weight 3\.51 kg/);
    expect(slip).toContain('Order date 2026-11-20');
    expect(slip).toContain('BILL TO');
    expect(slip).toContain('Jan Kowalski');
    expect(slip).toContain('80-827 Gdańsk');
    expect(slip).toContain('FROM');
    // Not listed: the order reference, the ship-to block, the SKUs.
    expect(slip).not.toContain('Order ORD-2026-000123');
    expect(slip).not.toContain('SHIP TO');
    expect(slip).not.toContain('Zoë Łódź-Wiśniewska');
    expect(slip).not.toContain('SKU-A');
    expect(slip).not.toMatch(/\bSKU\b/);
  });

  it('keeps the quantity when the fields would leave no column; no bill-to or weight without the data', async () => {
    const file = await renderToFile(
      label({
        packages: 1,
        packingSlip: {
          paperSize: 'letter',
          showPrices: false,
          fields: ['orderReference', 'billTo', 'weight'],
          lines: lines.slice(0, 2),
        },
      }),
    );
    const [, slip] = pageTexts(file);
    // The weight is listed but no line has one: no empty column, no part total.
    expect(slip).toMatch(/#\s+Qty\s*$/m);
    expect(slip).toMatch(/^\s*1\s+1$/m);
    expect(slip).toMatch(/^\s*2\s+2$/m);
    expect(slip).toMatch(/Lines 2\s+Units 3$/m);
    expect(slip).toContain('Order ORD-2026-000123');
    expect(slip).not.toContain('BILL TO');
    expect(slip).not.toContain('Widget');
    expect(slip).not.toContain('Weight');
  });

  it('lists only the SKU and the weight when asked, prices still following showPrices', async () => {
    const file = await renderToFile(
      label({
        packages: 1,
        packingSlip: {
          paperSize: 'a4',
          showPrices: true,
          fields: ['sku', 'weight'],
          lines: [
            { ...lines[0]!, weightGrams: 250 },
            { ...lines[1]!, quantity: 4 },
          ],
        },
      }),
    );
    const [, slip] = pageTexts(file);
    expect(slip).toMatch(/#\s+SKU\s+Weight\s+Unit price\s+Total\s*$/m);
    expect(slip).toMatch(/^\s*1\s+SKU-00001\s+0\.25 kg\s+EUR 19\.99\s+EUR 19\.99$/m);
    expect(slip).toMatch(/^\s*2\s+SKU-00002\s+EUR 19\.99\s+EUR 79\.96$/m);
    // One line has no weight: no parcel weight; no units without the quantity column.
    expect(slip).toMatch(/Lines 2$/m);
    expect(slip).toContain('Total EUR 99.95');
  });

  it("formats amounts in the currency's minor units (JPY none, KWD three)", async () => {
    const file = await renderToFile(
      label({
        packages: 1,
        packingSlip: {
          paperSize: 'letter',
          showPrices: true,
          lines: [
            { sku: 'A', title: 'Yen', quantity: 3, unitPrice: { amount: 1500, currency: 'JPY' } },
            { sku: 'B', title: 'Dinar', quantity: 2, unitPrice: { amount: 1005, currency: 'KWD' } },
          ],
        },
      }),
    );
    const [, slip] = pageTexts(file);
    expect(slip).toMatch(/JPY\s1,500\s+JPY\s4,500/);
    expect(slip).toMatch(/KWD\s1\.005\s+KWD\s2\.010/);
  });
});

describe('renderLabelPdf: what the customer was charged, the footer, the format, customs', () => {
  const origin = {
    name: 'Dock 4',
    line1: '200 Dock Rd',
    city: 'Memphis',
    region: 'TN',
    postalCode: '38118',
    country: 'US',
  };
  const line = (overrides: Partial<Order['lines'][number]>) =>
    ({ tax: 0, discount: 0, status: 'active', shippedQuantity: 0, ...overrides }) as Order['lines'][number];
  /** Two mugs at 45.00 (10.00 off) and a teapot at 51.00: 141.00 at list price, 159.23 charged and paid. */
  const order = {
    id: '112-0000050-9',
    currency: 'USD',
    orderDate: '2026-11-20T09:30:00.000Z',
    shipTo: label().shipTo,
    lines: [
      line({
        itemId: 'A',
        sku: 'MUG-1',
        title: 'Stoneware mug',
        quantity: 2,
        unitPrice: 4500,
        discount: 1000,
        tax: 1048,
        weightGrams: 420,
        hsCode: '6912.00',
        originCountry: 'PT',
      }),
      line({ itemId: 'B', sku: 'POT-1', title: 'Teapot', quantity: 1, unitPrice: 5100, tax: 480 }),
    ],
    shippingCharge: 1295,
    totals: {
      subtotal: 14100,
      shipping: 1295,
      tax: 1528,
      discount: 1000,
      total: 15923,
      paid: 15923,
      refunded: 0,
      credited: 0,
      balance: 0,
      refundable: 0,
    },
  } as unknown as Order;
  const shipment = {
    carrier: 'Postal',
    service: 'Priority Mail International',
    trackingNumber,
    shipDate: '2026-11-23',
    weightGrams: 1950,
    packages: 1,
    lines: [
      { itemId: 'A', sku: 'MUG-1', quantity: 2 },
      { itemId: 'B', sku: 'POT-1', quantity: 1 },
    ],
  } as unknown as Shipment;
  const document = (
    overrides: {
      order?: Partial<Order>;
      label?: Partial<ReturnType<typeof defaultFormSettings>>;
      packingSlip?: Partial<ReturnType<typeof defaultFormSettings>>;
      labelFormat?: 'pdf_4x6' | 'pdf_letter';
    } = {},
  ) =>
    labelDocument({
      order: { ...order, ...overrides.order },
      shipment,
      shipFrom: origin,
      label: { ...defaultFormSettings('label'), ...overrides.label },
      packingSlip: { ...defaultFormSettings('packing-slip'), showPrices: true, ...overrides.packingSlip },
      ...(overrides.labelFormat ? { labelFormat: overrides.labelFormat } : {}),
    });
  const domestic = {
    shipTo: { ...origin, name: 'Ada', line1: '5 Elm St', city: 'Boston', postalCode: '02108' },
  };

  it('prints on the slip the lines after their discounts, then discount, tax, shipping, total and paid', async () => {
    const file = await renderToFile(document({ order: domestic, label: { includePackingSlip: true } }));
    const [, slip] = pageTexts(file);
    expect(slip).toMatch(/#\s+SKU\s+Item\s+Qty\s+Weight\s+Unit price\s+Discount\s+Total/);
    expect(slip).toMatch(/1\s+MUG-1\s+Stoneware mug\s+2\s+0\.84 kg\s+USD 45\.00\s+-USD 10\.00\s+USD 80\.00/);
    expect(slip).toMatch(/2\s+POT-1\s+Teapot\s+1\s+USD 51\.00\s+USD 51\.00/);
    expect(slip).toMatch(/Items before discounts\s+USD 141\.00/);
    expect(slip).toMatch(/Discount\s+-USD 10\.00/);
    expect(slip).toMatch(/Tax\s+USD 15\.28/);
    expect(slip).toMatch(/Shipping\s+USD 12\.95/);
    expect(slip).toMatch(/Total\s+USD 159\.23/);
    expect(slip).toMatch(/Paid\s+USD 159\.23/);
    expect(slip).not.toContain('Total USD 141.00');
    expect(slip).not.toContain('part of it');
  });

  it('leaves the discount and tax rows out when the slip’s fields do; the total stays what was charged', async () => {
    const fields = ['orderReference', 'sku', 'title', 'quantity'];
    const file = await renderToFile(
      document({ order: domestic, label: { includePackingSlip: true }, packingSlip: { fields } }),
    );
    const [, slip] = pageTexts(file);
    expect(slip).toMatch(/#\s+SKU\s+Item\s+Qty\s+Unit price\s+Total\s*$/m);
    expect(slip).toMatch(/1\s+MUG-1\s+Stoneware mug\s+2\s+USD 45\.00\s+USD 80\.00/);
    expect(slip).toMatch(/Items after discounts\s+USD 131\.00/);
    expect(slip).toMatch(/Total \(tax included\)\s+USD 159\.23/);
    expect(slip).not.toMatch(/Discount|Tax\s/);
  });

  it('says when the parcel carries only part of the order', async () => {
    const partial = {
      ...shipment,
      lines: [{ itemId: 'A', sku: 'MUG-1', quantity: 1 }],
    } as unknown as Shipment;
    const file = await renderToFile(
      labelDocument({
        order: { ...order, ...domestic },
        shipment: partial,
        shipFrom: origin,
        label: { ...defaultFormSettings('label'), includePackingSlip: true },
        packingSlip: { ...defaultFormSettings('packing-slip'), showPrices: true },
      }),
    );
    const [, slip] = pageTexts(file);
    // One mug of two: half the line's discount.
    expect(slip).toMatch(/1\s+MUG-1\s+Stoneware mug\s+1\s+0\.42 kg\s+USD 45\.00\s+-USD 5\.00\s+USD 40\.00/);
    expect(slip).toContain('Totals of the whole order; this parcel carries part of it.');
    expect(slip).toMatch(/Total\s+USD 159\.23/);
  });

  it('prints the label form’s footer text on every label page, and the barcode still scans', async () => {
    const footerText = 'Fragile: handle with care.\nReturns: northwind.example/returns';
    const file = await renderToFile(label({ footerText }));
    for (const page of pageTexts(file)) {
      expect(page).toContain('Fragile: handle with care.');
      expect(page).toContain('Returns: northwind.example/returns');
      expect(page).toContain('Zoë Łódź-Wiśniewska');
      expect(page).toMatch(/[12] of 2/);
    }
    // A short footer: the test's reader takes the pixel row with the most bars, which a long line of
    // small text would outnumber.
    const alone = await renderToFile(label({ footerText: 'Fragile', packages: 1, fields: [] }));
    expect(scanPdfBarcode(alone, join(work, `page-${files}`)).text).toBe(trackingNumber);
  });

  it('prints a print’s pdf_letter on a US letter page though the form says 4x6', async () => {
    const letter = await renderToFile(document({ order: domestic, labelFormat: 'pdf_letter' }));
    expect(pageSizes(letter)).toEqual(['612 x 792']);
    const thermal = await renderToFile(
      document({ order: domestic, label: { paperSize: 'letter' }, labelFormat: 'pdf_4x6' }),
    );
    expect(pageSizes(thermal)).toEqual(['288 x 432']);
  });

  it('follows a label to another country with a CN22: contents, values, HS codes, origin, sender, recipient, totals', async () => {
    const file = await renderToFile(document());
    const pages = pageTexts(file);
    expect(pageSizes(file)).toEqual(['288 x 432', '288 x 432']);
    const customs = pages[1]!;
    expect(customs).toContain('CUSTOMS DECLARATION');
    expect(customs).toContain('CN22');
    expect(customs).toContain(trackingNumber);
    expect(customs).toMatch(/Stoneware mug\s*\n\s*2\s+6912\.00\s+PT\s+0\.84 kg\s+USD 80\.00/);
    // The teapot's line has no HS code, origin or weight: those cells stay empty.
    expect(customs).toMatch(/Teapot\s*\n\s*1\s+USD 51\.00/);
    expect(customs).toMatch(/Total value\s+USD 131\.00/);
    expect(customs).toMatch(/Total gross weight\s+1\.95 kg/);
    expect(customs).toContain('Sale of goods');
    expect(customs).toContain('Memphis, TN 38118');
    expect(customs).toContain('90-001 Łódź');
    expect(customs).toMatch(/Date 2026-11-23\s+Signature/);
  });

  it('a CN23 above the postal value limit, between the label and the slip, on the label’s letter page', async () => {
    const dear = order.lines.map((l) => ({ ...l, unitPrice: l.unitPrice * 10 }));
    const file = await renderToFile(
      document({ order: { lines: dear }, label: { paperSize: 'letter', includePackingSlip: true } }),
    );
    const pages = pageTexts(file);
    expect(pageSizes(file)).toEqual(['612 x 792', '612 x 792', '612 x 792']);
    expect(pages[1]).toContain('CN23');
    expect(pages[1]).toMatch(/Total value\s+USD 1,400\.00/);
    expect(pages[2]).toContain('PACKING SLIP');
  });

  it('carries no customs page at home', async () => {
    const file = await renderToFile(document({ order: domestic }));
    expect(pageSizes(file)).toEqual(['288 x 432']);
    expect(pdftotext(file)).not.toMatch(/CN2[23]|CUSTOMS/);
  });

  it('runs a long declaration over pages, each numbered, the totals and signature on the last', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      line({ itemId: `L${i}`, sku: `S${i}`, title: `Item number ${i + 1}`, quantity: 1, unitPrice: 100 }),
    );
    const file = await renderToFile(
      labelDocument({
        order: { ...order, lines: many },
        shipment: {
          ...shipment,
          lines: many.map((l) => ({ itemId: l.itemId, sku: l.sku, quantity: 1 })),
        } as unknown as Shipment,
        shipFrom: origin,
        label: defaultFormSettings('label'),
        packingSlip: defaultFormSettings('packing-slip'),
      }),
    );
    const customs = pageTexts(file).slice(1);
    expect(customs.length).toBeGreaterThan(1);
    const listed = customs.flatMap((page, index) => {
      expect(page).toContain('CN22');
      expect(page).toContain(`Page ${index + 1} of ${customs.length}`);
      expect(page.includes('Total value')).toBe(index === customs.length - 1);
      return [...page.matchAll(/Item number (\d+)/g)].map((match) => Number(match[1]));
    });
    expect(listed).toEqual(many.map((_, i) => i + 1));
    expect(customs.at(-1)).toMatch(/Total value\s+USD 30\.00/);
  });
});

describe('pdf fonts', () => {
  it('names the same package and files as the after-bundling hook that copies them', () => {
    expect(pdfFonts.pdfFontPackage).toBe(pdfFontPackage);
    expect(Object.values(pdfFonts.pdfFontFiles)).toEqual([...pdfFontFiles]);
  });

  it('load in a Lambda bundle (its renderers beside it) from fonts/ beside it, with no node_modules in reach', async () => {
    const bundleOf = (name: string, contents: string) =>
      buildFunction(join(work, 'bundles', name), name, contents);
    const [withRenderer, withoutRenderer] = await Promise.all([
      bundleOf('renders', `export { loadPdfRenderers as load } from './shared/render/load';`),
      bundleOf('plain', `export { encodeCode128 } from './shared/render/code128';`),
    ]);
    expect(existsSync(join(withoutRenderer, 'fonts'))).toBe(false);
    expect(existsSync(join(withoutRenderer, 'render-pdf.mjs'))).toBe(false);
    // The function's own bundle carries none of pdf-lib: its renderers are a bundle beside it.
    expect(readFileSync(join(withRenderer, 'index.mjs'), 'utf8')).not.toContain(pdfFontPackage);
    expect(existsSync(join(withRenderer, 'render-pdf.mjs'))).toBe(true);
    for (const file of pdfFontFiles) expect(existsSync(join(withRenderer, 'fonts', file))).toBe(true);

    const script = [
      `const { load } = await import(${JSON.stringify(pathToFileURL(join(withRenderer, 'index.mjs')).href)});`,
      `const { renderLabelPdf } = await load();`,
      `const bytes = await renderLabelPdf(JSON.parse(process.argv[1]));`,
      `(await import('node:fs')).writeFileSync('label.pdf', bytes);`,
    ].join('\n');
    // A clean environment and a working directory with no node_modules: only fonts/ can serve.
    execFileSync(
      process.execPath,
      ['--input-type=module', '-e', script, JSON.stringify(label({ packages: 1 }))],
      {
        cwd: withRenderer,
        env: { PATH: process.env.PATH ?? '' },
      },
    );
    expect(pdftotext(join(withRenderer, 'label.pdf'))).toContain('Zoë Łódź-Wiśniewska');
  });

  it('parses each font once per process; documents rendered at once each get their own glyphs', async () => {
    // A name in Greek and one in Cyrillic: glyphs neither the other label nor earlier tests asked for.
    const greek = label({ shipTo: { ...label().shipTo, name: 'Ξενοφών Παπαδόπουλος' } });
    const cyrillic = label({ shipTo: { ...label().shipTo, name: 'Жанна Щербакова' } });
    const [greekFile, cyrillicFile] = await Promise.all([renderToFile(greek), renderToFile(cyrillic)]);
    expect(pdftotext(greekFile)).toContain('Ξενοφών Παπαδόπουλος');
    expect(pdftotext(greekFile)).not.toContain('Жанна');
    expect(pdftotext(cyrillicFile)).toContain('Жанна Щербакова');
    const fontkit = (await import('@pdf-lib/fontkit')).default;
    const created: unknown[] = [];
    const create = fontkit.create;
    fontkit.create = (...args: Parameters<typeof create>) => {
      const font = create(...args);
      created.push(font);
      return font;
    };
    try {
      await renderToFile(label());
    } finally {
      fontkit.create = create;
    }
    expect(created).toEqual([]);
  });

  it('reads the font files once per process', async () => {
    const first = await pdfFonts.pdfFontBytes();
    expect(await pdfFonts.pdfFontBytes()).toBe(first);
    expect(first.regular.byteLength).toBeGreaterThan(100_000);
  });
});

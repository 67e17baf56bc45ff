/**
 * The packing slip that follows a shipment's labels in the same PDF (label-pdf.ts): letter or A4 pages
 * listing what is in the parcel, with the fields the forms settings list and prices only when they show
 * them. An order of 500 lines runs over as many pages as it needs, each with the slip's header and the
 * table's header row.
 */
import type { PDFDocument, PDFPage } from 'pdf-lib';
import type { LabelDocument, PackingSlip, PackingSlipField } from './label-document';
import type { PdfFonts } from './pdf-fonts';
import type { TableColumn, TextRun } from './pdf-layout';
import {
  FormWriter,
  cellPadding,
  cleanText,
  drawRule,
  drawRun,
  drawRuns,
  drawTable,
  fitBlock,
  fitLine,
  formatKilograms,
  formatMoney,
  identifierLines,
  leading,
  textWidth,
} from './pdf-layout';
import type { TextFace } from './text/text-face';
import { minTextSize } from './document-text';
import { addressLines, countryName } from './label-address';
import type { OrderCharges } from '../shipments/slip-charges';
import { chargeRows } from '../shipments/slip-charges';

const shows = (slip: PackingSlip, field: PackingSlipField) => !slip.fields || slip.fields.includes(field);

/** "2026-11-20": an order's instant as its UTC day (DESIGN §3); text that is no instant stays as it is. */
function utcDay(iso: string): string {
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? iso : instant.toISOString().slice(0, 10);
}

function quantityOf(quantity: number): bigint {
  if (!Number.isSafeInteger(quantity) || quantity < 0) {
    throw new RangeError(`a quantity must be a whole number ≥ 0: ${quantity}`);
  }
  return BigInt(quantity);
}

/** "UPS Ground"; a service already named after its carrier ("UPS Worldwide Saver") is shown alone. */
function carrierAndService({ carrier, service }: LabelDocument): string {
  return service.toLowerCase().startsWith(carrier.toLowerCase()) ? service : `${carrier} ${service}`;
}

function header(fonts: PdfFonts, label: LabelDocument, slip: PackingSlip) {
  return (page: PDFPage, left: number, top: number, width: number) => {
    const rightWidth = Math.min(240, width / 2);
    const title = drawRuns(
      page,
      [{ text: 'PACKING SLIP', font: fonts.bold, size: 16 }],
      left,
      top,
      width - rightWidth,
    );
    // The order id and the tracking number print whole (DESIGN §4): beside the title when they fit
    // there at 7 pt or more, else each on its own line across the page under the header's columns.
    const wide: TextRun[] = [];
    const identifier = (text: string, font: TextFace, size: number): TextRun[] => {
      const beside = identifierLines(text, font, size, rightWidth, minTextSize);
      if (beside.length === 1) return beside;
      wide.push(...identifierLines(text, font, size, width, minTextSize));
      return [];
    };
    const details: TextRun[] = [
      ...(shows(slip, 'orderReference') ? identifier(`Order ${label.orderReference}`, fonts.bold, 10) : []),
      ...(shows(slip, 'orderDate') && slip.orderDate
        ? [fitLine(`Order date ${utcDay(slip.orderDate)}`, fonts.regular, 8.5, rightWidth, minTextSize)]
        : []),
      fitLine(`Ship date ${label.shipDate}`, fonts.regular, 8.5, rightWidth, minTextSize),
      fitLine(carrierAndService(label), fonts.regular, 8.5, rightWidth, minTextSize),
      ...identifier(`Tracking ${label.trackingNumber}`, fonts.regular, 8.5),
    ];
    const right = drawRuns(page, details, left + width - rightWidth, top, rightWidth, 'right');
    const columns = Math.max(title, right);
    const below = drawRuns(page, wide, left, top - columns, width, 'right');
    const height = columns + below + 4;
    drawRule(page, left, top - height, width);
    return height;
  };
}

function addressBlock(fonts: PdfFonts, caption: string, address: LabelDocument['shipTo']): TextRun[] {
  return [
    { text: caption, font: fonts.bold, size: 7 },
    ...(address.name ? [{ text: address.name, font: fonts.bold, size: 9, maxLines: 2 }] : []),
    ...addressLines(address).map((text) => ({ text, font: fonts.regular, size: 8.5, maxLines: 2 })),
    { text: countryName(address.country), font: fonts.regular, size: 8.5, maxLines: 1 },
  ];
}

/**
 * From, ship-to (when shown) and bill-to (when shown and the order has one) side by side, on the first
 * page only.
 */
function drawAddresses(form: FormWriter, fonts: PdfFonts, label: LabelDocument, slip: PackingSlip) {
  const blocks: Array<[string, LabelDocument['shipTo']]> = [
    ['FROM', label.shipFrom],
    ...(shows(slip, 'shipTo') ? [['SHIP TO', label.shipTo] as [string, LabelDocument['shipTo']]] : []),
    ...(shows(slip, 'billTo') && slip.billTo
      ? [['BILL TO', slip.billTo] as [string, LabelDocument['shipTo']]]
      : []),
  ];
  // Two blocks sit in halves as they always have; a third makes thirds.
  const step = form.width / Math.max(2, blocks.length);
  const columnWidth = step - 8;
  const maxHeight = 110;
  const fitted = blocks.map(([caption, address]) =>
    fitBlock(addressBlock(fonts, caption, address), columnWidth, maxHeight, 0.6, minTextSize),
  );
  form.ensure(maxHeight);
  const used = Math.max(
    ...fitted.map((runs, index) => drawRuns(form.page, runs, form.left + index * step, form.y, columnWidth)),
  );
  form.y -= used + 12;
}

interface SlipColumn {
  column: TableColumn;
  cell: (line: PackingSlip['lines'][number], index: number, quantity: bigint) => string;
}

/** A line's weight: its unit weight × its quantity; blank when the order line has none. */
function lineWeight(line: PackingSlip['lines'][number], quantity: bigint): string {
  return line.weightGrams === undefined ? '' : formatKilograms(line.weightGrams * Number(quantity));
}

/**
 * The table's columns: "#", then SKU, item, quantity and weight as the fields list them, then the prices
 * when shown. The weight column needs a line with a weight. Fields that would leave no column but "#"
 * (none of the four listed, or only a weight no line has) get the quantity: a packing slip that does
 * not say what is in the parcel is no packing slip. The item title's column takes what the others
 * leave; without it a blank column does, so the figures stay at the right edge.
 */
function columns(slip: PackingSlip, skuWidth: number): SlipColumn[] {
  const { showPrices } = slip;
  const showsWeight = shows(slip, 'weight') && slip.lines.some((line) => line.weightGrams !== undefined);
  const showsQuantity =
    shows(slip, 'quantity') || !(shows(slip, 'sku') || shows(slip, 'title') || showsWeight);
  const chosen: SlipColumn[] = [
    { column: { header: '#', width: 28, align: 'right' }, cell: (_, index) => String(index + 1) },
  ];
  if (shows(slip, 'sku')) {
    chosen.push({
      column: { header: 'SKU', width: skuWidth, identifier: true, breaksLongIdentifiers: true },
      cell: (line) => line.sku,
    });
  }
  chosen.push(
    shows(slip, 'title')
      ? { column: { header: 'Item', width: 'rest', maxLines: 4 }, cell: (line) => line.title }
      : { column: { header: '', width: 'rest' }, cell: () => '' },
  );
  if (showsQuantity) {
    chosen.push({
      column: { header: 'Qty', width: showPrices ? 36 : 44, align: 'right' },
      cell: (_, __, quantity) => quantity.toString(),
    });
  }
  if (showsWeight) {
    chosen.push({
      column: { header: 'Weight', width: showPrices ? 54 : 62, align: 'right', minScale: 0.6 },
      cell: (line, _, quantity) => lineWeight(line, quantity),
    });
  }
  return chosen;
}

const cellSize = 8.5;
/** The narrowest the item's title gets beside a long SKU (it wraps to four lines)... */
const titleMinWidth = 90;
/** ...unless narrower keeps a SKU whole on one line: a word of the title then wraps at most. */
const titleLastResortWidth = 60;

/**
 * The SKU column: as wide as the widest SKU on the slip at the table's size, so every SKU prints whole on
 * one line (DESIGN §4). When that leaves the title less than its minimum, the SKUs shrink (not below
 * 7 pt) to give it back; only a SKU too wide for its room even at 7 pt breaks, after a hyphen.
 */
function skuColumnWidth(fonts: PdfFonts, lines: PackingSlip['lines'], room: number): number {
  const widest = (size: number) =>
    Math.max(
      textWidth('SKU', fonts.bold, cellSize),
      ...lines.map((line) => textWidth(cleanText(line.sku), fonts.regular, size)),
    ) +
    2 * cellPadding +
    1;
  const natural = widest(cellSize);
  if (natural <= room - titleMinWidth) return natural;
  // The title may give up more, down to its last resort, to keep a SKU on one line; a SKU that breaks
  // anyway leaves the title its minimum.
  const small = widest(minTextSize);
  return small <= room - titleLastResortWidth ? Math.max(room - titleMinWidth, small) : room - titleMinWidth;
}

/** Unit price, the discount (when shown and a line has one), and the line's total after it. */
function priceColumns(showsDiscount: boolean): TableColumn[] {
  return [
    // Narrower with a discount column, so the item's title keeps room to be read.
    { header: 'Unit price', width: showsDiscount ? 72 : 84, align: 'right', minScale: 0.5 },
    ...(showsDiscount
      ? [{ header: 'Discount', width: 68, align: 'right', minScale: 0.5 } as TableColumn]
      : []),
    { header: 'Total', width: showsDiscount ? 80 : 92, align: 'right', minScale: 0.5 },
  ];
}

/**
 * What the order charged, under the lines: one label and amount per row, the total bold under a rule;
 * a parcel with part of the order says the figures are the whole order's.
 */
function drawCharges(form: FormWriter, fonts: PdfFonts, slip: PackingSlip, charges: OrderCharges) {
  const rows = chargeRows(charges, { discount: shows(slip, 'discount'), tax: shows(slip, 'tax') });
  const size = 9;
  const amountWidth = 110;
  const labelWidth = 150;
  const note = slip.partOfOrder
    ? [{ text: 'Totals of the whole order; this parcel carries part of it.', font: fonts.regular, size: 7.5 }]
    : [];
  const height = rows.length * size * leading + 6 + note.length * 7.5 * leading + 4;
  form.ensure(height);
  const right = form.left + form.width;
  let y = form.y;
  for (const row of rows) {
    const font = row.total ? fonts.bold : fonts.regular;
    if (row.total) {
      drawRule(form.page, right - amountWidth - labelWidth, y - 1, amountWidth + labelWidth, 0.75);
      y -= 3;
    }
    drawRun(
      form.page,
      fitLine(row.label, font, size, labelWidth, 7),
      right - amountWidth - labelWidth,
      y,
      labelWidth,
    );
    const amount = formatMoney(row.amount, charges.currency);
    y -= drawRun(
      form.page,
      fitLine(amount, font, size, amountWidth, 7),
      right - amountWidth,
      y,
      amountWidth,
      'right',
    );
  }
  y -= 4;
  y -= drawRuns(form.page, note, form.left, y, form.width, 'right');
  form.y = y;
}

/** Adds the slip's pages to the label document. */
export function renderPackingSlip(
  document: PDFDocument,
  fonts: PdfFonts,
  label: LabelDocument,
  slip: PackingSlip,
) {
  const form = new FormWriter(document, fonts, {
    paperSize: slip.paperSize,
    footerText: slip.footerText,
    header: header(fonts, label, slip),
  });
  drawAddresses(form, fonts, label, slip);

  const showsDiscount =
    slip.showPrices && shows(slip, 'discount') && slip.lines.some((line) => (line.discount ?? 0) > 0);
  const prices = slip.showPrices ? priceColumns(showsDiscount) : [];
  const fixedWidth = [...columns(slip, 0).map(({ column }) => column), ...prices].reduce(
    (sum, column) => sum + (column.width === 'rest' ? 0 : column.width),
    0,
  );
  const chosen = columns(slip, skuColumnWidth(fonts, slip.lines, form.width - fixedWidth));
  const showsUnits = chosen.some(({ column }) => column.header === 'Qty');
  const showsWeight = chosen.some(({ column }) => column.header === 'Weight');
  let units = 0n;
  let grams = 0;
  const totals = new Map<string, bigint>();
  const rows = slip.lines.map((line, index) => {
    const quantity = quantityOf(line.quantity);
    units += quantity;
    if (line.weightGrams !== undefined) grams += line.weightGrams * line.quantity;
    const cells = chosen.map(({ cell }) => cell(line, index, quantity));
    if (!slip.showPrices) return cells;
    if (!line.unitPrice) return [...cells, ...(showsDiscount ? [''] : []), '', ''];
    const { amount, currency } = line.unitPrice;
    // The line's total is what was paid for it: after its discount, shown or not.
    const discount = BigInt(line.discount ?? 0);
    const lineTotal = BigInt(amount) * quantity - discount;
    totals.set(currency, (totals.get(currency) ?? 0n) + lineTotal);
    const discountCell = discount > 0n ? formatMoney(-discount, currency) : '';
    return [
      ...cells,
      formatMoney(amount, currency),
      ...(showsDiscount ? [discountCell] : []),
      formatMoney(lineTotal, currency),
    ];
  });
  drawTable(form, fonts, [...chosen.map(({ column }) => column), ...prices], rows, {
    size: cellSize,
    minSize: minTextSize,
  });

  // The parcel's weight only when every line has one: a part weight would read as the whole.
  const weighed = showsWeight && slip.lines.every((line) => line.weightGrams !== undefined);
  const counts = [
    `Lines ${slip.lines.length}`,
    ...(showsUnits ? [`Units ${units}`] : []),
    ...(weighed ? [`Weight ${formatKilograms(grams)}`] : []),
  ];
  // The order's own figures replace the sum of the lines: they are what the customer was charged.
  const charges = slip.showPrices ? slip.charges : undefined;
  const summary: TextRun[] = [
    { text: counts.join('   '), font: fonts.bold, size: 9 },
    ...[...(charges ? [] : totals.entries())]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, total]) => ({
        text: `Total ${formatMoney(total, currency)}`,
        font: fonts.bold,
        size: 9,
      })),
  ];
  const height = summary.length * 9 * leading + 8;
  form.ensure(height);
  drawRule(form.page, form.left, form.y - 2, form.width, 0.5);
  drawRuns(form.page, summary, form.left, form.y - 6, form.width, 'right');
  form.y -= height;
  if (charges) drawCharges(form, fonts, slip, charges);
  form.finish();
}

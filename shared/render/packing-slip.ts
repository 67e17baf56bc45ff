/**
 * The packing slip that follows a shipment's labels in the same PDF (label-pdf.ts): letter or A4 pages
 * listing what is in the parcel, prices only when the forms settings show them. An order of 500 lines
 * runs over as many pages as it needs, each with the slip's header and the table's header row.
 */
import type { PDFDocument, PDFPage } from 'pdf-lib';
import type { LabelDocument, PackingSlip } from './label-pdf';
import type { PdfFonts } from './pdf-fonts';
import type { TableColumn, TextRun } from './pdf-layout';
import {
  FormWriter,
  drawRule,
  drawRuns,
  drawTable,
  fitBlock,
  fitLine,
  formatMoney,
  leading,
} from './pdf-layout';
import { addressLines, countryName } from './label-address';

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

function header(fonts: PdfFonts, label: LabelDocument) {
  return (page: PDFPage, left: number, top: number, width: number) => {
    const rightWidth = Math.min(240, width / 2);
    const title = drawRuns(
      page,
      [{ text: 'PACKING SLIP', font: fonts.bold, size: 16 }],
      left,
      top,
      width - rightWidth,
    );
    const details: TextRun[] = [
      fitLine(`Order ${label.orderReference}`, fonts.bold, 10, rightWidth, 6),
      fitLine(`Ship date ${label.shipDate}`, fonts.regular, 8.5, rightWidth, 6),
      fitLine(carrierAndService(label), fonts.regular, 8.5, rightWidth, 6),
      fitLine(`Tracking ${label.trackingNumber}`, fonts.regular, 8.5, rightWidth, 6),
    ];
    const right = drawRuns(page, details, left + width - rightWidth, top, rightWidth, 'right');
    const height = Math.max(title, right) + 4;
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

/** Ship-from and ship-to side by side, on the first page only. */
function drawAddresses(form: FormWriter, fonts: PdfFonts, label: LabelDocument) {
  const columnWidth = form.width / 2 - 8;
  const maxHeight = 110;
  const from = fitBlock(addressBlock(fonts, 'FROM', label.shipFrom), columnWidth, maxHeight);
  const to = fitBlock(addressBlock(fonts, 'SHIP TO', label.shipTo), columnWidth, maxHeight);
  form.ensure(maxHeight);
  const used = Math.max(
    drawRuns(form.page, from, form.left, form.y, columnWidth),
    drawRuns(form.page, to, form.left + form.width / 2, form.y, columnWidth),
  );
  form.y -= used + 12;
}

function columns(showPrices: boolean): TableColumn[] {
  const common: TableColumn[] = [
    { header: '#', width: 28, align: 'right' },
    { header: 'SKU', width: showPrices ? 110 : 130, maxLines: 2 },
    { header: 'Item', width: 'rest', maxLines: 3 },
    { header: 'Qty', width: 44, align: 'right' },
  ];
  if (!showPrices) return common;
  return [
    ...common,
    { header: 'Unit price', width: 84, align: 'right', minScale: 0.5 },
    { header: 'Total', width: 92, align: 'right', minScale: 0.5 },
  ];
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
    header: header(fonts, label),
  });
  drawAddresses(form, fonts, label);

  let units = 0n;
  const totals = new Map<string, bigint>();
  const rows = slip.lines.map((line, index) => {
    const quantity = quantityOf(line.quantity);
    units += quantity;
    const cells = [String(index + 1), line.sku, line.title, quantity.toString()];
    if (!slip.showPrices) return cells;
    if (!line.unitPrice) return [...cells, '', ''];
    const { amount, currency } = line.unitPrice;
    const lineTotal = BigInt(amount) * quantity;
    totals.set(currency, (totals.get(currency) ?? 0n) + lineTotal);
    return [...cells, formatMoney(amount, currency), formatMoney(lineTotal, currency)];
  });
  drawTable(form, fonts, columns(slip.showPrices), rows);

  const summary: TextRun[] = [
    { text: `Lines ${slip.lines.length}   Units ${units}`, font: fonts.bold, size: 9 },
    ...[...totals.entries()]
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
  form.finish();
}

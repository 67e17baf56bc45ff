/**
 * Shipping labels: one 4×6 inch label page per package (alone on the page for a thermal printer, or on
 * a US letter page for an office printer), then the packing slip when the forms settings ask for one.
 *
 * IMPORT THIS MODULE LAZILY (`await import('../../shared/render/label-pdf')` inside the operation that
 * renders): pdf-lib and fontkit add to a cold start what every other operation would pay (DESIGN §6).
 */
import type { PDFOperator, PDFPage } from 'pdf-lib';
import {
  PDFDocument,
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingColor,
} from 'pdf-lib';
import { encodeCode128, quietZoneModules } from './code128';
import type { PdfFonts } from './pdf-fonts';
import { embedPdfFonts } from './pdf-fonts';
import { stringsIn } from './text/strings-in';
import type { TextRun } from './pdf-layout';
import {
  black,
  drawRule,
  drawRun,
  drawRuns,
  fitBlock,
  fitLine,
  formatKilograms,
  identifierLines,
  leading,
} from './pdf-layout';
import { addressLines, countryName } from './label-address';
import { renderPackingSlip } from './packing-slip';
import { minTextSize } from './document-text';
import { renderCustomsDeclaration } from './customs-pdf';
import type { LabelAddressBlock } from './label-address-block';
import type { LabelDocument, LabelField } from './label-document';

const shows = (label: LabelDocument, field: LabelField) => !label.fields || label.fields.includes(field);

/** 4×6 inches in points. */
const labelWidth = 288;
const labelHeight = 432;
const margin = 10;
const innerWidth = labelWidth - 2 * margin;
const letterPage: [number, number] = [612, 792];

/** Thermal label printers print at 203 dpi: a module of whole dots keeps every bar the same width. */
const printerDot = 72 / 203;
/** Narrowest module (2 dots, 0.25 mm) scanners read reliably; the widest (4 dots, 0.5 mm) worth drawing. */
const minModuleDots = 2;
const maxModuleDots = 4;
const barHeight = 72;

export class LabelLayoutError extends Error {
  override readonly name = 'LabelLayoutError';
}

interface Origin {
  x: number;
  y: number;
}

function drawCaption(page: PDFPage, fonts: PdfFonts, text: string, x: number, top: number, width: number) {
  return drawRun(page, { text, font: fonts.bold, size: minTextSize }, x, top, width);
}

/**
 * The FROM block, with the ship date and weight in a right column when they are shown (FROM takes the
 * whole width when neither is).
 *
 * Without the return address (`returnAddress: 'none'`, or the field left out) FROM still names the
 * sender and its town: the name (or company), the locality line and the country, with no street or
 * phone. Carriers want a sender on every label, and the full origin address still reaches the carrier
 * with the label purchase, so a parcel it cannot deliver can find its way back; what is left off is only
 * the street printed on the parcel.
 */
function drawShipFrom(
  page: PDFPage,
  fonts: PdfFonts,
  label: LabelDocument,
  weightGrams: number,
  o: Origin,
  top: number,
  height: number,
) {
  const showShipDate = shows(label, 'shipDate');
  const showWeight = shows(label, 'weight');
  const width = showShipDate || showWeight ? innerWidth - 96 : innerWidth;
  const x = o.x + margin;
  const used = drawCaption(page, fonts, 'FROM', x, top, width);
  const { shipFrom } = label;
  const full = shows(label, 'returnAddress');
  const sender = full ? shipFrom.name : (shipFrom.name ?? shipFrom.company);
  const lines = full
    ? addressLines(shipFrom)
    : addressLines({ ...shipFrom, company: undefined, line1: '', line2: undefined });
  const runs: TextRun[] = [
    ...(sender ? [{ text: sender, font: fonts.bold, size: 8, maxLines: 2 }] : []),
    ...lines.map((text) => ({ text, font: fonts.regular, size: 7.5, maxLines: 2 })),
    { text: countryName(shipFrom.country), font: fonts.regular, size: 7.5, maxLines: 1 },
  ];
  drawRuns(page, fitBlock(runs, width, height - used, 0.6, minTextSize), x, top - used, width);

  // Right column: when and how heavy, read by whoever sorts the parcel.
  const rightX = o.x + labelWidth - margin - 88;
  let y = top;
  if (showShipDate) {
    y -= drawCaption(page, fonts, 'SHIP DATE', rightX, y, 88);
    y -= drawRun(page, fitLine(label.shipDate, fonts.regular, 9, 88, minTextSize), rightX, y, 88) + 3;
  }
  if (showWeight) {
    y -= drawCaption(page, fonts, 'WEIGHT', rightX, y, 88);
    drawRun(page, fitLine(formatKilograms(weightGrams), fonts.bold, 11, 88, minTextSize), rightX, y, 88);
  }
}

function drawShipTo(
  page: PDFPage,
  fonts: PdfFonts,
  address: LabelAddressBlock,
  o: Origin,
  top: number,
  height: number,
) {
  const x = o.x + margin;
  const used = drawCaption(page, fonts, 'SHIP TO', x, top, innerWidth);
  // Each line capped, so an overlong name or street cannot push the city and country off the label.
  const runs: TextRun[] = [
    ...(address.name ? [{ text: address.name, font: fonts.bold, size: 15, maxLines: 2 }] : []),
    ...addressLines(address).map((text) => ({ text, font: fonts.regular, size: 12, maxLines: 2 })),
    { text: countryName(address.country).toUpperCase(), font: fonts.bold, size: 12, maxLines: 1 },
    ...(address.phone ? [{ text: `Tel. ${address.phone}`, font: fonts.regular, size: 9, maxLines: 1 }] : []),
  ];
  drawRuns(
    page,
    fitBlock(runs, innerWidth - 8, height - used - 2, 0.5, minTextSize),
    x + 8,
    top - used - 2,
    innerWidth - 8,
  );
}

function drawCarrier(page: PDFPage, fonts: PdfFonts, label: LabelDocument, o: Origin, top: number) {
  const x = o.x + margin;
  let y = top;
  y -= drawRun(page, fitLine(label.carrier.toUpperCase(), fonts.bold, 18, innerWidth, 9), x, y, innerWidth);
  drawRun(page, fitLine(label.service, fonts.regular, 11, innerWidth, minTextSize), x, y, innerWidth);
}

/** Module width in points: the widest whole number of printer dots that fits the code and its quiet zones. */
export function barcodeModuleWidth(modules: number, available: number): number {
  const dots = Math.min(maxModuleDots, Math.floor(available / (modules + 2 * quietZoneModules) / printerDot));
  if (dots < minModuleDots) {
    throw new LabelLayoutError(
      `the barcode needs ${modules} modules: too long to print readably on a 4×6 label`,
    );
  }
  return dots * printerDot;
}

function drawBarcode(page: PDFPage, fonts: PdfFonts, trackingNumber: string, o: Origin, top: number) {
  const { modules } = encodeCode128(trackingNumber);
  // Quiet zones may lie in the page margin: both are white. Only a few points stay clear of the edge.
  const module = barcodeModuleWidth(modules.length, labelWidth - 8);
  const codeWidth = modules.length * module;
  const left = o.x + (labelWidth - codeWidth) / 2;
  let y = top;
  y -= drawCaption(page, fonts, 'TRACKING #', o.x + margin, y, innerWidth) + 2;
  const bottom = y - barHeight;
  // One graphics state and colour for all the bars, each bar a rectangle filled on its own (`re f`): one
  // drawRectangle per bar wrote its own state and outline, four times the content stream. Not one path
  // of every bar filled once: a rasteriser without anti-aliasing (a thermal printer's) then inks every
  // dot an edge touches, and each bar prints a dot wider.
  const bars: PDFOperator[] = [];
  for (let start = modules.indexOf('1'); start !== -1;) {
    let end = start;
    while (modules[end] === '1') end += 1;
    bars.push(rectangle(left + start * module, bottom, (end - start) * module, barHeight), fill());
    start = modules.indexOf('1', end);
  }
  page.pushOperators(pushGraphicsState(), setFillingColor(black), ...bars, popGraphicsState());
  y = bottom - 3;
  // Whole, never cut: only one too long for a line at 7 pt (60 digits) takes a second.
  const number = identifierLines(trackingNumber, fonts.bold, 11, innerWidth, minTextSize);
  drawRuns(page, number, o.x + margin, y, innerWidth, 'center');
}

/** The order reference on the left, "1 of 2" on the right: each only when shown. */
function drawFooter(
  page: PDFPage,
  fonts: PdfFonts,
  label: LabelDocument,
  index: number,
  o: Origin,
  top: number,
) {
  const x = o.x + margin;
  const half = innerWidth / 2;
  const count = `${index + 1} of ${label.packages}`;
  const showsCount = shows(label, 'packageCount');
  if (shows(label, 'orderReference')) {
    const idWidth = showsCount ? half - 4 : innerWidth;
    const id = identifierLines(label.orderReference, fonts.regular, 10, idWidth, minTextSize);
    if (id.length > 1 && showsCount) {
      // An id too long for half the label takes the whole width under the captions, whole (wrapped after
      // a hyphen only when even that is too narrow); the package count moves up beside its caption.
      const y = top - drawCaption(page, fonts, 'ORDER', x, top, half);
      const wide = identifierLines(label.orderReference, fonts.regular, 10, innerWidth, minTextSize);
      drawRuns(page, wide, x, y, innerWidth);
      drawRun(page, { text: `PACKAGE ${count}`, font: fonts.bold, size: 9 }, x + half, top, half, 'right');
      return;
    }
    const y = top - drawCaption(page, fonts, 'ORDER', x, top, idWidth);
    drawRuns(page, id, x, y, idWidth);
  }
  if (showsCount) {
    const y = top - drawCaption(page, fonts, 'PACKAGE', x + half, top, half);
    drawRun(page, fitLine(count, fonts.bold, 14, half, 8), x + half, y, half, 'right');
  }
}

/** The label form's footer text, at most two lines of 7 pt across the label (each line of it a paragraph). */
function footerNote(fonts: PdfFonts, footerText: string | undefined): TextRun[] {
  const paragraphs = (footerText ?? '')
    .split(/\r?\n/)
    .map((text) => text.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return [];
  const runs = paragraphs.map((text) => ({ text, font: fonts.regular, size: 7, maxLines: 2 }));
  return fitBlock(runs, innerWidth, 2 * 7 * leading, 1);
}

/** Label regions from the top, in points; with the footer they fill the label's height less its margins. */
const regions = { header: 78, shipTo: 140, carrier: 42, barcode: 112 } as const;
const footerHeight = labelHeight - 2 * margin - Object.values(regions).reduce((sum, h) => sum + h, 0);

function drawLabel(page: PDFPage, fonts: PdfFonts, label: LabelDocument, index: number, o: Origin) {
  // This package's own number and weight, when the label knows each package's.
  const parcel = label.parcels?.[index] ?? {
    trackingNumber: label.trackingNumber,
    weightGrams: label.weightGrams,
  };
  // With neither the order nor the package count shown, the footer is left out and its room goes to
  // the ship-to block.
  const footer = shows(label, 'orderReference') || shows(label, 'packageCount');
  // The footer text takes its room from the ship-to block, the tallest, so every other region keeps its.
  const note = footerNote(fonts, label.footerText);
  const noteHeight = note.length === 0 ? 0 : note.reduce((sum, run) => sum + run.size * leading, 0) + 4;
  const shipToHeight = regions.shipTo + (footer ? 0 : footerHeight) - noteHeight;
  let top = o.y + labelHeight - margin;
  const rule = (thickness = 0.75) => drawRule(page, o.x + margin, top + 2, innerWidth, thickness);
  drawShipFrom(page, fonts, label, parcel.weightGrams, o, top, regions.header - 4);
  top -= regions.header;
  rule();
  drawShipTo(page, fonts, label.shipTo, o, top - 2, shipToHeight - 6);
  top -= shipToHeight;
  rule(1.5);
  drawCarrier(page, fonts, label, o, top - 2);
  top -= regions.carrier;
  rule(1.5);
  drawBarcode(page, fonts, parcel.trackingNumber, o, top - 2);
  top -= regions.barcode;
  if (footer) {
    rule();
    drawFooter(page, fonts, label, index, o, top - 2);
  }
  if (note.length > 0) {
    const noteTop = o.y + margin + noteHeight - 2;
    drawRule(page, o.x + margin, noteTop + 1, innerWidth, 0.5);
    drawRuns(page, note, o.x + margin, noteTop - 1, innerWidth, 'center');
  }
}

function addLabelPage(
  document: PDFDocument,
  format: LabelDocument['format'],
): { page: PDFPage; origin: Origin } {
  if (format === '4x6') return { page: document.addPage([labelWidth, labelHeight]), origin: { x: 0, y: 0 } };
  // On letter paper the label keeps its size, centred at the top, with a dashed line to cut along.
  const page = document.addPage(letterPage);
  const origin = { x: (letterPage[0] - labelWidth) / 2, y: letterPage[1] - 36 - labelHeight };
  page.drawRectangle({
    x: origin.x,
    y: origin.y,
    width: labelWidth,
    height: labelHeight,
    borderColor: rgb(0.5, 0.5, 0.5),
    borderWidth: 0.5,
    borderDashArray: [4, 3],
  });
  return { page, origin };
}

function checkLabel(label: LabelDocument): void {
  if (!Number.isInteger(label.packages) || label.packages < 1 || label.packages > 999) {
    throw new RangeError(`packages must be a whole number from 1 to 999: ${label.packages}`);
  }
  if (label.parcels && label.parcels.length !== label.packages) {
    throw new RangeError(`parcels must name each of the ${label.packages} packages: ${label.parcels.length}`);
  }
  if (label.format !== '4x6' && label.format !== 'letter') {
    throw new RangeError(`unknown label format: ${JSON.stringify(label.format)}`);
  }
}

/**
 * The label pages (one per package) and, when asked for, the packing slip, as one PDF. Throws
 * Code128Error for a tracking number outside printable ASCII, and LabelLayoutError for one whose barcode
 * cannot be printed readably across the label (beyond about 30 letters, or 60 digits).
 */
export async function renderLabelPdf(label: LabelDocument): Promise<Uint8Array> {
  checkLabel(label);
  const document = await PDFDocument.create();
  document.setTitle(`Shipping label ${label.trackingNumber}`);
  document.setProducer('commerce-backoffice');
  const fonts = await embedPdfFonts(document, stringsIn(label));
  for (let index = 0; index < label.packages; index++) {
    const { page, origin } = addLabelPage(document, label.format);
    drawLabel(page, fonts, label, index, origin);
  }
  if (label.customs) {
    const addPage = () => addLabelPage(document, label.format);
    renderCustomsDeclaration(addPage, fonts, label.customs, label.trackingNumber);
  }
  if (label.packingSlip) renderPackingSlip(document, fonts, label, label.packingSlip);
  return document.save();
}

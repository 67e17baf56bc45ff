/**
 * The customs declaration (CN22 or CN23) that follows the label pages of a parcel to another country:
 * on the label's own 4×6 area (so a thermal printer prints it too), as many pages as its contents need,
 * the totals, the certification and the signature line on the last.
 */
import type { PDFPage } from 'pdf-lib';
import type { CustomsDeclaration, CustomsItem } from '../shipments/customs';
import type { LabelAddressBlock } from './label-address-block';
import { addressLines, countryName } from './label-address';
import type { PdfFonts } from './pdf-fonts';
import type { TextRun } from './pdf-layout';
import {
  black,
  drawRule,
  drawRun,
  drawRuns,
  fitBlock,
  fitLine,
  formatKilograms,
  formatMoney,
  identifierLines,
  leading,
  wrapText,
} from './pdf-layout';
import { minTextSize } from './document-text';

interface Origin {
  x: number;
  y: number;
}

/** A page of the label's size: the renderer adds it (4×6 alone, or on letter paper). */
export type AddCustomsPage = () => { page: PDFPage; origin: Origin };

const width = 288;
const height = 432;
const margin = 10;
const inner = width - 2 * margin;
const size = 7.5;
const line = size * leading;
/** The contents row's second line: quantity, HS code, origin, weight, then the value in what is left. */
const figureColumns = [
  { header: 'Qty', width: 34 },
  { header: 'HS code', width: 62 },
  { header: 'Origin', width: 38 },
  { header: 'Net weight', width: 58 },
] as const;
const valueWidth = inner - figureColumns.reduce((sum, column) => sum + column.width, 0);
const categories = ['Sale of goods', 'Gift', 'Documents', 'Commercial sample', 'Returned goods', 'Other'];
const certification =
  'I certify that the particulars given in this customs declaration are correct and that this item does not contain any dangerous article prohibited by legislation or by postal or customs regulations.';

/** Fixed heights, in points, of the blocks around the contents. */
const heights = { header: 46, categories: 26, addresses: 74, tableHeader: 2 * line + 4, footer: 96 };

function description(fonts: PdfFonts, item: CustomsItem): string[] {
  const lines = wrapText(item.description, fonts.bold, size, inner);
  return lines.length > 2
    ? [lines[0]!, fitLine(lines.slice(1).join(' '), fonts.bold, size, inner, size).text]
    : lines;
}

const rowHeight = (fonts: PdfFonts, item: CustomsItem) => (description(fonts, item).length + 1) * line + 4;

/**
 * The items of each page: the first page has the addresses above its contents, the others only the
 * header; the last keeps room for the totals and the signature (a page of its own when they do not fit).
 */
export function customsPages(
  fonts: PdfFonts,
  items: readonly CustomsItem[],
  headerHeight: number = heights.header,
): CustomsItem[][] {
  const room = (first: boolean) =>
    height -
    2 * margin -
    headerHeight -
    heights.tableHeader -
    (first ? heights.categories + heights.addresses : 0);
  const pages: CustomsItem[][] = [[]];
  let left = room(true);
  for (const item of items) {
    const needed = rowHeight(fonts, item);
    if (needed > left && pages.at(-1)!.length > 0) {
      pages.push([]);
      left = room(false);
    }
    pages.at(-1)!.push(item);
    left -= needed;
  }
  if (left < heights.footer) pages.push([]);
  return pages;
}

/** The header's left column, beside the form's name (CN22 / CN23) and the page number. */
const headerLeftWidth = inner - 70;
/** How far down the form's name and "Page x of y" reach on the right. */
const headerRightDepth = 38;

interface HeaderLayout {
  /** The title and the lines that fit beside the form's name. */
  left: TextRun[];
  /** Identifiers too long for the left column, each across the page under the form's name. */
  wide: TextRun[];
  height: number;
}

/**
 * The tracking number and the order id print whole (DESIGN §4): each beside the form's name when it fits
 * there at 7 pt or more, else across the page under it (and after a hyphen on a second line only when
 * even the page is too narrow). The header grows to hold them.
 */
function headerLayout(
  fonts: PdfFonts,
  declaration: CustomsDeclaration,
  trackingNumber: string,
): HeaderLayout {
  const left: TextRun[] = [
    fitLine('CUSTOMS DECLARATION', fonts.bold, 11, headerLeftWidth, 8),
    fitLine('May be opened officially', fonts.regular, size, headerLeftWidth, minTextSize),
  ];
  const wide: TextRun[] = [];
  for (const text of [`Tracking ${trackingNumber}`, `Order ${declaration.orderReference}`]) {
    const beside = identifierLines(text, fonts.regular, size, headerLeftWidth, minTextSize);
    // Once one goes across the page, the next follows it there: they keep their order.
    if (beside.length === 1 && wide.length === 0) left.push(...beside);
    else wide.push(...identifierLines(text, fonts.regular, size, inner, minTextSize));
  }
  const leftHeight = left.reduce((sum, run) => sum + run.size * leading, 0);
  const wideTop = wide.length === 0 ? leftHeight : Math.max(leftHeight, headerRightDepth);
  const used = wideTop + wide.reduce((sum, run) => sum + run.size * leading, 0);
  return { left, wide, height: Math.max(heights.header, used + 6) };
}

function drawHeader(
  page: PDFPage,
  fonts: PdfFonts,
  declaration: CustomsDeclaration,
  layout: HeaderLayout,
  where: { x: number; top: number; index: number; count: number },
) {
  const { x, top } = where;
  const leftHeight = drawRuns(page, layout.left, x, top, headerLeftWidth);
  if (layout.wide.length > 0) {
    drawRuns(page, layout.wide, x, top - Math.max(leftHeight, headerRightDepth), inner);
  }
  drawRun(page, { text: declaration.form, font: fonts.bold, size: 22 }, x, top, inner, 'right');
  if (where.count > 1) {
    const pageOf = `Page ${where.index + 1} of ${where.count}`;
    drawRun(page, { text: pageOf, font: fonts.regular, size }, x, top - 28, inner, 'right');
  }
  drawRule(page, x, top - layout.height + 3, inner);
}

/** The categories as ticked boxes, two rows of three: a sale is the one ticked. */
function drawCategories(
  page: PDFPage,
  fonts: PdfFonts,
  declaration: CustomsDeclaration,
  x: number,
  top: number,
) {
  const step = inner / 3;
  categories.forEach((category, index) => {
    const left = x + (index % 3) * step;
    const rowTop = top - 2 - Math.floor(index / 3) * (line + 2);
    const box = size - 1;
    const boxBottom = rowTop - box;
    page.drawRectangle({
      x: left,
      y: boxBottom,
      width: box,
      height: box,
      borderColor: black,
      borderWidth: 0.6,
    });
    if (category === declaration.category) {
      page.drawLine({
        start: { x: left, y: boxBottom },
        end: { x: left + box, y: boxBottom + box },
        thickness: 0.9,
      });
      page.drawLine({
        start: { x: left, y: boxBottom + box },
        end: { x: left + box, y: boxBottom },
        thickness: 0.9,
      });
    }
    const font = category === declaration.category ? fonts.bold : fonts.regular;
    drawRun(
      page,
      fitLine(category, font, size, step - box - 6, minTextSize),
      left + box + 3,
      rowTop + 0.5,
      step - box - 6,
    );
  });
  drawRule(page, x, top - heights.categories + 3, inner, 0.5);
}

function addressRuns(fonts: PdfFonts, caption: string, address: LabelAddressBlock): TextRun[] {
  return [
    { text: caption, font: fonts.bold, size: 7 },
    ...(address.name ? [{ text: address.name, font: fonts.bold, size, maxLines: 2 }] : []),
    ...addressLines(address).map((text) => ({ text, font: fonts.regular, size, maxLines: 2 })),
    { text: countryName(address.country).toUpperCase(), font: fonts.bold, size, maxLines: 1 },
  ];
}

function drawAddresses(
  page: PDFPage,
  fonts: PdfFonts,
  declaration: CustomsDeclaration,
  x: number,
  top: number,
) {
  const half = inner / 2;
  const room = heights.addresses - 6;
  drawRuns(
    page,
    fitBlock(addressRuns(fonts, 'FROM (SENDER)', declaration.sender), half - 6, room, 0.95, minTextSize),
    x,
    top,
    half - 6,
  );
  drawRuns(
    page,
    fitBlock(addressRuns(fonts, 'TO (RECIPIENT)', declaration.recipient), half - 6, room, 0.95, minTextSize),
    x + half,
    top,
    half - 6,
  );
  drawRule(page, x, top - heights.addresses + 3, inner, 0.5);
}

/** The contents' header, then each item: its description, then its figures under their column names. */
function drawContents(
  page: PDFPage,
  fonts: PdfFonts,
  declaration: CustomsDeclaration,
  items: readonly CustomsItem[],
  x: number,
  top: number,
): number {
  let y = top;
  y -= drawRun(page, { text: 'Description of contents', font: fonts.bold, size: 7 }, x, y, inner);
  let left = x;
  for (const column of figureColumns) {
    drawRun(page, { text: column.header, font: fonts.bold, size: 7 }, left, y, column.width);
    left += column.width;
  }
  drawRun(
    page,
    { text: `Value (${declaration.currency})`, font: fonts.bold, size: 7 },
    left,
    y,
    valueWidth,
    'right',
  );
  y -= line + 1;
  drawRule(page, x, y + 1, inner, 0.5);
  for (const item of items) {
    y -= 2;
    for (const text of description(fonts, item))
      y -= drawRun(page, { text, font: fonts.bold, size }, x, y, inner);
    const figures = [
      String(item.quantity),
      item.hsCode ?? '',
      item.originCountry ?? '',
      item.weightGrams === undefined ? '' : formatKilograms(item.weightGrams),
    ];
    left = x;
    figureColumns.forEach((column, index) => {
      drawRun(
        page,
        fitLine(figures[index]!, fonts.regular, size, column.width - 4, 7),
        left,
        y,
        column.width - 4,
      );
      left += column.width;
    });
    const value = formatMoney(item.value, declaration.currency);
    drawRun(page, fitLine(value, fonts.regular, size, valueWidth, 7), left, y, valueWidth, 'right');
    y -= line + 2;
    drawRule(page, x, y + 1, inner, 0.25);
  }
  return top - y;
}

/** Totals, the certification and the date and signature lines. */
function drawFooter(
  page: PDFPage,
  fonts: PdfFonts,
  declaration: CustomsDeclaration,
  x: number,
  bottom: number,
) {
  let y = bottom + heights.footer;
  drawRule(page, x, y, inner, 1);
  y -= 4;
  const total = formatMoney(declaration.totalValue, declaration.currency);
  drawRun(page, { text: 'Total value', font: fonts.bold, size: 9 }, x, y, inner);
  y -= drawRun(page, fitLine(total, fonts.bold, 9, inner - 80, 7), x + 80, y, inner - 80, 'right');
  drawRun(page, { text: 'Total gross weight', font: fonts.bold, size: 9 }, x, y, inner);
  const weight = formatKilograms(declaration.totalWeightGrams);
  y -= drawRun(page, { text: weight, font: fonts.bold, size: 9 }, x + 80, y, inner - 80, 'right') + 3;
  y -= drawRuns(
    page,
    fitBlock([{ text: certification, font: fonts.regular, size: 7 }], inner, 3 * 7 * leading + 1, 1),
    x,
    y,
    inner,
  );
  y -= 14;
  drawRun(page, { text: `Date ${declaration.date}`, font: fonts.regular, size: 8 }, x, y, inner);
  const signatureX = x + 100;
  drawRun(page, { text: 'Signature', font: fonts.regular, size: 8 }, signatureX, y, inner);
  page.drawLine({
    start: { x: signatureX + 40, y: y - 8 },
    end: { x: x + inner, y: y - 8 },
    thickness: 0.6,
    color: black,
  });
}

/** Adds the declaration's pages. */
export function renderCustomsDeclaration(
  addPage: AddCustomsPage,
  fonts: PdfFonts,
  declaration: CustomsDeclaration,
  trackingNumber: string,
) {
  const header = headerLayout(fonts, declaration, trackingNumber);
  const pages = customsPages(fonts, declaration.items, header.height);
  pages.forEach((items, index) => {
    const { page, origin } = addPage();
    const x = origin.x + margin;
    let top = origin.y + height - margin;
    drawHeader(page, fonts, declaration, header, { x, top, index, count: pages.length });
    top -= header.height;
    if (index === 0) {
      drawCategories(page, fonts, declaration, x, top);
      top -= heights.categories;
      drawAddresses(page, fonts, declaration, x, top);
      top -= heights.addresses;
    }
    if (items.length > 0) drawContents(page, fonts, declaration, items, x, top);
    if (index === pages.length - 1) drawFooter(page, fonts, declaration, x, origin.y + margin);
  });
}

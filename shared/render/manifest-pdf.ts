/**
 * The end-of-day manifest (a carrier's pickup form): every shipment handed over, as a table that runs
 * over as many pages as it needs (the form's header and the table's header row on each, "Page x of
 * y"), then the totals, the pickup reference and the lines the driver signs.
 *
 * IMPORT THIS MODULE LAZILY (`await import('../../shared/render/manifest-pdf')` inside the operation
 * that renders): pdf-lib and fontkit add to a cold start what every other operation would pay.
 */
import type { PDFPage } from 'pdf-lib';
import { PDFDocument } from 'pdf-lib';
import type { LabelAddressBlock } from './label-address-block';
import { addressLines } from './label-address';
import type { PdfFonts } from './pdf-fonts';
import { embedPdfFonts } from './pdf-fonts';
import { stringsIn } from './text/strings-in';
import type { PaperSize, TableColumn, TextRun } from './pdf-layout';
import {
  FormWriter,
  cellPadding,
  cleanText,
  drawHeaderColumns,
  drawRule,
  drawRun,
  drawTable,
  fitLine,
  formatKilograms,
  formatMoney,
  leading,
  textWidth,
  utcMinute,
} from './pdf-layout';

export interface ManifestShipment {
  trackingNumber: string;
  orderReference: string;
  service: string;
  packages: number;
  weightGrams: number;
  /** Minor units (DESIGN §3). */
  cost?: { amount: number; currency: string };
}

/** The manifest's optional fields (the `manifest` forms settings' `fields`); tracking numbers list always. */
export type ManifestField = 'orderReference' | 'service' | 'packages' | 'weight' | 'cost';

export interface ManifestDocument {
  paperSize: PaperSize;
  footerText?: string;
  /** The fields it shows, as the forms settings list them; absent, every one. */
  fields?: readonly ManifestField[];
  manifestId: string;
  carrier: string;
  warehouse: { code: string; name: string; address?: LabelAddressBlock };
  /** YYYY-MM-DD */
  shipDate: string;
  /** ISO 8601 instant. */
  closedAt: string;
  pickupReference: string;
  shipments: ManifestShipment[];
}

function header(fonts: PdfFonts, manifest: ManifestDocument) {
  return (page: PDFPage, left: number, top: number, width: number) => {
    const rightWidth = Math.min(250, width / 2);
    const leftWidth = width - rightWidth - 12;
    const { warehouse } = manifest;
    const warehouseLines = warehouse.address ? [addressLines(warehouse.address).join(', ')] : [];
    const leftRuns: TextRun[] = [
      { text: 'END-OF-DAY MANIFEST', font: fonts.bold, size: 16 },
      fitLine(manifest.carrier, fonts.bold, 12, leftWidth, 7),
      fitLine(`${warehouse.code} · ${warehouse.name}`, fonts.regular, 8.5, leftWidth, minimumSize),
      ...warehouseLines.map((line) => fitLine(line, fonts.regular, 8, leftWidth, minimumSize)),
    ];
    const rightRuns: TextRun[] = [
      fitLine(`Manifest ${manifest.manifestId}`, fonts.bold, 10, rightWidth, minimumSize),
      fitLine(`Ship date ${manifest.shipDate}`, fonts.regular, 8.5, rightWidth, minimumSize),
      fitLine(`Closed ${utcMinute(manifest.closedAt)}`, fonts.regular, 8.5, rightWidth, minimumSize),
      fitLine(`Pickup reference ${manifest.pickupReference}`, fonts.regular, 8.5, rightWidth, minimumSize),
    ];
    return drawHeaderColumns(page, { left: leftRuns, right: rightRuns }, { left, top, width, rightWidth });
  };
}

const shows = (manifest: ManifestDocument, field: ManifestField) =>
  !manifest.fields || manifest.fields.includes(field);

/** The table's cells; nothing on a manifest is smaller than `minimumSize`. */
const cellSize = 8.5;
const minimumSize = 7;

/** As wide as the widest cell of an identifier column (and its header), within `share` of the page. */
function identifierColumnWidth(
  header: string,
  cells: readonly string[],
  fonts: PdfFonts,
  pageWidth: number,
  share: number,
): number {
  const widest = Math.max(
    textWidth(header, fonts.bold, cellSize),
    ...cells.map((cell) => textWidth(cleanText(cell), fonts.regular, cellSize)),
  );
  return Math.min(widest + 2 * cellPadding, share * pageWidth);
}

interface ColumnWidths {
  tracking: number;
  order: number;
}

/** The identifier columns sized to what they hold; the service's column takes what is left. */
function identifierWidths(manifest: ManifestDocument, fonts: PdfFonts, pageWidth: number): ColumnWidths {
  const { shipments } = manifest;
  return {
    tracking: identifierColumnWidth(
      'Tracking number',
      shipments.map((shipment) => shipment.trackingNumber),
      fonts,
      pageWidth,
      0.4,
    ),
    order: identifierColumnWidth(
      'Order',
      shipments.map((shipment) => shipment.orderReference),
      fonts,
      pageWidth,
      0.3,
    ),
  };
}

interface ManifestColumn {
  column: TableColumn;
  cell: (shipment: ManifestShipment, index: number) => string;
}

/**
 * "#", the tracking number and the order (each as wide as its widest cell), then the columns the
 * fields list. The service's column takes what the others leave (it wraps); without it a blank column
 * does, so the figures stay at the right edge.
 */
function columnsOf(manifest: ManifestDocument, widths: ColumnWidths): ManifestColumn[] {
  const filler: ManifestColumn = { column: { header: '', width: 'rest' }, cell: () => '' };
  const optional: Array<[ManifestField, ManifestColumn]> = [
    [
      'service',
      { column: { header: 'Service', width: 'rest', maxLines: 2 }, cell: (shipment) => shipment.service },
    ],
    [
      'packages',
      {
        column: { header: 'Pkgs', width: 34, align: 'right' },
        cell: (shipment) => String(shipment.packages),
      },
    ],
    [
      'weight',
      {
        column: { header: 'Weight', width: 58, align: 'right' },
        cell: (shipment) => formatKilograms(shipment.weightGrams),
      },
    ],
    [
      'cost',
      {
        column: { header: 'Cost', width: 80, align: 'right' },
        cell: (shipment) => (shipment.cost ? formatMoney(shipment.cost.amount, shipment.cost.currency) : ''),
      },
    ],
  ];
  return [
    { column: { header: '#', width: 30, align: 'right' }, cell: (_, index) => String(index + 1) },
    // A tracking number stays whole on one line: a driver reads it against the parcel.
    {
      column: { header: 'Tracking number', width: widths.tracking, identifier: true },
      cell: (shipment) => shipment.trackingNumber,
    },
    // An order reference broken over two lines reads as two orders.
    ...(shows(manifest, 'orderReference')
      ? [
          {
            column: { header: 'Order', width: widths.order, identifier: true },
            cell: (shipment: ManifestShipment) => shipment.orderReference,
          },
        ]
      : []),
    ...(shows(manifest, 'service') ? [] : [filler]),
    ...optional.filter(([field]) => shows(manifest, field)).map(([, column]) => column),
  ];
}

interface Totals {
  shipments: number;
  packages: number;
  grams: number;
  cost: Map<string, bigint>;
}

function totalsOf(shipments: readonly ManifestShipment[]): Totals {
  const totals: Totals = { shipments: shipments.length, packages: 0, grams: 0, cost: new Map() };
  for (const shipment of shipments) {
    if (!Number.isSafeInteger(shipment.packages) || shipment.packages < 0) {
      throw new RangeError(`packages must be a whole number ≥ 0: ${shipment.packages}`);
    }
    totals.packages += shipment.packages;
    totals.grams += shipment.weightGrams;
    if (shipment.cost) {
      const { amount, currency } = shipment.cost;
      totals.cost.set(currency, (totals.cost.get(currency) ?? 0n) + BigInt(amount));
    }
  }
  return totals;
}

/**
 * Totals (the shipments' count always, packages, weight and cost only when their columns show),
 * pickup reference and signature lines: kept together on one page.
 */
function drawClosing(form: FormWriter, fonts: PdfFonts, manifest: ManifestDocument, totals: Totals) {
  const costs = shows(manifest, 'cost')
    ? [...totals.cost.entries()].sort(([a], [b]) => a.localeCompare(b))
    : [];
  const rows: [string, string][] = [
    ['Shipments', String(totals.shipments)],
    ...(shows(manifest, 'packages') ? [['Packages', String(totals.packages)] as [string, string]] : []),
    ...(shows(manifest, 'weight')
      ? [['Total weight', formatKilograms(totals.grams)] as [string, string]]
      : []),
    ...costs.map(([currency, total]): [string, string] => [
      `Cost (${currency})`,
      formatMoney(total, currency),
    ]),
  ];
  // What the driver signs for: the packages when the manifest counts them, else the shipments.
  const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
  const received = shows(manifest, 'packages')
    ? counted(totals.packages, 'package')
    : counted(totals.shipments, 'shipment');
  const size = 9.5;
  const rowHeight = size * leading;
  const signatureHeight = 3 * 34;
  const height = 14 + rows.length * rowHeight + 14 + 2 * rowHeight + 12 + signatureHeight;
  form.ensure(height);
  const { page, left, width } = form;
  let y = form.y - 10;
  drawRule(page, left, y + 4, width, 0.5);
  const labelWidth = 110;
  const valueWidth = 150;
  for (const [label, value] of rows) {
    drawRun(
      page,
      { text: label, font: fonts.regular, size },
      left + width - labelWidth - valueWidth,
      y,
      labelWidth,
    );
    y -= drawRun(
      page,
      fitLine(value, fonts.bold, size, valueWidth, minimumSize),
      left + width - valueWidth,
      y,
      valueWidth,
      'right',
    );
  }
  y -= 14;
  y -= drawRun(
    page,
    fitLine(`Pickup reference: ${manifest.pickupReference}`, fonts.bold, 11, width, 7),
    left,
    y,
    width,
  );
  y -= drawRun(
    page,
    fitLine(
      `Received by the driver of ${manifest.carrier}: ${received}.`,
      fonts.regular,
      size,
      width,
      minimumSize,
    ),
    left,
    y,
    width,
  );
  y -= 12;
  for (const caption of ['Driver name', 'Driver signature', 'Date and time of pickup']) {
    y -= 24;
    drawRule(page, left + 120, y, 260, 0.5);
    drawRun(page, { text: caption, font: fonts.regular, size: 8.5 }, left, y + 10, 116);
    y -= 10;
  }
  form.y = y;
}

export async function renderManifestPdf(manifest: ManifestDocument): Promise<Uint8Array> {
  const totals = totalsOf(manifest.shipments);
  const document = await PDFDocument.create();
  document.setTitle(`Manifest ${manifest.manifestId}`);
  document.setProducer('commerce-backoffice');
  const fonts = await embedPdfFonts(document, stringsIn(manifest));
  const form = new FormWriter(document, fonts, {
    paperSize: manifest.paperSize,
    footerText: manifest.footerText,
    header: header(fonts, manifest),
  });
  const columns = columnsOf(manifest, identifierWidths(manifest, fonts, form.width));
  const rows = manifest.shipments.map((shipment, index) => columns.map(({ cell }) => cell(shipment, index)));
  drawTable(
    form,
    fonts,
    columns.map(({ column }) => column),
    rows,
    { size: cellSize, minSize: minimumSize },
  );
  drawClosing(form, fonts, manifest, totals);
  form.finish();
  return document.save();
}

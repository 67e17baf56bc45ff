/** What a label PDF shows, decided from the order, the warehouse, the shipment and the forms settings. */
import type { Address } from '../../../shared/domain/address';
import type { Order } from '../../../shared/domain/order';
import type { Shipment } from '../../../shared/domain/shipment';
import type { LabelDocument, LabelField, PackingSlipField } from '../../../shared/render/label-document';
import { lineCharge } from '../../../shared/shipments/slip-charges';
import type { LabelFormat } from '../carriers/adapter';
import type { FormSettings } from '../forms/schemas';
import { fieldsOf } from '../forms/schemas';
import { customsDeclarationFor } from './customs-declaration';

/** The settings' fields the document knows (the forms operations refuse others when they are saved). */
function fieldsFor<Field extends string>(settings: FormSettings, known: readonly string[]): Field[] {
  return settings.fields.filter((field): field is Field => known.includes(field));
}

export function labelDocument(input: {
  /**
   * The order as it stood before this shipment was recorded: its lines' shippedQuantity are the units
   * earlier parcels carried (a line's discount is split over its parcels from them).
   */
  order: Order;
  shipment: Shipment;
  /** The warehouse's origin address: where the parcel leaves from. */
  shipFrom: Address;
  /** The warehouse's return address, when it has one. */
  returnAddress?: Address;
  label: FormSettings;
  packingSlip: FormSettings;
  /** The print's format, when it asked for one: it overrides the label form's paper size. */
  labelFormat?: LabelFormat;
}): LabelDocument {
  const { order, shipment, label, packingSlip } = input;
  const linesById = new Map(order.lines.map((line) => [line.itemId, line]));
  // `returnAddress: 'none'` leaves the return address off as leaving its field out does: FROM then shows
  // only the origin's name and town (label-pdf.ts says why not nothing at all).
  const fields = fieldsFor<LabelField>(label, fieldsOf.label).filter(
    (field) => field !== 'returnAddress' || label.returnAddress === 'warehouse',
  );
  const shipFrom = fields.includes('returnAddress')
    ? (input.returnAddress ?? input.shipFrom)
    : input.shipFrom;
  const customs = customsDeclarationFor({
    order,
    shipment,
    shipFrom: input.shipFrom,
    ...(input.returnAddress ? { returnAddress: input.returnAddress } : {}),
  });
  const shipped = new Map(shipment.lines.map((line) => [line.itemId, line.quantity]));
  const partOfOrder = order.lines.some(
    (line) => line.status === 'active' && (shipped.get(line.itemId) ?? 0) < line.quantity,
  );
  return {
    format: labelFormatOf(input.labelFormat, label),
    shipFrom,
    shipTo: order.shipTo,
    carrier: shipment.carrier,
    service: shipment.service,
    trackingNumber: shipment.trackingNumber,
    orderReference: order.id,
    shipDate: shipment.shipDate,
    weightGrams: shipment.weightGrams,
    packages: shipment.packages,
    ...(shipment.parcels ? { parcels: shipment.parcels } : {}),
    fields,
    ...(label.footerText.trim() ? { footerText: label.footerText } : {}),
    ...(customs ? { customs } : {}),
    ...(label.includePackingSlip
      ? {
          packingSlip: {
            paperSize: packingSlip.paperSize === 'a4' ? 'a4' : 'letter',
            showPrices: packingSlip.showPrices,
            ...(packingSlip.footerText ? { footerText: packingSlip.footerText } : {}),
            fields: fieldsFor<PackingSlipField>(packingSlip, fieldsOf['packing-slip']),
            orderDate: order.orderDate,
            ...(order.billTo ? { billTo: order.billTo } : {}),
            charges: { currency: order.currency, ...order.totals },
            ...(partOfOrder ? { partOfOrder } : {}),
            lines: shipment.lines.map((shipped) => {
              const line = linesById.get(shipped.itemId);
              return {
                sku: shipped.sku,
                title: line?.title ?? shipped.sku,
                quantity: shipped.quantity,
                ...(line
                  ? {
                      unitPrice: { amount: line.unitPrice, currency: order.currency },
                      discount: Number(lineCharge(line, shipped.quantity, line.shippedQuantity).discount),
                    }
                  : {}),
                ...(line?.weightGrams !== undefined ? { weightGrams: line.weightGrams } : {}),
              };
            }),
          },
        }
      : {}),
  };
}

/** A print's `pdf_letter` / `pdf_4x6` wins over the label form's paper size. */
function labelFormatOf(asked: LabelFormat | undefined, form: FormSettings): LabelDocument['format'] {
  if (asked) return asked === 'pdf_letter' ? 'letter' : '4x6';
  return form.paperSize === 'letter' ? 'letter' : '4x6';
}

/** The name a label downloads under: the order and the tracking number, never anything unsafe. */
export const labelFileName = (shipment: Pick<Shipment, 'orderId' | 'trackingNumber'>) =>
  `label-${shipment.orderId}-${shipment.trackingNumber}.pdf`;

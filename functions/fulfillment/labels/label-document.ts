/** What a label PDF shows, decided from the order, the warehouse, the shipment and the forms settings. */
import type { Address } from '../../../shared/domain/address';
import type { Order } from '../../../shared/domain/order';
import type { Shipment } from '../../../shared/domain/shipment';
import type { LabelDocument, LabelField, PackingSlipField } from '../../../shared/render/label-pdf';
import type { FormSettings } from '../forms/schemas';
import { fieldsOf } from '../forms/schemas';

/** The settings' fields the document knows (the forms operations refuse others when they are saved). */
function fieldsFor<Field extends string>(settings: FormSettings, known: readonly string[]): Field[] {
  return settings.fields.filter((field): field is Field => known.includes(field));
}

export function labelDocument(input: {
  order: Order;
  shipment: Shipment;
  /** The warehouse's origin address: where the parcel leaves from. */
  shipFrom: Address;
  /** The warehouse's return address, when it has one. */
  returnAddress?: Address;
  label: FormSettings;
  packingSlip: FormSettings;
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
  return {
    format: label.paperSize === 'letter' ? 'letter' : '4x6',
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
    ...(label.includePackingSlip
      ? {
          packingSlip: {
            paperSize: packingSlip.paperSize === 'a4' ? 'a4' : 'letter',
            showPrices: packingSlip.showPrices,
            ...(packingSlip.footerText ? { footerText: packingSlip.footerText } : {}),
            fields: fieldsFor<PackingSlipField>(packingSlip, fieldsOf['packing-slip']),
            orderDate: order.orderDate,
            ...(order.billTo ? { billTo: order.billTo } : {}),
            lines: shipment.lines.map((shipped) => {
              const line = linesById.get(shipped.itemId);
              return {
                sku: shipped.sku,
                title: line?.title ?? shipped.sku,
                quantity: shipped.quantity,
                ...(line ? { unitPrice: { amount: line.unitPrice, currency: order.currency } } : {}),
                ...(line?.weightGrams !== undefined ? { weightGrams: line.weightGrams } : {}),
              };
            }),
          },
        }
      : {}),
  };
}

/** The name a label downloads under: the order and the tracking number, never anything unsafe. */
export const labelFileName = (shipment: Pick<Shipment, 'orderId' | 'trackingNumber'>) =>
  `label-${shipment.orderId}-${shipment.trackingNumber}.pdf`;

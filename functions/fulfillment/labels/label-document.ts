/** What a label PDF shows, decided from the order, the warehouse, the shipment and the forms settings. */
import type { Address } from '../../../shared/domain/address';
import type { Order } from '../../../shared/domain/order';
import type { Shipment } from '../../../shared/domain/shipment';
import type { LabelDocument } from '../../../shared/render/label-pdf';
import type { FormSettings } from '../forms/schemas';

export function labelDocument(input: {
  order: Order;
  shipment: Shipment;
  shipFrom: Address;
  label: FormSettings;
  packingSlip: FormSettings;
}): LabelDocument {
  const { order, shipment, label, packingSlip } = input;
  const linesById = new Map(order.lines.map((line) => [line.itemId, line]));
  return {
    format: label.paperSize === 'letter' ? 'letter' : '4x6',
    shipFrom: input.shipFrom,
    shipTo: order.shipTo,
    carrier: shipment.carrier,
    service: shipment.service,
    trackingNumber: shipment.trackingNumber,
    orderReference: order.id,
    shipDate: shipment.shipDate,
    weightGrams: shipment.weightGrams,
    packages: shipment.packages,
    ...(label.includePackingSlip
      ? {
          packingSlip: {
            paperSize: packingSlip.paperSize === 'a4' ? 'a4' : 'letter',
            showPrices: packingSlip.showPrices,
            ...(packingSlip.footerText ? { footerText: packingSlip.footerText } : {}),
            lines: shipment.lines.map((shipped) => {
              const line = linesById.get(shipped.itemId);
              return {
                sku: shipped.sku,
                title: line?.title ?? shipped.sku,
                quantity: shipped.quantity,
                ...(line ? { unitPrice: { amount: line.unitPrice, currency: order.currency } } : {}),
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

/**
 * The customs declaration of a shipment to another country, from the order lines it ships. HS codes and
 * origin countries come from the order lines (the service keeps no product catalogue): a line without
 * them leaves those cells empty for the packer to fill in by hand.
 */
import type { Address } from '../../../shared/domain/address';
import { currencyExponent } from '../../../shared/domain/money';
import type { Order } from '../../../shared/domain/order';
import type { Shipment } from '../../../shared/domain/shipment';
import type { CustomsDeclaration, CustomsItem } from '../../../shared/shipments/customs';
import { customsFormFor } from '../../../shared/shipments/customs';
import { needsCustoms } from '../../../shared/shipments/customs-territory';
import { lineCharge } from '../../../shared/shipments/slip-charges';

/** Undefined when the parcel stays in the customs territory it leaves from (customs-territory.ts). */
export function customsDeclarationFor(input: {
  order: Pick<Order, 'id' | 'currency' | 'lines' | 'shipTo'>;
  shipment: Pick<Shipment, 'lines' | 'weightGrams' | 'shipDate'>;
  /** Where the parcel leaves from (the warehouse's origin). */
  shipFrom: Address;
  /** The warehouse's return address, when it has one: the sender customs returns a refused parcel to. */
  returnAddress?: Address;
}): CustomsDeclaration | undefined {
  // `order` is as it stood before this shipment: its lines' shippedQuantity are the units earlier
  // parcels carried, which decide this parcel's share of each line's discount.
  const { order, shipment, shipFrom } = input;
  if (!needsCustoms(shipFrom, order.shipTo)) return undefined;
  const linesById = new Map(order.lines.map((line) => [line.itemId, line]));
  const items = shipment.lines.map((shipped): CustomsItem => {
    const line = linesById.get(shipped.itemId);
    return {
      description: line?.title ?? shipped.sku,
      quantity: shipped.quantity,
      value: line ? lineCharge(line, shipped.quantity, line.shippedQuantity).net : 0n,
      ...(line?.weightGrams === undefined ? {} : { weightGrams: line.weightGrams * shipped.quantity }),
      ...(line?.hsCode ? { hsCode: line.hsCode } : {}),
      ...(line?.originCountry ? { originCountry: line.originCountry } : {}),
    };
  });
  const totalValue = items.reduce((sum, item) => sum + item.value, 0n);
  const form = customsFormFor({
    from: shipFrom,
    to: order.shipTo,
    value: totalValue,
    currency: order.currency,
    exponent: currencyExponent(order.currency),
  });
  if (!form) return undefined;
  return {
    form,
    category: 'Sale of goods',
    currency: order.currency,
    sender: input.returnAddress ?? shipFrom,
    recipient: order.shipTo,
    items,
    totalValue,
    totalWeightGrams: shipment.weightGrams,
    orderReference: order.id,
    date: shipment.shipDate,
  };
}

/** The ship-now draft of an order, decided from what was read: pure, unit-tested without a database. */
import type { Address } from '../../../shared/domain/address';
import type { Order } from '../../../shared/domain/order';
import type { Warehouse } from '../../../shared/warehouses/warehouse';

export interface ShippingChoice {
  processorCode: string;
  serviceCode: string;
  carrier: string;
  service: string;
}

export interface ShipNowDraft {
  orderId: string;
  channel: string;
  statusId: string;
  fulfillmentState: Order['fulfillmentState'];
  /** What the packer ships from: the order's warehouse, else the default one; null when neither exists. */
  shipFrom: {
    warehouseId: string;
    code: string;
    name: string;
    /** The warehouse's origin address; null until one is set (rates and labels need it). */
    address: Address | null;
  } | null;
  shipTo: Address;
  /** Active lines with units still to ship, and how many. */
  lines: Array<{
    itemId: string;
    sku: string;
    title: string;
    quantity: number;
    unitWeightGrams: number | null;
  }>;
  /** One package with the lines' weight; lines without a weight count 0 and are named. */
  suggestedPackage: { weightGrams: number; linesWithoutWeight: string[] };
  requestedShippingService: string | null;
  lastUsed: ShippingChoice | null;
}

export function shipNowDraft(
  order: Order,
  warehouse: Warehouse | undefined,
  lastUsed: ShippingChoice | undefined,
): ShipNowDraft {
  const lines = order.lines
    .filter((line) => line.status === 'active' && line.quantity > line.shippedQuantity)
    .map((line) => ({
      itemId: line.itemId,
      sku: line.sku,
      title: line.title,
      quantity: line.quantity - line.shippedQuantity,
      unitWeightGrams: line.weightGrams ?? null,
    }));
  return {
    orderId: order.id,
    channel: order.channel,
    statusId: order.statusId,
    fulfillmentState: order.fulfillmentState,
    shipFrom: warehouse
      ? {
          warehouseId: warehouse.id,
          code: warehouse.code,
          name: warehouse.name,
          address: warehouse.originAddress ?? null,
        }
      : null,
    shipTo: order.shipTo,
    lines,
    suggestedPackage: {
      weightGrams: lines.reduce((sum, line) => sum + (line.unitWeightGrams ?? 0) * line.quantity, 0),
      linesWithoutWeight: lines.filter((line) => line.unitWeightGrams === null).map((line) => line.itemId),
    },
    requestedShippingService: order.requestedShippingService ?? null,
    lastUsed: lastUsed ?? null,
  };
}

/**
 * A parcel of the seed's orders as the label shipment fulfillment would have recorded: a carrier and
 * service (the one the customer asked for when it is a domestic service fulfillment buys labels for,
 * else one by weight of use; DHL Express abroad), the lines it took, its weight, a cost from a rate table
 * (base and per kilogram, in US dollars, converted to the order's currency), a tracking number shaped
 * like the carrier's, and a tracking status that moves to delivered a few days after it left.
 */
import type { OrderLine } from '../../../shared/domain/order';
import type { Shipment } from '../../../shared/domain/shipment';
import { shipmentWeight } from '../../../shared/domain/shipment';
import { usdRates } from './countries';
import type { Random } from './random';
import { weighted } from './random';

const day = 86_400_000;

interface Service {
  carrier: string;
  service: string;
  /** US cents: the first pound, and each further kilogram. */
  baseCents: number;
  perKgCents: number;
}

const service = (carrier: string, name: string, baseCents: number, perKgCents: number): Service => ({
  carrier,
  service: name,
  baseCents,
  perKgCents,
});

const domesticServices = [
  [service('UPS', 'Ground', 895, 210), 30],
  [service('UPS', '2nd Day Air', 1890, 520), 6],
  [service('USPS', 'Priority Mail', 910, 260), 20],
  [service('USPS', 'Ground Advantage', 545, 190), 24],
  [service('FedEx', 'Home Delivery', 920, 220), 14],
] as const;
const domestic = weighted(domesticServices);
/** The services as an order names them ("UPS Ground"): the customer's choice is the label bought. */
const byRequest = new Map(
  domesticServices.map(([entry]) => [`${entry.carrier} ${entry.service}`.toLowerCase(), entry]),
);
const international = service('DHL', 'Express Worldwide', 2850, 1150);

/** Grams a unit is taken to weigh when its line names no weight. */
const defaultUnitGrams = 450;

function trackingNumber(carrier: string, random: Random): string {
  switch (carrier) {
    case 'UPS':
      return `1Z${random.digits(16)}`;
    case 'USPS':
      return `9400${random.digits(18)}`;
    case 'FedEx':
      return random.digits(12);
    default:
      return random.digits(10);
  }
}

export function parcelShipment(input: {
  id: string;
  orderId: string;
  /** The lines it took, each shipping its whole quantity. */
  lines: readonly OrderLine[];
  warehouseId: string;
  /** Ship-to country code. */
  country: string;
  currency: string;
  requestedService?: string;
  at: number;
  now: number;
  random: Random;
}): Shipment {
  const { random } = input;
  const lines = input.lines.map((line) => ({ itemId: line.itemId, sku: line.sku, quantity: line.quantity }));
  const chosen =
    input.country !== 'US'
      ? international
      : (byRequest.get(input.requestedService?.toLowerCase() ?? '') ?? domestic.pick(random));
  const weightGrams =
    shipmentWeight(input.lines, lines) ||
    lines.reduce((sum, line) => sum + defaultUnitGrams * line.quantity, 0);
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  // Boxes of up to 20 kg; now and then a few units that did not fit one box go as two.
  const packages = Math.max(Math.ceil(weightGrams / 20_000), units >= 4 && random.chance(0.15) ? 2 : 1);
  const usdCents = chosen.baseCents * packages + Math.max(0, weightGrams - 454) * (chosen.perKgCents / 1000);
  const at = new Date(input.at).toISOString();
  return {
    id: input.id,
    orderId: input.orderId,
    source: 'label',
    carrier: chosen.carrier,
    service: chosen.service,
    trackingNumber: trackingNumber(chosen.carrier, random),
    trackingStatus: input.now - input.at > 5 * day ? 'delivered' : 'in_transit',
    lines,
    warehouseId: input.warehouseId,
    shipDate: at.slice(0, 10),
    packages,
    weightGrams,
    cost: { amount: Math.round(usdCents * (usdRates[input.currency] ?? 1)), currency: input.currency },
    status: 'active',
    createdBy: 'fulfillment',
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
}

/**
 * A parcel of the seed's orders as the label shipment fulfillment would have recorded: a carrier and
 * service (domestic ones by weight of use, DHL abroad), the lines it took, its weight, a rate-table cost
 * and a tracking status that moves to delivered a few days after it left.
 */
import type { OrderLine } from '../../../shared/domain/order';
import type { Shipment } from '../../../shared/domain/shipment';
import type { Random } from './random';
import { weighted } from './random';

const day = 86_400_000;

const domestic = weighted([
  [['UPS', 'Ground'], 30],
  [['UPS', '2nd Day Air'], 6],
  [['USPS', 'Priority Mail'], 20],
  [['USPS', 'Ground Advantage'], 24],
  [['FedEx', 'Home Delivery'], 14],
  [['FedEx', 'Express Saver'], 6],
] as const);

export function parcelShipment(input: {
  id: string;
  orderId: string;
  lines: readonly OrderLine[];
  warehouseId: string;
  country: string;
  currency: string;
  at: number;
  now: number;
  random: Random;
}): Shipment {
  const { random } = input;
  const [carrier, service] =
    input.country === 'US' ? domestic.pick(random) : (['DHL', 'Express Worldwide'] as const);
  const weightGrams = input.lines.reduce((sum, line) => sum + (line.weightGrams ?? 450) * line.quantity, 0);
  const packages = weightGrams > 20_000 ? 2 : 1;
  const cost = Math.round(
    (input.country === 'US' ? 650 : 2400) + weightGrams * (carrier === 'DHL' ? 0.9 : 0.35),
  );
  const at = new Date(input.at).toISOString();
  const prefix = carrier === 'UPS' ? '1Z' : carrier === 'DHL' ? 'JD' : '9400';
  return {
    id: input.id,
    orderId: input.orderId,
    source: 'label',
    carrier,
    service,
    trackingNumber: `${prefix}${random.digits(16)}`,
    trackingStatus: input.now - input.at > 5 * day ? 'delivered' : 'in_transit',
    lines: input.lines.map((line) => ({ itemId: line.itemId, sku: line.sku, quantity: line.quantity })),
    warehouseId: input.warehouseId,
    shipDate: at.slice(0, 10),
    packages,
    weightGrams,
    cost: { amount: cost, currency: input.currency },
    status: 'active',
    createdBy: 'fulfillment',
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
}

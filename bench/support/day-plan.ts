/**
 * The day, decided before it starts (seeded, so every run is the same day): the SKUs and warehouses,
 * 10,000 orders from six channels (× DAY_SCALE) with their lines, and what happens to each one: paid,
 * re-sent by its channel, printed whole or in part, voided, returned, or picked for a request the service
 * must refuse. Stock is sized from the orders, so no order is refused for want of it, except that the
 * HOT SKUs are stocked just above what the day allocates so the alert rule on them fires.
 */

export const channels = ['webshop', 'amazon', 'ebay', 'etsy', 'shopify', 'wholesale'] as const;
export type Channel = (typeof channels)[number];
const channelWeights = [30, 25, 15, 10, 12, 8];
/** The channel whose orders arrive without a warehouse: an automation rule assigns one. */
export const unassignedChannel: Channel = 'ebay';

export const warehouseSpecs = [
  {
    code: 'WEST',
    name: 'West coast',
    origin: {
      name: 'West dock',
      line1: '1 Sierra Way',
      city: 'Reno',
      region: 'NV',
      postalCode: '89502',
      country: 'US',
    },
  },
  {
    code: 'EAST',
    name: 'East coast',
    origin: {
      name: 'East dock',
      line1: '5 Raritan Ctr',
      city: 'Edison',
      region: 'NJ',
      postalCode: '08817',
      country: 'US',
    },
  },
  {
    code: 'CENTRAL',
    name: 'Central',
    origin: {
      name: 'Dock 4',
      line1: '200 Dock Rd',
      city: 'Memphis',
      region: 'TN',
      postalCode: '38118',
      country: 'US',
    },
  },
] as const;
export type WarehouseCode = (typeof warehouseSpecs)[number]['code'];
/** Where the rule sends the unassigned channel's orders. */
export const ruleWarehouse: WarehouseCode = 'CENTRAL';

const destinations = [
  { city: 'Springfield', region: 'IL', postalCode: '62701' },
  { city: 'Austin', region: 'TX', postalCode: '78701' },
  { city: 'Seattle', region: 'WA', postalCode: '98101' },
  { city: 'Brooklyn', region: 'NY', postalCode: '11201' },
  { city: 'Miami', region: 'FL', postalCode: '33101' },
  { city: 'Denver', region: 'CO', postalCode: '80202' },
  { city: 'Portland', region: 'ME', postalCode: '04101' },
  { city: 'Phoenix', region: 'AZ', postalCode: '85001' },
];

export const normalSkus = Array.from({ length: 120 }, (_, i) => `SKU-${String(i + 1).padStart(4, '0')}`);
export const hotSkus = Array.from({ length: 6 }, (_, i) => `HOT-${String(i + 1).padStart(2, '0')}`);
export const hotPattern = 'HOT-*';
/** The alert rule on the HOT SKUs: available below this many units. */
export const hotAlertBelow = 15;
/** Units each HOT SKU keeps available in each warehouse once the day has allocated its orders. */
const hotHeadroom = 10;

export interface PlannedLine {
  itemId: string;
  sku: string;
  title: string;
  quantity: number;
  unitPrice: number;
  tax: number;
  discount: number;
  weightGrams: number;
}

export interface PlannedOrder {
  id: string;
  channel: Channel;
  currency: 'USD' | 'EUR';
  /** Absent for the unassigned channel (the rule assigns it). */
  warehouse?: WarehouseCode;
  orderDate: string;
  customer: { name: string; email: string };
  shipTo: { name: string; line1: string; city: string; region: string; postalCode: string; country: 'US' };
  lines: PlannedLine[];
  shippingCharge: number;
  /** Paid in one payment, two, or not at all. */
  payments: 0 | 1 | 2;
  resend?: 'identical' | 'changed';
  /** Printed whole (1), or a subset first and then (2) the rest or (1) only the subset. */
  print?: { carrier: 'postal' | 'parcel'; partial: boolean; prints: 1 | 2 };
  void?: boolean;
  return?: { disposition: 'restock' | 'damaged'; complete: boolean };
  /** Requests the service must refuse, each leaving no event. */
  refused: Array<
    'overpay' | 'print-again' | 'void-again' | 'return-too-many' | 'refund-again' | 'void-closed'
  >;
}

export interface DayPlan {
  scale: number;
  orders: PlannedOrder[];
  /** Units to receive per warehouse and SKU before the day, with a unit cost each. */
  stock: Map<WarehouseCode, Map<string, { quantity: number; unitCost: number }>>;
  counts: Record<string, number>;
}

/** mulberry32: small, fast and seeded. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function weighted<T>(rng: () => number, items: readonly T[], weights: readonly number[]): T {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let pick = rng() * total;
  for (let i = 0; i < items.length; i++) {
    pick -= weights[i]!;
    if (pick < 0) return items[i]!;
  }
  return items.at(-1)!;
}

const skuWeights = normalSkus.map((_, rank) => 1 / (rank + 1) ** 0.8);

function linesFor(rng: () => number, minimum: number): PlannedLine[] {
  const count = Math.max(minimum, 1 + Math.floor(rng() * 4));
  const skus = new Set<string>();
  // One order in twelve carries a HOT SKU.
  if (rng() < 1 / 12) skus.add(hotSkus[Math.floor(rng() * hotSkus.length)]!);
  while (skus.size < count) skus.add(weighted(rng, normalSkus, skuWeights));
  return [...skus].map((sku, i) => {
    const quantity = 1 + Math.floor(rng() * 3);
    const unitPrice = 500 + 5 * Math.floor(rng() * 2900);
    const amount = quantity * unitPrice;
    return {
      itemId: `L${i + 1}`,
      sku,
      title: `Item ${sku}`,
      quantity,
      unitPrice,
      tax: Math.round(amount * 0.08),
      discount: rng() < 0.1 ? Math.round(amount * 0.1) : 0,
      weightGrams: 200 + 50 * Math.floor(rng() * 36),
    };
  });
}

/** Picks `count` indices from `pool` (in order of a shuffle) and removes them from it. */
function take(rng: () => number, pool: number[], count: number): number[] {
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.splice(0, Math.min(count, pool.length));
}

export function planDay(scale: number, dayStart: Date, dayEnd: Date): DayPlan {
  const rng = random(20261124);
  const scaled = (n: number) => Math.max(1, Math.round(n * scale));
  const orderCount = scaled(10_000);
  const partialOrders = scaled(600);
  const completedPartials = scaled(500);
  const wholePrints = scaled(8_000) - partialOrders - completedPartials;
  const refusedEach = Math.max(2, Math.round(20 * scale));
  const counts = {
    orders: orderCount,
    prints: wholePrints + partialOrders + completedPartials,
    partialOrders,
    voids: scaled(300),
    returns: scaled(200),
    resent: scaled(500),
    resentChanged: scaled(100),
    overpay: Math.max(2, Math.round(50 * scale)),
    refusedEach,
  };

  // Order ids: the channel's own, unique across channels.
  const span = dayEnd.getTime() - dayStart.getTime();
  const orders: PlannedOrder[] = [];
  const partial = new Set<number>();
  const roles = Array.from({ length: orderCount }, (_, i) => i);
  // Every order of the plan that prints is paid first; the unpaid 10% stay awaiting payment.
  const printed = take(rng, roles, wholePrints + partialOrders);
  const printedSet = new Set(printed);
  const paidOnly = take(rng, roles, Math.round(orderCount * 0.9) - printed.length);
  for (const i of printed.slice(0, partialOrders)) partial.add(i);
  const printedWhole = printed.slice(partialOrders);
  const completed = new Set(printed.slice(0, completedPartials));
  const singlePrints = [...printedWhole];
  const voided = new Set(take(rng, singlePrints, counts.voids));
  const returned = take(rng, singlePrints, counts.returns);
  const returnedSet = new Set(returned);
  const resendPool = [...printed, ...paidOnly];
  const resent = new Set(take(rng, resendPool, counts.resent));
  const resentChanged = new Set(take(rng, resendPool, counts.resentChanged));
  const paidSet = new Set([...printed, ...paidOnly]);
  const twoPayments = new Set(take(rng, [...paidOnly], Math.round(paidOnly.length * 0.05)));

  const refused = new Map<number, PlannedOrder['refused']>();
  const refuse = (indices: number[], kind: PlannedOrder['refused'][number]) => {
    for (const i of indices) refused.set(i, [...(refused.get(i) ?? []), kind]);
  };
  refuse(take(rng, [...paidSet], counts.overpay), 'overpay');
  refuse(take(rng, [...singlePrints], refusedEach), 'print-again');
  refuse([...voided].slice(0, refusedEach), 'void-again');
  refuse(returned.slice(0, refusedEach), 'return-too-many');
  refuse(returned.slice(refusedEach, 2 * refusedEach), 'refund-again');
  refuse(
    take(
      rng,
      [...singlePrints].filter((i) => !refused.has(i)),
      refusedEach,
    ),
    'void-closed',
  );

  for (let i = 0; i < orderCount; i++) {
    const channel = weighted(rng, channels, channelWeights);
    const destination = destinations[Math.floor(rng() * destinations.length)]!;
    const name = `Customer ${i + 1}`;
    const lines = linesFor(rng, partial.has(i) ? 2 : 1);
    const warehouse =
      channel === unassignedChannel
        ? undefined
        : warehouseSpecs[Math.floor(rng() * warehouseSpecs.length)]!.code;
    const order: PlannedOrder = {
      id: `${channel.slice(0, 3).toUpperCase()}-${String(i + 1).padStart(6, '0')}`,
      channel,
      currency: channel === 'etsy' && rng() < 0.5 ? 'EUR' : 'USD',
      warehouse,
      orderDate: new Date(dayStart.getTime() + Math.floor(rng() * span)).toISOString(),
      customer: { name, email: `customer${i + 1}@example.com` },
      shipTo: { name, line1: `${1 + (i % 900)} Main St`, ...destination, country: 'US' },
      lines,
      shippingCharge: rng() < 0.3 ? 0 : 495,
      payments: paidSet.has(i) ? (twoPayments.has(i) ? 2 : 1) : 0,
      refused: refused.get(i) ?? [],
    };
    if (resent.has(i)) order.resend = 'identical';
    if (resentChanged.has(i)) order.resend = 'changed';
    if (printedSet.has(i)) {
      const isPartial = partial.has(i);
      order.print = {
        carrier: rng() < 0.5 ? 'postal' : 'parcel',
        partial: isPartial,
        prints: isPartial && completed.has(i) ? 2 : 1,
      };
    }
    if (voided.has(i)) order.void = true;
    if (returnedSet.has(i)) {
      order.return = { disposition: rng() < 0.75 ? 'restock' : 'damaged', complete: rng() < 0.5 };
    }
    orders.push(order);
  }

  const stock = new Map<WarehouseCode, Map<string, { quantity: number; unitCost: number }>>();
  for (const spec of warehouseSpecs) stock.set(spec.code, new Map());
  for (const order of orders) {
    const into = stock.get(order.warehouse ?? ruleWarehouse)!;
    for (const line of order.lines) {
      const entry = into.get(line.sku) ?? { quantity: 0, unitCost: Math.round(line.unitPrice * 0.45) };
      entry.quantity += line.quantity;
      into.set(line.sku, entry);
    }
  }
  for (const bySku of stock.values()) {
    for (const [sku, entry] of bySku) {
      entry.quantity = sku.startsWith('HOT-')
        ? entry.quantity + hotHeadroom
        : entry.quantity + 20 + Math.ceil(entry.quantity * 0.2);
    }
  }
  return { scale, orders, stock, counts };
}

/** The body a channel sends for an order (PUT /v1/orders/{id}); `changed` as a re-sync with a new phone. */
export function orderBody(order: PlannedOrder, changed = false, warehouseIds?: Map<string, string>) {
  return {
    channel: order.channel,
    orderDate: order.orderDate,
    customer: changed ? { ...order.customer, phone: '+1 555 0100' } : order.customer,
    shipTo: order.shipTo,
    lines: order.lines,
    currency: order.currency,
    shippingCharge: order.shippingCharge,
    ...(order.warehouse && warehouseIds ? { warehouseId: warehouseIds.get(order.warehouse) } : {}),
  };
}

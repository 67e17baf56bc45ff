/**
 * Built-in carriers priced from documented rate tables, so the ship-now flow works with no carrier
 * account (DESIGN §4). Pure and synchronous: the same request always prices, labels, tracks and voids
 * the same way; the adapter's async methods only wrap these functions.
 *
 * - Zone 1–8 from the distance between the origin's and destination's 3-digit US ZIP prefixes
 *   (`zoneBetween`); other destinations are the international zone, priced only by services that go
 *   abroad; origins outside the US are refused (422).
 * - Billed weight per package: the larger of its actual weight and its dimensional weight
 *   (length × width × height ÷ the carrier's divisor, in cm³ per kg, for boxes above the carrier's size
 *   threshold), rounded up to the table's weight band. The band's price comes from the service's table.
 * - Cost = base (sum of the packages' band prices) + fuel surcharge (a percentage of the base) + the
 *   confirmation surcharge per package.
 * - Labels and tracking numbers derive from the idempotency key: the same key always names the same label.
 * - Tracking follows a timeline from the label date (`trackingTimeline`); a label is used, and can no
 *   longer be voided, once the carrier has scanned it.
 */
import { createHash } from 'node:crypto';
import type { Address } from '../../../shared/domain/address';
import type { Money } from '../../../shared/domain/money';
import { daySchema } from '../../../shared/domain/shipment';
import type { TrackingEvent } from '../../../shared/domain/shipment';
import { NotFound, ValidationFailed } from '../../../shared/errors';
import type {
  CarrierAdapter,
  CarrierConfirmation,
  CarrierLimits,
  CarrierPackageType,
  CarrierService,
  DimensionsCm,
  LabelFormat,
  LabelReference,
  ManifestReceipt,
  ManifestRequest,
  PackageToShip,
  PurchaseRequest,
  PurchasedLabel,
  QuoteRequest,
  RateQuote,
  TrackingInfo,
  VoidAnswer,
} from './adapter';
import { CarrierLimitExceeded, CarrierRefused } from './errors';

export type DomesticZone = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
export type Zone = DomesticZone | 'international';

export interface TableService {
  code: string;
  name: string;
  domestic: {
    /** Minor units: one row per weight band (`RateTable.bandsGrams`), one column per zone 1–8. */
    prices: readonly (readonly number[])[];
    /** Business days in transit, per zone 1–8. */
    deliveryDays: readonly number[];
  };
  /** Services that go abroad: one price per weight band, and the days in transit. */
  international?: { prices: readonly number[]; deliveryDays: number };
}

/** How a carrier's tracking numbers look: made from a digest, and recognised. */
export interface TrackingNumberShape {
  make(digest: Buffer): string;
  isValid(trackingNumber: string): boolean;
}

export interface RateTable {
  processorCode: string;
  name: string;
  /** The one currency the table is priced in; no exchange rates exist in this service. */
  currency: string;
  /** Upper bound of each weight band, ascending; the last is the heaviest billed weight. */
  bandsGrams: readonly number[];
  dimensionalWeight: { divisorCm3PerKg: number; aboveCm3: number };
  /** Fuel surcharge on the base, in basis points (1550 = 15.5 %), so the arithmetic stays integral. */
  fuelSurchargeBasisPoints: number;
  /** The confirmations offered, each with its surcharge per package in minor units. */
  confirmations: readonly (CarrierConfirmation & { surcharge: number })[];
  packageTypes: readonly CarrierPackageType[];
  labelFormats: readonly LabelFormat[];
  limits: CarrierLimits;
  voidWindowDays: number;
  services: readonly TableService[];
  trackingNumber: TrackingNumberShape;
  /** The hand-over document's reference, from a digest of the manifest. */
  pickupReference(digest: Buffer): string;
}

// ---------------------------------------------------------------------------------------------------
// Zones

/**
 * Zone by the distance between 3-digit ZIP prefixes (a stand-in for the distance between sorting
 * centres): up to 10 apart zone 1, 50 zone 2, 100 zone 3, 200 zone 4, 350 zone 5, 500 zone 6,
 * 700 zone 7, farther zone 8. US territories have their own country codes, so they are international.
 */
const zoneLimits: readonly [number, DomesticZone][] = [
  [10, 1],
  [50, 2],
  [100, 3],
  [200, 4],
  [350, 5],
  [500, 6],
  [700, 7],
];

export function zipPrefix(address: Pick<Address, 'postalCode'>, path: string): number {
  const match = /^(\d{3})\d{2}(-\d{4})?$/.exec(address.postalCode?.trim() ?? '');
  if (!match) {
    throw new ValidationFailed(`A US address needs a 5-digit ZIP code to be rated (${path}).`, [
      { path, message: 'must be a US ZIP code (12345 or 12345-6789)' },
    ]);
  }
  return Number(match[1]);
}

export function zoneBetween(
  table: Pick<RateTable, 'processorCode' | 'name'>,
  from: Pick<Address, 'country' | 'postalCode'>,
  to: Pick<Address, 'country' | 'postalCode'>,
): Zone {
  if (from.country !== 'US') {
    throw new CarrierRefused(
      `${table.name} ships from the United States only; shipFrom.country is ${from.country}.`,
      { processorCode: table.processorCode, path: 'shipFrom.country' },
    );
  }
  const origin = zipPrefix(from, 'shipFrom.postalCode');
  if (to.country !== 'US') return 'international';
  const distance = Math.abs(origin - zipPrefix(to, 'shipTo.postalCode'));
  return zoneLimits.find(([limit]) => distance <= limit)?.[1] ?? 8;
}

// ---------------------------------------------------------------------------------------------------
// Packages: limits, dimensional and billed weight

const kg = (grams: number) => `${Number((grams / 1000).toFixed(2))} kg`;
const cm = (value: number) => `${Number(value.toFixed(1))} cm`;

function positive(value: number) {
  return Number.isFinite(value) && value > 0;
}

function checkPackageShape(pkg: PackageToShip, index: number): void {
  const problems = [];
  if (!positive(pkg.weightGrams))
    problems.push({ path: `packages[${index}].weightGrams`, message: 'must be a positive number of grams' });
  for (const side of ['length', 'width', 'height'] as const) {
    if (pkg.dimensionsCm && !positive(pkg.dimensionsCm[side]))
      problems.push({ path: `packages[${index}].dimensionsCm.${side}`, message: 'must be positive (cm)' });
  }
  if (problems.length > 0) throw new ValidationFailed(`Package ${index + 1} is not a package.`, problems);
}

/** The package's dimensions: its own, else its package type's, else unknown (priced by weight alone). */
function dimensionsOf(table: RateTable, pkg: PackageToShip, index: number): DimensionsCm | undefined {
  if (pkg.packageType === undefined) return pkg.dimensionsCm;
  const type = table.packageTypes.find((candidate) => candidate.code === pkg.packageType);
  if (!type) {
    throw new CarrierRefused(
      `${table.name} has no package type ${pkg.packageType} (package ${index + 1}); it has ${table.packageTypes.map((t) => t.code).join(', ')}.`,
      { processorCode: table.processorCode, path: `packages[${index}].packageType` },
    );
  }
  return pkg.dimensionsCm ?? type.dimensionsCm;
}

/** A package's shape and the carrier's limits: 400 for what is not a package, 422 beyond a limit. */
export function checkPackage(
  carrier: Pick<RateTable, 'processorCode' | 'name' | 'limits'>,
  pkg: PackageToShip,
  dims: DimensionsCm | undefined,
  index: number,
): void {
  checkPackageShape(pkg, index);
  const { limits, name, processorCode } = carrier;
  const refuse = (detail: string, limit: CarrierLimitExceeded['limit']) => {
    throw new CarrierLimitExceeded(detail, limit);
  };
  if (pkg.weightGrams > limits.maxWeightGrams) {
    refuse(
      `Package ${index + 1} weighs ${kg(pkg.weightGrams)}; ${name} takes at most ${kg(limits.maxWeightGrams)}.`,
      {
        processorCode,
        limit: 'maxWeightGrams',
        maximum: limits.maxWeightGrams,
        actual: pkg.weightGrams,
        path: `packages[${index}].weightGrams`,
      },
    );
  }
  if (!dims) return;
  const [length, middle, shortest] = [dims.length, dims.width, dims.height].sort((a, b) => b - a) as [
    number,
    number,
    number,
  ];
  if (length > limits.maxLengthCm) {
    refuse(`Package ${index + 1} is ${cm(length)} long; ${name} takes at most ${cm(limits.maxLengthCm)}.`, {
      processorCode,
      limit: 'maxLengthCm',
      maximum: limits.maxLengthCm,
      actual: length,
      path: `packages[${index}].dimensionsCm`,
    });
  }
  const lengthPlusGirth = length + 2 * (middle + shortest);
  if (lengthPlusGirth > limits.maxLengthPlusGirthCm) {
    refuse(
      `Package ${index + 1} measures ${cm(lengthPlusGirth)} in length plus girth (${cm(length)} + 2 × (${cm(middle)} + ${cm(shortest)})); ${name} takes at most ${cm(limits.maxLengthPlusGirthCm)}.`,
      {
        processorCode,
        limit: 'maxLengthPlusGirthCm',
        maximum: limits.maxLengthPlusGirthCm,
        actual: lengthPlusGirth,
        path: `packages[${index}].dimensionsCm`,
      },
    );
  }
}

/** Grams a box bills at by its size alone: volume ÷ divisor, for boxes above the carrier's threshold. */
export function dimensionalWeightGrams(
  table: Pick<RateTable, 'dimensionalWeight'>,
  dims?: DimensionsCm,
): number {
  if (!dims) return 0;
  const volume = dims.length * dims.width * dims.height;
  if (volume <= table.dimensionalWeight.aboveCm3) return 0;
  return Math.ceil((volume * 1000) / table.dimensionalWeight.divisorCm3PerKg);
}

interface BilledPackage {
  band: number;
  billedWeightGrams: number;
}

/** Checks one package against the carrier and finds the weight band it bills in. */
export function billPackage(table: RateTable, pkg: PackageToShip, index: number): BilledPackage {
  const dims = dimensionsOf(table, pkg, index);
  checkPackage(table, pkg, dims, index);
  const chargeable = Math.max(pkg.weightGrams, dimensionalWeightGrams(table, dims));
  const band = table.bandsGrams.findIndex((upTo) => chargeable <= upTo);
  const heaviest = table.bandsGrams[table.bandsGrams.length - 1]!;
  if (band === -1) {
    // Only dimensional weight gets here (actual weight was checked against the limit above).
    throw new CarrierLimitExceeded(
      `Package ${index + 1} bills as ${kg(chargeable)} by its size (${cm(dims!.length)} × ${cm(dims!.width)} × ${cm(dims!.height)} ÷ ${table.dimensionalWeight.divisorCm3PerKg} cm³/kg); ${table.name}'s rates stop at ${kg(heaviest)}.`,
      {
        processorCode: table.processorCode,
        limit: 'heaviestBandGrams',
        maximum: heaviest,
        actual: chargeable,
        path: `packages[${index}].dimensionsCm`,
      },
    );
  }
  return { band, billedWeightGrams: table.bandsGrams[band]! };
}

// ---------------------------------------------------------------------------------------------------
// Dates

const dayMs = 86_400_000;

export function checkDay(day: string, path: string): void {
  if (!daySchema.safeParse(day).success) {
    throw new ValidationFailed(`${path} must be a date, YYYY-MM-DD.`, [
      { path, message: 'must be a real calendar date, YYYY-MM-DD' },
    ]);
  }
}

/** The business day (Monday to Friday; no holidays) `days` after `day`. */
export function addBusinessDays(day: string, days: number): string {
  let at = Date.parse(`${day}T00:00:00Z`);
  for (let left = days; left > 0;) {
    at += dayMs;
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return new Date(at).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);
}

// ---------------------------------------------------------------------------------------------------
// Quotes and purchases

function checkRequest(table: RateTable, request: QuoteRequest): CarrierConfirmation & { surcharge: number } {
  checkDay(request.shipDate, 'shipDate');
  if (request.packages.length === 0 || request.packages.length > 50) {
    throw new ValidationFailed('A shipment has 1 to 50 packages.', [
      { path: 'packages', message: 'must have 1 to 50 packages' },
    ]);
  }
  if (request.currency !== undefined && request.currency !== table.currency) {
    throw new CarrierRefused(
      `${table.name} prices in ${table.currency} only, not ${request.currency}; nothing is converted.`,
      { processorCode: table.processorCode, path: 'currency' },
    );
  }
  const confirmation = table.confirmations.find((offered) => offered.code === request.confirmation);
  if (!confirmation) {
    throw new CarrierRefused(
      `${table.name} offers no ${request.confirmation} confirmation; it offers ${table.confirmations.map((c) => c.code).join(', ')}.`,
      { processorCode: table.processorCode, path: 'confirmation' },
    );
  }
  return confirmation;
}

function servicesAsked(table: RateTable, serviceCode: string | undefined): readonly TableService[] {
  if (serviceCode === undefined) return table.services;
  const service = table.services.find((candidate) => candidate.code === serviceCode);
  if (!service) {
    throw new CarrierRefused(
      `${table.name} has no service ${serviceCode}; it has ${table.services.map((s) => s.code).join(', ')}.`,
      { processorCode: table.processorCode, path: 'serviceCode' },
    );
  }
  return [service];
}

const money = (amount: number, currency: string): Money => ({ amount, currency });

function priceService(
  table: RateTable,
  service: TableService,
  zone: Zone,
  billed: readonly BilledPackage[],
  confirmation: { surcharge: number },
  shipDate: string,
): RateQuote | undefined {
  const bandPrice =
    zone === 'international'
      ? (band: number) => service.international?.prices[band]
      : (band: number) => service.domestic.prices[band]?.[zone - 1];
  const deliveryDays =
    zone === 'international' ? service.international?.deliveryDays : service.domestic.deliveryDays[zone - 1];
  const prices = billed.map((pkg) => bandPrice(pkg.band));
  if (deliveryDays === undefined || prices.some((price) => price === undefined)) return undefined;
  const base = prices.reduce((sum: number, price) => sum + price!, 0);
  const fuel = Math.round((base * table.fuelSurchargeBasisPoints) / 10_000);
  const confirmationTotal = confirmation.surcharge * billed.length;
  const { currency } = table;
  return {
    processorCode: table.processorCode,
    carrier: table.name,
    serviceCode: service.code,
    serviceName: service.name,
    cost: money(base + fuel + confirmationTotal, currency),
    billedWeightGrams: billed.reduce((sum, pkg) => sum + pkg.billedWeightGrams, 0),
    deliveryDays,
    estimatedDeliveryDate: addBusinessDays(shipDate, deliveryDays),
    breakdown: {
      base: money(base, currency),
      ...(fuel > 0 ? { fuel: money(fuel, currency) } : {}),
      ...(confirmationTotal > 0 ? { confirmation: money(confirmationTotal, currency) } : {}),
    },
  };
}

/** One quote per service that serves the route (or the asked one's): the table's prices, summed. */
export function quoteFromTable(table: RateTable, request: QuoteRequest): RateQuote[] {
  const confirmation = checkRequest(table, request);
  const services = servicesAsked(table, request.serviceCode);
  const zone = zoneBetween(table, request.shipFrom, request.shipTo);
  const billed = request.packages.map((pkg, index) => billPackage(table, pkg, index));
  const quotes = services.flatMap(
    (service) => priceService(table, service, zone, billed, confirmation, request.shipDate) ?? [],
  );
  if (quotes.length === 0) {
    const where = `${request.shipTo.country}${zone === 'international' ? ' (international)' : ''}`;
    throw new CarrierRefused(
      request.serviceCode === undefined
        ? `No service of ${table.name} goes to ${where}.`
        : `${table.name}'s ${services[0]!.name} does not go to ${where}.`,
      { processorCode: table.processorCode, path: 'shipTo.country' },
    );
  }
  return quotes;
}

function checkIdempotencyKey(key: string): void {
  if (key.trim().length === 0 || key.length > 200) {
    throw new ValidationFailed(
      'A purchase needs an idempotency key (the shipment id) of 1 to 200 characters.',
      [{ path: 'idempotencyKey', message: 'must be 1 to 200 characters' }],
    );
  }
}

/** The label the key names: same key, same label, tracking number and cost. Nothing is stored. */
export function buyFromTable(table: RateTable, request: PurchaseRequest): PurchasedLabel {
  checkIdempotencyKey(request.idempotencyKey);
  if (!table.labelFormats.includes(request.labelFormat)) {
    throw new CarrierRefused(`${table.name} prints no ${request.labelFormat} labels.`, {
      processorCode: table.processorCode,
      path: 'labelFormat',
    });
  }
  const [quote] = quoteFromTable(table, request);
  const digest = digestOf(table.processorCode, 'label', request.idempotencyKey);
  return {
    processorCode: table.processorCode,
    carrier: table.name,
    serviceCode: quote!.serviceCode,
    serviceName: quote!.serviceName,
    labelId: `${table.processorCode}-${digest.toString('hex').slice(0, 24)}`,
    trackingNumber: table.trackingNumber.make(digest),
    // Each package its own number; the first is the label's, so one-package labels are as they were.
    packages: request.packages.map((_, index) => ({
      trackingNumber: table.trackingNumber.make(
        index === 0
          ? digest
          : digestOf(table.processorCode, 'label', request.idempotencyKey, `package ${index}`),
      ),
    })),
    labelDate: request.shipDate,
    cost: quote!.cost,
    billedWeightGrams: quote!.billedWeightGrams,
    estimatedDeliveryDate: quote!.estimatedDeliveryDate,
  };
}

// ---------------------------------------------------------------------------------------------------
// Deterministic identifiers

export function digestOf(...parts: string[]): Buffer {
  return createHash('sha256').update(parts.join('\u0000')).digest();
}

/** `count` decimal digits taken from a digest. */
export function digitsFrom(digest: Buffer, count: number): string {
  return (BigInt(`0x${digest.toString('hex')}`) % 10n ** BigInt(count)).toString().padStart(count, '0');
}

/**
 * The mod-10 check digit of USPS (IMpb) and GS1 numbers: from the rightmost digit leftwards, weights
 * 3, 1, 3, 1, …; the check digit brings the sum to a multiple of 10.
 */
export function mod10CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 3; i >= 0; i -= 1, weight = 4 - weight) {
    sum += Number(digits[i]) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * The check digit of a `1Z` number, over the 15 characters after `1Z`: letters count as
 * (char code − 63) mod 10 (A = 2, … I = 0, J = 1, …), odd positions once and even positions twice.
 */
export function upsCheckDigit(body: string): number {
  let sum = 0;
  [...body].forEach((char, index) => {
    const value = /\d/.test(char) ? Number(char) : (char.charCodeAt(0) - 63) % 10;
    sum += index % 2 === 0 ? value : value * 2;
  });
  return (10 - (sum % 10)) % 10;
}

/** `1Z` + a 6-character shipper number + 9 digits + check digit: 18 characters. */
export function upsStyleTrackingNumber(shipperNumber: string): TrackingNumberShape {
  return {
    make(digest) {
      const body = `${shipperNumber}${digitsFrom(digest, 9)}`;
      return `1Z${body}${upsCheckDigit(body)}`;
    },
    isValid(trackingNumber) {
      const match = /^1Z([0-9A-Z]{15})(\d)$/.exec(trackingNumber);
      return match !== null && upsCheckDigit(match[1]!) === Number(match[2]);
    },
  };
}

/** 22 digits: `9400` + 17 digits + the mod-10 check digit. */
export const uspsStyleTrackingNumber: TrackingNumberShape = {
  make(digest) {
    const body = `9400${digitsFrom(digest, 17)}`;
    return `${body}${mod10CheckDigit(body)}`;
  },
  isValid(trackingNumber) {
    return (
      /^9400\d{18}$/.test(trackingNumber) &&
      mod10CheckDigit(trackingNumber.slice(0, 21)) === Number(trackingNumber[21])
    );
  },
};

// ---------------------------------------------------------------------------------------------------
// Tracking timeline, void and manifests

/** Times of day (UTC) of the timeline's scans. */
const acceptedAt = 'T23:00:00.000Z';
const inTransitAt = 'T09:00:00.000Z';
const outForDeliveryAt = 'T13:00:00.000Z';
const deliveredAt = 'T19:00:00.000Z';

/** One parcel in 25 (by its tracking number) meets a failed delivery attempt first. */
const exceptionOneIn = 25;

function serviceNamed(table: RateTable, service: string): TableService | undefined {
  const wanted = service.trim().toLowerCase();
  return table.services.find((s) => s.code === wanted || s.name.toLowerCase() === wanted);
}

/** A service's fastest and slowest days over every zone it serves (all services' for an unknown one). */
export function deliveryDaysRange(services: readonly TableService[]): [number, number] {
  const days = services.flatMap((s) => [
    ...s.domestic.deliveryDays,
    ...(s.international ? [s.international.deliveryDays] : []),
  ]);
  return [Math.min(...days), Math.max(...days)];
}

/**
 * Every event the parcel will have, oldest first: accepted the evening of the label date, a sort-facility
 * scan each business day in between, out for delivery and delivered on the day of delivery. A tracking
 * number does not carry its zone, so the day of delivery is picked from the service's range by the
 * tracking number; one parcel in 25 has a failed attempt (exception) and is delivered the next business day.
 */
export function trackingTimeline(
  table: RateTable,
  label: { trackingNumber: string; labelDate: string; service: string },
): TrackingEvent[] {
  const service = serviceNamed(table, label.service);
  const [fastest, slowest] = deliveryDaysRange(service ? [service] : table.services);
  const digest = digestOf(table.processorCode, 'timeline', label.trackingNumber);
  const days = fastest + (digest[0]! % (slowest - fastest + 1));
  const attemptFails = digest[1]! % exceptionOneIn === 0;
  const events: TrackingEvent[] = [
    { at: `${label.labelDate}${acceptedAt}`, status: 'accepted', description: `Accepted by ${table.name}` },
  ];
  for (let day = 1; day < days; day += 1) {
    events.push({
      at: `${addBusinessDays(label.labelDate, day)}${inTransitAt}`,
      status: 'in_transit',
      description: 'In transit: departed a sort facility',
    });
  }
  let deliveryDay = addBusinessDays(label.labelDate, days);
  if (attemptFails) {
    events.push(
      { at: `${deliveryDay}${outForDeliveryAt}`, status: 'in_transit', description: 'Out for delivery' },
      {
        at: `${deliveryDay}${deliveredAt}`,
        status: 'exception',
        description: 'Delivery attempted: no one was available; another attempt follows next business day',
      },
    );
    deliveryDay = addBusinessDays(deliveryDay, 1);
  }
  events.push(
    { at: `${deliveryDay}${outForDeliveryAt}`, status: 'in_transit', description: 'Out for delivery' },
    { at: `${deliveryDay}${deliveredAt}`, status: 'delivered', description: 'Delivered' },
  );
  return events;
}

function checkTrackingNumber(table: RateTable, trackingNumber: string): void {
  if (!table.trackingNumber.isValid(trackingNumber)) {
    throw new NotFound(`${table.name} has no label with tracking number ${trackingNumber}.`);
  }
}

/** The timeline's events up to `now`; the newest one's status is the parcel's. */
export function trackFromTable(
  table: RateTable,
  label: { trackingNumber: string; labelDate: string; service: string },
  now: Date,
): TrackingInfo {
  checkDay(label.labelDate, 'labelDate');
  checkTrackingNumber(table, label.trackingNumber);
  const events = trackingTimeline(table, label).filter((event) => Date.parse(event.at) <= now.getTime());
  return { status: events.at(-1)?.status ?? 'unknown', events };
}

/**
 * Voids a label within the carrier's window unless its parcel has moved (from the next business day's
 * first scan: a label handed over in the evening can still be voided that night). Rate tables keep no state, so they never answer `label_already_voided`: the shipment says
 * it is voided, and the operation refuses before asking the carrier.
 */
export function voidFromTable(table: RateTable, label: LabelReference, now: Date): VoidAnswer {
  checkDay(label.labelDate, 'labelDate');
  checkTrackingNumber(table, label.trackingNumber);
  const age = daysBetween(label.labelDate, now.toISOString().slice(0, 10));
  if (age > table.voidWindowDays) {
    return {
      approved: false,
      reasonCode: 'label_not_found_within_void_period',
      message: `${table.name} voids labels up to ${table.voidWindowDays} days after their date; this one is dated ${label.labelDate}, ${age} days ago.`,
    };
  }
  // The earliest a parcel of any service moves: the next business day's first scan.
  const moved = `${addBusinessDays(label.labelDate, 1)}${inTransitAt}`;
  if (now.getTime() >= Date.parse(moved)) {
    return {
      approved: false,
      reasonCode: 'label_already_used',
      message: `${table.name} has had this parcel on its way since ${moved}; a used label cannot be voided.`,
    };
  }
  return { approved: true, message: `Label ${label.labelId} voided; its cost is refunded.` };
}

/** The day's hand-over reference: the same labels, warehouse and day always give the same one. */
export function manifestFromTable(table: RateTable, request: ManifestRequest): ManifestReceipt {
  checkDay(request.shipDate, 'shipDate');
  if (request.labels.length === 0) {
    throw new ValidationFailed('A manifest closes over at least one label.', [
      { path: 'labels', message: 'must name at least one label' },
    ]);
  }
  const unknown = request.labels.flatMap((label, index) =>
    table.trackingNumber.isValid(label.trackingNumber)
      ? []
      : [{ path: `labels[${index}].trackingNumber`, message: `is not a ${table.name} tracking number` }],
  );
  if (unknown.length > 0) throw new ValidationFailed(`Some labels are not ${table.name}'s.`, unknown);
  const trackingNumbers = request.labels.map((label) => label.trackingNumber).sort();
  const digest = digestOf(
    table.processorCode,
    'manifest',
    request.shipDate,
    request.warehouseCode,
    ...trackingNumbers,
  );
  return { pickupReference: table.pickupReference(digest) };
}

// ---------------------------------------------------------------------------------------------------
// The adapter

function serviceDictionary(service: TableService): CarrierService {
  const [fastest, slowest] = deliveryDaysRange([service]);
  return {
    code: service.code,
    name: service.name,
    deliveryDays: fastest === slowest ? fastest : [fastest, slowest],
  };
}

export function rateTableAdapter(table: RateTable): CarrierAdapter {
  return {
    processorCode: table.processorCode,
    name: table.name,
    services: table.services.map(serviceDictionary),
    packageTypes: table.packageTypes,
    confirmations: table.confirmations.map(({ code, name }) => ({ code, name })),
    labelFormats: table.labelFormats,
    limits: table.limits,
    voidWindowDays: table.voidWindowDays,
    quote: async (request) => quoteFromTable(table, request),
    buy: async (request) => buyFromTable(table, request),
    void: async (label, now) => voidFromTable(table, label, now),
    track: async (label, now) => trackFromTable(table, label, now),
    closeManifest: async (request) => manifestFromTable(table, request),
  };
}

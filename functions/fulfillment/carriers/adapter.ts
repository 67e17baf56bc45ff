/**
 * The one interface every carrier sits behind (DESIGN §4 Fulfillment), chosen by `processorCode`: the
 * built-in rate-table carriers (`postal`, `parcel`) and ShipEngine. Units: money in integer minor units,
 * weights in grams, dimensions in centimetres, dates `YYYY-MM-DD`, instants ISO 8601 in UTC.
 */
import type { Address } from '../../../shared/domain/address';
import type { Money } from '../../../shared/domain/money';
import type { TrackingEvent, TrackingStatus } from '../../../shared/domain/shipment';

export const confirmationCodes = ['none', 'delivery', 'signature', 'adult_signature'] as const;
/** What the carrier confirms at the door: nothing, a delivery scan, a signature, an adult's signature. */
export type ConfirmationCode = (typeof confirmationCodes)[number];

export const labelFormats = ['pdf_4x6', 'pdf_letter'] as const;
export type LabelFormat = (typeof labelFormats)[number];

export interface DimensionsCm {
  length: number;
  width: number;
  height: number;
}

export interface CarrierService {
  code: string;
  name: string;
  /** Business days in transit: one figure, or the fastest and slowest over the zones it serves. */
  deliveryDays: number | readonly [number, number];
}

export interface CarrierPackageType {
  code: string;
  name: string;
  /** The box's outer size; stands in for a package that gives no dimensions of its own. */
  dimensionsCm?: DimensionsCm;
}

export interface CarrierConfirmation {
  code: ConfirmationCode;
  name: string;
}

/** Per package. Length is the longest side; girth is twice the sum of the other two. */
export interface CarrierLimits {
  maxWeightGrams: number;
  maxLengthCm: number;
  maxLengthPlusGirthCm: number;
}

export interface PackageToShip {
  weightGrams: number;
  dimensionsCm?: DimensionsCm;
  /** One of the carrier's `packageTypes` codes; absent means the shipper's own box. */
  packageType?: string;
}

export interface QuoteRequest {
  /** Rate tables read country, postal code, city and region; carrier APIs want the whole address. */
  shipFrom: Address;
  shipTo: Address;
  packages: readonly PackageToShip[];
  confirmation: ConfirmationCode;
  /** The day the parcels leave, YYYY-MM-DD. */
  shipDate: string;
  /** The currency the costs must be in (ISO 4217); a carrier that does not price in it refuses (422). */
  currency?: string;
  /** Quote this service only; without it, one quote per service that serves the route. */
  serviceCode?: string;
}

/** What a cost is made of; each part in the cost's currency, and the parts add up to the cost. */
export interface RateBreakdown {
  base: Money;
  fuel?: Money;
  confirmation?: Money;
  /** Surcharges a carrier API reports as one figure. */
  other?: Money;
}

export interface RateQuote {
  processorCode: string;
  /** The carrier as a shipment records it ("Built-in Parcel", "UPS"). */
  carrier: string;
  serviceCode: string;
  serviceName: string;
  cost: Money;
  /** All packages together, each at the weight it is billed at (dimensional weight and bands included). */
  billedWeightGrams: number;
  deliveryDays: number;
  estimatedDeliveryDate: string;
  breakdown: RateBreakdown;
}

export interface PurchaseRequest extends QuoteRequest {
  serviceCode: string;
  /**
   * The purchase key (the print's, see labels/print-rules purchaseKeyFor). Buying again with the same key
   * answers the same label and never buys a second one, so a purchase whose answer was lost is simply
   * retried. A key whose label was voided buys nothing new: a carrier that keeps labels refuses it
   * (PurchaseKeyVoided), a rate table (no state) answers the same, voided, label; so a caller that voided
   * a key's label buys under another key.
   */
  idempotencyKey: string;
  labelFormat: LabelFormat;
}

export interface PurchasedLabel {
  processorCode: string;
  carrier: string;
  serviceCode: string;
  serviceName: string;
  /** The carrier's id of the label: what void and manifests name. */
  labelId: string;
  /** The first package's tracking number: the shipment's own, what tracking follows. */
  trackingNumber: string;
  /** One per package asked for, in order: each package's own tracking number (the first is trackingNumber). */
  packages: Array<{ trackingNumber: string }>;
  /** The label's ship date, YYYY-MM-DD: void windows and tracking count from it. */
  labelDate: string;
  cost: Money;
  billedWeightGrams: number;
  estimatedDeliveryDate?: string;
  /** The carrier's own label file, when it makes one; built-in carriers leave the rendering to us. */
  labelDownloadUrl?: string;
}

/** A bought label as the shipment keeps it. */
export interface LabelReference {
  labelId: string;
  trackingNumber: string;
  labelDate: string;
}

/**
 * Why a carrier refused a void: ShipEngine's normalised reason codes, and `carrier_refused` for its
 * others (`unknown`, `unspecified`, `validation_failed`, `contact_carrier`), whose message says more.
 */
export type VoidRefusalCode =
  'label_already_voided' | 'label_not_found_within_void_period' | 'label_already_used' | 'carrier_refused';

export type VoidAnswer =
  { approved: true; message?: string } | { approved: false; reasonCode: VoidRefusalCode; message: string };

export interface TrackingInfo {
  /** The status of the newest event; `unknown` before the carrier has scanned the parcel. */
  status: TrackingStatus;
  /** Oldest first. */
  events: TrackingEvent[];
}

export interface ManifestRequest {
  shipDate: string;
  warehouseCode: string;
  /** The labels the manifest closes over (carrier APIs manifest label ids, rate tables tracking numbers). */
  labels: readonly Pick<LabelReference, 'labelId' | 'trackingNumber'>[];
}

export interface ManifestReceipt {
  /** What the driver scans or the carrier quotes for the day's hand-over (a SCAN form or pickup number). */
  pickupReference: string;
}

export interface CarrierAdapter {
  processorCode: string;
  name: string;
  services: readonly CarrierService[];
  packageTypes: readonly CarrierPackageType[];
  confirmations: readonly CarrierConfirmation[];
  labelFormats: readonly LabelFormat[];
  limits: CarrierLimits;
  /** Days after the label date a label can still be voided (the carrier may refuse earlier: used labels). */
  voidWindowDays: number;
  /** One quote per service that serves the route, or only the asked service's. */
  quote(request: QuoteRequest): Promise<RateQuote[]>;
  buy(request: PurchaseRequest): Promise<PurchasedLabel>;
  void(label: LabelReference, now: Date): Promise<VoidAnswer>;
  track(
    label: { trackingNumber: string; labelDate: string; service: string },
    now: Date,
  ): Promise<TrackingInfo>;
  closeManifest(request: ManifestRequest): Promise<ManifestReceipt>;
}

/**
 * Buys a label and records it without leaving a paid label behind a recording that surely failed.
 *
 * A purchase retried with the same idempotency key never buys twice (rate tables derive the label from
 * the key; ShipEngine's label is looked up by the key before buying), so when recording fails in a way
 * that may have committed (a timeout, a lost answer), retry the whole operation with the same key: the
 * same label comes back and is recorded once. Voiding then would refund a label the shipment records.
 * When recording surely failed (a refused condition: the order changed, nothing was written), the label
 * would be paid for nothing: this voids it, then rethrows the recording's error. A void that fails or is
 * refused goes to `onVoidFailed` (log it loudly: staff void that label by hand); a void the carrier
 * approved (or found already done) goes to `onVoided`, awaited before the error is rethrown, so the
 * caller notes that the key's label is voided before anyone can retry (a retry under the same key would
 * get that voided label back).
 */
export async function buyAndRecord<T>(
  adapter: CarrierAdapter,
  request: PurchaseRequest,
  record: (label: PurchasedLabel) => Promise<T>,
  options: {
    now: () => Date;
    recordingSurelyFailed: (error: unknown) => boolean;
    onVoidFailed?: (label: PurchasedLabel, problem: unknown) => void;
    onVoided?: (label: PurchasedLabel) => Promise<void>;
  },
): Promise<T> {
  const label = await adapter.buy(request);
  try {
    return await record(label);
  } catch (error) {
    if (options.recordingSurelyFailed(error)) {
      let voided = false;
      try {
        const answer = await adapter.void(label, options.now());
        voided = answer.approved || answer.reasonCode === 'label_already_voided';
        if (!voided) options.onVoidFailed?.(label, answer);
      } catch (voidError) {
        options.onVoidFailed?.(label, voidError);
      }
      if (voided) await options.onVoided?.(label);
    }
    throw error;
  }
}

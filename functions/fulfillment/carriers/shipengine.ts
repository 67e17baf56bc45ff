/**
 * ShipEngine (the API behind ShipStation v2: docs.shipstation.com/apis/shipengine) as a carrier adapter:
 * rates (`POST /v1/rates`), labels (`POST /v1/labels`, `GET /v1/labels/external_shipment_id/{id}`), void
 * (`PUT /v1/labels/{label_id}/void`), tracking (`GET /v1/tracking`) and manifests (`POST /v1/manifests`),
 * authenticated by the merchant's `API-Key` header. Every answer is parsed (zod) before it is used.
 *
 * Never buying twice: ShipEngine documents no idempotency header for `POST /v1/labels` (its label guide
 * names two headers, `Content-Type` and `API-Key`). It does let a label carry our id as the shipment's
 * `external_shipment_id` and find it again with `GET /v1/labels/external_shipment_id/{id}`. So `buy`
 * sends the idempotency key (the shipment id) as `external_shipment_id` and first looks the key up: a
 * retry after a lost answer (a timeout) finds the label bought the first time and answers it; a key
 * whose label was voided buys nothing (PurchaseKeyVoided: the caller moves on to another key). Callers
 * serialise purchases per key (the request guard of the print operation), which closes the window
 * between the look-up and the purchase. When recording a bought label surely fails, void it
 * (`buyAndRecord` in ./adapter does both).
 *
 * Errors: a timeout is CarrierTimedOut (504); 5xx, unreadable or undocumented answers and refused keys
 * (401/403: the merchant's key, named as a configuration problem, the key itself never repeated) are
 * CarrierFailed (502); other 4xx are CarrierRefused (422) with ShipEngine's messages; 404 NotFound;
 * 429 ServiceUnavailable with Retry-After. Money arrives as decimals and becomes minor units exactly.
 */
import type * as z from 'zod/mini';
import type { Address } from '../../../shared/domain/address';
import type { Money } from '../../../shared/domain/money';
import { currencyExponent, currencySchema, maxAmount } from '../../../shared/domain/money';
import { daySchema, normaliseTrackingStatus } from '../../../shared/domain/shipment';
import type { TrackingEvent } from '../../../shared/domain/shipment';
import { NotFound, ServiceUnavailable, ValidationFailed } from '../../../shared/errors';
import type {
  CarrierAdapter,
  CarrierService,
  ConfirmationCode,
  LabelFormat,
  ManifestRequest,
  PurchaseRequest,
  PurchasedLabel,
  QuoteRequest,
  RateQuote,
  TrackingInfo,
  VoidAnswer,
  VoidRefusalCode,
} from './adapter';
import { CarrierFailed, CarrierRefused, CarrierTimedOut, PurchaseKeyVoided } from './errors';
import { addBusinessDays, checkDay, checkPackage } from './rate-table';
import type { ErrorAnswer, LabelAnswer, RateAnswer } from './shipengine-answers';
import { shipEngineAnswers } from './shipengine-answers';

const processorCode = 'shipengine';

export const defaultShipEngineBaseUrl = 'https://api.shipengine.com';

export interface ShipEngineConfig {
  /** Loads the merchant's key (an environment variable locally, Secrets Manager in AWS); called once. */
  apiKey: () => Promise<string>;
  baseUrl: string;
  /** The merchant's connected carriers: ShipEngine carrier code → carrier id (`ups` → `se-123456`). */
  carrierIds: Readonly<Record<string, string>>;
  /** Per request; ShipEngine's label purchases usually answer within a second or two. */
  timeoutMs?: number;
}

const defaultTimeoutMs = 5_000;

// ---------------------------------------------------------------------------------------------------
// The services the adapter offers, by ShipEngine carrier code

/** ShipEngine carrier codes the adapter knows, with the name a shipment records and their services. */
export const shipEngineCarriers: Readonly<
  Record<string, { name: string; services: readonly CarrierService[] }>
> = {
  stamps_com: {
    name: 'USPS',
    services: [
      { code: 'usps_ground_advantage', name: 'Ground Advantage', deliveryDays: [2, 5] },
      { code: 'usps_priority_mail', name: 'Priority Mail', deliveryDays: [1, 3] },
      { code: 'usps_priority_mail_express', name: 'Priority Mail Express', deliveryDays: [1, 2] },
    ],
  },
  ups: {
    name: 'UPS',
    services: [
      { code: 'ups_ground', name: 'Ground', deliveryDays: [1, 5] },
      { code: 'ups_2nd_day_air', name: '2nd Day Air', deliveryDays: 2 },
      { code: 'ups_next_day_air', name: 'Next Day Air', deliveryDays: 1 },
    ],
  },
  fedex: {
    name: 'FedEx',
    services: [
      { code: 'fedex_ground', name: 'Ground', deliveryDays: [1, 5] },
      { code: 'fedex_home_delivery', name: 'Home Delivery', deliveryDays: [1, 5] },
      { code: 'fedex_2day', name: '2Day', deliveryDays: 2 },
      { code: 'fedex_standard_overnight', name: 'Standard Overnight', deliveryDays: 1 },
    ],
  },
  dhl_express: {
    name: 'DHL Express',
    services: [{ code: 'dhl_express_worldwide', name: 'Express Worldwide', deliveryDays: [2, 5] }],
  },
};

interface OfferedService extends CarrierService {
  carrierCode: string;
  carrierId: string;
  carrierName: string;
}

function offeredServices(carrierIds: Readonly<Record<string, string>>): OfferedService[] {
  return Object.entries(carrierIds).flatMap(([carrierCode, carrierId]) => {
    const carrier = shipEngineCarriers[carrierCode];
    if (!carrier) {
      throw new Error(
        `SHIPENGINE_CARRIER_IDS names ${carrierCode}, a carrier the ShipEngine adapter has no services for; it knows ${Object.keys(shipEngineCarriers).join(', ')}.`,
      );
    }
    return carrier.services.map((service) => ({
      ...service,
      carrierCode,
      carrierId,
      carrierName: carrier.name,
    }));
  });
}

// ---------------------------------------------------------------------------------------------------
// Money: decimals to minor units, exactly

/**
 * `{ currency: 'usd', amount: 12.34 }` → `{ amount: 1234, currency: 'USD' }`. Works on the decimal text
 * of the number (JavaScript prints the shortest text that reads back as the same double, so 12.34 is
 * "12.34", never 12.3399…), rounding half up past the currency's decimals (1.005 USD → 101): no float
 * multiplication, so no drift. Refuses what is not money (negative, not finite, unknown currency, > 10^12).
 */
export function toMinorUnits(answer: { currency: string; amount: number }): Money {
  const currency = answer.currency.toUpperCase();
  const { amount } = answer;
  if (
    !currencySchema.safeParse(currency).success ||
    !Number.isFinite(amount) ||
    amount < 0 ||
    amount > maxAmount
  ) {
    throw new CarrierFailed(
      `ShipEngine answered an amount that is not money: ${JSON.stringify(answer)}; nothing was recorded.`,
      { processorCode },
    );
  }
  const digits = currencyExponent(currency);
  // Tiny amounts print as 1e-7; toFixed(20) writes them out (the rounding below makes them 0).
  const text = /e/i.test(String(amount)) ? amount.toFixed(20) : String(amount);
  const [whole, fraction = ''] = text.split('.') as [string, string?];
  const kept = fraction.slice(0, digits).padEnd(digits, '0');
  const roundsUp = (fraction[digits] ?? '0') >= '5';
  return { amount: Number(BigInt(`${whole}${kept}`) + (roundsUp ? 1n : 0n)), currency };
}

function sumMoney(parts: readonly Money[]): Money {
  const currency = parts[0]!.currency;
  if (parts.some((part) => part.currency !== currency)) {
    throw new CarrierFailed(
      `ShipEngine priced one rate in several currencies (${parts.map((p) => p.currency).join(', ')}).`,
      { processorCode },
    );
  }
  return { amount: parts.reduce((sum, part) => sum + part.amount, 0), currency };
}

// ---------------------------------------------------------------------------------------------------
// Requests

function shipEngineAddress(address: Address) {
  return {
    name: address.name ?? address.company ?? '',
    company_name: address.company,
    phone: address.phone ?? '',
    email: address.email,
    address_line1: address.line1,
    address_line2: address.line2,
    city_locality: address.city,
    state_province: address.region ?? '',
    postal_code: address.postalCode ?? '',
    country_code: address.country,
    address_residential_indicator: 'unknown',
  };
}

const labelLayouts: Record<LabelFormat, string> = { pdf_4x6: '4x6', pdf_letter: 'letter' };

/** ShipEngine rates one package type of its own: the shipper's box (`package`). */
const packageTypes = [{ code: 'package', name: 'Package' }] as const;
const confirmations: readonly { code: ConfirmationCode; name: string }[] = [
  { code: 'none', name: 'No confirmation' },
  { code: 'delivery', name: 'Delivery confirmation' },
  { code: 'signature', name: 'Signature required' },
  { code: 'adult_signature', name: 'Adult signature required' },
];
/** The loosest of the known carriers' limits (UPS and FedEx); a carrier's own stricter one comes back as a 422. */
const limits = { maxWeightGrams: 68_000, maxLengthCm: 274, maxLengthPlusGirthCm: 419 };
const carrierName = 'ShipEngine';

function checkQuoteRequest(request: QuoteRequest): void {
  checkDay(request.shipDate, 'shipDate');
  if (request.packages.length === 0 || request.packages.length > 50) {
    throw new ValidationFailed('A shipment has 1 to 50 packages.', [
      { path: 'packages', message: 'must have 1 to 50 packages' },
    ]);
  }
  request.packages.forEach((pkg, index) => {
    if (pkg.packageType !== undefined && pkg.packageType !== 'package') {
      throw new CarrierRefused(
        `ShipEngine has no package type ${pkg.packageType} (package ${index + 1}); it has package.`,
        {
          processorCode,
          path: `packages[${index}].packageType`,
        },
      );
    }
    checkPackage({ processorCode, name: carrierName, limits }, pkg, pkg.dimensionsCm, index);
  });
  if (request.currency !== undefined && !currencySchema.safeParse(request.currency).success) {
    throw new ValidationFailed('currency must be an ISO 4217 code.', [
      { path: 'currency', message: 'must be an ISO 4217 currency code' },
    ]);
  }
}

function shipmentBody(request: QuoteRequest) {
  return {
    ship_from: shipEngineAddress(request.shipFrom),
    ship_to: shipEngineAddress(request.shipTo),
    ship_date: request.shipDate,
    confirmation: request.confirmation,
    packages: request.packages.map((pkg) => ({
      package_code: 'package',
      weight: { value: pkg.weightGrams, unit: 'gram' },
      ...(pkg.dimensionsCm ? { dimensions: { unit: 'centimeter', ...pkg.dimensionsCm } } : {}),
    })),
  };
}

// ---------------------------------------------------------------------------------------------------
// The HTTP exchange and its failures

function redact(text: string, apiKey: string): string {
  return apiKey.length >= 4 ? text.split(apiKey).join('[redacted]') : text;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
}

interface Exchange {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
}

function shipEngineClient(config: ShipEngineConfig) {
  const timeoutMs = config.timeoutMs ?? defaultTimeoutMs;
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  // Loaded once per container (a Secrets Manager call is slow and billed); a failed load is retried.
  let key: Promise<string> | undefined;

  async function loadKey(): Promise<string> {
    try {
      const loaded = (await (key ??= config.apiKey())).trim();
      if (!loaded) throw new RangeError('empty key');
      return loaded;
    } catch (error) {
      key = undefined;
      throw new CarrierFailed(
        `The ShipEngine API key could not be loaded (${error instanceof Error ? error.name : 'error'}): a configuration problem on our side (SHIPENGINE_API_KEY or its secret).`,
        { processorCode },
      );
    }
  }

  function failure(
    status: number,
    exchange: Exchange,
    answer: ErrorAnswer | undefined,
    secret: string,
    headers: Headers,
  ) {
    const what = `${exchange.method} ${exchange.path}`;
    const requestId = answer?.request_id ?? undefined;
    const ids = requestId ? { carrierRequestId: requestId } : {};
    const messages = (answer?.errors ?? []).map((error) => redact(error.message, secret));
    if (status === 401 || status === 403) {
      return new CarrierFailed(
        `ShipEngine refused the merchant's API key (HTTP ${status}) on ${what}: the key configured for ShipEngine (SHIPENGINE_API_KEY or its secret) is wrong, revoked or lacks access. A configuration problem, not the request's; nothing was bought.`,
        { processorCode, ...ids },
      );
    }
    if (status === 404) return new NotFound(`ShipEngine: ${messages.join(' ') || `nothing at ${what}`}`);
    if (status === 429) {
      return new ServiceUnavailable(
        'ShipEngine is rate-limiting this account; nothing was done. Retry shortly.',
        { processorCode, ...ids },
        { 'retry-after': headers.get('retry-after') ?? '5' },
      );
    }
    if (status >= 400 && status < 500) {
      return new CarrierRefused(
        `ShipEngine refused the request: ${messages.join(' ') || `HTTP ${status} on ${what}`}`,
        {
          processorCode,
          ...ids,
          carrierErrors: (answer?.errors ?? []).map((error) => ({
            errorSource: error.error_source ?? undefined,
            errorType: error.error_type ?? undefined,
            errorCode: error.error_code ?? undefined,
            message: redact(error.message, secret),
          })),
        },
      );
    }
    return new CarrierFailed(
      `ShipEngine failed (HTTP ${status}) on ${what}${messages.length > 0 ? `: ${messages.join(' ').replace(/\.$/, '')}` : ''}.`,
      { processorCode, ...ids },
    );
  }

  /** Sends one request and parses its answer with `schema`; every failure becomes one of ours. */
  async function send<S extends z.ZodMiniType>(exchange: Exchange, schema: S): Promise<z.infer<S>> {
    const secret = await loadKey();
    const what = `${exchange.method} ${exchange.path}`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${baseUrl}${exchange.path}`, {
        method: exchange.method,
        headers: {
          'API-Key': secret,
          Accept: 'application/json',
          ...(exchange.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: exchange.body === undefined ? undefined : JSON.stringify(exchange.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      if (isTimeout(error)) {
        throw new CarrierTimedOut(
          `ShipEngine did not answer ${what} within ${timeoutMs} ms. ${exchange.method === 'POST' && exchange.path === '/v1/labels' ? 'The label may have been bought: retry with the same idempotency key, which finds it instead of buying another.' : 'Retry shortly.'}`,
          { processorCode, timeoutMs },
        );
      }
      const cause =
        error instanceof Error
          ? ((error.cause as { code?: string } | undefined)?.code ?? error.message)
          : 'unknown';
      throw new CarrierFailed(
        `ShipEngine could not be reached on ${what} (${redact(String(cause), secret)}).`,
        {
          processorCode,
        },
      );
    }
    let json: unknown;
    try {
      json = text.length > 0 ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      const parsed = shipEngineAnswers().errorAnswer.safeParse(json);
      throw failure(
        response.status,
        exchange,
        parsed.success ? parsed.data : undefined,
        secret,
        response.headers,
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new CarrierFailed(
        `ShipEngine answered ${what} with ${json === undefined ? 'no JSON' : `a body unlike its documented one (${describeIssues(parsed.error)})`}; nothing was recorded.`,
        { processorCode },
      );
    }
    return parsed.data as z.infer<S>;
  }

  return { send };
}

// ---------------------------------------------------------------------------------------------------
// The adapter

/** External shipment ids longer than 50 characters are cut by ShipEngine, so keys must fit. */
const maxExternalIdLength = 50;

const voidReasons: Readonly<Record<string, VoidRefusalCode>> = {
  label_already_voided: 'label_already_voided',
  label_not_found_within_void_period: 'label_not_found_within_void_period',
  label_already_used: 'label_already_used',
};

export function shipEngineCarrier(config: ShipEngineConfig): CarrierAdapter {
  const offered = offeredServices(config.carrierIds);
  const { send } = shipEngineClient(config);

  function serviceByCode(code: string, path: string): OfferedService {
    const service = offered.find((candidate) => candidate.code === code);
    if (!service) {
      throw new CarrierRefused(
        `ShipEngine offers no service ${code} on this account; it offers ${offered.map((s) => s.code).join(', ')}.`,
        { processorCode, path },
      );
    }
    return service;
  }

  function toQuote(rate: RateAnswer, request: QuoteRequest): RateQuote | undefined {
    const service = offered.find((candidate) => candidate.code === rate.service_code);
    if (!service) return undefined; // a service of a carrier the merchant did not configure here
    const base = toMinorUnits(rate.shipping_amount);
    const confirmation = rate.confirmation_amount ? toMinorUnits(rate.confirmation_amount) : undefined;
    const surcharges = [rate.other_amount, rate.insurance_amount].flatMap((part) =>
      part ? [toMinorUnits(part)] : [],
    );
    const other = surcharges.length > 0 ? sumMoney(surcharges) : undefined;
    const parts = [base, confirmation, other].filter((part): part is Money => part !== undefined);
    const slowest = typeof service.deliveryDays === 'number' ? service.deliveryDays : service.deliveryDays[1];
    const deliveryDays = rate.delivery_days ?? slowest;
    const estimated = rate.estimated_delivery_date?.slice(0, 10);
    return {
      processorCode,
      carrier: service.carrierName,
      serviceCode: service.code,
      serviceName: service.name,
      cost: sumMoney(parts),
      // ShipEngine does not say what weight it billed: the packages' own weight.
      billedWeightGrams: request.packages.reduce((sum, pkg) => sum + pkg.weightGrams, 0),
      deliveryDays,
      estimatedDeliveryDate:
        estimated && daySchema.safeParse(estimated).success
          ? estimated
          : addBusinessDays(request.shipDate, deliveryDays),
      breakdown: {
        base,
        ...(confirmation && confirmation.amount > 0 ? { confirmation } : {}),
        ...(other && other.amount > 0 ? { other } : {}),
      },
    };
  }

  async function quote(request: QuoteRequest): Promise<RateQuote[]> {
    checkQuoteRequest(request);
    const asked =
      request.serviceCode === undefined ? undefined : serviceByCode(request.serviceCode, 'serviceCode');
    const services = asked ? [asked] : offered;
    const answer = await send(
      {
        method: 'POST',
        path: '/v1/rates',
        body: {
          shipment: shipmentBody(request),
          rate_options: {
            carrier_ids: [...new Set(services.map((s) => s.carrierId))],
            service_codes: services.map((s) => s.code),
            ...(request.currency ? { preferred_currency: request.currency.toLowerCase() } : {}),
          },
        },
      },
      shipEngineAnswers().ratesAnswer,
    );
    const quotes = answer.rate_response.rates.flatMap((rate) => toQuote(rate, request) ?? []);
    const inCurrency = request.currency ? quotes.filter((q) => q.cost.currency === request.currency) : quotes;
    if (inCurrency.length === 0) {
      const reasons = (answer.rate_response.errors ?? []).map((error) => error.message);
      throw new CarrierRefused(
        quotes.length > 0
          ? `ShipEngine priced this shipment in ${quotes[0]!.cost.currency}, not ${request.currency}; nothing is converted.`
          : `ShipEngine has no rate for this shipment${reasons.length > 0 ? `: ${reasons.join(' ')}` : '.'}`,
        { processorCode },
      );
    }
    return inCurrency;
  }

  function toPurchased(
    label: LabelAnswer,
    service: OfferedService,
    request: PurchaseRequest,
  ): PurchasedLabel {
    const labelDate = label.ship_date.slice(0, 10);
    const download = label.label_download?.pdf ?? label.label_download?.href ?? undefined;
    return {
      processorCode,
      carrier: service.carrierName,
      serviceCode: service.code,
      serviceName: service.name,
      labelId: label.label_id,
      trackingNumber: label.tracking_number,
      // A carrier that numbers only the shipment answers no package numbers: its one number is each one's.
      packages: request.packages.map((_, index) => ({
        trackingNumber:
          (index === 0 ? undefined : label.packages?.[index]?.tracking_number) || label.tracking_number,
      })),
      labelDate: daySchema.safeParse(labelDate).success ? labelDate : request.shipDate,
      cost: toMinorUnits(label.shipment_cost),
      billedWeightGrams: request.packages.reduce((sum, pkg) => sum + pkg.weightGrams, 0),
      ...(download ? { labelDownloadUrl: download } : {}),
    };
  }

  /** The label bought under this key before, if any (404: none). */
  async function labelBoughtWith(key: string): Promise<LabelAnswer | undefined> {
    try {
      return await send(
        { method: 'GET', path: `/v1/labels/external_shipment_id/${encodeURIComponent(key)}` },
        shipEngineAnswers().labelAnswer,
      );
    } catch (error) {
      if (error instanceof NotFound) return undefined;
      throw error;
    }
  }

  async function buy(request: PurchaseRequest): Promise<PurchasedLabel> {
    const key = request.idempotencyKey;
    if (key.trim().length === 0 || key.length > maxExternalIdLength) {
      throw new ValidationFailed(
        `A ShipEngine purchase needs an idempotency key (the shipment id) of 1 to ${maxExternalIdLength} characters.`,
        [{ path: 'idempotencyKey', message: `must be 1 to ${maxExternalIdLength} characters` }],
      );
    }
    checkQuoteRequest(request);
    const service = serviceByCode(request.serviceCode, 'serviceCode');
    const earlier = await labelBoughtWith(key);
    if (earlier && (earlier.voided || earlier.status === 'voided')) {
      // Buying again under the key would leave two labels under it (the look-up finds the voided one):
      // the caller buys under another key, now that this one's label is known voided.
      throw new PurchaseKeyVoided(
        `ShipEngine holds label ${earlier.label_id} under purchase key ${key}, voided; nothing was bought.`,
        { processorCode, labelId: earlier.label_id },
      );
    }
    if (earlier?.status === 'error') {
      // Buying again would leave two labels under one key, and the look-up would keep finding the
      // errored one: a person looks at it in ShipEngine instead.
      throw new CarrierFailed(
        `ShipEngine holds label ${earlier.label_id} under ${key} in status error; nothing more was bought. Check it in ShipEngine.`,
        { processorCode, labelId: earlier.label_id },
      );
    }
    if (earlier) return toPurchased(earlier, service, request);
    const label = await send(
      {
        method: 'POST',
        path: '/v1/labels',
        body: {
          shipment: {
            carrier_id: service.carrierId,
            service_code: service.code,
            external_shipment_id: key,
            ...shipmentBody(request),
          },
          label_format: 'pdf',
          label_layout: labelLayouts[request.labelFormat],
          label_download_type: 'url',
        },
      },
      shipEngineAnswers().labelAnswer,
    );
    if (label.status === 'error' || label.voided) {
      throw new CarrierFailed(
        `ShipEngine answered label ${label.label_id} in status ${label.status}; nothing was bought.`,
        {
          processorCode,
        },
      );
    }
    return toPurchased(label, service, request);
  }

  async function voidLabel(label: { labelId: string }): Promise<VoidAnswer> {
    const answer = await send(
      { method: 'PUT', path: `/v1/labels/${encodeURIComponent(label.labelId)}/void` },
      shipEngineAnswers().voidAnswer,
    );
    if (answer.approved) return { approved: true, message: answer.message };
    return {
      approved: false,
      reasonCode: voidReasons[answer.reason_code ?? ''] ?? 'carrier_refused',
      message: `ShipEngine: ${answer.message}${answer.reason_code && !voidReasons[answer.reason_code] ? ` (${answer.reason_code})` : ''}`,
    };
  }

  async function track(label: { trackingNumber: string; service: string }): Promise<TrackingInfo> {
    const wanted = label.service.trim().toLowerCase();
    const service = offered.find(
      (s) => s.code === wanted || `${s.carrierName} ${s.name}`.toLowerCase() === wanted,
    );
    if (!service) {
      throw new CarrierRefused(
        `ShipEngine tracking needs the carrier of service ${label.service}, which this account does not offer.`,
        { processorCode, path: 'service' },
      );
    }
    const query = new URLSearchParams({
      carrier_code: service.carrierCode,
      tracking_number: label.trackingNumber,
    });
    const answer = await send(
      { method: 'GET', path: `/v1/tracking?${query}` },
      shipEngineAnswers().trackingAnswer,
    );
    const events = (answer.events ?? []).map((event): TrackingEvent => {
      const at = new Date(event.occurred_at);
      if (Number.isNaN(at.getTime())) {
        throw new CarrierFailed(
          `ShipEngine answered a tracking event at ${JSON.stringify(event.occurred_at)}, not a time.`,
          {
            processorCode,
          },
        );
      }
      const byCode = normaliseTrackingStatus(event.status_code);
      const location = [event.city_locality, event.state_province, event.postal_code, event.country_code]
        .filter((part) => part && part.trim())
        .join(', ');
      return {
        at: at.toISOString(),
        status: byCode !== 'unknown' ? byCode : normaliseTrackingStatus(event.description),
        description: event.description ?? event.event_code ?? '',
        ...(location ? { location } : {}),
      };
    });
    events.sort((a, b) => a.at.localeCompare(b.at));
    return { status: normaliseTrackingStatus(answer.status_code), events };
  }

  async function closeManifest(request: ManifestRequest) {
    if (request.labels.length === 0 || request.labels.length > 500) {
      throw new ValidationFailed('A ShipEngine manifest closes over 1 to 500 labels.', [
        { path: 'labels', message: 'must name 1 to 500 labels' },
      ]);
    }
    const answer = await send(
      {
        method: 'POST',
        path: '/v1/manifests',
        body: { label_ids: request.labels.map((label) => label.labelId) },
      },
      shipEngineAnswers().manifestsAnswer,
    );
    const references = (answer.manifests ?? []).map((m) => m.submission_id ?? m.form_id ?? m.manifest_id);
    const pickupReference = references.join(', ') || answer.submission_id || answer.manifest_id;
    if (!pickupReference) {
      throw new CarrierFailed('ShipEngine answered the manifest without any manifest.', { processorCode });
    }
    return { pickupReference };
  }

  return {
    processorCode,
    name: carrierName,
    services: offered.map(({ code, name, deliveryDays }) => ({ code, name, deliveryDays })),
    packageTypes,
    confirmations,
    labelFormats: ['pdf_4x6', 'pdf_letter'],
    limits,
    // What the screens show; carriers differ, and ShipEngine's void answers with each carrier's own rule.
    voidWindowDays: 30,
    quote,
    buy,
    void: (label) => voidLabel(label),
    track: (label) => track(label),
    closeManifest,
  };
}

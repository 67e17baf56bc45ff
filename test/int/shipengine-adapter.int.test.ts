/**
 * The ShipEngine adapter over HTTP against a local stand-in that answers ShipEngine's documented shapes
 * (test/support/shipengine-stand-in.ts). No DynamoDB: it sits with the integration tests because it
 * does I/O.
 */
import type { Mock } from 'vitest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Address } from '../../shared/domain/address';
import { NotFound, ServiceUnavailable, ValidationFailed } from '../../shared/errors';
import type { AppError } from '../../shared/errors';
import type {
  CarrierAdapter,
  PurchaseRequest,
  QuoteRequest,
} from '../../functions/fulfillment/carriers/adapter';
import {
  CarrierFailed,
  CarrierLimitExceeded,
  CarrierRefused,
  CarrierTimedOut,
  PurchaseKeyVoided,
} from '../../functions/fulfillment/carriers/errors';
import {
  adapterFor,
  carrierAdapters,
  carrierConfigFromEnv,
} from '../../functions/fulfillment/carriers/registry';
import { shipEngineCarrier, toMinorUnits } from '../../functions/fulfillment/carriers/shipengine';
import type { ShipEngineStandIn } from '../support/shipengine-stand-in';
import { startShipEngineStandIn } from '../support/shipengine-stand-in';

const apiKey = 'TEST_se_key_4f9a1c';
const carriers = { ups: 'se-101', stamps_com: 'se-102' };
const timeoutMs = 400;

let standIn: ShipEngineStandIn;
let shipEngine: CarrierAdapter;
let keyLoads: Mock<() => Promise<string>>;

beforeAll(async () => {
  standIn = await startShipEngineStandIn({ apiKey, carriers });
  keyLoads = vi.fn(async () => apiKey);
  shipEngine = shipEngineCarrier({
    apiKey: keyLoads,
    baseUrl: standIn.baseUrl,
    carrierIds: carriers,
    timeoutMs,
  });
});

afterAll(async () => {
  await standIn?.close();
});

const shipFrom: Address = {
  name: 'Acme Warehouse',
  phone: '+1 212 555 0100',
  line1: '1 Dock Road',
  city: 'New York',
  region: 'NY',
  postalCode: '10001',
  country: 'US',
};
const shipTo: Address = {
  name: 'Zoë Customer',
  line1: '500 Market Street',
  city: 'San Francisco',
  region: 'CA',
  postalCode: '94105',
  country: 'US',
};

function quoteRequest(overrides: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    shipFrom,
    shipTo,
    packages: [{ weightGrams: 1200, dimensionsCm: { length: 30, width: 20, height: 10 } }],
    confirmation: 'none',
    shipDate: '2026-03-02',
    ...overrides,
  };
}

let keys = 0;
function purchase(overrides: Partial<PurchaseRequest> = {}): PurchaseRequest {
  keys += 1;
  return {
    ...quoteRequest(),
    serviceCode: 'ups_ground',
    idempotencyKey: `01JQSHIPMENT${String(keys).padStart(14, '0')}`,
    labelFormat: 'pdf_4x6',
    ...overrides,
  };
}

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  return promise.then(
    () => expect.fail('expected the call to fail'),
    (error: unknown) => error as AppError,
  );
}

const lastRequest = () => standIn.requests.at(-1)!;

describe('money', () => {
  it('turns ShipEngine decimals into minor units exactly', () => {
    expect(toMinorUnits({ currency: 'usd', amount: 12.34 })).toEqual({ amount: 1234, currency: 'USD' });
    expect(toMinorUnits({ currency: 'usd', amount: 0.29 })).toEqual({ amount: 29, currency: 'USD' }); // 0.29 × 100 = 28.999…
    expect(toMinorUnits({ currency: 'usd', amount: 1.005 })).toEqual({ amount: 101, currency: 'USD' }); // half up
    expect(toMinorUnits({ currency: 'usd', amount: 1.004 })).toEqual({ amount: 100, currency: 'USD' });
    expect(toMinorUnits({ currency: 'usd', amount: 0 })).toEqual({ amount: 0, currency: 'USD' });
    expect(toMinorUnits({ currency: 'usd', amount: 1e-7 })).toEqual({ amount: 0, currency: 'USD' });
    expect(toMinorUnits({ currency: 'jpy', amount: 1500 })).toEqual({ amount: 1500, currency: 'JPY' });
    expect(toMinorUnits({ currency: 'kwd', amount: 1.2345 })).toEqual({ amount: 1235, currency: 'KWD' });
  });

  it('refuses what is not money', () => {
    for (const answer of [
      { currency: 'usd', amount: -1 },
      { currency: 'usd', amount: Number.NaN },
      { currency: 'usd', amount: 1e13 },
      { currency: 'zzz', amount: 1 },
    ]) {
      expect(() => toMinorUnits(answer)).toThrow(CarrierFailed);
    }
  });
});

describe('quotes', () => {
  it('asks for the configured carriers and services, in grams and centimetres, with the API-Key header', async () => {
    const quotes = await shipEngine.quote(quoteRequest());
    expect(quotes.map((q) => [q.carrier, q.serviceCode, q.cost.amount])).toEqual([
      ['UPS', 'ups_ground', 1425], // 12.34 + 1.91
      ['UPS', 'ups_2nd_day_air', 2510],
      ['UPS', 'ups_next_day_air', 4577],
      ['USPS', 'usps_ground_advantage', 745],
      ['USPS', 'usps_priority_mail', 935],
      ['USPS', 'usps_priority_mail_express', 3120],
    ]);
    const sent = lastRequest();
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/rates', apiKey });
    expect(sent.body).toMatchObject({
      shipment: {
        ship_date: '2026-03-02',
        confirmation: 'none',
        ship_from: {
          postal_code: '10001',
          country_code: 'US',
          state_province: 'NY',
          phone: '+1 212 555 0100',
        },
        ship_to: { name: 'Zoë Customer', city_locality: 'San Francisco', postal_code: '94105' },
        packages: [
          {
            weight: { value: 1200, unit: 'gram' },
            dimensions: { unit: 'centimeter', length: 30, width: 20, height: 10 },
          },
        ],
      },
      rate_options: { carrier_ids: ['se-101', 'se-102'] },
    });
  });

  it('adds the parts without floating-point drift, and breaks the cost down', async () => {
    const [nextDay] = await shipEngine.quote(
      quoteRequest({ serviceCode: 'ups_next_day_air', confirmation: 'signature' }),
    );
    // 45.67 + 0.2 + 0.1 is 45.970000000000006 as floats; in cents it is 4597.
    expect(nextDay).toEqual({
      processorCode: 'shipengine',
      carrier: 'UPS',
      serviceCode: 'ups_next_day_air',
      serviceName: 'Next Day Air',
      cost: { amount: 4597, currency: 'USD' },
      billedWeightGrams: 1200,
      deliveryDays: 1,
      estimatedDeliveryDate: '2026-03-05',
      breakdown: {
        base: { amount: 4567, currency: 'USD' },
        confirmation: { amount: 20, currency: 'USD' },
        other: { amount: 10, currency: 'USD' },
      },
    });
    expect(lastRequest().body).toMatchObject({
      rate_options: { carrier_ids: ['se-101'], service_codes: ['ups_next_day_air'] },
    });
  });

  it('refuses, without asking, a service the account lacks or a package over the limits', async () => {
    const asked = standIn.requests.length;
    await expect(shipEngine.quote(quoteRequest({ serviceCode: 'fedex_2day' }))).rejects.toThrow(
      CarrierRefused,
    );
    const heavy = await failureOf(shipEngine.quote(quoteRequest({ packages: [{ weightGrams: 70_000 }] })));
    expect(heavy).toBeInstanceOf(CarrierLimitExceeded);
    expect(heavy.message).toBe('Package 1 weighs 70 kg; ShipEngine takes at most 68 kg.');
    expect(standIn.requests.length).toBe(asked);
  });

  it('refuses a currency ShipEngine did not price in; nothing is converted', async () => {
    const error = await failureOf(shipEngine.quote(quoteRequest({ currency: 'EUR' })));
    expect(error).toBeInstanceOf(CarrierRefused);
    expect(error.message).toBe('ShipEngine priced this shipment in USD, not EUR; nothing is converted.');
    expect(lastRequest().body).toMatchObject({ rate_options: { preferred_currency: 'eur' } });
  });
});

describe('purchases', () => {
  it('buys a 4x6 PDF label under the idempotency key and answers its cost in cents', async () => {
    const request = purchase({ serviceCode: 'ups_next_day_air', confirmation: 'signature' });
    const label = await shipEngine.buy(request);
    expect(label).toEqual({
      processorCode: 'shipengine',
      carrier: 'UPS',
      serviceCode: 'ups_next_day_air',
      serviceName: 'Next Day Air',
      labelId: expect.stringMatching(/^se-\d+$/),
      trackingNumber: expect.stringMatching(/^1Z/),
      packages: [{ trackingNumber: label.trackingNumber }],
      labelDate: '2026-03-02',
      cost: { amount: 4597, currency: 'USD' },
      billedWeightGrams: 1200,
      labelDownloadUrl: `${standIn.baseUrl}/v1/downloads/10/${label.labelId}/label.pdf`,
    });
    const [lookUp, buy] = standIn.requests.slice(-2);
    expect(lookUp).toMatchObject({
      method: 'GET',
      path: `/v1/labels/external_shipment_id/${request.idempotencyKey}`,
    });
    expect(buy).toMatchObject({
      method: 'POST',
      path: '/v1/labels',
      body: {
        shipment: {
          carrier_id: 'se-101',
          service_code: 'ups_next_day_air',
          external_shipment_id: request.idempotencyKey,
        },
        label_format: 'pdf',
        label_layout: '4x6',
        label_download_type: 'url',
      },
    });
  });

  it('answers each package’s own tracking number, the first being the label’s, on the purchase and its retry', async () => {
    const request = purchase({
      packages: [{ weightGrams: 800 }, { weightGrams: 1500 }, { weightGrams: 400 }],
    });
    const label = await shipEngine.buy(request);
    const numbers = label.packages.map((pack) => pack.trackingNumber);
    expect(numbers).toHaveLength(3);
    expect(numbers[0]).toBe(label.trackingNumber);
    expect(new Set(numbers).size).toBe(3);
    expect(numbers).toEqual(standIn.labelsBoughtWith(request.idempotencyKey)[0]!.package_tracking_numbers);
    expect((await shipEngine.buy(request)).packages).toEqual(label.packages);
  });

  it('answers the label bought before when the same key buys again: never two labels', async () => {
    const request = purchase();
    const first = await shipEngine.buy(request);
    const again = await shipEngine.buy(request);
    expect(again).toEqual(first);
    expect(standIn.labelsBoughtWith(request.idempotencyKey)).toHaveLength(1);
    expect(lastRequest().method).toBe('GET');
  });

  it('times out when the answer to a purchase is lost, and the retry finds the label bought', async () => {
    const request = purchase({ serviceCode: 'usps_priority_mail', labelFormat: 'pdf_letter' });
    standIn.failNext('hang_after_work', 'POST /v1/labels');
    const started = Date.now();
    const timedOut = await failureOf(shipEngine.buy(request));
    expect(Date.now() - started).toBeLessThan(timeoutMs * 5);
    expect(timedOut).toBeInstanceOf(CarrierTimedOut);
    expect(timedOut.status).toBe(504);
    expect(timedOut.message).toContain('retry with the same idempotency key');
    expect(standIn.labelsBoughtWith(request.idempotencyKey)).toHaveLength(1);

    const retried = await shipEngine.buy(request);
    expect(retried.labelId).toBe(standIn.labelsBoughtWith(request.idempotencyKey)[0]!.label_id);
    expect(retried.cost).toEqual({ amount: 935, currency: 'USD' });
    expect(standIn.labelsBoughtWith(request.idempotencyKey)).toHaveLength(1);
  });

  it('times out on a ShipEngine that does not answer at all', async () => {
    standIn.failNext('hang', 'POST /v1/rates');
    await expect(shipEngine.quote(quoteRequest())).rejects.toThrow(CarrierTimedOut);
  });

  it('refuses a new label under a key whose label was voided (409 PurchaseKeyVoided, naming the label)', async () => {
    const request = purchase();
    const label = await shipEngine.buy(request);
    await expect(shipEngine.void(label, new Date())).resolves.toMatchObject({ approved: true });
    const refused = await failureOf(shipEngine.buy(request));
    expect(refused).toBeInstanceOf(PurchaseKeyVoided);
    expect(refused.status).toBe(409);
    expect(refused.extensions).toMatchObject({ labelId: label.labelId, reasonCode: 'label_voided' });
    expect(standIn.labelsBoughtWith(request.idempotencyKey)).toHaveLength(1);
  });

  it('passes ShipEngine’s validation message on as a 422 naming its errors', async () => {
    const request = purchase({ shipTo: { ...shipTo, postalCode: undefined } });
    const error = await failureOf(shipEngine.buy(request));
    expect(error).toBeInstanceOf(CarrierRefused);
    expect(error.status).toBe(422);
    expect(error.message).toBe(
      'ShipEngine refused the request: Invalid ship_to address: postal_code is required.',
    );
    expect(error.extensions).toMatchObject({
      processorCode: 'shipengine',
      carrierRequestId: expect.any(String),
      carrierErrors: [
        {
          errorSource: 'shipengine',
          errorType: 'validation',
          errorCode: 'field_value_required',
          message: 'Invalid ship_to address: postal_code is required.',
        },
      ],
    });
    expect(standIn.labelsBoughtWith(request.idempotencyKey)).toHaveLength(0);
  });

  it('refuses a key ShipEngine cannot keep (over 50 characters) before buying', async () => {
    await expect(shipEngine.buy(purchase({ idempotencyKey: 'k'.repeat(51) }))).rejects.toThrow(
      ValidationFailed,
    );
  });
});

describe('failures', () => {
  it('reports a 5xx as a 502 with ShipEngine’s request id', async () => {
    standIn.failNext('server_error');
    const error = await failureOf(shipEngine.quote(quoteRequest()));
    expect(error).toBeInstanceOf(CarrierFailed);
    expect(error.status).toBe(502);
    expect(error.message).toBe(
      'ShipEngine failed (HTTP 500) on POST /v1/rates: An unexpected error occurred.',
    );
    expect(error.extensions.carrierRequestId).toEqual(expect.any(String));
  });

  it('reports a 400 validation as a 422 with ShipEngine’s message', async () => {
    standIn.failNext('validation');
    await expect(shipEngine.quote(quoteRequest())).rejects.toThrow(
      'ShipEngine refused the request: Invalid ship_to address: the postal code does not match the state.',
    );
  });

  it('reports a refused key as a configuration problem, never repeating the key', async () => {
    standIn.failNext('unauthorized');
    const error = await failureOf(shipEngine.quote(quoteRequest()));
    expect(error).toBeInstanceOf(CarrierFailed);
    expect(error.message).toContain("ShipEngine refused the merchant's API key (HTTP 401)");
    expect(error.message).toContain('configuration problem');
    expect(JSON.stringify({ message: error.message, ...error.extensions })).not.toContain(apiKey);

    const wrongKey = shipEngineCarrier({
      apiKey: async () => 'TEST_wrong_key_123',
      baseUrl: standIn.baseUrl,
      carrierIds: carriers,
      timeoutMs,
    });
    const refused = await failureOf(wrongKey.buy(purchase()));
    expect(refused).toBeInstanceOf(CarrierFailed);
    expect(JSON.stringify({ message: refused.message, ...refused.extensions })).not.toContain(
      'TEST_wrong_key_123',
    );
  });

  it('reports rate limiting as a 503 with ShipEngine’s Retry-After', async () => {
    standIn.failNext('rate_limited');
    const error = await failureOf(shipEngine.quote(quoteRequest()));
    expect(error).toBeInstanceOf(ServiceUnavailable);
    expect(error.headers).toEqual({ 'retry-after': '7' });
  });

  it('refuses answers that are not JSON or not the documented shape (502)', async () => {
    standIn.failNext('not_json', 'POST /v1/rates');
    await expect(shipEngine.quote(quoteRequest())).rejects.toThrow(
      'ShipEngine answered POST /v1/rates with no JSON',
    );
    standIn.failNext('undocumented', 'POST /v1/labels');
    const error = await failureOf(shipEngine.buy(purchase()));
    expect(error).toBeInstanceOf(CarrierFailed);
    expect(error.message).toContain(
      'ShipEngine answered POST /v1/labels with a body unlike its documented one',
    );
  });

  it('reports a ShipEngine it cannot reach as a 502', async () => {
    const unreachable = shipEngineCarrier({
      apiKey: async () => apiKey,
      baseUrl: 'http://127.0.0.1:9', // discard port: nothing listens
      carrierIds: carriers,
      timeoutMs,
    });
    await expect(unreachable.quote(quoteRequest())).rejects.toThrow(
      'ShipEngine could not be reached on POST /v1/rates',
    );
  });

  it('loads the key once, and says so when it cannot', async () => {
    expect(keyLoads).toHaveBeenCalledTimes(1);
    const broken = shipEngineCarrier({
      apiKey: () => Promise.reject(new Error('AccessDeniedException: secret arn:aws:…')),
      baseUrl: standIn.baseUrl,
      carrierIds: carriers,
      timeoutMs,
    });
    const error = await failureOf(broken.quote(quoteRequest()));
    expect(error).toBeInstanceOf(CarrierFailed);
    expect(error.message).toBe(
      'The ShipEngine API key could not be loaded (Error): a configuration problem on our side (SHIPENGINE_API_KEY or its secret).',
    );
  });
});

describe('void', () => {
  it('approves a void, then refuses it as already voided', async () => {
    const label = await shipEngine.buy(purchase());
    await expect(shipEngine.void(label, new Date())).resolves.toEqual({
      approved: true,
      message: 'Request for refund submitted. This label has been voided.',
    });
    expect(lastRequest()).toMatchObject({ method: 'PUT', path: `/v1/labels/${label.labelId}/void` });
    await expect(shipEngine.void(label, new Date())).resolves.toEqual({
      approved: false,
      reasonCode: 'label_already_voided',
      message: 'ShipEngine: This label has already been voided.',
    });
  });

  it.each([
    ['label_already_used', 'label_already_used', 'ShipEngine: The carrier has already scanned this label.'],
    [
      'label_not_found_within_void_period',
      'label_not_found_within_void_period',
      'ShipEngine: The label is outside the carrier’s allowed void period.',
    ],
    [
      'contact_carrier',
      'carrier_refused',
      'ShipEngine: Contact the carrier to void this label. (contact_carrier)',
    ],
  ] as const)('maps reason code %s to %s', async (shipEngineReason, reasonCode, message) => {
    const label = await shipEngine.buy(purchase());
    standIn.labels.find((l) => l.label_id === label.labelId)!.voidRefusal = shipEngineReason;
    await expect(shipEngine.void(label, new Date())).resolves.toEqual({
      approved: false,
      reasonCode,
      message,
    });
  });

  it('knows no label ShipEngine does not know (404)', async () => {
    await expect(
      shipEngine.void({ labelId: 'se-999999', trackingNumber: '1Z', labelDate: '2026-03-02' }, new Date()),
    ).rejects.toThrow(NotFound);
  });
});

describe('tracking and manifests', () => {
  it('tracks by the service’s carrier, oldest event first, in UTC, with normalised statuses', async () => {
    const label = await shipEngine.buy(purchase({ serviceCode: 'usps_priority_mail' }));
    const tracking = await shipEngine.track(
      { trackingNumber: label.trackingNumber, labelDate: label.labelDate, service: 'usps_priority_mail' },
      new Date(),
    );
    expect(lastRequest().path).toBe(
      `/v1/tracking?carrier_code=stamps_com&tracking_number=${label.trackingNumber}`,
    );
    expect(tracking).toEqual({
      status: 'delivered',
      events: [
        {
          at: '2026-03-02T22:10:00.000Z',
          status: 'accepted',
          description: 'Picked up',
          location: 'NEW YORK, NY, 10001, US',
        },
        {
          at: '2026-03-03T09:30:00.000Z',
          status: 'in_transit',
          description: 'Departed Regional Facility',
          location: 'JERSEY CITY, NJ, US',
        },
        {
          at: '2026-03-03T15:00:00.000Z',
          status: 'delivered',
          description: 'Delivered, In/At Mailbox',
          location: 'NEW YORK, NY, 10001, US',
        },
      ],
    });
    // The service as a shipment records it works too.
    await expect(
      shipEngine.track({ ...label, service: 'USPS Priority Mail' }, new Date()),
    ).resolves.toMatchObject({ status: 'delivered' });
    await expect(shipEngine.track({ ...label, service: 'Pigeon' }, new Date())).rejects.toThrow(
      CarrierRefused,
    );
  });

  it('closes a manifest over the label ids and answers its SCAN form number', async () => {
    const a = await shipEngine.buy(purchase({ serviceCode: 'usps_ground_advantage' }));
    const b = await shipEngine.buy(purchase({ serviceCode: 'usps_ground_advantage' }));
    await expect(
      shipEngine.closeManifest({ shipDate: '2026-03-02', warehouseCode: 'NYC', labels: [a, b] }),
    ).resolves.toEqual({ pickupReference: '9475711201080308027034' });
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: '/v1/manifests',
      body: { label_ids: [a.labelId, b.labelId] },
    });
    await expect(
      shipEngine.closeManifest({ shipDate: '2026-03-02', warehouseCode: 'NYC', labels: [] }),
    ).rejects.toThrow(ValidationFailed);
  });
});

describe('registry', () => {
  it('includes ShipEngine when the environment configures it', async () => {
    const adapters = carrierAdapters(
      carrierConfigFromEnv({
        SHIPENGINE_API_KEY: apiKey,
        SHIPENGINE_BASE_URL: standIn.baseUrl,
        SHIPENGINE_CARRIER_IDS: 'stamps_com=se-102',
      }),
    );
    const fromRegistry = adapterFor('shipengine', adapters);
    expect(fromRegistry.services.map((s) => s.code)).toEqual([
      'usps_ground_advantage',
      'usps_priority_mail',
      'usps_priority_mail_express',
    ]);
    const quotes = await fromRegistry.quote(quoteRequest());
    expect(quotes.map((q) => q.serviceCode)).toEqual([
      'usps_ground_advantage',
      'usps_priority_mail',
      'usps_priority_mail_express',
    ]);
  });
});

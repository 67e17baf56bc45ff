import { describe, expect, it, vi } from 'vitest';
import type { Address } from '../../shared/domain/address';
import { NotFound, ValidationFailed } from '../../shared/errors';
import type {
  CarrierAdapter,
  PackageToShip,
  PurchaseRequest,
  QuoteRequest,
} from '../../functions/fulfillment/carriers/adapter';
import { buyAndRecord } from '../../functions/fulfillment/carriers/adapter';
import { CarrierLimitExceeded, CarrierRefused } from '../../functions/fulfillment/carriers/errors';
import { parcelCarrier, parcelRateTable } from '../../functions/fulfillment/carriers/parcel';
import { postalCarrier, postalRateTable } from '../../functions/fulfillment/carriers/postal';
import {
  addBusinessDays,
  dimensionalWeightGrams,
  mod10CheckDigit,
  quoteFromTable,
  trackingTimeline,
  upsCheckDigit,
  zoneBetween,
} from '../../functions/fulfillment/carriers/rate-table';
import {
  adapterFor,
  carrierAdapters,
  carrierConfigFromEnv,
  parseCarrierIds,
} from '../../functions/fulfillment/carriers/registry';

const address = (postalCode: string, country = 'US'): Address => ({
  line1: '1 Main Street',
  city: 'Springfield',
  postalCode,
  country,
});

/** Origin ZIP prefix 100 (New York); destinations chosen by their prefix's distance. */
const warehouse = address('10001');

function request(overrides: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    shipFrom: warehouse,
    shipTo: address('10501'),
    packages: [{ weightGrams: 800 }],
    confirmation: 'none',
    shipDate: '2026-03-02', // a Monday
    ...overrides,
  };
}

function purchase(overrides: Partial<PurchaseRequest> = {}): PurchaseRequest {
  return {
    ...request(),
    serviceCode: 'ground',
    idempotencyKey: '01JQ0000000000000000000001',
    labelFormat: 'pdf_4x6',
    ...overrides,
  };
}

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected a refusal'),
    (error: unknown) => error,
  );
}

describe('zones', () => {
  const table = { processorCode: 'parcel', name: 'Built-in Parcel' };

  it.each([
    ['10001', 1], // same prefix
    ['11001', 1], // 10 apart
    ['11101', 2], // 11 apart
    ['15001', 2], // 50 apart
    ['15101', 3], // 51 apart
  ])('ZIP %s from 10001 is zone %s', (zip, zone) => {
    expect(zoneBetween(table, warehouse, address(zip))).toBe(zone);
  });

  it.each([
    [100, 3],
    [101, 4],
    [200, 4],
    [350, 5],
    [500, 6],
    [700, 7],
    [701, 8],
    [889, 8],
  ])('%s prefixes apart is zone %s', (distance, zone) => {
    const to = String(100 + distance).padStart(3, '0') + '01';
    expect(zoneBetween(table, warehouse, address(to))).toBe(zone);
  });

  it('is symmetric and reads ZIP+4', () => {
    expect(zoneBetween(table, address('94105-1234'), warehouse)).toBe(8);
    expect(zoneBetween(table, warehouse, address('94105'))).toBe(8);
  });

  it('sends other countries to the international zone and refuses origins abroad', () => {
    expect(zoneBetween(table, warehouse, address('10115', 'DE'))).toBe('international');
    expect(() => zoneBetween(table, address('10115', 'DE'), warehouse)).toThrow(CarrierRefused);
    expect(() => zoneBetween(table, address('10115', 'DE'), warehouse)).toThrow(
      'Built-in Parcel ships from the United States only; shipFrom.country is DE.',
    );
  });

  it('needs a US ZIP code on US addresses (400 naming the field)', () => {
    const missing = () => zoneBetween(table, warehouse, { ...address(''), postalCode: undefined });
    expect(missing).toThrow(ValidationFailed);
    try {
      missing();
    } catch (error) {
      expect((error as ValidationFailed).errors).toEqual([
        { path: 'shipTo.postalCode', message: 'must be a US ZIP code (12345 or 12345-6789)' },
      ]);
    }
  });
});

describe('weight bands, dimensional weight and prices', () => {
  it('prices parcel Ground in zone 1 from the table, with the 15.5 % fuel surcharge', async () => {
    const [ground] = await parcelCarrier.quote(request({ serviceCode: 'ground' }));
    // 800 g bills in the 1 kg band: 1045 ¢; fuel round(1045 × 0.155) = 162 ¢.
    expect(ground).toEqual({
      processorCode: 'parcel',
      carrier: 'Built-in Parcel',
      serviceCode: 'ground',
      serviceName: 'Ground',
      cost: { amount: 1207, currency: 'USD' },
      billedWeightGrams: 1000,
      deliveryDays: 1,
      estimatedDeliveryDate: '2026-03-03',
      breakdown: { base: { amount: 1045, currency: 'USD' }, fuel: { amount: 162, currency: 'USD' } },
    });
  });

  it('rounds the weight up to the band: 1000 g is the 1 kg band, 1001 g the 2 kg band', async () => {
    const billed = async (weightGrams: number) =>
      (await parcelCarrier.quote(request({ serviceCode: 'ground', packages: [{ weightGrams }] })))[0]!;
    expect((await billed(1000)).billedWeightGrams).toBe(1000);
    expect((await billed(1001)).billedWeightGrams).toBe(2000);
    expect((await billed(1001)).breakdown.base.amount).toBe(1210);
  });

  it('quotes every service of the route, each from its own column of the zone', async () => {
    const quotes = await parcelCarrier.quote(request({ shipTo: address('94105') })); // zone 8
    expect(quotes.map((q) => [q.serviceCode, q.breakdown.base.amount, q.deliveryDays])).toEqual([
      ['ground', 1555, 5],
      ['two_day', 3555, 2],
      ['next_day_air', 6620, 1],
    ]);
    // Five business days from a Monday is the next Monday.
    expect(quotes[0]!.estimatedDeliveryDate).toBe('2026-03-09');
  });

  it('bills the larger of actual and dimensional weight (parcel: every box ÷ 5000 cm³/kg)', async () => {
    const box: PackageToShip = { weightGrams: 1000, dimensionsCm: { length: 40, width: 30, height: 20 } };
    expect(dimensionalWeightGrams(parcelRateTable, box.dimensionsCm)).toBe(4800);
    const [ground] = await parcelCarrier.quote(request({ serviceCode: 'ground', packages: [box] }));
    expect(ground!.billedWeightGrams).toBe(5000);
    expect(ground!.breakdown.base.amount).toBe(1705);
  });

  it('applies the postal dimensional weight only above one cubic foot (÷ 6000 cm³/kg)', async () => {
    const small = { length: 40, width: 30, height: 20 }; // 24,000 cm³
    const large = { length: 40, width: 40, height: 20 }; // 32,000 cm³ → 5.334 kg
    expect(dimensionalWeightGrams(postalRateTable, small)).toBe(0);
    expect(dimensionalWeightGrams(postalRateTable, large)).toBe(5334);
    const billed = async (dimensionsCm: typeof small) =>
      (
        await postalCarrier.quote(
          request({ serviceCode: 'priority', packages: [{ weightGrams: 900, dimensionsCm }] }),
        )
      )[0]!.billedWeightGrams;
    expect(await billed(small)).toBe(1000);
    expect(await billed(large)).toBe(10_000);
  });

  it('uses a package type’s size when the package gives none', async () => {
    const [ground] = await parcelCarrier.quote(
      request({ serviceCode: 'ground', packages: [{ weightGrams: 500, packageType: 'medium_box' }] }),
    );
    // 41 × 33 × 24 = 32,472 cm³ ÷ 5000 = 6.495 kg → the 10 kg band.
    expect(ground!.billedWeightGrams).toBe(10_000);
    await expect(
      parcelCarrier.quote(request({ packages: [{ weightGrams: 500, packageType: 'crate' }] })),
    ).rejects.toThrow('Built-in Parcel has no package type crate (package 1)');
  });

  it('sums packages and adds the confirmation surcharge per package', async () => {
    const [ground] = await parcelCarrier.quote(
      request({
        serviceCode: 'ground',
        confirmation: 'signature',
        packages: [{ weightGrams: 800 }, { weightGrams: 1500 }],
      }),
    );
    // base 1045 + 1210 = 2255; fuel round(2255 × 0.155) = 350; signature 2 × 595 = 1190.
    expect(ground!.breakdown).toEqual({
      base: { amount: 2255, currency: 'USD' },
      fuel: { amount: 350, currency: 'USD' },
      confirmation: { amount: 1190, currency: 'USD' },
    });
    expect(ground!.cost.amount).toBe(2255 + 350 + 1190);
    expect(ground!.billedWeightGrams).toBe(3000);
  });

  it('has no fuel surcharge at the post, and a free delivery scan', async () => {
    const [priority] = await postalCarrier.quote(
      request({ serviceCode: 'priority', confirmation: 'delivery' }),
    );
    expect(priority!.breakdown).toEqual({ base: { amount: 1110, currency: 'USD' } });
    const [adult] = await postalCarrier.quote(
      request({ serviceCode: 'priority', confirmation: 'adult_signature' }),
    );
    expect(adult!.breakdown.confirmation).toEqual({ amount: 1050, currency: 'USD' });
  });

  it('refuses a confirmation, service or currency the carrier does not offer (422)', async () => {
    await expect(parcelCarrier.quote(request({ confirmation: 'delivery' }))).rejects.toThrow(
      'Built-in Parcel offers no delivery confirmation; it offers none, signature, adult_signature.',
    );
    await expect(parcelCarrier.quote(request({ serviceCode: 'overnight' }))).rejects.toThrow(
      'Built-in Parcel has no service overnight; it has ground, two_day, next_day_air.',
    );
    const error = await refusal(parcelCarrier.quote(request({ currency: 'EUR' })));
    expect(error).toBeInstanceOf(CarrierRefused);
    expect((error as CarrierRefused).status).toBe(422);
    expect((error as CarrierRefused).message).toBe(
      'Built-in Parcel prices in USD only, not EUR; nothing is converted.',
    );
  });

  it('sends the post abroad by Priority and Priority Express only; the parcel carrier stays home', async () => {
    const abroad = request({ shipTo: address('10115', 'DE'), packages: [{ weightGrams: 1800 }] });
    const quotes = await postalCarrier.quote(abroad);
    expect(quotes.map((q) => [q.serviceCode, q.cost.amount, q.deliveryDays])).toEqual([
      ['priority', 6165, 8],
      ['priority_express', 8515, 4],
    ]);
    await expect(postalCarrier.quote({ ...abroad, serviceCode: 'ground_advantage' })).rejects.toThrow(
      "Built-in Postal's Ground Advantage does not go to DE (international).",
    );
    await expect(parcelCarrier.quote({ ...abroad })).rejects.toThrow(
      'No service of Built-in Parcel goes to DE (international).',
    );
  });

  it('reads service delivery days as one figure or a range for the dictionaries', () => {
    expect(parcelCarrier.services).toEqual([
      { code: 'ground', name: 'Ground', deliveryDays: [1, 5] },
      { code: 'two_day', name: '2-Day', deliveryDays: 2 },
      { code: 'next_day_air', name: 'Next Day Air', deliveryDays: 1 },
    ]);
    expect(postalCarrier.services.find((s) => s.code === 'priority')!.deliveryDays).toEqual([1, 8]);
  });
});

describe('limits', () => {
  it('refuses a package over the weight limit, naming the package and the limit', async () => {
    const error = await refusal(
      parcelCarrier.quote(request({ packages: [{ weightGrams: 2000 }, { weightGrams: 35_200 }] })),
    );
    expect(error).toBeInstanceOf(CarrierLimitExceeded);
    expect((error as CarrierLimitExceeded).status).toBe(422);
    expect((error as CarrierLimitExceeded).message).toBe(
      'Package 2 weighs 35.2 kg; Built-in Parcel takes at most 31.5 kg.',
    );
    expect((error as CarrierLimitExceeded).extensions).toEqual({
      processorCode: 'parcel',
      limit: 'maxWeightGrams',
      maximum: 31_500,
      actual: 35_200,
      path: 'packages[1].weightGrams',
    });
  });

  it('refuses a package too long, or too large in length plus girth', async () => {
    const long = { weightGrams: 1000, dimensionsCm: { length: 20, width: 180, height: 10 } };
    await expect(parcelCarrier.quote(request({ packages: [long] }))).rejects.toThrow(
      'Package 1 is 180 cm long; Built-in Parcel takes at most 175 cm.',
    );
    const atLimit = { weightGrams: 1000, dimensionsCm: { length: 170, width: 60, height: 5 } }; // 300 cm
    await expect(
      parcelCarrier.quote(request({ serviceCode: 'ground', packages: [atLimit] })),
    ).resolves.toHaveLength(1);
    const over = { weightGrams: 1000, dimensionsCm: { length: 170, width: 60, height: 6 } };
    const error = await refusal(parcelCarrier.quote(request({ packages: [over] })));
    expect((error as CarrierLimitExceeded).message).toBe(
      'Package 1 measures 302 cm in length plus girth (170 cm + 2 × (60 cm + 6 cm)); Built-in Parcel takes at most 300 cm.',
    );
    expect((error as CarrierLimitExceeded).limit.limit).toBe('maxLengthPlusGirthCm');
  });

  it('bills a large light box by its size, and refuses one past the heaviest band', async () => {
    const bulky = { weightGrams: 2000, dimensionsCm: { length: 100, width: 50, height: 50 } }; // 50 kg by size
    const [ground] = await parcelCarrier.quote(request({ serviceCode: 'ground', packages: [bulky] }));
    expect(ground!.billedWeightGrams).toBe(50_000);
    expect(ground!.breakdown.base.amount).toBe(9130);
    const shortTable = { ...parcelRateTable, bandsGrams: parcelRateTable.bandsGrams.slice(0, -1) };
    const error = (() => {
      try {
        quoteFromTable(shortTable, request({ packages: [bulky] }));
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(CarrierLimitExceeded);
    expect((error as CarrierLimitExceeded).message).toBe(
      "Package 1 bills as 50 kg by its size (100 cm × 50 cm × 50 cm ÷ 5000 cm³/kg); Built-in Parcel's rates stop at 31.5 kg.",
    );
  });

  it('checks limits when buying too, and refuses what is not a package (400)', async () => {
    await expect(parcelCarrier.buy(purchase({ packages: [{ weightGrams: 40_000 }] }))).rejects.toThrow(
      CarrierLimitExceeded,
    );
    await expect(parcelCarrier.quote(request({ packages: [{ weightGrams: 0 }] }))).rejects.toThrow(
      ValidationFailed,
    );
    await expect(parcelCarrier.quote(request({ packages: [] }))).rejects.toThrow(ValidationFailed);
    await expect(parcelCarrier.quote(request({ shipDate: '2026-02-30' }))).rejects.toThrow(ValidationFailed);
  });
});

describe('labels and tracking numbers', () => {
  it('gives the same label for the same key, and another for another key', async () => {
    const first = await parcelCarrier.buy(purchase());
    const again = await parcelCarrier.buy(purchase());
    const other = await parcelCarrier.buy(purchase({ idempotencyKey: '01JQ0000000000000000000002' }));
    expect(again).toEqual(first);
    expect(other.trackingNumber).not.toBe(first.trackingNumber);
    expect(other.labelId).not.toBe(first.labelId);
    expect(first).toMatchObject({
      processorCode: 'parcel',
      carrier: 'Built-in Parcel',
      serviceCode: 'ground',
      labelDate: '2026-03-02',
      cost: { amount: 1207, currency: 'USD' },
      billedWeightGrams: 1000,
    });
    expect(first.labelDownloadUrl).toBeUndefined();
  });

  it('numbers each package of a label, the first with the label’s number, the same again for the same key', async () => {
    const request = purchase({
      packages: [{ weightGrams: 500 }, { weightGrams: 700 }, { weightGrams: 900 }],
    });
    for (const carrier of [parcelCarrier, postalCarrier]) {
      const asked = carrier === postalCarrier ? { ...request, serviceCode: 'priority' } : request;
      const label = await carrier.buy(asked);
      const numbers = label.packages.map((pack) => pack.trackingNumber);
      expect(numbers).toHaveLength(3);
      expect(numbers[0]).toBe(label.trackingNumber);
      expect(new Set(numbers).size).toBe(3);
      const table = carrier === postalCarrier ? postalRateTable : parcelRateTable;
      for (const number of numbers) expect(table.trackingNumber.isValid(number)).toBe(true);
      expect((await carrier.buy(asked)).packages).toEqual(label.packages);
    }
  });

  it('shapes parcel numbers as 1Z + 16 characters with a valid check digit', async () => {
    for (let i = 0; i < 20; i += 1) {
      const { trackingNumber } = await parcelCarrier.buy(purchase({ idempotencyKey: `key-${i}` }));
      expect(trackingNumber).toMatch(/^1Z[0-9A-Z]{16}$/);
      expect(upsCheckDigit(trackingNumber.slice(2, 17))).toBe(Number(trackingNumber[17]));
      expect(parcelRateTable.trackingNumber.isValid(trackingNumber)).toBe(true);
    }
    // UPS's published example.
    expect(upsCheckDigit('999AA1012345678')).toBe(4);
    expect(parcelRateTable.trackingNumber.isValid('1Z999AA10123456785')).toBe(false);
  });

  it('shapes postal numbers as 22 digits from 9400 with a valid mod-10 check digit', async () => {
    for (let i = 0; i < 20; i += 1) {
      const { trackingNumber } = await postalCarrier.buy(
        purchase({ serviceCode: 'priority', idempotencyKey: `key-${i}` }),
      );
      expect(trackingNumber).toMatch(/^9400\d{18}$/);
      expect(mod10CheckDigit(trackingNumber.slice(0, 21))).toBe(Number(trackingNumber[21]));
    }
    // GS1's example (EAN-13 4006381333931): weights 3, 1 from the right.
    expect(mod10CheckDigit('400638133393')).toBe(1);
    const valid = (await postalCarrier.buy(purchase({ serviceCode: 'priority' }))).trackingNumber;
    const broken = `${valid.slice(0, 21)}${(Number(valid[21]) + 1) % 10}`;
    expect(postalRateTable.trackingNumber.isValid(broken)).toBe(false);
  });

  it('refuses a purchase without a key or in a label format it does not print', async () => {
    await expect(parcelCarrier.buy(purchase({ idempotencyKey: '' }))).rejects.toThrow(ValidationFailed);
    await expect(parcelCarrier.buy(purchase({ labelFormat: 'zpl' as never }))).rejects.toThrow(
      CarrierRefused,
    );
  });
});

describe('void rules', () => {
  const bought = () => parcelCarrier.buy(purchase()); // label date Monday 2026-03-02

  it('approves a void before the carrier has scanned the parcel', async () => {
    const label = await bought();
    await expect(parcelCarrier.void(label, new Date('2026-03-02T12:00:00Z'))).resolves.toEqual({
      approved: true,
      message: `Label ${label.labelId} voided; its cost is refunded.`,
    });
    // A label dated ahead of time can be voided until that evening.
    const ahead = await parcelCarrier.buy(purchase({ shipDate: '2026-03-10' }));
    await expect(parcelCarrier.void(ahead, new Date('2026-03-05T12:00:00Z'))).resolves.toMatchObject({
      approved: true,
    });
  });

  it('voids a label handed over that evening, refuses one whose parcel has moved (the next business day)', async () => {
    const label = await bought();
    await expect(parcelCarrier.void(label, new Date('2026-03-02T23:30:00Z'))).resolves.toMatchObject({
      approved: true,
    });
    await expect(parcelCarrier.void(label, new Date('2026-03-03T09:00:00Z'))).resolves.toEqual({
      approved: false,
      reasonCode: 'label_already_used',
      message:
        'Built-in Parcel has had this parcel on its way since 2026-03-03T09:00:00.000Z; a used label cannot be voided.',
    });
    await expect(parcelCarrier.void(label, new Date('2026-04-01T10:00:00Z'))).resolves.toMatchObject({
      reasonCode: 'label_already_used', // day 30: still within the window
    });
  });

  it('refuses a label outside the void window', async () => {
    const label = await bought();
    await expect(parcelCarrier.void(label, new Date('2026-04-02T10:00:00Z'))).resolves.toEqual({
      approved: false,
      reasonCode: 'label_not_found_within_void_period',
      message:
        'Built-in Parcel voids labels up to 30 days after their date; this one is dated 2026-03-02, 31 days ago.',
    });
  });

  it('knows no label with a tracking number that is not its own', async () => {
    const label = await bought();
    await expect(
      parcelCarrier.void(
        { ...label, trackingNumber: '1Z0000000000000001' },
        new Date('2026-03-02T12:00:00Z'),
      ),
    ).rejects.toThrow(NotFound);
  });
});

describe('tracking timeline', () => {
  const at = (iso: string) => new Date(iso);

  it('moves from unknown to accepted, in transit and delivered as now advances', async () => {
    // Next Day Air from Friday: delivered Monday (unless this number meets a failed attempt).
    const label = await parcelCarrier.buy(purchase({ serviceCode: 'next_day_air', shipDate: '2026-03-06' }));
    const track = (now: string) =>
      parcelCarrier.track(
        { trackingNumber: label.trackingNumber, labelDate: label.labelDate, service: 'next_day_air' },
        at(now),
      );
    const timeline = trackingTimeline(parcelRateTable, { ...label, service: 'next_day_air' });
    expect(timeline.some((event) => event.status === 'exception')).toBe(false);

    await expect(track('2026-03-06T12:00:00Z')).resolves.toEqual({ status: 'unknown', events: [] });
    const accepted = await track('2026-03-06T23:30:00Z');
    expect(accepted).toEqual({
      status: 'accepted',
      events: [
        { at: '2026-03-06T23:00:00.000Z', status: 'accepted', description: 'Accepted by Built-in Parcel' },
      ],
    });
    await expect(track('2026-03-09T14:00:00Z')).resolves.toMatchObject({ status: 'in_transit' });
    const delivered = await track('2026-03-20T00:00:00Z');
    expect(delivered.status).toBe('delivered');
    expect(delivered.events.map((event) => [event.at, event.status])).toEqual([
      ['2026-03-06T23:00:00.000Z', 'accepted'],
      ['2026-03-09T13:00:00.000Z', 'in_transit'],
      ['2026-03-09T19:00:00.000Z', 'delivered'],
    ]);
  });

  it('accepts the service by name too, and scans each business day in transit', async () => {
    const label = await parcelCarrier.buy(purchase({ serviceCode: 'two_day' }));
    const { events } = await parcelCarrier.track(
      { trackingNumber: label.trackingNumber, labelDate: label.labelDate, service: '2-Day' },
      at('2026-03-31T00:00:00Z'),
    );
    expect(events.map((event) => event.status)).toEqual(
      expect.arrayContaining(['accepted', 'in_transit', 'delivered']),
    );
    expect(events.find((e) => e.description.startsWith('In transit'))!.at).toBe('2026-03-03T09:00:00.000Z');
    const times = events.map((event) => event.at);
    expect([...times].sort()).toEqual(times);
  });

  it('gives a few parcels a failed attempt (exception) and delivers them the next business day', async () => {
    let found: { trackingNumber: string; labelDate: string } | undefined;
    for (let i = 0; i < 400 && !found; i += 1) {
      const label = await parcelCarrier.buy(
        purchase({ serviceCode: 'next_day_air', idempotencyKey: `exception-${i}` }),
      );
      const timeline = trackingTimeline(parcelRateTable, { ...label, service: 'next_day_air' });
      if (timeline.some((event) => event.status === 'exception')) found = label;
    }
    expect(found, 'one parcel in 25 meets a failed attempt').toBeDefined();
    const track = (now: string) => parcelCarrier.track({ ...found!, service: 'next_day_air' }, at(now));
    // Label Monday 2026-03-02: attempt Tuesday 19:00, delivered Wednesday 19:00.
    await expect(track('2026-03-03T20:00:00Z')).resolves.toMatchObject({ status: 'exception' });
    const delivered = await track('2026-03-05T00:00:00Z');
    expect(delivered.status).toBe('delivered');
    expect(delivered.events.at(-1)!.at).toBe('2026-03-04T19:00:00.000Z');
  });

  it('counts business days over weekends', () => {
    expect(addBusinessDays('2026-03-06', 1)).toBe('2026-03-09');
    expect(addBusinessDays('2026-03-07', 1)).toBe('2026-03-09');
    expect(addBusinessDays('2026-03-02', 5)).toBe('2026-03-09');
  });
});

describe('manifests', () => {
  it('answers the same pickup reference for the same day, warehouse and labels', async () => {
    const a = await postalCarrier.buy(purchase({ serviceCode: 'priority', idempotencyKey: 'a' }));
    const b = await postalCarrier.buy(purchase({ serviceCode: 'priority', idempotencyKey: 'b' }));
    const close = (labels: (typeof a)[]) =>
      postalCarrier.closeManifest({ shipDate: '2026-03-02', warehouseCode: 'NYC', labels });
    const first = await close([a, b]);
    expect(first.pickupReference).toMatch(/^9475\d{18}$/);
    await expect(close([b, a])).resolves.toEqual(first);
    await expect(close([a])).resolves.not.toEqual(first);
    await expect(close([])).rejects.toThrow(ValidationFailed);
    const parcel = await parcelCarrier.buy(purchase());
    await expect(
      parcelCarrier.closeManifest({ shipDate: '2026-03-02', warehouseCode: 'NYC', labels: [parcel] }),
    ).resolves.toEqual({ pickupReference: expect.stringMatching(/^PU\d{10}$/) });
    await expect(close([parcel])).rejects.toThrow(ValidationFailed);
  });
});

describe('registry', () => {
  it('has the built-in carriers, and ShipEngine only when configured', () => {
    expect([...carrierAdapters().keys()]).toEqual(['postal', 'parcel']);
    const config = carrierConfigFromEnv({
      SHIPENGINE_API_KEY: 'TEST_key',
      SHIPENGINE_CARRIER_IDS: 'ups=se-1',
    });
    expect([...carrierAdapters(config).keys()]).toEqual(['postal', 'parcel', 'shipengine']);
    expect(config.shipEngine!.baseUrl).toBe('https://api.shipengine.com');
    expect(carrierConfigFromEnv({})).toEqual({});
    const loader = async () => 'from-secrets-manager';
    expect(
      carrierConfigFromEnv({ SHIPENGINE_CARRIER_IDS: '{"stamps_com":"se-2"}' }, loader).shipEngine,
    ).toMatchObject({
      apiKey: loader,
      carrierIds: { stamps_com: 'se-2' },
    });
  });

  it('refuses half a ShipEngine configuration at once', () => {
    expect(() => carrierConfigFromEnv({ SHIPENGINE_API_KEY: 'TEST_key' })).toThrow('SHIPENGINE_CARRIER_IDS');
    expect(() => parseCarrierIds('ups')).toThrow('carrier_code=se-id');
    expect(parseCarrierIds(' ups=se-1 , fedex=se-2 ')).toEqual({ ups: 'se-1', fedex: 'se-2' });
  });

  it('finds an adapter by processor code, 404 otherwise', () => {
    const adapters = carrierAdapters();
    expect(adapterFor('parcel', adapters)).toBe(parcelCarrier);
    expect(() => adapterFor('pigeon', adapters)).toThrow(NotFound);
    expect(() => adapterFor('pigeon', adapters)).toThrow('No carrier has the processor code pigeon');
  });
});

describe('buyAndRecord', () => {
  const now = () => new Date('2026-03-02T12:00:00Z');

  function spied(): CarrierAdapter & { void: ReturnType<typeof vi.fn> } {
    return { ...parcelCarrier, void: vi.fn(parcelCarrier.void) };
  }

  it('voids the label when recording surely failed, then rethrows', async () => {
    const adapter = spied();
    const refused = new Error('condition refused');
    await expect(
      buyAndRecord(adapter, purchase(), () => Promise.reject(refused), {
        now,
        recordingSurelyFailed: () => true,
      }),
    ).rejects.toBe(refused);
    expect(adapter.void).toHaveBeenCalledTimes(1);
  });

  it('keeps the label when recording may have committed (a retry with the key records it)', async () => {
    const adapter = spied();
    await expect(
      buyAndRecord(adapter, purchase(), () => Promise.reject(new Error('timeout')), {
        now,
        recordingSurelyFailed: () => false,
      }),
    ).rejects.toThrow('timeout');
    expect(adapter.void).not.toHaveBeenCalled();
    await expect(
      buyAndRecord(adapter, purchase(), async (label) => label.trackingNumber, {
        now,
        recordingSurelyFailed: () => true,
      }),
    ).resolves.toBe((await parcelCarrier.buy(purchase())).trackingNumber);
  });

  it('reports a void that is refused', async () => {
    const onVoidFailed = vi.fn();
    await expect(
      buyAndRecord(parcelCarrier, purchase(), () => Promise.reject(new Error('refused')), {
        now: () => new Date('2026-03-03T12:00:00Z'), // after the scan: the void is refused
        recordingSurelyFailed: () => true,
        onVoidFailed,
      }),
    ).rejects.toThrow('refused');
    expect(onVoidFailed).toHaveBeenCalledWith(
      expect.objectContaining({ processorCode: 'parcel' }),
      expect.objectContaining({ approved: false, reasonCode: 'label_already_used' }),
    );
  });
});

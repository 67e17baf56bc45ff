/**
 * The built-in parcel carrier (`parcel`): a ground and air parcel network within the United States,
 * priced from the tables below (US cents). No account needed; nothing leaves this process.
 *
 * - Weight bands (billed weight up to): 1, 2, 5, 10, 20, 31.5 kg, and 50 kg for large light boxes
 *   billed by size (no package may weigh more than 31.5 kg; the largest box allowed bills 50 kg).
 * - Dimensional weight for every box: length × width × height (cm) ÷ 5000 cm³/kg.
 * - Fuel surcharge 15.5 % of the base. Confirmation per package: signature $5.95, adult signature $7.20.
 * - Limits per package: 31.5 kg, 175 cm long, 300 cm length plus girth.
 * - Labels can be voided for 30 days, until the carrier scans the parcel (the evening of the ship date).
 * - Tracking numbers `1Z` + shipper number + 9 digits + check digit; pickup references `PU` + 10 digits.
 */
import type { RateTable } from './rate-table';
import { digitsFrom, rateTableAdapter, upsStyleTrackingNumber } from './rate-table';

export const parcelRateTable: RateTable = {
  processorCode: 'parcel',
  name: 'Built-in Parcel',
  currency: 'USD',
  bandsGrams: [1_000, 2_000, 5_000, 10_000, 20_000, 31_500, 50_000],
  dimensionalWeight: { divisorCm3PerKg: 5_000, aboveCm3: 0 },
  fuelSurchargeBasisPoints: 1_550,
  confirmations: [
    { code: 'none', name: 'No confirmation', surcharge: 0 },
    { code: 'signature', name: 'Signature required', surcharge: 595 },
    { code: 'adult_signature', name: 'Adult signature required', surcharge: 720 },
  ],
  packageTypes: [
    { code: 'package', name: 'Your packaging' },
    { code: 'envelope', name: 'Express envelope', dimensionsCm: { length: 32, width: 24, height: 2 } },
    { code: 'small_box', name: 'Small box', dimensionsCm: { length: 33, width: 28, height: 9 } },
    { code: 'medium_box', name: 'Medium box', dimensionsCm: { length: 41, width: 33, height: 24 } },
  ],
  labelFormats: ['pdf_4x6', 'pdf_letter'],
  limits: { maxWeightGrams: 31_500, maxLengthCm: 175, maxLengthPlusGirthCm: 300 },
  voidWindowDays: 30,
  services: [
    {
      code: 'ground',
      name: 'Ground',
      domestic: {
        // prettier-ignore
        prices: [
          //   1      2      3      4      5      6      7      8   ← zone
          [ 1045,  1120,  1190,  1265,  1340,  1410,  1485,  1555], // ≤ 1 kg
          [ 1210,  1300,  1385,  1475,  1560,  1650,  1740,  1825], // ≤ 2 kg
          [ 1705,  1840,  1970,  2105,  2235,  2370,  2500,  2635], // ≤ 5 kg
          [ 2530,  2735,  2945,  3150,  3355,  3565,  3770,  3980], // ≤ 10 kg
          [ 4180,  4535,  4890,  5245,  5600,  5955,  6310,  6665], // ≤ 20 kg
          [ 6080,  6605,  7130,  7655,  8180,  8710,  9235,  9760], // ≤ 31.5 kg
          [ 9130,  9930, 10730, 11530, 12335, 13135, 13935, 14735], // ≤ 50 kg, by size only
        ],
        deliveryDays: [1, 2, 3, 3, 4, 4, 5, 5],
      },
    },
    {
      code: 'two_day',
      name: '2-Day',
      domestic: {
        // prettier-ignore
        prices: [
          //   1      2      3      4      5      6      7      8   ← zone
          [ 2180,  2375,  2570,  2770,  2965,  3160,  3355,  3555], // ≤ 1 kg
          [ 2570,  2805,  3040,  3275,  3510,  3745,  3980,  4215], // ≤ 2 kg
          [ 3740,  4090,  4445,  4795,  5150,  5500,  5855,  6205], // ≤ 5 kg
          [ 5690,  6235,  6785,  7330,  7880,  8425,  8975,  9520], // ≤ 10 kg
          [ 9590, 10525, 11465, 12400, 13340, 14275, 15215, 16150], // ≤ 20 kg
          [14075, 15460, 16845, 18230, 19620, 21005, 22390, 23775], // ≤ 31.5 kg
          [21290, 23395, 25505, 27610, 29720, 31825, 33935, 36040], // ≤ 50 kg, by size only
        ],
        deliveryDays: [2, 2, 2, 2, 2, 2, 2, 2],
      },
    },
    {
      code: 'next_day_air',
      name: 'Next Day Air',
      domestic: {
        // prettier-ignore
        prices: [
          //   1      2      3      4      5      6      7      8   ← zone
          [ 3895,  4285,  4675,  5065,  5455,  5845,  6230,  6620], // ≤ 1 kg
          [ 4615,  5075,  5540,  6000,  6460,  6925,  7385,  7845], // ≤ 2 kg
          [ 6775,  7455,  8130,  8810,  9485, 10165, 10840, 11520], // ≤ 5 kg
          [10375, 11415, 12450, 13490, 14525, 15565, 16600, 17640], // ≤ 10 kg
          [17575, 19335, 21090, 22850, 24605, 26365, 28120, 29880], // ≤ 20 kg
          [25855, 28440, 31025, 33610, 36195, 38785, 41370, 43955], // ≤ 31.5 kg
          [39175, 43095, 47010, 50930, 54845, 58765, 62680, 66600], // ≤ 50 kg, by size only
        ],
        deliveryDays: [1, 1, 1, 1, 1, 1, 1, 1],
      },
    },
  ],
  trackingNumber: upsStyleTrackingNumber('B1P7A9'),
  pickupReference: (digest) => `PU${digitsFrom(digest, 10)}`,
};

export const parcelCarrier = rateTableAdapter(parcelRateTable);

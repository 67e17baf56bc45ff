/**
 * The built-in postal carrier (`postal`): a national post from the United States, at home and abroad,
 * priced from the tables below (US cents). No account needed; nothing leaves this process.
 *
 * - Weight bands (billed weight up to): 0.25, 0.5, 1, 2, 5, 10, 20, 31.75 kg.
 * - Dimensional weight only for boxes over one cubic foot (28,317 cm³): length × width × height (cm)
 *   ÷ 6000 cm³/kg (the post's 166 in³/lb).
 * - No fuel surcharge. Confirmation per package: delivery scan free, signature $4.45, adult signature $10.50.
 * - Abroad (every country but the US): Priority and Priority Express only, one price per weight band.
 * - Limits per package: 31.75 kg (70 lb), 150 cm long, 274 cm (108 in) length plus girth.
 * - Labels can be voided for 30 days, until the carrier scans the parcel (the evening of the ship date).
 * - Tracking numbers: 22 digits, `9400` + 17 digits + mod-10 check digit; SCAN forms `9475` + 18 digits.
 */
import type { RateTable } from './rate-table';
import { digitsFrom, mod10CheckDigit, rateTableAdapter, uspsStyleTrackingNumber } from './rate-table';

export const postalRateTable: RateTable = {
  processorCode: 'postal',
  name: 'Built-in Postal',
  currency: 'USD',
  bandsGrams: [250, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 31_750],
  dimensionalWeight: { divisorCm3PerKg: 6_000, aboveCm3: 28_317 },
  fuelSurchargeBasisPoints: 0,
  confirmations: [
    { code: 'none', name: 'No confirmation', surcharge: 0 },
    { code: 'delivery', name: 'Delivery scan', surcharge: 0 },
    { code: 'signature', name: 'Signature required', surcharge: 445 },
    { code: 'adult_signature', name: 'Adult signature required', surcharge: 1050 },
  ],
  packageTypes: [
    { code: 'package', name: 'Your packaging' },
    { code: 'large_envelope', name: 'Large envelope', dimensionsCm: { length: 38, width: 30, height: 1.5 } },
    { code: 'small_box', name: 'Small box', dimensionsCm: { length: 22, width: 14, height: 10 } },
    { code: 'medium_box', name: 'Medium box', dimensionsCm: { length: 28, width: 22, height: 15 } },
  ],
  labelFormats: ['pdf_4x6', 'pdf_letter'],
  limits: { maxWeightGrams: 31_750, maxLengthCm: 150, maxLengthPlusGirthCm: 274 },
  voidWindowDays: 30,
  services: [
    {
      code: 'ground_advantage',
      name: 'Ground Advantage',
      domestic: {
        // prettier-ignore
        prices: [
          //   1      2      3      4      5      6      7      8   ← zone
          [  520,   545,   570,   600,   625,   650,   675,   700], // ≤ 0.25 kg
          [  580,   610,   645,   675,   710,   740,   770,   805], // ≤ 0.5 kg
          [  700,   745,   790,   830,   875,   920,   965,  1010], // ≤ 1 kg
          [  940,  1010,  1075,  1145,  1210,  1280,  1350,  1415], // ≤ 2 kg
          [ 1660,  1800,  1940,  2080,  2220,  2360,  2500,  2640], // ≤ 5 kg
          [ 2860,  3120,  3380,  3640,  3900,  4160,  4420,  4680], // ≤ 10 kg
          [ 5260,  5760,  6260,  6760,  7260,  7760,  8260,  8760], // ≤ 20 kg
          [ 8080,  8860,  9645, 10425, 11210, 11990, 12770, 13555], // ≤ 31.75 kg
        ],
        deliveryDays: [2, 2, 3, 3, 4, 4, 5, 5],
      },
    },
    {
      code: 'priority',
      name: 'Priority',
      domestic: {
        // prettier-ignore
        prices: [
          //   1      2      3      4      5      6      7      8   ← zone
          [  885,   940,   990,  1045,  1095,  1150,  1205,  1255], // ≤ 0.25 kg
          [  960,  1020,  1080,  1140,  1200,  1265,  1325,  1385], // ≤ 0.5 kg
          [ 1110,  1185,  1260,  1335,  1410,  1490,  1565,  1640], // ≤ 1 kg
          [ 1410,  1515,  1620,  1725,  1830,  1940,  2045,  2150], // ≤ 2 kg
          [ 2310,  2505,  2700,  2895,  3090,  3290,  3485,  3680], // ≤ 5 kg
          [ 3810,  4155,  4500,  4845,  5190,  5540,  5885,  6230], // ≤ 10 kg
          [ 6810,  7455,  8100,  8745,  9390, 10040, 10685, 11330], // ≤ 20 kg
          [10335, 11335, 12330, 13330, 14325, 15325, 16325, 17320], // ≤ 31.75 kg
        ],
        deliveryDays: [1, 2, 2, 2, 3, 3, 3, 3],
      },
      // ≤ 0.25, 0.5, 1, 2, 5, 10, 20, 31.75 kg
      // prettier-ignore
      international: { prices: [4450, 4695, 5185, 6165, 9105, 14005, 23805, 35320], deliveryDays: 8 },
    },
    {
      code: 'priority_express',
      name: 'Priority Express',
      domestic: {
        // prettier-ignore
        prices: [
          //   1      2      3      4      5      6      7      8   ← zone
          [ 2895,  3125,  3360,  3590,  3820,  4055,  4285,  4515], // ≤ 0.25 kg
          [ 3035,  3280,  3520,  3765,  4005,  4250,  4490,  4735], // ≤ 0.5 kg
          [ 3315,  3580,  3845,  4110,  4375,  4640,  4905,  5170], // ≤ 1 kg
          [ 3875,  4185,  4495,  4805,  5115,  5425,  5735,  6045], // ≤ 2 kg
          [ 5555,  6000,  6445,  6890,  7335,  7775,  8220,  8665], // ≤ 5 kg
          [ 8355,  9025,  9690, 10360, 11030, 11695, 12365, 13035], // ≤ 10 kg
          [13955, 15070, 16190, 17305, 18420, 19535, 20655, 21770], // ≤ 20 kg
          [20535, 22180, 23820, 25465, 27105, 28750, 30390, 32035], // ≤ 31.75 kg
        ],
        deliveryDays: [1, 1, 1, 2, 2, 2, 2, 2],
      },
      // ≤ 0.25, 0.5, 1, 2, 5, 10, 20, 31.75 kg
      // prettier-ignore
      international: { prices: [5975, 6340, 7065, 8515, 12865, 20115, 34615, 51650], deliveryDays: 4 },
    },
  ],
  trackingNumber: uspsStyleTrackingNumber,
  pickupReference: (digest) => {
    const body = `9475${digitsFrom(digest, 17)}`;
    return `${body}${mod10CheckDigit(body)}`;
  },
};

export const postalCarrier = rateTableAdapter(postalRateTable);

/** The fulfillment group in the API reference: component schemas, field descriptions, each operation's text and example. */
import { manifestViewSchema } from '../../shared/domain/manifest';
import { defineDocs } from '../../shared/openapi/docs';
import { formSettingsInput, formSettingsSchema } from './forms/schemas';
import { closedManifestSchema } from './manifests/schemas';
import { fulfillmentCatalogue } from './routes';
import {
  dictionariesSchema,
  packageInput,
  printAnswerSchema,
  printInput,
  rateQuoteSchema,
  ratesAnswerSchema,
  ratesInput,
  reprintAnswerSchema,
  shipFromAddressesSchema,
  shipNowDraftSchema,
  shipToUpdateSchema,
  trackingAnswerSchema,
} from './ship-now/schemas';

const orderId = 'SHOP-100517';
const columbusId = '01M72RQHVRT1MBZKHVD9Z687E8';
const renoId = '01M73GRMEA0FG6NKN0VRMFR4TH';
const shipmentId = '01M720PF96VKNNVDP5J5MZ0X73';
const manifestId = '01M748SQ0W939D618J3BCQHV43';
const earlierManifestId = '01M750TSKEKZ4Z6R41577RCADR';

const columbus = {
  company: 'Northwind Goods',
  line1: '1200 Industrial Pkwy',
  city: 'Columbus',
  region: 'OH',
  postalCode: '43219',
  country: 'US',
  phone: '+1 614 555 0142',
};

const shipTo = {
  name: 'Marcus Reyes',
  line1: '845 Pine Street',
  line2: 'Apt 5C',
  city: 'Denver',
  region: 'CO',
  postalCode: '80203',
  country: 'US',
  phone: '+1 303 555 0187',
};

const usd = (amount: number) => ({ amount, currency: 'USD' });
const packages = [{ weightGrams: 2700, dimensionsCm: { length: 35, width: 25, height: 15 } }];

const groundQuote = {
  rateId: 'parcel:ground',
  processorCode: 'parcel',
  carrier: 'Built-in Parcel',
  serviceCode: 'ground',
  serviceName: 'Ground',
  cost: usd(3332),
  billedWeightGrams: 5000,
  deliveryDays: 4,
  estimatedDeliveryDate: '2026-11-30',
  breakdown: { base: usd(2370), fuel: usd(367), confirmation: usd(595) },
};
const twoDayQuote = {
  rateId: 'parcel:two_day',
  processorCode: 'parcel',
  carrier: 'Built-in Parcel',
  serviceCode: 'two_day',
  serviceName: '2-Day',
  cost: usd(6948),
  billedWeightGrams: 5000,
  deliveryDays: 2,
  estimatedDeliveryDate: '2026-11-26',
  breakdown: { base: usd(5500), fuel: usd(853), confirmation: usd(595) },
};

const trackingNumber = '1ZB1P7A99224959067';
const labelFileName = `label-${orderId}-${trackingNumber}.pdf`;
const presigned = (key: string, signature: string) =>
  `https://commerce-files-123456789012.s3.us-east-2.amazonaws.com/${key}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=ASIAEXAMPLE%2F20261124%2Fus-east-2%2Fs3%2Faws4_request&X-Amz-Date=20261124T153000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=${signature}`;
const labelKey = `labels/2026/11/24/${shipmentId}.pdf`;

const printedShipment = {
  id: shipmentId,
  orderId,
  source: 'label' as const,
  carrier: 'Built-in Parcel',
  service: 'Ground',
  trackingNumber,
  trackingStatus: 'unknown' as const,
  lines: [
    { itemId: '14433001', sku: 'KETTLE-STEEL-1L7', quantity: 1 },
    { itemId: '14433002', sku: 'MUG-BLUE-12', quantity: 2 },
  ],
  warehouseId: columbusId,
  shipDate: '2026-11-24',
  packages: 1,
  weightGrams: 2700,
  cost: usd(3332),
  status: 'active' as const,
  labelKey,
  processorCode: 'parcel',
  labelId: 'parcel-34eabea69ef4507732d827e3',
  manifestId,
  createdBy: 'ana.kowalski',
  createdAt: '2026-11-24T15:29:58.412Z',
  updatedAt: '2026-11-24T15:29:58.412Z',
  version: 1,
};

const openManifest = {
  id: manifestId,
  processorCode: 'parcel',
  carrier: 'Built-in Parcel',
  warehouseId: columbusId,
  warehouseCode: 'CMH1',
  shipDate: '2026-11-24',
  status: 'open' as const,
  shipments: 38,
  packages: 41,
  weightGrams: 96_450,
  createdAt: '2026-11-24T13:02:17.560Z',
  updatedAt: '2026-11-24T15:29:58.412Z',
  version: 39,
};

const closedManifest = {
  ...openManifest,
  status: 'closed' as const,
  pickupReference: 'PU6400677554',
  fileKey: `manifests/2026/11/24/${manifestId}.pdf`,
  closedAt: '2026-11-24T21:45:03.118Z',
  closedBy: 'ana.kowalski',
  updatedAt: '2026-11-24T21:45:03.118Z',
  version: 40,
};

const labelSettings = {
  documentType: 'label' as const,
  paperSize: '4x6' as const,
  showPrices: false,
  fields: ['orderReference', 'weight', 'shipDate', 'returnAddress'],
  footerText: 'Thank you for shopping with Northwind Goods',
  returnAddress: 'warehouse' as const,
  includePackingSlip: true,
};

export const fulfillmentDocs = defineDocs(fulfillmentCatalogue, {
  components: {
    ShipNowDraft: {
      schema: shipNowDraftSchema(),
      description:
        'What shipping one order takes, for the packer’s screen: where from, where to, the units still to ship, a package weighed from the lines, and the carrier and service the channel used last.',
    },
    ShipFromAddresses: {
      schema: shipFromAddressesSchema(),
      description: 'The active warehouses’ origin addresses, and the active warehouses still without one.',
    },
    ShipToUpdate: {
      schema: shipToUpdateSchema,
      description: 'A corrected ship-to address, with an optional reason.',
    },
    CarrierDictionaries: {
      schema: dictionariesSchema(),
      description:
        'Every configured carrier by `processorCode`, with what its quotes and labels accept: services, package types, confirmation options, label formats, per-package limits and the void window.',
    },
    PackageInput: {
      schema: packageInput,
      description:
        'One parcel to quote or ship: its weight, optionally its outer size and a carrier package type.',
    },
    RatesInput: {
      schema: ratesInput,
      description: 'What to quote: the parcels, the confirmation, and optionally the day and one service.',
    },
    RateQuote: {
      schema: rateQuoteSchema(),
      description:
        'One service’s price for the parcels, in the carrier’s currency, with what it is made of and when it should arrive. `rateId` names it for printing.',
    },
    RatesAnswer: {
      schema: ratesAnswerSchema(),
      description: 'One carrier’s quotes for an order, with the addresses and day rated.',
    },
    PrintInput: {
      schema: printInput,
      description:
        'What to buy: a rate (`rateId`, or `processorCode` and `serviceCode`), the parcels, the confirmation, and optionally the day, the lines and the label format.',
    },
    PrintAnswer: {
      schema: printAnswerSchema(),
      description: 'The shipment recorded for a bought label, and a download link of the label PDF.',
    },
    ReprintAnswer: {
      schema: reprintAnswerSchema(),
      description: 'A fresh download link of a shipment’s stored label.',
    },
    OrderTracking: {
      schema: trackingAnswerSchema(),
      description: 'An order’s tracking: each shipment’s status and events, and the order’s overall status.',
    },
    Manifest: {
      schema: manifestViewSchema,
      description:
        'The labels of one carrier, warehouse and ship date: `open` while prints join it, `closing` while its end-of-day form is made (and, once the carrier has closed it, until a close makes the form: it takes no new prints), `closed` for good after (its shipments can no longer be voided).',
    },
    ClosedManifest: {
      schema: closedManifestSchema,
      description: 'A closed manifest and a download link of its end-of-day form (PDF).',
    },
    FormSettings: {
      schema: formSettingsSchema,
      description:
        'How one document type prints (packing slip, pick list, label, invoice, manifest): paper, prices, fields, footer, return address. Version 0 and its defaults until first written.',
    },
    FormSettingsInput: {
      schema: formSettingsInput,
      description: 'Settings of one document type, replaced whole.',
    },
  },
  fields: {
    orderId: 'The order’s id: the sales channel’s order id, as given to `PUT /v1/orders/{id}`.',
    manifestId: 'The manifest’s id (ULID).',
    documentType:
      'The document: `packing-slip`, `pick-list`, `label`, `invoice` or `manifest` (another name is a 404).',

    // Draft.
    channel: 'The sales channel the order came from.',
    statusId: 'The order’s status id.',
    fulfillmentState:
      'The order’s fulfillment state: `unshipped`, `partially_shipped`, `shipped` or `cancelled`.',
    shipFrom:
      'Where the parcels leave from: the order’s warehouse, else the default one (null when there is neither). Its `address` is the warehouse’s origin address, null until one is set (rates and labels need it).',
    'RatesAnswer.shipFrom': 'The address rated from: the shipping warehouse’s origin address.',
    shipTo: 'Where the order ships to (an Address).',
    address: 'The warehouse’s origin address (an Address).',
    'ShipNowDraft.lines': 'Active lines with units still to ship: how many of each.',
    lines:
      'Which lines and how many units to ship, each item id once, 1 to 500; absent: every unshipped unit of the active lines.',
    'ShipNowDraft.quantity': 'Units of the line still to ship.',
    quantity: 'Units shipped, 1 to 1,000,000.',
    title: 'The product title.',
    unitWeightGrams: 'Grams per unit, null when the line has no weight.',
    suggestedPackage: 'One package holding every unit still to ship.',
    'ShipNowDraft.weightGrams':
      'The lines’ unit weights times their units, in grams (lines without weight count 0).',
    linesWithoutWeight: 'Item ids of the lines with no weight, which the suggested weight leaves out.',
    requestedShippingService: 'The service the customer chose or staff set on the order, null when none.',
    lastUsed:
      'The carrier and service the last label for an order of this channel used, null before the first.',
    serviceCode:
      'The service’s code at its carrier (`ground`, `two_day`): lowercase letters, digits, `_` and `-`.',
    'RatesInput.serviceCode': 'Quote only this service (one of the carrier’s service codes).',

    // Ship-from addresses.
    withoutAddress: 'Active warehouses with no origin address yet: nothing ships from them until one is set.',
    code: 'The code of the warehouse, service, package type or confirmation.',
    name: 'The name shown to staff.',
    warehouseId: 'The warehouse’s id (ULID).',
    'listManifests.warehouseId': 'Only the manifests of this warehouse.',

    // Ship-to correction.
    reason: 'Why, for the order’s address history: free text up to 500 characters.',
    'updateShipToAddress.version': 'The order’s version after the change (also its ETag).',

    // Dictionaries.
    carriers:
      'The carriers configured: the built-in `postal` and `parcel` always, `shipengine` when its key is set.',
    services: 'The carrier’s services.',
    deliveryDays:
      'Business days in transit: one figure, or in the dictionaries the fastest and slowest over the zones the service serves.',
    packageTypes: 'The carrier’s package types; `package` is the shipper’s own box.',
    'CarrierDictionaries.dimensionsCm': 'The package type’s outer size in centimetres, when fixed.',
    dimensionsCm:
      'Outer size in centimetres, each side above 0 and at most 1000; rates bill dimensional weight from it.',
    length: 'The longest side, in centimetres.',
    width: 'The second side, in centimetres.',
    height: 'The shortest side, in centimetres.',
    confirmations: 'What the carrier can confirm at the door, and their codes.',
    labelFormats: 'Label formats the carrier renders: `pdf_4x6` and/or `pdf_letter`.',
    limits: 'Per-package limits; a package beyond them is refused with a 422 naming the limit.',
    maxWeightGrams: 'Heaviest package, in grams.',
    maxLengthCm: 'Longest side, in centimetres.',
    maxLengthPlusGirthCm: 'Length plus girth (twice the sum of the two other sides), in centimetres.',
    voidWindowDays:
      'Days after the ship date a label can still be voided (the carrier may refuse earlier, once scanned).',

    // Rates and print.
    'PackageInput.weightGrams': 'The packed box with its contents, in grams, 1 to 1,000,000.',
    'RatesInput.packages': 'The parcels, 1 to 50.',
    'PrintInput.packages': 'The parcels, 1 to 50.',
    packageType: 'One of the carrier’s package type codes (dictionaries); absent: the shipper’s own box.',
    confirmation:
      'What the carrier confirms at the door: `none` (default), `delivery`, `signature` or `adult_signature`.',
    'RatesInput.shipDate':
      'The day the parcels leave, `YYYY-MM-DD`, from today to 7 days ahead in the warehouse’s zone (the reporting time zone); default today there. Any other day is a 400 naming the range.',
    'PrintInput.shipDate':
      'The day the parcels leave, `YYYY-MM-DD`, from today to 7 days ahead in the warehouse’s zone (the reporting time zone); default today there. Any other day is a 400 naming the range.',
    'voidShipNowLabel.reasonCode':
      'Why the label is voided: `misprint`, `wrong_service`, `wrong_package`, `address_change`, `order_cancelled` or `other` (default `other`). In the query or the body; both naming different values is a 400.',
    'voidShipNowLabel.note':
      'A note on the void, up to 500 characters (newlines allowed), kept with the reason. In the query or the body.',
    shipUnpaid:
      'Ship an order whose status is awaiting payment on purpose (default false); the order’s fulfillment history records it. It never lifts a hold.',
    rates: 'One quote per service that serves the route (or only the asked service).',
    rateId: 'Names a quote for print: `<processorCode>:<serviceCode>`.',
    serviceName: 'The service’s name at its carrier.',
    'RateQuote.cost':
      'The price of the service for all the parcels, in minor units of the carrier’s currency.',
    'RatesAnswer.shipDate': 'The day rated, `YYYY-MM-DD`.',
    billedWeightGrams:
      'All parcels together, each at the weight it is billed at (dimensional weight and weight bands included).',
    estimatedDeliveryDate: 'When the parcels should arrive, `YYYY-MM-DD`.',
    breakdown: 'What the cost is made of, each part in the cost’s currency; the parts add up to the cost.',
    base: 'The service’s price for the billed weight and zone.',
    fuel: 'Fuel surcharge.',
    'RateQuote.confirmation': 'The confirmation’s surcharge.',
    other: 'Surcharges a carrier API reports as one figure.',
    labelFormat:
      'The label’s format: `pdf_4x6` or `pdf_letter`; by default the label form’s paper size (4x6 or letter).',
    shipment: 'The shipment recorded (a Shipment).',
    label: 'A download link of the label PDF.',
    manifest: 'The manifest, closed (a Manifest).',
    form: 'A download link of the manifest’s end-of-day form (PDF): a fresh link on every answer.',

    // Tracking.
    shipments: 'The order’s shipments, each with its tracking.',
    'OrderTracking.trackingStatus':
      'Normalised tracking status (`unknown`, `accepted`, `in_transit`, `delivered`, `exception`). For the order: `exception` when any shipment has one, else the least advanced of its active shipments (`delivered` only when every one is); for each shipment, its own.',
    events: 'The carrier’s events, oldest first.',
    status: 'The shipment’s status: `active` or `voided`.',

    // Manifests.
    'Manifest.id': 'The manifest’s id (ULID).',
    'Manifest.processorCode': 'The carrier adapter whose labels the manifest holds.',
    'listManifests.carrier': 'Only the manifests of this carrier, by processor code (`parcel`).',
    'Manifest.carrier': 'The carrier’s name.',
    warehouseCode: 'The warehouse’s code, as printed on the form.',
    'Manifest.shipDate': 'The ship date of every label on the manifest, `YYYY-MM-DD`.',
    'Manifest.status':
      '`open` (prints join it), `closing` (its form is being made, or is still to be made after a close that failed once the carrier had closed it: close it again) or `closed`.',
    'listManifests.status': 'Only manifests in this status: `open`, `closing` or `closed`.',
    'Manifest.shipments': 'Labels on the manifest (voided ones leave it).',
    'Manifest.packages': 'Parcels on the manifest.',
    'Manifest.weightGrams': 'Total grams of the manifest’s parcels.',
    pickupReference: 'Closed manifests: the carrier’s pickup reference (a SCAN form or pickup number).',
    fileKey: 'Closed manifests: the form’s key in the files bucket.',
    closedAt: 'Closed manifests: when, an ISO 8601 UTC instant.',
    closedBy: 'Closed manifests: the username of who closed it.',
    from: 'First ship date, `YYYY-MM-DD`; default 30 days ago. At most 24 months between from and to.',
    to: 'Last ship date, included, `YYYY-MM-DD`; default a week ahead. Not before `from`.',

    // Forms.
    paperSize: 'Paper: `4x6` (labels only), `letter` or `a4` (not for labels).',
    showPrices: 'Print prices (packing slips and invoices only; a gift order’s slip shows none).',
    fields:
      'Which of the document’s fields it prints, in order, each once, up to 20. Packing slip: orderReference, orderDate, shipTo, billTo, sku, title, quantity, weight, discount, tax (with prices shown: the lines after their discounts, then the order’s discount and tax rows, shipping, total and paid; without discount or tax their rows are left out, the total stays what was charged). Pick list: orderReference, sku, title, quantity, warehouse, weight. Label: orderReference, weight, shipDate, packageCount, returnAddress. Invoice: orderReference, orderDate, shipTo, billTo, sku, title, quantity, tax, discount. Manifest: orderReference, service, packages, weight, cost.',
    footerText:
      'Text printed at the foot of every page (on a label, at most two lines under the label), up to 500 characters, newlines allowed (default empty).',
    returnAddress: 'Labels: `warehouse` (the shipping warehouse’s return address; default) or `none`.',
    includePackingSlip: 'Labels only: print a packing-slip page after the label pages (default false).',
    'FormSettings.version':
      'Increases by one with every change; 0 until the first write. The ETag, for If-Match.',
    'FormSettings.updatedAt': 'When the settings were last written, null until the first write.',
    updatedBy: 'Who wrote the settings last, null until the first write.',
  },
  operations: {
    getShipNowDraft: {
      description:
        'Everything the packer’s screen needs to ship one order: ship-from (the order’s warehouse, else the default one, with its origin address), ship-to, the active lines with units still to ship, one package weighed from them (lines without a weight are named), the requested service and the carrier and service this channel’s last label used. Reads only; an unknown order is a 404.',
      example: {
        params: { orderId },
        response: {
          orderId,
          channel: 'shopify',
          statusId: 'awaiting-shipment',
          fulfillmentState: 'unshipped',
          shipFrom: {
            warehouseId: columbusId,
            code: 'CMH1',
            name: 'Columbus distribution center',
            address: columbus,
          },
          shipTo,
          lines: [
            {
              itemId: '14433001',
              sku: 'KETTLE-STEEL-1L7',
              title: 'Steel kettle, 1.7 l',
              quantity: 1,
              unitWeightGrams: 1650,
            },
            {
              itemId: '14433002',
              sku: 'MUG-BLUE-12',
              title: 'Stoneware mug, blue, 12 oz',
              quantity: 2,
              unitWeightGrams: 420,
            },
          ],
          suggestedPackage: { weightGrams: 2490, linesWithoutWeight: [] },
          requestedShippingService: 'Standard',
          lastUsed: {
            processorCode: 'parcel',
            serviceCode: 'ground',
            carrier: 'Built-in Parcel',
            service: 'Ground',
          },
        },
      },
    },
    listShipFromAddresses: {
      description:
        'The origin addresses of the active warehouses (what labels ship from), and the active warehouses that have none yet. Not paged: there are few warehouses.',
      example: {
        response: {
          items: [
            {
              warehouseId: columbusId,
              code: 'CMH1',
              name: 'Columbus distribution center',
              isDefault: true,
              address: columbus,
            },
          ],
          withoutAddress: [{ warehouseId: renoId, code: 'RNO1', name: 'Reno overflow' }],
        },
      },
    },
    updateShipToAddress: {
      description:
        'Corrects the order’s ship-to before labels are bought: validated like order addresses (postal codes checked for the countries that need one) and recorded in its address history with the reason. Allowed while anything is left to ship; once the order is fully shipped it is a **409**. The same address again changes nothing. Honours `If-Match` (412 when stale).',
      example: {
        params: { orderId },
        body: {
          shipTo: { ...shipTo, line2: 'Apt 5D' },
          reason: 'Customer corrected the apartment number by email',
        },
        response: { orderId, shipTo: { ...shipTo, line2: 'Apt 5D' }, version: 4 },
      },
    },
    getShipNowDictionaries: {
      description:
        'What each configured carrier accepts, by `processorCode`: services (with transit days), package types, confirmation options, label formats, per-package limits and how long labels can be voided. The built-in `postal` and `parcel` rate-table carriers are always there; `shipengine` when its key is configured.',
      example: {
        response: {
          carriers: [
            {
              processorCode: 'parcel',
              name: 'Built-in Parcel',
              services: [
                { code: 'ground', name: 'Ground', deliveryDays: [1, 5] },
                { code: 'two_day', name: '2-Day', deliveryDays: 2 },
                { code: 'next_day_air', name: 'Next Day Air', deliveryDays: 1 },
              ],
              packageTypes: [
                { code: 'package', name: 'Your packaging' },
                {
                  code: 'envelope',
                  name: 'Express envelope',
                  dimensionsCm: { length: 32, width: 24, height: 2 },
                },
                { code: 'small_box', name: 'Small box', dimensionsCm: { length: 33, width: 28, height: 9 } },
                {
                  code: 'medium_box',
                  name: 'Medium box',
                  dimensionsCm: { length: 41, width: 33, height: 24 },
                },
              ],
              confirmations: [
                { code: 'none', name: 'No confirmation' },
                { code: 'signature', name: 'Signature required' },
                { code: 'adult_signature', name: 'Adult signature required' },
              ],
              labelFormats: ['pdf_4x6', 'pdf_letter'],
              limits: { maxWeightGrams: 31_500, maxLengthCm: 175, maxLengthPlusGirthCm: 300 },
              voidWindowDays: 30,
            },
          ],
        },
      },
    },
    quoteShipNowRates: {
      description:
        'Quotes one carrier’s services (or one, by `serviceCode`) for the order’s parcels, from the shipping warehouse’s origin address to the order’s ship-to: billed weight (dimensional weight included), confirmation surcharge, transit days and estimated delivery. Nothing is bought.\n\nAn unknown `processorCode` or order is a 404. No warehouse or origin address to rate from is a **409**. A package over the carrier’s limits is a **422** naming the limit, the package and its figure; a destination, service, confirmation or package type the carrier does not offer is a **422** too. A carrier that fails answers 502, one that does not answer in time 504.',
      example: {
        params: { orderId, processorCode: 'parcel' },
        body: { packages, confirmation: 'signature' },
        response: {
          orderId,
          processorCode: 'parcel',
          shipFrom: columbus,
          shipTo,
          shipDate: '2026-11-24',
          rates: [groundQuote, twoDayQuote],
        },
      },
    },
    printShipNowLabel: {
      description:
        'Buys the label for a rate, then in one transaction with the order records the shipment (tracking number and cost), takes its units out of stock, updates the order (shipped or partly, with a fulfillment history entry) and puts it on the open manifest of its carrier, warehouse and ship date; renders the label PDF (4x6 or letter) to the files bucket and answers 201 with a link valid for 15 minutes. With `Idempotency-Key` a retry answers the same label and never buys twice; a label whose recording fails is voided, and a retry with the same key after that buys a new label (a **409** `label_voided` asking for a new key only if the carrier refuses that too).\n\nRefused before anything is bought: lines cancelled or beyond what is unshipped, nothing left to ship, no active lines, not enough stock for this order (what it holds plus what nobody holds: another order’s backorder never blocks it; an order in a backorder status counts behind every other order’s holds), no warehouse of its own (`no_warehouse`: the default warehouse is no stand-in) or no origin address, an order on hold (`order_on_hold`) or awaiting payment (`order_awaiting_payment`, unless `shipUnpaid`) (**409**); a ship date outside today to 7 days ahead (**400**); limits and offers as for rates (**422**). `If-Match` names the order’s version (**412** when stale); the `ETag` answered is the order’s version after the print.',
      example: {
        params: { orderId },
        body: { rateId: 'parcel:ground', packages, confirmation: 'signature', labelFormat: 'pdf_4x6' },
        response: {
          shipment: printedShipment,
          label: {
            url: presigned(labelKey, '9c41d0e2b7f35a86c1e4d92f0b3a7c58e6d1f4a29b0c3e7d5a8f1b6c2e9d4a70'),
            expiresAt: '2026-11-24T15:45:00.000Z',
            fileName: labelFileName,
          },
        },
      },
    },
    reprintShipNowLabel: {
      description:
        'A fresh link (15 minutes) to a shipment’s stored label PDF; nothing is bought or rendered again. A voided label is a **409** (`label_voided`), a manual shipment has none (**409**, `no_label`); an unknown shipment is a 404.',
      example: {
        params: { shipmentId },
        response: {
          shipmentId,
          label: {
            url: presigned(labelKey, '2b7e9f14c0a3d58e6f1b4c7a9d2e0f35b8c1a6d4e7f09b2c5a8d1e4f7b0c3a69'),
            expiresAt: '2026-11-24T16:20:00.000Z',
            fileName: labelFileName,
          },
        },
      },
    },
    voidShipNowLabel: {
      description:
        'Voids a label: the carrier refunds it, then in one transaction its units go back to stock and are unshipped, the order returns to awaiting shipment (with a fulfillment history entry) and the shipment leaves its manifest. Answers 204, with the order’s version after the void as its `ETag`.\n\nThe reason (`reasonCode`, default `other`, and an optional `note`) comes in the query (`?reasonCode=misprint&note=...`) or a JSON body; it is kept on the voided shipment, in the history entry and in the `shipment.voided` event. `If-Match` names the order’s version: a stale one is a **412** before the carrier is asked.\n\nA **409** with a `reasonCode` otherwise: `label_already_voided`, `manifest_closed` (the carrier has it on the day’s form), `label_not_found_within_void_period` (outside the carrier’s void window), `label_already_used` (scanned), `returned_units` (a return claims its units), `not_a_label` (a manual shipment: remove it through order activity) or `carrier_refused`. An unknown shipment is a 404.',
      example: { params: { shipmentId } },
    },
    getShipNowTracking: {
      description:
        'Asks each active label shipment’s carrier for its tracking and answers every shipment of the order with its normalised status (`unknown`, `accepted`, `in_transit`, `delivered`, `exception`) and timestamped events; manual shipments answer what is stored. The order’s status is `delivered` when every active shipment is, `exception` when any is. A carrier that does not answer leaves that shipment’s last known status. An unknown order is a 404.',
      example: {
        params: { orderId },
        response: {
          orderId,
          trackingStatus: 'in_transit',
          shipments: [
            {
              shipmentId,
              source: 'label',
              status: 'active',
              carrier: 'Built-in Parcel',
              service: 'Ground',
              trackingNumber,
              shipDate: '2026-11-24',
              trackingStatus: 'in_transit',
              events: [
                {
                  at: '2026-11-24T23:00:00.000Z',
                  status: 'accepted',
                  description: 'Accepted by Built-in Parcel',
                },
                {
                  at: '2026-11-25T09:00:00.000Z',
                  status: 'in_transit',
                  description: 'In transit: departed a sort facility',
                  location: 'Columbus, OH',
                },
              ],
            },
          ],
        },
      },
    },
    getFormSettings: {
      description:
        'The print settings of one document type. Until first written they are the type’s defaults at version 0 (`updatedAt` and `updatedBy` null). The `ETag` is the version. An unknown document type is a 404.',
      example: {
        params: { documentType: 'label' },
        response: {
          ...labelSettings,
          version: 2,
          updatedAt: '2026-11-12T10:04:51.230Z',
          updatedBy: 'lee.chen',
        },
      },
    },
    updateFormSettings: {
      description:
        'Replaces the settings of one document type; every later rendering uses them. Settings the document cannot print are a 400 naming each (a label on A4, a field the document does not have, prices outside packing slips and invoices, a packing-slip page on anything but a label). Honours `If-Match` (412 when stale); the same settings again change nothing.',
      example: {
        params: { documentType: 'label' },
        body: {
          paperSize: '4x6',
          showPrices: false,
          fields: ['orderReference', 'weight', 'shipDate', 'returnAddress'],
          footerText: 'Thank you for shopping with Northwind Goods',
          returnAddress: 'warehouse',
          includePackingSlip: true,
        },
        response: {
          ...labelSettings,
          version: 3,
          updatedAt: '2026-11-24T09:12:40.015Z',
          updatedBy: 'lee.chen',
        },
      },
    },
    listManifests: {
      description:
        'Manifests by ship date, newest first, from `from` to `to` (default the last 30 days to a week ahead, at most 24 months), filtered by carrier (processor code), warehouse and status.',
      example: {
        query: { carrier: 'parcel', warehouseId: columbusId, from: '2026-11-23', to: '2026-11-24' },
        response: {
          items: [
            openManifest,
            {
              ...closedManifest,
              id: earlierManifestId,
              shipDate: '2026-11-23',
              shipments: 52,
              packages: 55,
              weightGrams: 131_020,
              pickupReference: 'PU6400419032',
              fileKey: `manifests/2026/11/23/${earlierManifestId}.pdf`,
              closedAt: '2026-11-23T22:01:45.902Z',
              createdAt: '2026-11-23T12:40:09.771Z',
              updatedAt: '2026-11-23T22:01:45.902Z',
              version: 57,
            },
          ],
          nextCursor: null,
        },
      },
    },
    closeManifest: {
      description:
        'Closes a manifest: asks the carrier for its pickup reference, renders the end-of-day form (every shipment, totals, the pickup reference) to the files bucket and answers it as a link valid for 15 minutes. Its shipments can no longer be voided. Closing a closed manifest answers it again with a fresh link; two closes at once make one form.\n\nA **409** for a manifest with no packages (every label on it voided: nothing to collect), for one whose ship date is still ahead (today in the warehouse’s zone, the reporting time zone), and while another close is under way or voids are in flight. An unknown manifest is a 404. A close that fails before the carrier closed the manifest leaves it open, to be closed again; one that fails after (the form could not be stored: a **503** with `Retry-After`) or without the carrier’s answer leaves it `closing`, taking no new prints (the day’s next print opens a new manifest) and no voids, and the next close finishes it with the same pickup reference and the same shipments.',
      example: {
        params: { manifestId },
        response: {
          manifest: closedManifest,
          form: {
            url: presigned(
              closedManifest.fileKey,
              'e3a1c7b90d2f4e68a5b1c3d7f9e2a4b60c8d1e3f5a7b9c2d4e6f8a0b1c3d5e7f',
            ),
            expiresAt: '2026-11-24T22:00:03.000Z',
            fileName: 'manifest-parcel-CMH1-2026-11-24.pdf',
          },
        },
      },
    },
  },
});

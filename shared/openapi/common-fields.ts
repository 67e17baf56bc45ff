/** Descriptions of fields that mean the same in every group (ids, versions, paging, money, times, addresses). */
export const commonFields: Record<string, string> = {
  // Identity, versions and times.
  id: 'The resource’s id: a ULID made by the server (26 characters, Crockford base32), except where a path says otherwise (orders use the channel’s order id).',
  version:
    'Increases by one with every change; the ETag is this number in quotes, for If-Match. Kept by the server.',
  createdAt: 'When the resource was created: an ISO 8601 UTC instant, set by the server.',
  updatedAt: 'When the resource last changed: an ISO 8601 UTC instant, set by the server.',

  // Paging.
  limit: 'Page size, 1 to 200 (default 50).',
  cursor:
    'The `nextCursor` of the previous page, as given; absent for the first page. A tampered cursor is a 400.',
  items: 'The page of results.',
  nextCursor: 'Pass as `cursor` for the next page; null on the last page.',

  // Goods and places.
  sku: 'Stock-keeping unit: 1 to 64 letters, digits, `_ . - /`, starting with a letter or digit. Case-sensitive.',
  quantity: 'A count of units: a whole number, at most 1,000,000.',
  warehouseId: 'A warehouse’s id (ULID).',
  orderId: 'The order’s id: the sales channel’s order id, as given to `PUT /v1/orders/{id}`.',
  itemId: 'The order line’s item id, unique within its order.',

  // Money.
  currency: 'ISO 4217 currency code, three uppercase letters (`GBP`, `USD`, `JPY`).',
  amount:
    'An amount in minor units of its currency (pence for GBP, cents for USD, yen for JPY): a whole number from 0 to 10^12, never a float.',

  // Addresses (every Address: ship-to, bill-to, ship-from, vendor and warehouse addresses).
  company: 'Company name, up to 200 characters.',
  line1: 'First street line, 1 to 200 characters (required).',
  line2: 'Second street line (building, floor, unit), up to 200 characters.',
  city: 'City or town, 1 to 200 characters.',
  region: 'State, province or county, up to 100 characters (a US state as its two-letter code).',
  postalCode:
    'Postal code, 2 to 12 letters, digits, spaces or hyphens; required and checked against the country’s shape for US, CA, GB, DE, FR, IT, ES, NL, PL and AU.',
  country: 'ISO 3166-1 alpha-2 country code (`GB`, `US`, `DE`).',
  phone: 'Telephone number: 5 to 32 digits, spaces and `+ ( ) . -`.',
  email: 'Email address.',

  // Shipments (the shared Shipment shape, read by order activity, fulfillment, returns and reports).
  shipmentId: 'A shipment’s id (ULID).',
  carrier:
    'The carrier as shipments record it: the adapter’s name for a label ("Built-in Parcel", "UPS"), or as typed for a manual shipment; up to 64 characters.',
  service: 'The carrier’s service by name ("Ground", "Tracked 48"), up to 100 characters.',
  trackingNumber: 'The carrier’s tracking number: 3 to 64 letters, digits, `. _ / -`, no spaces.',
  trackingStatus:
    'Normalised tracking status: `unknown` (no scan yet; manual shipments stay so), `accepted`, `in_transit`, `delivered` or `exception`.',
  trackingEvents: 'The carrier’s scans, oldest first, as last fetched by the tracking operation.',
  shipDate: 'The day the parcels leave, `YYYY-MM-DD`.',
  packages: 'Number of parcels.',
  weightGrams: 'Weight in grams.',
  source:
    'How the shipment was made: `manual` (tracking number entered by hand), `label` (label bought through fulfillment) or `replacement` (sent by a return; it ships no order line).',
  processorCode:
    'The carrier adapter, by code: `postal` and `parcel` (built-in rate tables), `shipengine` when configured.',
  labelKey: 'Label shipments: the label PDF’s key in the files bucket (reprint for a download URL).',
  labelId: 'Label shipments: the carrier’s id of the label.',
  manifestId: 'Label shipments: the manifest (end-of-day form) the shipment joined.',
  voidedAt: 'Voided label shipments: when, an ISO 8601 UTC instant.',
  parcels:
    'Label shipments: each package in order, with its own tracking number (the first is the shipment’s `trackingNumber`) and weight in grams; its label page prints them.',
  voidReasonCode:
    'Voided label shipments: why (`misprint`, `wrong_service`, `wrong_package`, `address_change`, `order_cancelled`, `other`).',
  voidNote: 'Voided label shipments: the note the void was given, when one was.',
  createdBy: 'The username of who made it (from the token).',
  at: 'When it happened: an ISO 8601 UTC instant.',
  description: 'The carrier’s words for the event.',
  location: 'Where the scan happened, when the carrier says.',

  // Files.
  url: 'A presigned GET URL of the file: no token needed, valid until `expiresAt` (at most 15 minutes).',
  expiresAt: 'When the URL stops working: an ISO 8601 UTC instant.',
  fileName: 'The file’s name as a download saves it.',

  // Warehouses (the shared Warehouse shape, listed by vendors, orders and inventory).
  originAddress: 'Where parcels leave from: the ship-from address carriers rate from.',
  returnAddress: 'Where returned parcels go: printed as the return address on labels.',
  capacity: 'Units the warehouse can hold; absent when unbounded.',
  acceptsWorkOrders: 'Whether work orders (kits, counts, receipts) may move stock in this warehouse.',
  acceptsPurchaseOrders: 'Whether purchase-order sources may name this warehouse as the receiving one.',
  isDefault: 'Whether this is the default warehouse (exactly one is; it is always active).',
};

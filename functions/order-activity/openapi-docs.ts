/** The order-activity group in the API reference: component schemas, field descriptions, each operation's text and example. */
import { shipmentLineSchema, shipmentSchema, trackingEventSchema } from '../../shared/domain/shipment';
import { defineDocs } from '../../shared/openapi/docs';
import { exampleShipTo, mainWarehouseId } from '../../shared/openapi/examples';
import { historyEntrySchema } from './histories/schemas';
import { noteInputSchema, noteSchema } from './notes/schemas';
import { orderActivityCatalogue } from './routes';
import { exportResultSchema, shipmentFilterValuesSchema, shipmentTotalsSchema } from './shipments/schemas';
import { manualShipmentInput } from './tracking/schemas';

const orderId = 'SHOP-100482';
const leedsWarehouseId = '01M6HFYPGTDRWNQ1EK8EGMY8QX';
const manualShipmentId = '01M6S09GAEKR6EBAN6WYYEW8C3';
const labelShipmentId = '01M720PF96VKNNVDP5J5MZ0X73';
const columbusWarehouseId = '01M72RQHVRT1MBZKHVD9Z687E8';
const noteId = '01M6TGBNFJ1TKNGP18JZS2JGC2';
const exportId = '01M6V8CR242AWMKS54V581BJPT';

const manualShipment = {
  id: manualShipmentId,
  orderId,
  source: 'manual' as const,
  carrier: 'Royal Mail',
  service: 'Tracked 48',
  trackingNumber: 'TT123456785GB',
  trackingStatus: 'unknown' as const,
  lines: [
    { itemId: '14420118', sku: 'MUG-BLUE-12', quantity: 2 },
    { itemId: '14420119', sku: 'TEA-EARLGREY-100', quantity: 1 },
  ],
  warehouseId: mainWarehouseId,
  shipDate: '2026-11-23',
  packages: 1,
  weightGrams: 950,
  cost: { amount: 385, currency: 'GBP' },
  status: 'active' as const,
  createdBy: 'sam.okafor',
  createdAt: '2026-11-23T10:12:45.880Z',
  updatedAt: '2026-11-23T10:12:45.880Z',
  version: 1,
};

/** The label fulfillment printed for a US order (functions/fulfillment/openapi-docs.ts), a day on. */
const labelShipment = {
  id: labelShipmentId,
  orderId: 'SHOP-100517',
  source: 'label' as const,
  carrier: 'Built-in Parcel',
  service: 'Ground',
  trackingNumber: '1ZB1P7A99224959067',
  trackingStatus: 'in_transit' as const,
  trackingEvents: [
    {
      at: '2026-11-24T23:00:00.000Z',
      status: 'accepted' as const,
      description: 'Accepted by Built-in Parcel',
    },
    {
      at: '2026-11-25T09:00:00.000Z',
      status: 'in_transit' as const,
      description: 'In transit: departed a sort facility',
      location: 'Columbus, OH',
    },
  ],
  lines: [
    { itemId: '14433001', sku: 'KETTLE-STEEL-1L7', quantity: 1 },
    { itemId: '14433002', sku: 'MUG-BLUE-12', quantity: 2 },
  ],
  warehouseId: columbusWarehouseId,
  shipDate: '2026-11-24',
  packages: 1,
  weightGrams: 2700,
  cost: { amount: 3332, currency: 'USD' },
  status: 'active' as const,
  labelKey: `labels/2026/11/24/${labelShipmentId}.pdf`,
  processorCode: 'parcel',
  labelId: 'parcel-34eabea69ef4507732d827e3',
  manifestId: '01M748SQ0W939D618J3BCQHV43',
  createdBy: 'ana.kowalski',
  createdAt: '2026-11-24T15:29:58.412Z',
  updatedAt: '2026-11-24T15:29:58.412Z',
  version: 1,
};

const historyParams = { orderId };
const historyQuery = { from: '2026-11-22', to: '2026-11-23T23:59:59Z', limit: '20' };

// History ids are ULIDs of their times: entries sort by them, newest first.
const editEntry = {
  id: '01M81S4A7P6RCPG3DC0W50Q3JH',
  orderId,
  kind: 'edit' as const,
  at: '2026-11-22T14:04:00.118Z',
  actor: 'shopify-sync',
  summary: 'Order created',
};
const statusSetEntry = {
  id: '01M81S4A7PDTN0VZKVH65FY62D',
  orderId,
  kind: 'status' as const,
  at: '2026-11-22T14:04:00.118Z',
  actor: 'shopify-sync',
  summary: 'Status set to Awaiting payment',
  changes: { statusId: { from: null, to: 'awaiting-payment' } },
};
const paymentEntry = {
  id: '01M81S6705Q8ZBTSV0HW7KRGHN',
  orderId,
  kind: 'payment' as const,
  at: '2026-11-22T14:05:02.341Z',
  actor: 'sam.okafor',
  summary: 'Payment of 49.54 GBP by card',
  changes: { paid: { from: 0, to: 4954 } },
};
const statusEntry = {
  id: '01M81S6705Y2P1XSS9Q6XRNVSQ',
  orderId,
  kind: 'status' as const,
  at: '2026-11-22T14:05:02.341Z',
  actor: 'sam.okafor',
  summary: 'Status changed from Awaiting payment to Awaiting shipment',
  changes: { statusId: { from: 'awaiting-payment', to: 'awaiting-shipment' } },
};
const addressEntry = {
  id: '01M81WYG9MGWQ22K6KP57ECDFC',
  orderId,
  kind: 'address' as const,
  at: '2026-11-22T15:10:44.020Z',
  actor: 'sam.okafor',
  summary: 'shipTo changed: Customer asked to deliver to her studio',
  changes: {
    shipTo: {
      from: exampleShipTo,
      to: {
        name: 'Eleanor Whitfield',
        company: 'Whitfield Design Studio',
        line1: '4 Harbourside Quay',
        city: 'Bristol',
        postalCode: 'BS1 5LL',
        country: 'GB',
        phone: '+44 117 496 0123',
      },
    },
  },
};
const fulfillmentEntry = {
  id: '01M83Y9M5R9999AQ6DGKVVRQ25',
  orderId,
  kind: 'fulfillment' as const,
  at: '2026-11-23T10:12:45.880Z',
  actor: 'sam.okafor',
  summary: `Shipped 3 units by Royal Mail Tracked 48, tracking TT123456785GB (manual shipment ${manualShipmentId})`,
  changes: {
    shipmentId: { from: null, to: manualShipmentId },
    'lines.14420118.shippedQuantity': { from: 0, to: 2 },
    'lines.14420119.shippedQuantity': { from: 0, to: 1 },
  },
};

const historyNext = 'eyJrIjoiSElTVCMwMU02WlJLN0hHN0RYS1RRRkJBTjZYVjQ2MyJ9.b2vI5i0k3s';

const byCarrierFigures = {
  dhl: {
    carrier: 'DHL Express',
    shipments: 369,
    packages: 386,
    weightGrams: 803_250,
    cost: [{ currency: 'GBP', amount: 1_254_110 }],
  },
  royalMail: {
    carrier: 'Royal Mail',
    shipments: 1_251,
    packages: 1_257,
    weightGrams: 1_041_900,
    cost: [{ currency: 'GBP', amount: 466_880 }],
  },
};

export const orderActivityDocs = defineDocs(orderActivityCatalogue, {
  components: {
    Shipment: {
      schema: shipmentSchema,
      description:
        'What left a warehouse for an order: lines, carrier and service, tracking number and status, ship date, packages, weight and cost. `source` says how it was made: `manual` (a tracking number entered by hand), `label` (a label bought by fulfillment) or `replacement` (sent by a return). Written in one transaction with the order, so shipped quantities, fulfillment state, history and stock agree. Shared by order activity, fulfillment, returns and reports.',
    },
    ShipmentLine: {
      schema: shipmentLineSchema,
      description: 'Units of one order line a shipment carries.',
    },
    TrackingEvent: {
      schema: trackingEventSchema,
      description: 'One scan or status change the carrier reported, normalised.',
    },
    ManualShipmentInput: {
      schema: manualShipmentInput,
      description: 'A tracking number entered by hand for goods shipped outside the system.',
    },
    HistoryEntry: {
      schema: historyEntrySchema,
      description:
        'One change to an order, written by the order writer in the same transaction as the change: status, address, fulfillment (shipments recorded, removed, voided), edit (created, replaced, lines cancelled or reinstated), payment or rule (an automation rule fired).',
    },
    Note: { schema: noteSchema, description: 'A staff note on an order, with its author from their token.' },
    NoteInput: { schema: noteInputSchema, description: 'A note to add.' },
    ShipmentTotals: {
      schema: shipmentTotalsSchema,
      description:
        'Count, packages, weight and cost of the shipments a set of filters selects, in all, by carrier and by service.',
    },
    ShipmentFilterValues: {
      schema: shipmentFilterValuesSchema,
      description:
        'The values each shipment filter can take over a date range, each with how many shipments have it.',
    },
    FileExport: {
      schema: exportResultSchema,
      description:
        'A generated file in the private files bucket, answered as a presigned download URL that needs no token.',
    },
  },
  fields: {
    orderId: 'The order’s id: the sales channel’s order id, as given to `PUT /v1/orders/{id}`.',
    shipmentId: 'The shipment’s id (ULID), from the order’s tracking list.',
    noteId: 'The note’s id (ULID).',

    // Shipments.
    'Shipment.id': 'The shipment’s id (ULID).',
    source:
      'How the shipment was made: `manual` (tracking number entered by hand), `label` (label bought through fulfillment) or `replacement` (sent by a return; it ships no order line).',
    'listShipments.source': 'Only shipments made this way: `manual`, `label` or `replacement`.',
    'getShipmentTotals.source': 'Only shipments made this way: `manual`, `label` or `replacement`.',
    'exportShipments.source': 'Only shipments made this way: `manual`, `label` or `replacement`.',
    carrier:
      'The carrier as staff typed it or the adapter names it ("Royal Mail", "Built-in Parcel"), up to 64 characters.',
    'listShipments.carrier': 'Only shipments of this carrier (exact name).',
    'getShipmentTotals.carrier': 'Only shipments of this carrier (exact name).',
    'exportShipments.carrier': 'Only shipments of this carrier (exact name).',
    service: 'The carrier’s service ("Tracked 48", "Ground"), up to 100 characters.',
    'listShipments.service': 'Only shipments of this service (exact name).',
    'getShipmentTotals.service': 'Only shipments of this service (exact name).',
    'exportShipments.service': 'Only shipments of this service (exact name).',
    trackingNumber: 'The carrier’s tracking number: 3 to 64 letters, digits, `. _ / -`, no spaces.',
    trackingStatus:
      'Normalised tracking status: `unknown` (no scan yet, and every manual shipment until tracked), `accepted`, `in_transit`, `delivered` or `exception`.',
    trackingEvents: 'The carrier’s scans, oldest first, as last fetched by fulfillment’s tracking operation.',
    at: 'When it happened: an ISO 8601 UTC instant.',
    'TrackingEvent.status': 'The normalised status this event reports.',
    description: 'The carrier’s words for the event.',
    location: 'Where the scan happened, when the carrier says.',
    'Shipment.lines': 'The order lines and units this shipment carries (none for a replacement).',
    'ManualShipmentInput.lines':
      'Which lines and how many units, each item id once, 1 to 500; absent: every unshipped unit of the active lines.',
    'Shipment.warehouseId':
      'The warehouse the units left (the order’s assigned one); absent when the order had none.',
    'listShipments.warehouseId': 'Only shipments that left this warehouse.',
    'getShipmentTotals.warehouseId': 'Only shipments that left this warehouse.',
    'exportShipments.warehouseId': 'Only shipments that left this warehouse.',
    shipDate: 'The day the shipment left, `YYYY-MM-DD`.',
    'ManualShipmentInput.shipDate':
      'The day it shipped, `YYYY-MM-DD`, at the latest tomorrow (UTC); default today (UTC).',
    packages: 'Number of parcels, 1 to 1000 (default 1).',
    'ShipmentTotals.packages': 'Parcels of the shipments counted.',
    weightGrams:
      'Total weight in grams; entered by hand, or by default the lines’ unit weights times the units shipped.',
    'ShipmentTotals.weightGrams': 'Total grams of the shipments counted.',
    cost: 'What shipping cost the merchant, in minor units of a currency; absent when unknown.',
    'ShipmentTotals.cost': 'Summed shipping cost, one entry per currency (nothing is converted).',
    'Shipment.status': '`active`, or `voided` (a label shipment voided: its units went back to stock).',
    'listShipments.status': 'Only `active` or only `voided` shipments.',
    'getShipmentTotals.status': 'Only `active` or only `voided` shipments.',
    'exportShipments.status': 'Only `active` or only `voided` shipments.',
    labelKey: 'Label shipments: the label PDF’s key in the files bucket (reprint for a download URL).',
    processorCode: 'Label shipments: the carrier adapter that bought the label.',
    labelId: 'Label shipments: the carrier’s id of the label.',
    manifestId: 'Label shipments: the manifest (end-of-day form) the shipment joined.',
    voidedAt: 'Voided label shipments: when, an ISO 8601 UTC instant.',
    createdBy: 'The username of who recorded it (from the token).',
    'ManualShipmentInput.weightGrams':
      'Total grams, 0 to 10,000,000; default the lines’ unit weights times the units shipped.',

    // Lists and filters of shipments.
    from: 'First day of the range, `YYYY-MM-DD` (UTC ship date). Default: 29 days before `to`. A range covers at most 366 days.',
    to: 'Last day of the range, included, `YYYY-MM-DD`. Default: today (UTC).',
    sort: '`-shipDate` (newest first, default) or `shipDate` (oldest first).',
    shipments: 'How many shipments.',
    byCarrier: 'The same figures per carrier.',
    byService: 'The same figures per carrier and service.',
    carriers: 'Carriers present in the range.',
    services: 'Carrier and service pairs present in the range.',
    warehouses:
      'Warehouses shipments left in the range; code and name are absent for a warehouse since deleted.',
    'ShipmentFilterValues.code': 'The warehouse’s code; absent for a warehouse since deleted.',
    'ShipmentFilterValues.name': 'The warehouse’s name; absent for a warehouse since deleted.',
    'ShipmentFilterValues.from': 'The first day of the range, as resolved (`YYYY-MM-DD`).',
    'ShipmentFilterValues.to': 'The last day of the range, as resolved (`YYYY-MM-DD`).',
    'ShipmentTotals.from': 'The first day of the range, as resolved (`YYYY-MM-DD`).',
    'ShipmentTotals.to': 'The last day of the range, as resolved (`YYYY-MM-DD`).',
    statuses: 'Shipment statuses present in the range.',
    status: 'A shipment status: `active` or `voided`.',
    sources: 'Shipment sources present in the range.',

    // Export.
    'FileExport.id': 'The export’s id (ULID).',
    fileName: 'The file’s name as a download saves it.',
    contentType:
      'The file’s media type (Excel: `application/vnd.openxmlformats-officedocument.spreadsheetml.sheet`).',
    rowCount: 'Data rows in the file (one per shipment).',
    bytes: 'The file’s size in bytes.',
    url: 'A presigned GET URL of the file: no token needed, valid until `expiresAt` (at most 15 minutes).',
    expiresAt: 'When the URL stops working: an ISO 8601 UTC instant.',

    // Histories.
    'HistoryEntry.id': 'The entry’s id (ULID).',
    kind: 'What changed: `status`, `address`, `fulfillment`, `edit`, `payment` or `rule`.',
    actor: 'Who made the change: the token’s username, `rule:<ruleId>` for an automation rule, or `system`.',
    summary: 'One line saying what changed, for people.',
    changes: 'What changed, by field path: `{ from, to }` of each (absent where the entry names no field).',
    'HistoryEntry.from': 'The value before the change.',
    'HistoryEntry.to': 'The value after the change.',
    'listOrderStatusHistory.from':
      'Entries at or after this: an ISO 8601 instant with `Z` or an offset, or a date `YYYY-MM-DD` (from the start of that UTC day).',
    'listOrderStatusHistory.to':
      'Entries at or before this: an instant, or a date (its whole UTC day included). Not before `from` (400).',
    'listOrderAddressHistory.from':
      'Entries at or after this: an ISO 8601 instant with `Z` or an offset, or a date `YYYY-MM-DD` (from the start of that UTC day).',
    'listOrderAddressHistory.to':
      'Entries at or before this: an instant, or a date (its whole UTC day included). Not before `from` (400).',
    'listOrderFulfillmentHistory.from':
      'Entries at or after this: an ISO 8601 instant with `Z` or an offset, or a date `YYYY-MM-DD` (from the start of that UTC day).',
    'listOrderFulfillmentHistory.to':
      'Entries at or before this: an instant, or a date (its whole UTC day included). Not before `from` (400).',
    'listOrderEditHistory.from':
      'Entries at or after this: an ISO 8601 instant with `Z` or an offset, or a date `YYYY-MM-DD` (from the start of that UTC day).',
    'listOrderEditHistory.to':
      'Entries at or before this: an instant, or a date (its whole UTC day included). Not before `from` (400).',
    'listOrderHistory.from':
      'Entries at or after this: an ISO 8601 instant with `Z` or an offset, or a date `YYYY-MM-DD` (from the start of that UTC day).',
    'listOrderHistory.to':
      'Entries at or before this: an instant, or a date (its whole UTC day included). Not before `from` (400).',

    // Notes.
    text: 'The note: free text of 1 to 4,000 characters, newlines allowed (CRLF stored as LF).',
    author: 'Who wrote it, from their token.',
    subject: 'The author’s token subject (stable user id).',
    username: 'The author’s username.',
  },
  operations: {
    listOrderTracking: {
      description:
        'Lists the order’s shipments, manual and label, newest first, with their tracking numbers and statuses (voided ones included). An unknown order is a 404.',
      example: {
        params: { orderId },
        query: { limit: '20' },
        response: { items: [manualShipment], nextCursor: null },
      },
    },
    addOrderTracking: {
      description:
        'Records a manual shipment for goods shipped outside the system: the named units (or every unshipped unit of the active lines) become shipped, their stock goes out of the assigned warehouse as an outbound movement (none moves for an order without a warehouse), and a fulfillment history entry is written, all in one transaction with the order. Shipping everything moves the order to the shipped status. `weightGrams` defaults to the lines’ unit weights times the units shipped.\n\n**409** when a named line is cancelled or asked for more than is unshipped (`lines` names each with what is unshipped), or nothing is left to ship; units the warehouse does not have on hand are a **409** with `shortfalls`. An item id the order does not have is a 400; an unknown order is a 404. Honours `Idempotency-Key`.',
      example: {
        params: { orderId },
        body: {
          carrier: 'Royal Mail',
          service: 'Tracked 48',
          trackingNumber: 'TT123456785GB',
          shipDate: '2026-11-23',
          cost: { amount: 385, currency: 'GBP' },
        },
        response: manualShipment,
      },
    },
    removeOrderTracking: {
      description:
        'Removes a manual shipment: its units are unshipped again, back in stock and allocated to the order, with a fulfillment history entry. Answers 204.\n\n**409** for a label shipment (void it through `DELETE /v1/fulfillment/ship-now/void/{shipmentId}`, so the carrier refunds the label), for a return’s replacement shipment, for a shipment already voided, or when the order’s returns claim units it would unship (decline or delete those returns first). An unknown order or shipment is a 404.',
      example: { params: { orderId, shipmentId: manualShipmentId } },
    },
    listOrderStatusHistory: {
      description:
        'The order’s status changes, newest first, optionally between `from` and `to`. An unknown order is a 404.',
      example: {
        params: historyParams,
        query: historyQuery,
        response: { items: [statusEntry, statusSetEntry], nextCursor: null },
      },
    },
    listOrderAddressHistory: {
      description:
        'The order’s ship-to and bill-to address changes, newest first, optionally between `from` and `to`. An unknown order is a 404.',
      example: {
        params: historyParams,
        query: historyQuery,
        response: { items: [addressEntry], nextCursor: null },
      },
    },
    listOrderFulfillmentHistory: {
      description:
        'The order’s shipments recorded, removed and voided, newest first, optionally between `from` and `to`. An unknown order is a 404.',
      example: {
        params: historyParams,
        query: historyQuery,
        response: { items: [fulfillmentEntry], nextCursor: null },
      },
    },
    listOrderEditHistory: {
      description:
        'The order’s edits (created, replaced by the channel, lines cancelled and reinstated), newest first, optionally between `from` and `to`. An unknown order is a 404.',
      example: {
        params: historyParams,
        query: historyQuery,
        response: { items: [editEntry], nextCursor: null },
      },
    },
    listOrderHistory: {
      description:
        'Every change to the order, of every kind (status, address, fulfillment, edit, payment, rule), merged newest first and paginated; `from` and `to` bound it (a date `to` includes its whole UTC day; `from` after `to` is a 400). An unknown order is a 404.',
      example: {
        params: historyParams,
        query: { limit: '5' },
        response: {
          items: [fulfillmentEntry, addressEntry, statusEntry, paymentEntry, statusSetEntry],
          nextCursor: historyNext,
        },
      },
    },
    listOrderNotes: {
      description: 'The order’s notes, newest first. An unknown order is a 404.',
      example: {
        params: { orderId },
        query: { limit: '50' },
        response: {
          items: [
            {
              id: noteId,
              orderId,
              text: 'Customer rang: leave the parcel with the studio reception if nobody answers.',
              author: { subject: '8d1f2a44-93b0-4c55-b7e2-60f1c3a9d0e7', username: 'sam.okafor' },
              createdAt: '2026-11-22T15:12:03.554Z',
            },
          ],
          nextCursor: null,
        },
      },
    },
    addOrderNote: {
      description:
        'Adds a note to the order; its author is the caller, from the token. Answers 201. An unknown order is a 404. Honours `Idempotency-Key`.',
      example: {
        params: { orderId },
        body: { text: 'Customer rang: leave the parcel with the studio reception if nobody answers.' },
        response: {
          id: noteId,
          orderId,
          text: 'Customer rang: leave the parcel with the studio reception if nobody answers.',
          author: { subject: '8d1f2a44-93b0-4c55-b7e2-60f1c3a9d0e7', username: 'sam.okafor' },
          createdAt: '2026-11-22T15:12:03.554Z',
        },
      },
    },
    deleteOrderNote: {
      description:
        'Deletes a note. Its author may; anyone else needs the manager role (**403**). An unknown order or note is a 404. Answers 204.',
      example: { params: { orderId, noteId } },
    },
    listShipments: {
      description:
        'Shipments across orders by ship date, newest first (`sort=shipDate` for oldest first), over a range of days (default the last 30, at most 366), filtered by carrier, service, warehouse, status and source. `from` after `to` or a range over 366 days is a 400.',
      example: {
        query: {
          from: '2026-11-01',
          to: '2026-11-24',
          carrier: 'Built-in Parcel',
          status: 'active',
          limit: '50',
        },
        response: { items: [labelShipment], nextCursor: null },
      },
    },
    getShipmentTotals: {
      description:
        'Count, packages, weight and cost of the shipments the same filters as the list select, in all, by carrier and by service. Read from per-day totals, so a year costs a year of days, not every shipment. Costs are summed per currency.',
      example: {
        query: { from: '2026-11-01', to: '2026-11-24', warehouseId: mainWarehouseId, status: 'active' },
        response: {
          from: '2026-11-01',
          to: '2026-11-24',
          shipments: 1_620,
          packages: 1_643,
          weightGrams: 1_845_150,
          cost: [{ currency: 'GBP', amount: 1_720_990 }],
          byCarrier: [byCarrierFigures.dhl, byCarrierFigures.royalMail],
          byService: [
            { ...byCarrierFigures.dhl, service: 'Express Worldwide' },
            { ...byCarrierFigures.royalMail, service: 'Tracked 48' },
          ],
        },
      },
    },
    getShipmentFilters: {
      description:
        'The carriers, services, warehouses, statuses and sources present among the shipments of a range of days (default the last 30), each with how many shipments have it: what the list’s filters can usefully take.',
      example: {
        query: { from: '2026-11-01', to: '2026-11-24' },
        response: {
          from: '2026-11-01',
          to: '2026-11-24',
          carriers: [
            { carrier: 'Built-in Parcel', shipments: 380 },
            { carrier: 'DHL Express', shipments: 412 },
            { carrier: 'Royal Mail', shipments: 1_251 },
          ],
          services: [
            { carrier: 'Built-in Parcel', service: 'Ground', shipments: 380 },
            { carrier: 'DHL Express', service: 'Express Worldwide', shipments: 412 },
            { carrier: 'Royal Mail', service: 'Tracked 48', shipments: 1_251 },
          ],
          warehouses: [
            {
              warehouseId: mainWarehouseId,
              code: 'MAN1',
              name: 'Manchester fulfilment centre',
              shipments: 1_620,
            },
            {
              warehouseId: columbusWarehouseId,
              code: 'CMH1',
              name: 'Columbus distribution center',
              shipments: 380,
            },
            { warehouseId: leedsWarehouseId, shipments: 43 },
          ],
          statuses: [
            { status: 'active', shipments: 2_000 },
            { status: 'voided', shipments: 43 },
          ],
          sources: [
            { source: 'label', shipments: 792 },
            { source: 'manual', shipments: 1_251 },
          ],
        },
      },
    },
    exportShipments: {
      description:
        'Writes the shipments the filters select (the list’s filters and sort, in a JSON body; `{}` is the last 30 days, newest first) to an Excel workbook in the files bucket, and answers 201 with a presigned download URL valid for 15 minutes. An export holds at most 50,000 rows: more is a 400 asking for a narrower range or more filters. Honours `Idempotency-Key`.',
      example: {
        body: { from: '2026-11-01', to: '2026-11-24', carrier: 'Royal Mail' },
        response: {
          id: exportId,
          fileName: 'shipments 2026-11-01 to 2026-11-24.xlsx',
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          rowCount: 1_251,
          bytes: 96_884,
          url: `https://commerce-files-123456789012.s3.eu-west-2.amazonaws.com/exports/shipments/2026/11/24/${exportId}.xlsx?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=ASIAEXAMPLE%2F20261124%2Feu-west-2%2Fs3%2Faws4_request&X-Amz-Date=20261124T102000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=5f0c2e8d7a41b39c6e1f08a2d4b7c95e31f6a0d8b2c47e59a1f3d6b8c0e2a4f7`,
          expiresAt: '2026-11-24T10:35:00.000Z',
        },
      },
    },
  },
});

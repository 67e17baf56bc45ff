/** Ship-now (interface §4.3): what a packer needs to ship one order. */
import { route } from '../../../shared/http/catalogue';
import {
  dictionariesSchema,
  printAnswerSchema,
  printInput,
  ratesAnswerSchema,
  ratesInput,
  ratesParams,
  reprintAnswerSchema,
  shipmentParams,
  trackingAnswerSchema,
  voidInput,
  voidQuery,
  shipFromAddressesSchema,
  shipNowDraftSchema,
  shipNowOrderParams,
  shipToAnswerSchema,
  shipToUpdateSchema,
} from './schemas';

export const shipNowRoutes = {
  getShipNowDraft: route({
    method: 'GET',
    path: '/v1/fulfillment/ship-now/{orderId}/draft',
    operationId: 'getShipNowDraft',
    summary:
      "What shipping an order takes: ship-from (its warehouse's origin address, or the default warehouse's), ship-to, the lines still to ship, a package with their weight, the channel's last carrier and service",
    permission: 'read',
    params: shipNowOrderParams,
    status: 200,
    get response() {
      return shipNowDraftSchema();
    },
  }),
  listShipFromAddresses: route({
    method: 'GET',
    path: '/v1/fulfillment/ship-now/addresses',
    operationId: 'listShipFromAddresses',
    summary:
      "Ship-from addresses: the active warehouses' origin addresses (and the active ones still without)",
    permission: 'read',
    status: 200,
    get response() {
      return shipFromAddressesSchema();
    },
  }),
  updateShipToAddress: route({
    method: 'PUT',
    path: '/v1/fulfillment/ship-now/{orderId}/address',
    outcomeRead: 'GET /v1/fulfillment/ship-now/{orderId}/draft',
    operationId: 'updateShipToAddress',
    summary:
      "Correct the order's ship-to before labels are bought (validated like order addresses, recorded in its address history); refused once everything has shipped",
    permission: 'write',
    params: shipNowOrderParams,
    body: shipToUpdateSchema,
    status: 200,
    get response() {
      return shipToAnswerSchema();
    },
    versioned: true,
  }),
  getShipNowDictionaries: route({
    method: 'GET',
    path: '/v1/fulfillment/ship-now/dictionaries',
    operationId: 'getShipNowDictionaries',
    summary:
      'The carriers (by processorCode) with their services, package types, confirmation options, label formats, package limits and void windows',
    permission: 'read',
    status: 200,
    get response() {
      return dictionariesSchema();
    },
  }),
  quoteShipNowRates: route({
    method: 'POST',
    path: '/v1/fulfillment/ship-now/{orderId}/rates/{processorCode}',
    // A quote changes nothing: asking again answers it.
    outcomeRead: 'replay',
    operationId: 'quoteShipNowRates',
    // The carrier is asked for its rates.
    outsideEffect: true,
    summary:
      "Quotes of one carrier's services for the order's packages (dimensional weight, confirmation, delivery days); a package over the carrier's limits is a 422 naming the limit",
    permission: 'write',
    params: ratesParams,
    body: ratesInput,
    status: 200,
    get response() {
      return ratesAnswerSchema();
    },
  }),
  printShipNowLabel: route({
    method: 'POST',
    path: '/v1/fulfillment/ship-now/{orderId}/print',
    outcomeRead: 'GET /v1/fulfillment/ship-now/{orderId}/tracking',
    operationId: 'printShipNowLabel',
    // A label is bought from the carrier before the shipment commits: a retry must not buy another.
    outsideEffect: true,
    summary:
      "Buy the label for a rate (or processor code and service), record the shipment (stock out, order shipped or partly), put it on the open manifest, render the 4x6 label PDF and answer it as a link. The order needs its own warehouse and the units this order holds there; an order on hold or awaiting payment is a 409 (`shipUnpaid: true` ships an unpaid one on purpose, recorded in its history); the ship date is today to 7 days ahead in the warehouse's zone (400 otherwise); If-Match names the order's version (412 when stale) and the ETag answers its version after the print",
    permission: 'write',
    params: shipNowOrderParams,
    body: printInput,
    status: 201,
    get response() {
      return printAnswerSchema();
    },
    versioned: true,
    // Each print buys a label and renders a PDF: a runaway client must not take the stage's capacity.
    throttle: { rateLimit: 10, burstLimit: 20 },
  }),
  reprintShipNowLabel: route({
    method: 'POST',
    path: '/v1/fulfillment/ship-now/reprint/{shipmentId}',
    outcomeRead: 'replay',
    operationId: 'reprintShipNowLabel',
    summary:
      'A fresh link to the stored label of a shipment (nothing is bought again); voided labels are refused',
    permission: 'write',
    params: shipmentParams,
    status: 200,
    get response() {
      return reprintAnswerSchema();
    },
  }),
  voidShipNowLabel: route({
    method: 'DELETE',
    path: '/v1/fulfillment/ship-now/void/{shipmentId}',
    outcomeRead: 'GET /v1/orders/shipments',
    operationId: 'voidShipNowLabel',
    summary:
      "Void a label: the carrier refunds it, its units are back in stock and unshipped, the order back to awaiting shipment, off its manifest. Takes a reasonCode (misprint, wrong_service, wrong_package, address_change, order_cancelled, other; default other) and an optional note, in the query or a JSON body, kept on the shipment, in the order's history and in shipment.voided. If-Match names the order's version (412 when stale, nothing asked of the carrier); the ETag answered is the order's version after the void. A 409 with a reasonCode (label_already_voided, manifest_closed, label_not_found_within_void_period, label_already_used) otherwise",
    permission: 'write',
    params: shipmentParams,
    query: voidQuery,
    body: voidInput,
    status: 204,
    versioned: true,
  }),
  getShipNowTracking: route({
    method: 'GET',
    path: '/v1/fulfillment/ship-now/{orderId}/tracking',
    operationId: 'getShipNowTracking',
    summary:
      "Each shipment's tracking status (unknown, accepted, in_transit, delivered, exception) and timestamped events from its carrier; the order's status is delivered when every shipment is",
    permission: 'read',
    params: shipNowOrderParams,
    status: 200,
    get response() {
      return trackingAnswerSchema();
    },
  }),
};

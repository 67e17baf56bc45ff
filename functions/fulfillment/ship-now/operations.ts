/** Ship-now reads and the ship-to correction; decisions in draft.ts, order writes through the shared writer. */
import { getItem } from '../../../shared/db/query';
import { lastShippingChoiceKey } from '../../../shared/db/keys';
import { Conflict, NotFound } from '../../../shared/errors';
import { fileStored } from '../../../shared/files/file-stored';
import { presignedGetUrl } from '../../../shared/files/presigned-url';
import { findShipmentById } from '../../../shared/shipments/repository';
import { adapterFor, configuredCarriers } from '../carriers/registry';
import { labelFileName } from '../labels/label-document';
import type { PrintedLabel } from '../labels/print';
import { printLabel } from '../labels/print';
import { trackOrder } from '../labels/tracking';
import { voidLabel } from '../labels/void';
import { checkShipDate, shipDateRange } from '../labels/print-rules';
import { reportingTimeZone } from '../../../shared/aggregates/time-zone';
import type { Implementations } from '../../../shared/http/catalogue';
import { changeOrderAddress } from '../../../shared/orders/address-change';
import { loadOrder } from '../../../shared/orders/repository';
import { listWarehouses } from '../../../shared/warehouses/repository';
import { shipFromWarehouse } from './ship-from';
import type { Warehouse } from '../../../shared/warehouses/warehouse';
import type { fulfillmentCatalogue } from '../routes';
import type { ShippingChoice } from './draft';
import { shipNowDraft } from './draft';
import { voidReasonOf } from './schemas';

type Routes = typeof fulfillmentCatalogue.routes;
type ShipNowOperations = Pick<
  Implementations<Routes>,
  | 'getShipNowDraft'
  | 'listShipFromAddresses'
  | 'updateShipToAddress'
  | 'getShipNowDictionaries'
  | 'quoteShipNowRates'
  | 'printShipNowLabel'
  | 'reprintShipNowLabel'
  | 'voidShipNowLabel'
  | 'getShipNowTracking'
>;

/** A print names its rate by rateId (`<processorCode>:<serviceCode>`) or by the two apart. */
function rateOf(body: { rateId?: string; processorCode?: string; serviceCode?: string }) {
  if (body.rateId) {
    const [processorCode, serviceCode] = body.rateId.split(':') as [string, string];
    return { processorCode, serviceCode };
  }
  return { processorCode: body.processorCode!, serviceCode: body.serviceCode! };
}

async function lastShippingChoice(channel: string): Promise<ShippingChoice | undefined> {
  const item = await getItem(lastShippingChoiceKey(channel));
  if (!item) return undefined;
  const { processorCode, serviceCode, carrier, service } = item as Record<string, string>;
  return { processorCode: processorCode!, serviceCode: serviceCode!, carrier: carrier!, service: service! };
}

async function allActiveWarehouses(): Promise<Warehouse[]> {
  const warehouses: Warehouse[] = [];
  let cursor: string | undefined;
  do {
    const page = await listWarehouses({ active: true }, 200, cursor);
    warehouses.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return warehouses;
}

export const shipNowOperations: ShipNowOperations = {
  async getShipNowDictionaries() {
    return {
      body: {
        carriers: [...configuredCarriers().values()].map((adapter) => ({
          processorCode: adapter.processorCode,
          name: adapter.name,
          services: adapter.services.map((service) => ({
            code: service.code,
            name: service.name,
            deliveryDays:
              typeof service.deliveryDays === 'number' ? service.deliveryDays : [...service.deliveryDays],
          })),
          packageTypes: adapter.packageTypes.map((type) => ({ ...type })),
          confirmations: adapter.confirmations.map((confirmation) => ({ ...confirmation })),
          labelFormats: [...adapter.labelFormats],
          limits: { ...adapter.limits },
          voidWindowDays: adapter.voidWindowDays,
        })),
      },
    };
  },

  async quoteShipNowRates({ params, body }) {
    const adapter = adapterFor(params.processorCode);
    const stored = await loadOrder(params.orderId);
    if (!stored) throw new NotFound(`No order has the id ${params.orderId}.`);
    const { order } = stored;
    const warehouse = await shipFromWarehouse(order.warehouseId);
    if (!warehouse?.originAddress) {
      throw new Conflict(
        warehouse
          ? `Warehouse ${warehouse.code} has no origin address to rate from; set one first.`
          : 'No warehouse to ship from: assign one to the order or set a default warehouse.',
      );
    }
    // Quoted for a day a label may carry, in the zone print counts it in.
    const timeZone = reportingTimeZone();
    const range = shipDateRange(new Date(), timeZone);
    const shipDate = body.shipDate ?? range.earliest;
    checkShipDate(shipDate, range, timeZone);
    const quotes = await adapter.quote({
      shipFrom: warehouse.originAddress,
      shipTo: order.shipTo,
      packages: body.packages,
      confirmation: body.confirmation,
      shipDate,
      ...(body.serviceCode ? { serviceCode: body.serviceCode } : {}),
    });
    return {
      body: {
        orderId: order.id,
        processorCode: adapter.processorCode,
        shipFrom: warehouse.originAddress,
        shipTo: order.shipTo,
        shipDate,
        rates: quotes.map((quote) => ({ rateId: `${quote.processorCode}:${quote.serviceCode}`, ...quote })),
      },
    };
  },

  async printShipNowLabel({ params, body, caller, requestKey, ifMatch }) {
    // The ETag names the order's version after the print: the If-Match of the next change to the order.
    const answerOf = (printed: PrintedLabel) => ({
      body: { shipment: printed.shipment, label: printed.label },
      version: printed.orderVersion,
    });
    const printed = await printLabel({
      answer: answerOf,
      ...(requestKey ? { requestKey } : {}),
      ...(ifMatch === undefined ? {} : { ifMatch }),
      ...(body.shipUnpaid ? { shipUnpaid: true } : {}),
      orderId: params.orderId,
      actor: caller.username,
      ...rateOf(body),
      packages: body.packages,
      confirmation: body.confirmation,
      ...(body.shipDate ? { shipDate: body.shipDate } : {}),
      ...(body.lines ? { lines: body.lines } : {}),
      ...(body.labelFormat ? { labelFormat: body.labelFormat } : {}),
    });
    return answerOf(printed);
  },

  async reprintShipNowLabel({ params }) {
    const shipment = await findShipmentById(params.shipmentId);
    if (!shipment) throw new NotFound(`No shipment has the id ${params.shipmentId}.`);
    if (shipment.status === 'voided') {
      throw new Conflict(`The label of shipment ${shipment.id} was voided; it cannot be printed again.`, {
        reasonCode: 'label_voided',
      });
    }
    if (!shipment.labelKey) {
      throw new Conflict(`Shipment ${shipment.id} was entered by hand: it has no label to print.`, {
        reasonCode: 'no_label',
      });
    }
    // A link is signed without asking S3: reading the file first makes an S3 outage a 503 to retry,
    // not a link that fails in the browser. Print stores the file before it records the shipment, so a
    // label without one is our fault.
    if (!(await fileStored(shipment.labelKey))) {
      throw new Error(`The label file ${shipment.labelKey} of shipment ${shipment.id} is missing`);
    }
    const fileName = labelFileName(shipment);
    const link = await presignedGetUrl(shipment.labelKey, { fileName });
    return { body: { shipmentId: shipment.id, label: { ...link, fileName } } };
  },

  async voidShipNowLabel({ params, query, body, caller, ifMatch }) {
    const { order } = await voidLabel({
      shipmentId: params.shipmentId,
      actor: caller.username,
      reason: voidReasonOf(query, body),
      ...(ifMatch === undefined ? {} : { ifMatch }),
    });
    // The ETag names the order's version after the void: the If-Match of the next change to the order.
    return { version: order.version };
  },

  async getShipNowTracking({ params }) {
    return { body: await trackOrder(params.orderId) };
  },

  async getShipNowDraft({ params }) {
    const stored = await loadOrder(params.orderId);
    if (!stored) throw new NotFound(`No order has the id ${params.orderId}.`);
    const { order } = stored;
    const [warehouse, lastUsed] = await Promise.all([
      shipFromWarehouse(order.warehouseId),
      lastShippingChoice(order.channel),
    ]);
    return { body: shipNowDraft(order, warehouse, lastUsed) };
  },

  async listShipFromAddresses() {
    const warehouses = await allActiveWarehouses();
    return {
      body: {
        items: warehouses.flatMap((warehouse) =>
          warehouse.originAddress
            ? [
                {
                  warehouseId: warehouse.id,
                  code: warehouse.code,
                  name: warehouse.name,
                  isDefault: warehouse.isDefault,
                  address: warehouse.originAddress,
                },
              ]
            : [],
        ),
        withoutAddress: warehouses
          .filter((warehouse) => !warehouse.originAddress)
          .map((warehouse) => ({ warehouseId: warehouse.id, code: warehouse.code, name: warehouse.name })),
      },
    };
  },

  async updateShipToAddress({ params, body, caller, ifMatch }) {
    const committed = await changeOrderAddress({
      orderId: params.orderId,
      actor: caller.username,
      ifMatch,
      shipTo: body.shipTo,
      reason: body.reason,
      until: 'fully_shipped',
    });
    const { order } = committed;
    return {
      body: { orderId: order.id, shipTo: order.shipTo, version: order.version },
      version: order.version,
    };
  },
};

/**
 * Print: buys the label, then records the shipment on its manifest while the label is rendered and
 * stored in S3 (the commit waits for the file, so no shipment is recorded without its label). The
 * request's Idempotency-Key (else the shipment id) is the purchase's idempotency key, so a retried
 * purchase answers the same label; a label whose recording surely failed is voided (buyAndRecord), so no
 * paid label is left behind, and noted voided for the key (purchase-record), so a retry with the same
 * key buys under the key's next purchase key: a new label, never the voided one, never two paid ones.
 */
import { tableName } from '../../../shared/db/client';
import { TransactionCancelled } from '../../../shared/db/errors';
import { lastShippingChoiceKey } from '../../../shared/db/keys';
import type { NamedItem } from '../../../shared/db/transactions';
import { linesToShip } from '../../../shared/domain/shipment';
import type { Shipment } from '../../../shared/domain/shipment';
import { Conflict, NotFound, ServiceUnavailable } from '../../../shared/errors';
import { documentKey } from '../../../shared/files/keys';
import type { PresignedUrl } from '../../../shared/files/presigned-url';
import { presignedGetUrl } from '../../../shared/files/presigned-url';
import type { CommittedOrder } from '../../../shared/orders/writer';
import { putBytes } from '../../../shared/files/put-bytes';
import { fileStorageRetryAfterSeconds } from '../../../shared/files/unavailable';
import { newId } from '../../../shared/ids';
import { logger } from '../../../shared/logging/logger';
import { countMetric } from '../../../shared/metrics/metrics';
import { loadOrder } from '../../../shared/orders/repository';
import { rulesForTrigger } from '../../../shared/orders/rules';
import { recordShipment } from '../../../shared/shipments/commit';
import { findWarehouse } from '../../../shared/warehouses/repository';
import { resolveStatuses } from '../../../shared/orders/statuses';
import type { Order } from '../../../shared/domain/order';
import type { ChangeNote } from '../../../shared/orders/decide';
import type { OrderStatus } from '../../../shared/domain/order-status';
import { checkVersion } from '../../../shared/domain/versions';
import { reportingTimeZone } from '../../../shared/aggregates/time-zone';
import { unitsShort } from './stock-check';
import {
  checkShipDate,
  checkStatusAllowsPrint,
  requireOrderWarehouse,
  shipDateRange,
  purchaseKeyFor,
  shipsUnpaid,
  unpaidShipmentNote,
} from './print-rules';
import { labelsVoidedIn, noteLabelVoided } from './purchase-record';
import { watchWrites } from '../../../shared/db/write-outcome';
import { getItem, getItems } from '../../../shared/db/query';
import { cachedReference, keepReference } from '../../../shared/reference/cache';
import type { ItemKey } from '../../../shared/db/keys';
import { labelPurchaseKey, openManifestKey, stockKey } from '../../../shared/db/keys';
import { knownSlotKeys, prefetchedSlots, withSlotTotals } from '../../../shared/stock/slots';
import type { ShipmentLine } from '../../../shared/domain/shipment';
import type { PackageToShip, PurchasedLabel, PurchaseRequest } from '../carriers/adapter';
import { buyAndRecord } from '../carriers/adapter';
import { PurchaseKeyVoided } from '../carriers/errors';
import { adapterFor } from '../carriers/registry';
import { cachedFormSettings } from '../forms/repository';
import type { ManifestPlacement } from '../manifests/repository';
import { manifestJoinItems, openManifestId, openManifestIdIn } from '../manifests/repository';
import { labelDocument, labelFileName } from './label-document';
import { loadPdfRenderers } from '../../../shared/render/load';

export interface PrintRequest {
  orderId: string;
  actor: string;
  processorCode: string;
  serviceCode: string;
  packages: readonly PackageToShip[];
  confirmation: PurchaseRequest['confirmation'];
  shipDate?: string;
  lines?: ReadonlyArray<{ itemId: string; quantity: number }>;
  labelFormat?: PurchaseRequest['labelFormat'];
  /** The request's idempotency key, when it has one (OperationInput.requestKey). */
  requestKey?: string;
  /** The order's version the client expects (If-Match). */
  ifMatch?: number;
  /** Ship an order awaiting payment on purpose (recorded in its fulfillment history). */
  shipUnpaid?: boolean;
  /** What the operation answers for the printed label (OrderChange.answer: kept by the commit). */
  answer?: (printed: PrintedLabel) => unknown;
}

export interface PrintedLabel {
  shipment: Shipment;
  label: PresignedUrl & { fileName: string };
  orderVersion: number;
}

async function statusOf(statusId: string): Promise<OrderStatus> {
  const status = (await resolveStatuses([statusId])).get(statusId);
  if (!status) throw new Conflict(`Order status ${statusId} no longer exists; set the order's status first.`);
  return status;
}

/**
 * What the print needs once the order is known, in one consistent BatchGetItem: the stock of the lines
 * in the order's warehouse (checked before buying, and planned on by the commit's first attempt), the
 * manifest open on the ship date (the one the label most likely joins), and the labels voided for the
 * request's Idempotency-Key (buy under the key's next purchase key).
 */
async function readBeforeBuying(
  lines: readonly ShipmentLine[],
  warehouseId: string,
  manifest: { processorCode: string; shipDate: string },
  requestKey: string | undefined,
) {
  const pairs = [...new Set(lines.map((line) => line.sku))].map((sku) => ({ sku, warehouseId }));
  const pointerKey = openManifestKey(manifest.processorCode, warehouseId, manifest.shipDate);
  const purchaseKey = requestKey === undefined ? undefined : labelPurchaseKey(requestKey);
  const slotKeys = knownSlotKeys(pairs);
  const items = await getItems(
    [
      ...pairs.map(({ sku }) => stockKey(sku, warehouseId)),
      ...slotKeys,
      pointerKey,
      ...(purchaseKey ? [purchaseKey] : []),
    ],
    true,
  );
  const slots = prefetchedSlots(slotKeys, items);
  const itemAt = (key: ItemKey) => items.find((item) => item.PK === key.PK && item.SK === key.SK);
  const stockItems = items.filter((item) =>
    pairs.some(({ sku }) => {
      const key = stockKey(sku, warehouseId);
      return item.PK === key.PK && item.SK === key.SK;
    }),
  );
  // The figures add what the record's slots hold; the commit plans on the records themselves.
  const figures = await withSlotTotals(stockItems, true, slots);
  return {
    stock: new Map(
      figures.map((item) => [
        String(item.sku),
        { onHand: Number(item.onHand), allocated: Number(item.allocated) },
      ]),
    ),
    knownStock: { pairs, items: stockItems, slots },
    openOnShipDate: openManifestIdIn(itemAt(pointerKey)),
    labelsVoided: purchaseKey ? labelsVoidedIn(itemAt(purchaseKey)) : 0,
  };
}

/**
 * The channel's last shipping choice as this container last read or wrote it (at most the reference
 * cache's bound ago). A print writes the channel's item only when its choice differs, so that one item
 * per channel is not written by every print (a hot key at peak); the item may lag the prints of other
 * containers by that bound.
 */
const lastChoiceName = (channel: string) => `last-shipping-choice:${channel}`;

function lastChoiceOf(channel: string): Promise<Record<string, unknown> | undefined> {
  return cachedReference(lastChoiceName(channel), () => getItem(lastShippingChoiceKey(channel)));
}

function sameChoice(kept: Record<string, unknown> | undefined, label: PurchasedLabel): boolean {
  return kept?.processorCode === label.processorCode && kept?.serviceCode === label.serviceCode;
}

function lastChoicePut(channel: string, label: PurchasedLabel): NamedItem {
  return [
    'last-shipping-choice',
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...lastShippingChoiceKey(channel),
          processorCode: label.processorCode,
          serviceCode: label.serviceCode,
          carrier: label.carrier,
          service: label.serviceName,
        },
      },
    },
  ];
}

export async function printLabel(request: PrintRequest) {
  const adapter = adapterFor(request.processorCode);
  // Reads in two rounds: what needs nothing (the order, the forms, the rules the order writer applies
  // on an update), then what needs the order.
  const rules = rulesForTrigger('order.updated');
  rules.catch(() => undefined);
  const [stored, labelForm, slipForm] = await Promise.all([
    loadOrder(request.orderId),
    cachedFormSettings('label'),
    cachedFormSettings('packing-slip'),
    rules,
  ]);
  const lastChoice = stored ? await lastChoiceOf(stored.order.channel) : undefined;
  if (!stored) throw new NotFound(`No order has the id ${request.orderId}.`);
  const { order } = stored;
  checkVersion('order', order.version, request.ifMatch);
  // Refused before anything is bought: an order that may not ship yet, lines that cannot ship, no
  // warehouse of its own or no address to ship from, units the warehouse cannot give this order, a ship
  // date a label may not carry.
  const shipUnpaid = request.shipUnpaid ?? false;
  const warehouseId = requireOrderWarehouse(order);
  const status = await statusOf(order.statusId);
  checkStatusAllowsPrint(order, status, shipUnpaid);
  const lines = linesToShip(order.lines, request.lines);
  const timeZone = reportingTimeZone();
  const range = shipDateRange(new Date(), timeZone);
  const shipDate = request.shipDate ?? range.earliest;
  checkShipDate(shipDate, range, timeZone);
  // The manifest this label will most likely join: rate tables date labels on the ship date asked.
  // Labels bought for this Idempotency-Key and voided since (their recording failed): buy anew.
  const [warehouse, { stock, knownStock, openOnShipDate, labelsVoided }] = await Promise.all([
    findWarehouse(warehouseId),
    readBeforeBuying(
      lines,
      warehouseId,
      { processorCode: request.processorCode, shipDate },
      request.requestKey,
    ),
  ]);
  if (!warehouse) {
    throw new Conflict(
      `Order ${order.id} names warehouse ${warehouseId}, which does not exist; assign another warehouse to the order.`,
      { reasonCode: 'no_warehouse', warehouseId },
    );
  }
  if (!warehouse.originAddress) {
    throw new Conflict(
      `Warehouse ${warehouse.code} has no origin address to ship from; set one (PUT /v1/inventory/warehouses/${warehouse.id}) first.`,
      { warehouseId: warehouse.id },
    );
  }
  const short = unitsShort(lines, order.allocations, stock, status.allowBackorder);
  if (short.length > 0) {
    throw new Conflict(
      `Not enough stock to ship: ${short.map((s) => `${s.sku} (${s.wanted} asked, ${s.shippable} on hand for this order)`).join('; ')}. No label was bought.`,
      { lines: short },
    );
  }
  const shipFrom = warehouse.originAddress;
  const shipmentId = newId();
  const labelKey = documentKey('label', shipmentId, shipDate);
  const weightGrams = request.packages.reduce((sum, pack) => sum + pack.weightGrams, 0);
  const purchaseUnder = (voided: number): PurchaseRequest => ({
    shipFrom,
    shipTo: order.shipTo,
    packages: request.packages,
    confirmation: request.confirmation,
    shipDate,
    serviceCode: request.serviceCode,
    // A retried request (same Idempotency-Key) finds the label its first attempt bought, unless that
    // label is known voided: then the key's next purchase key buys a new one.
    idempotencyKey: purchaseKeyFor(request.requestKey ?? shipmentId, voided),
    labelFormat: request.labelFormat ?? (labelForm.paperSize === 'letter' ? 'pdf_letter' : 'pdf_4x6'),
  });

  let signed: { fileName: string; link: Promise<PresignedUrl> } | undefined;
  const writes = watchWrites();
  const recorded = await buyUnderKnownKey((voided) =>
    buyAndRecord(adapter, purchaseUnder(voided), recordLabel, {
      now: () => new Date(),
      // Only a write that got no answer may have committed; anything else left no shipment behind.
      recordingSurelyFailed: () => !writes.uncertain(),
      onVoidFailed: (label, problem) =>
        logger.error('A bought label could not be voided after its recording failed: void it by hand', {
          processorCode: label.processorCode,
          labelId: label.labelId,
          trackingNumber: label.trackingNumber,
          problem: problem instanceof Error ? problem.message : problem,
        }),
      // Voided: a retry with the same Idempotency-Key must buy a new label, not get this one back.
      onVoided: (label) => noteVoided(label, voided),
    }),
  );
  countMetric('LabelsBought');
  return printed(recorded.shipment, recorded.orderVersion);

  /** The answer: the shipment and its label's link, signed once (the answer given before the commit is the one returned). */
  async function printed(shipment: Shipment, orderVersion: number): Promise<PrintedLabel> {
    const fileName = labelFileName(shipment);
    if (signed?.fileName !== fileName) signed = { fileName, link: presignedGetUrl(labelKey, { fileName }) };
    return { shipment, label: { ...(await signed.link), fileName }, orderVersion };
  }

  /** Records a bought label: its file stored while the shipment is recorded on its manifest. */
  async function recordLabel(label: PurchasedLabel) {
    const details = {
      source: 'label' as const,
      carrier: label.carrier,
      service: label.serviceName,
      trackingNumber: label.trackingNumber,
      shipDate: label.labelDate,
      packages: request.packages.length,
      weightGrams,
      parcels: request.packages.map((pack, index) => ({
        trackingNumber: label.packages[index]?.trackingNumber ?? label.trackingNumber,
        weightGrams: pack.weightGrams,
      })),
      cost: label.cost,
      labelKey,
      processorCode: label.processorCode,
      labelId: label.labelId,
    };
    const provisional: Shipment = {
      ...details,
      id: shipmentId,
      orderId: order.id,
      trackingStatus: 'unknown',
      lines,
      warehouseId: warehouse!.id,
      status: 'active',
      createdBy: request.actor,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      version: 1,
    };
    // The label is rendered and stored while the recording reads the stock; the commit waits for it,
    // so no shipment is ever recorded without its label file.
    const labelStored = renderLabel(provisional).then((pdf) =>
      putBytes({
        key: labelKey,
        bytes: pdf,
        contentType: 'application/pdf',
        fileName: labelFileName(provisional),
      }).catch((error: unknown) => {
        // Typed, so the commit's retry policy does not take S3's failure for the database's.
        logger.error('The label file could not be stored; the shipment is not recorded', {
          key: labelKey,
          problem: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        });
        throw new ServiceUnavailable(
          'The label file could not be stored, so the shipment was not recorded and the label bought for it is voided. Print again shortly.',
          {},
          { 'retry-after': String(fileStorageRetryAfterSeconds) },
        );
      }),
    );
    labelStored.catch(() => undefined); // awaited by the commit, and below
    try {
      return await writes.run(() => recordOnManifest(details, label, labelStored));
    } finally {
      // A recording refused early does not leave the upload running behind the answer (and the void).
      await labelStored.catch(() => undefined);
    }
  }

  /**
   * Buys (and records) under the key's purchase key for the labels known voided so far. A carrier that
   * keeps labels may know of a voided one this service did not note (its note failed, or it was voided
   * at the carrier): it refuses the key (PurchaseKeyVoided) and buys nothing, so the label is noted
   * voided and the next purchase key is used, once. Only a label known voided moves the key on, so a
   * shipment never gets two paid labels.
   */
  async function buyUnderKnownKey<T>(buy: (voided: number) => Promise<T>): Promise<T> {
    try {
      return await buy(labelsVoided);
    } catch (error) {
      if (!(error instanceof PurchaseKeyVoided)) throw error;
      const voidedLabel = error.extensions.labelId;
      if (request.requestKey !== undefined) {
        try {
          return await buy(await noteLabelVoided(request.requestKey, labelsVoided));
        } catch (again) {
          if (!(again instanceof PurchaseKeyVoided)) throw again;
        }
      }
      throw new Conflict(
        `The label bought for this Idempotency-Key (${String(voidedLabel)}) was voided, and no new label could be bought for it; send the print again with a new Idempotency-Key.`,
        { reasonCode: 'label_voided', labelId: voidedLabel },
      );
    }
  }

  /** Notes a label voided after its recording failed, for the request's Idempotency-Key (if it has one). */
  async function noteVoided(label: PurchasedLabel, voided: number): Promise<void> {
    if (request.requestKey === undefined) return; // bought under the shipment's id: nothing buys under it again
    await noteLabelVoided(request.requestKey, voided).then(
      () => undefined,
      (error: unknown) =>
        logger.error(
          'A voided label could not be noted for its Idempotency-Key: a retry with the same key gets the voided label back (built-in carriers) or a new label after the carrier refuses the key (ShipEngine)',
          {
            processorCode: label.processorCode,
            labelId: label.labelId,
            problem: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
          },
        ),
    );
  }

  /** Decided again when the order changed since it was checked (a hold set while the label was bought). */
  async function stillPrintable(current: Order): Promise<void> {
    if (current.version === order.version) return;
    if (current.warehouseId !== warehouse!.id) {
      throw new Conflict(
        `Order ${order.id} moved to another warehouse while its label was bought; print again.`,
        { reasonCode: 'warehouse_changed' },
      );
    }
    checkStatusAllowsPrint(current, await statusOf(current.statusId), shipUnpaid);
  }

  /**
   * Whether the history says the order shipped unpaid (and what it owed), decided from the order the
   * commit conditions on, not from the first read: a payment committed since then changes the order's
   * version, so the commit is decided again from the paid order.
   */
  async function unpaidNotes(current: Order): Promise<ChangeNote[]> {
    const currentStatus = current.version === order.version ? status : await statusOf(current.statusId);
    return shipsUnpaid(currentStatus, shipUnpaid) ? [unpaidShipmentNote(current)] : [];
  }

  async function renderLabel(shipment: Shipment): Promise<Uint8Array> {
    const { renderLabelPdf } = await loadPdfRenderers();
    return renderLabelPdf(
      labelDocument({
        order,
        shipment,
        shipFrom,
        ...(warehouse!.returnAddress ? { returnAddress: warehouse!.returnAddress } : {}),
        label: labelForm,
        packingSlip: slipForm,
        ...(request.labelFormat ? { labelFormat: request.labelFormat } : {}),
      }),
    );
  }

  /** Records the shipment on the open manifest (or a new one); a manifest closed meanwhile is retried. */
  async function recordOnManifest(
    details: Parameters<typeof recordShipment>[0]['details'],
    label: PurchasedLabel,
    labelStored: Promise<void>,
  ): Promise<{ shipment: Shipment; orderVersion: number }> {
    for (let attempt = 1; ; attempt += 1) {
      const readBefore = attempt === 1 && order.warehouseId === warehouse!.id && label.labelDate === shipDate;
      const open = readBefore
        ? openOnShipDate
        : await openManifestId(label.processorCode, warehouse!.id, label.labelDate);
      const placement: ManifestPlacement = open
        ? { kind: 'join', manifestId: open }
        : {
            kind: 'open',
            manifest: {
              id: newId(),
              processorCode: label.processorCode,
              carrier: label.carrier,
              warehouseId: warehouse!.id,
              warehouseCode: warehouse!.code,
              shipDate: label.labelDate,
            },
          };
      const manifestId = placement.kind === 'join' ? placement.manifestId : placement.manifest.id;
      try {
        const { shipment, order: committed } = await recordShipment({
          orderId: order.id,
          actor: request.actor,
          // The lines the label was bought for: a change since (another print, a cancel) is a 409.
          lines: lines.map((line) => ({ itemId: line.itemId, quantity: line.quantity })),
          shipmentId,
          ...(attempt === 1 ? { read: stored, rules, knownStock } : {}),
          ...(request.ifMatch === undefined ? {} : { ifMatch: request.ifMatch }),
          check: stillPrintable,
          notes: unpaidNotes,
          commitAfter: labelStored,
          details: { ...details, manifestId },
          ...(request.answer
            ? {
                answer: async (shipment: Shipment, committed: CommittedOrder) =>
                  request.answer!(await printed(shipment, committed.order.version)),
              }
            : {}),
          items: (shipment) => [
            ...manifestJoinItems(placement, shipment),
            ...(sameChoice(lastChoice, label) ? [] : [lastChoicePut(order.channel, label)]),
          ],
        });
        if (!sameChoice(lastChoice, label)) {
          keepReference(lastChoiceName(order.channel), lastChoicePut(order.channel, label)[1].Put!.Item);
        }
        return { shipment, orderVersion: committed.order.version };
      } catch (error) {
        const manifestMoved =
          error instanceof TransactionCancelled &&
          (error.refused('manifest') || error.refused('open-manifest'));
        if (!manifestMoved || attempt >= 5) throw error;
      }
    }
  }
}

/** Fulfillment's own items: the forms settings of each document type. */
import type { ItemKey } from './item-key';

/** One settings item per document type (packing slip, pick list, label, invoice, manifest). */
export const formSettingsKey = (documentType: string): ItemKey => ({
  PK: 'SETTINGS',
  SK: `FORM#${documentType}`,
});

/** The carrier and service a channel's orders were last shipped with (the ship-now draft suggests it). */
export const lastShippingChoiceKey = (channel: string): ItemKey => ({
  PK: `CHANNEL#${encodeURIComponent(channel.toLowerCase())}`,
  SK: 'LAST_SHIPPING_CHOICE',
});

/**
 * A manifest: the labels of one carrier, warehouse and ship date, closed into the end-of-day form. Listed
 * by ship date one month per GSI1 partition; its entries (one per shipment) live in its partition.
 */
export const manifestKey = (manifestId: string): ItemKey => ({
  PK: `MANIFEST#${manifestId}`,
  SK: 'MANIFEST',
});
export const manifestIndexKeys = (manifest: { id: string; shipDate: string }) => ({
  GSI1PK: `MANIFESTS#${manifest.shipDate.slice(0, 7)}`,
  GSI1SK: `${manifest.shipDate}#${manifest.id}`,
});
export const manifestsOfMonth = (month: string) => ({ index: 'GSI1' as const, pk: `MANIFESTS#${month}` });
export const manifestEntryKey = (manifestId: string, shipmentId: string): ItemKey => ({
  PK: `MANIFEST#${manifestId}`,
  SK: `E#${shipmentId}`,
});
export const manifestEntries = (manifestId: string) => ({ pk: `MANIFEST#${manifestId}`, skPrefix: 'E#' });
/** Which manifest is open for a carrier, warehouse and ship date: the one prints join. */
export const openManifestKey = (processorCode: string, warehouseId: string, shipDate: string): ItemKey => ({
  PK: `OPENMANIFEST#${processorCode}#${warehouseId}#${shipDate}`,
  SK: 'OPENMANIFEST',
});

/**
 * What is known of the labels bought for a print's Idempotency-Key (its request key, already a hash of
 * caller, operation and key): `voided`, how many of them were voided after their recording surely
 * failed. The next purchase for the key buys under a key of its own (labels/print-rules purchaseKeyFor).
 */
export const labelPurchaseKey = (requestKey: string): ItemKey => ({
  PK: `LABELPURCHASE#${encodeURIComponent(requestKey)}`,
  SK: 'LABELPURCHASE',
});

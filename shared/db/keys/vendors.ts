/** Vendors and their purchase-order sources. */
import type { ItemKey } from './item-key';
import { collationKey, lower } from './item-key';

export const vendorKey = (id: string): ItemKey => ({ PK: `VENDOR#${id}`, SK: 'VENDOR' });
export const vendorCodeKey = (code: string): ItemKey => ({
  PK: `VENDOR_CODE#${lower(code)}`,
  SK: 'VENDOR_CODE',
});
export const vendorIndexKeys = (vendor: { id: string; name: string; code: string }) => ({
  GSI1PK: 'VENDORS',
  GSI1SK: `NAME#${collationKey(vendor.name)}#${vendor.id}`,
  GSI2PK: 'VENDORS',
  GSI2SK: `CODE#${lower(vendor.code)}`,
});
export const vendorsByNamePrefix = (prefix = '') => ({
  index: 'GSI1' as const,
  pk: 'VENDORS',
  skPrefix: `NAME#${collationKey(prefix)}`,
});
export const vendorsByCodePrefix = (prefix = '') => ({
  index: 'GSI2' as const,
  pk: 'VENDORS',
  skPrefix: `CODE#${lower(prefix)}`,
});

export const poSourceKey = (id: string): ItemKey => ({ PK: `POSOURCE#${id}`, SK: 'POSOURCE' });
export const poSourceUniqueKey = (source: {
  vendorId: string;
  sku: string;
  warehouseId: string;
}): ItemKey => ({
  PK: `POSOURCE_UNIQ#${source.vendorId}#${source.sku}#${source.warehouseId}`,
  SK: 'POSOURCE_UNIQ',
});
export const poSourceIndexKeys = (source: {
  id: string;
  vendorId: string;
  sku: string;
  warehouseId: string;
}) => ({
  GSI1PK: `VENDOR#${source.vendorId}`,
  GSI1SK: `POSOURCE#${source.sku}#${source.warehouseId}`,
  GSI2PK: `SKU#${source.sku}`,
  GSI2SK: `POSOURCE#${source.vendorId}#${source.warehouseId}`,
  GSI3PK: 'POSOURCES',
  GSI3SK: source.id,
});
export const poSourcesOfVendor = (vendorId: string) => ({
  index: 'GSI1' as const,
  pk: `VENDOR#${vendorId}`,
  skPrefix: 'POSOURCE#',
});
export const poSourcesOfSku = (sku: string) => ({
  index: 'GSI2' as const,
  pk: `SKU#${sku}`,
  skPrefix: 'POSOURCE#',
});
export const allPoSources = () => ({ index: 'GSI3' as const, pk: 'POSOURCES', skPrefix: '' });

/** One complete vendor and its stored item, written the way the vendors repository writes it. */
import { ulid } from 'ulid';
import type { Vendor } from '../../functions/vendors/vendors/schemas';
import { vendorIndexKeys, vendorKey } from '../../shared/db/keys';

export function benchVendor(): { vendor: Vendor; item: Record<string, unknown> } {
  const at = new Date().toISOString();
  const vendor: Vendor = {
    id: ulid(),
    code: 'BENCH-001',
    name: 'Benchmark Supplies',
    currency: 'USD',
    leadTimeDays: 7,
    active: true,
    poSourceCount: 0,
    version: 1,
    createdAt: at,
    updatedAt: at,
  };
  return {
    vendor,
    item: { ...vendorKey(vendor.id), ...vendorIndexKeys(vendor), entity: 'vendor', ...vendor },
  };
}

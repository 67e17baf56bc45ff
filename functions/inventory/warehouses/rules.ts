/** Pure decisions of warehouse writes: what may be deleted, and the default warehouse staying active. */
import type { AppError } from '../../../shared/errors';
import { Conflict, ValidationFailed } from '../../../shared/errors';
import type { WarehouseCounters } from '../../../shared/warehouses/repository';
import type { Warehouse } from '../../../shared/warehouses/warehouse';

/** A SKU whose orders hold units in the warehouse (a stock record with allocations). */
export interface AllocationHeld {
  sku: string;
  allocated: number;
  backordered: number;
}

/** The allocations read to name them (a bounded page: `more` when others exist). */
export interface AllocationsRead {
  items: AllocationHeld[];
  more: boolean;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function allocationText({ sku, allocated, backordered }: AllocationHeld): string {
  return `${sku} (${allocated} allocated${backordered > 0 ? `, ${backordered} backordered` : ''})`;
}

/**
 * Why a warehouse cannot be deleted, naming everything that uses it and where to find it; undefined when
 * nothing does. The counters are the warehouse item's (the delete is conditioned on them, so this read
 * only words the refusal); `allocations` names the SKUs behind `stockRecordsInUse`.
 */
export function deleteRefusal(
  warehouse: Pick<Warehouse, 'id' | 'code'>,
  counters: WarehouseCounters,
  allocations: AllocationsRead,
): Conflict | undefined {
  const parts: string[] = [];
  if (counters.unitsOnHand > 0) {
    parts.push(
      `it holds ${plural(counters.unitsOnHand, 'unit', 'units')} of ${plural(counters.skusHeld, 'SKU', 'SKUs')} (bring its stock to zero)`,
    );
  }
  if (allocations.items.length > 0) {
    const named = allocations.items.map(allocationText).join(', ');
    parts.push(
      `orders hold allocations of ${named}${allocations.more ? ' and more SKUs' : ''} (ship or cancel those orders, or assign them another warehouse)`,
    );
  } else if (counters.unitsOnHand <= 0 && counters.stockRecordsInUse > 0) {
    // The counter moved with a stock write the index does not show yet.
    parts.push(
      `${plural(counters.stockRecordsInUse, 'stock record is', 'stock records are')} being changed in it right now (try again shortly)`,
    );
  }
  if (counters.poSourceCount > 0) {
    parts.push(
      `${plural(counters.poSourceCount, 'purchase-order source receives', 'purchase-order sources receive')} into it (delete them: GET /v1/vendors/po-sources?warehouseId=${warehouse.id})`,
    );
  }
  if (counters.stockRuleCount > 0) {
    parts.push(
      `${plural(counters.stockRuleCount, 'stock rule names', 'stock rules name')} it (delete or move them: GET /v1/inventory/rules?warehouseId=${warehouse.id})`,
    );
  }
  if (counters.alertRuleCount > 0) {
    parts.push(
      `${plural(counters.alertRuleCount, 'alert rule names', 'alert rules name')} it (delete or change them: GET /v1/inventory/alert-rules?warehouseId=${warehouse.id})`,
    );
  }
  if (parts.length === 0) return undefined;
  return new Conflict(`Warehouse ${warehouse.code} is in use: ${parts.join('; ')}. Nothing was deleted.`, {
    unitsOnHand: counters.unitsOnHand,
    skusHeld: counters.skusHeld,
    stockRecordsInUse: counters.stockRecordsInUse,
    allocations: allocations.items,
    poSourceCount: counters.poSourceCount,
    stockRuleCount: counters.stockRuleCount,
    alertRuleCount: counters.alertRuleCount,
  });
}

/**
 * The default warehouse is always active: refuses a create or replace that would leave the default
 * inactive. `wantsDefault` is what the body asks (isDefault), `isDefault` whether it is the default now,
 * `first` whether it becomes the default as the first warehouse.
 */
export function inactiveDefaultRefusal(write: {
  code: string;
  active: boolean;
  wantsDefault: boolean | undefined;
  isDefault: boolean;
  first: boolean;
}): AppError | undefined {
  if (write.active) return undefined;
  if (write.wantsDefault === true) {
    return new ValidationFailed(
      'The default warehouse is always active: an inactive warehouse cannot be made the default.',
      [{ path: 'body.active', message: 'must be true for the default warehouse' }],
    );
  }
  if (write.first) {
    return new Conflict(
      `The first warehouse becomes the default, and the default warehouse is always active: create ${write.code} active.`,
    );
  }
  if (write.isDefault) {
    return new Conflict(
      `Warehouse ${write.code} is the default, and the default warehouse is always active: make another warehouse the default first (PUT it with isDefault: true).`,
    );
  }
  return undefined;
}

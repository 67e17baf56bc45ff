import { describe, expect, it } from 'vitest';
import { Conflict, ValidationFailed } from '../../shared/errors';
import type { WarehouseCounters } from '../../shared/warehouses/repository';
import { deleteRefusal, inactiveDefaultRefusal } from '../../functions/inventory/warehouses/rules';

const warehouse = { id: '01JD0000000000000000000000', code: 'EAST' };
const idle: WarehouseCounters = {
  unitsOnHand: 0,
  skusHeld: 0,
  skusBackordered: 0,
  stockRecordsInUse: 0,
  poSourceCount: 0,
  stockRuleCount: 0,
  alertRuleCount: 0,
};
const none = { items: [], more: false };

describe('deleting a warehouse', () => {
  it('is allowed when nothing uses it', () => {
    expect(deleteRefusal(warehouse, idle, none)).toBeUndefined();
  });

  it('is refused while orders hold allocations, even with nothing on hand, naming the SKUs', () => {
    const refusal = deleteRefusal(
      warehouse,
      { ...idle, stockRecordsInUse: 2, skusBackordered: 2 },
      {
        items: [
          { sku: 'BO-1', allocated: 3, backordered: 3 },
          { sku: 'constructor', allocated: 1, backordered: 1 },
        ],
        more: true,
      },
    );
    expect(refusal).toBeInstanceOf(Conflict);
    expect(refusal!.message).toBe(
      'Warehouse EAST is in use: orders hold allocations of BO-1 (3 allocated, 3 backordered), constructor (1 allocated, 1 backordered) and more SKUs (ship or cancel those orders, or assign them another warehouse). Nothing was deleted.',
    );
    expect(refusal!.extensions).toMatchObject({
      stockRecordsInUse: 2,
      allocations: [
        { sku: 'BO-1', allocated: 3, backordered: 3 },
        { sku: 'constructor', allocated: 1, backordered: 1 },
      ],
    });
  });

  it('is refused while the counter says in use though the index shows no allocation yet', () => {
    const refusal = deleteRefusal(warehouse, { ...idle, stockRecordsInUse: 1 }, none);
    expect(refusal!.message).toContain('1 stock record is being changed in it right now (try again shortly)');
  });

  it('names every use at once: stock, purchase-order sources, stock and alert rules, with where to find them', () => {
    const refusal = deleteRefusal(
      warehouse,
      {
        ...idle,
        unitsOnHand: 8,
        skusHeld: 2,
        stockRecordsInUse: 2,
        poSourceCount: 3,
        stockRuleCount: 1,
        alertRuleCount: 2,
      },
      none,
    );
    expect(refusal!.message).toBe(
      `Warehouse EAST is in use: it holds 8 units of 2 SKUs (bring its stock to zero); 3 purchase-order sources receive into it (delete them: GET /v1/vendors/po-sources?warehouseId=${warehouse.id}); 1 stock rule names it (delete or move them: GET /v1/inventory/rules?warehouseId=${warehouse.id}); 2 alert rules name it (delete or change them: GET /v1/inventory/alert-rules?warehouseId=${warehouse.id}). Nothing was deleted.`,
    );
    expect(refusal!.extensions).toMatchObject({
      unitsOnHand: 8,
      poSourceCount: 3,
      stockRuleCount: 1,
      alertRuleCount: 2,
    });
  });
});

describe('the default warehouse stays active', () => {
  const write = { code: 'EAST', active: false, wantsDefault: undefined, isDefault: false, first: false };

  it('lets any other warehouse be inactive, and any warehouse be active', () => {
    expect(inactiveDefaultRefusal(write)).toBeUndefined();
    expect(
      inactiveDefaultRefusal({ ...write, active: true, wantsDefault: true, first: true }),
    ).toBeUndefined();
  });

  it('refuses making an inactive warehouse the default as invalid input (400)', () => {
    const refusal = inactiveDefaultRefusal({ ...write, wantsDefault: true });
    expect(refusal).toBeInstanceOf(ValidationFailed);
    expect((refusal as ValidationFailed).errors).toEqual([
      { path: 'body.active', message: 'must be true for the default warehouse' },
    ]);
  });

  it('refuses deactivating the default and an inactive first warehouse as conflicts (409)', () => {
    const current = inactiveDefaultRefusal({ ...write, isDefault: true });
    expect(current).toBeInstanceOf(Conflict);
    expect(current!.message).toContain('make another warehouse the default first');
    const first = inactiveDefaultRefusal({ ...write, first: true });
    expect(first).toBeInstanceOf(Conflict);
    expect(first!.message).toContain('The first warehouse becomes the default');
  });
});

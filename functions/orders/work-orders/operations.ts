/**
 * Work orders: stock moves in one warehouse, applied through the stock ledger as one transaction when
 * they are created (there are no open work orders: nothing would ever apply or cancel them).
 */
import { newId } from '../../../shared/ids';
import type { MovementType } from '../../../shared/domain/stock-ledger';
import { UnitCostRequired, WarehouseRefused } from '../../../shared/domain/stock-ledger';
import { ValidationFailed } from '../../../shared/errors';
import type { Implementations } from '../../../shared/http/catalogue';
import { applyStockMovements } from '../../../shared/stock/ledger';
import { findWarehouseRecord, listWarehouses } from '../../../shared/warehouses/repository';
import type { ordersCatalogue } from '../routes';
import { acceptsWorkOrdersCondition, workOrderPut } from './repository';
import type { WorkOrder } from './schemas';

const refusedWarehouse = (warehouseId: string) =>
  new ValidationFailed(
    `Warehouse ${warehouseId} does not exist, is inactive or does not accept work orders.`,
    [{ path: 'body.warehouseId', message: 'no active warehouse with this id accepts work orders' }],
  );

function unitCostRequired(error: UnitCostRequired, lines: WorkOrder['lines']): ValidationFailed {
  return new ValidationFailed(
    `No unit cost is known for ${error.missing.map((m) => m.sku).join(', ')} in this warehouse (nothing on hand, no cost received yet): give the unit cost of ${error.missing.length === 1 ? 'that line' : 'those lines'}. Nothing was changed.`,
    error.missing.map(({ index }) => ({
      path: `body.lines[${index}].unitCost`,
      message: `required: ${lines[index]!.sku} has no average cost here yet`,
    })),
  );
}

const movementTypeOf: Record<WorkOrder['reason'], MovementType> = {
  assembly: 'assembly',
  adjustment: 'adjustment',
  receipt: 'receipt',
  count: 'count',
};

type Routes = typeof ordersCatalogue.routes;
type WorkOrderOperations = Pick<Implementations<Routes>, 'createWorkOrder' | 'listWorkOrderWarehouses'>;

export const workOrderOperations: WorkOrderOperations = {
  async createWorkOrder({ body, caller }) {
    if (body.reason === 'receipt') {
      const outbound = body.lines.findIndex((line) => line.quantity < 0);
      if (outbound >= 0) {
        throw new ValidationFailed('A receipt only adds units.', [
          { path: `body.lines[${outbound}].quantity`, message: 'must be positive for a receipt' },
        ]);
      }
    }
    // Read first so a closed or unknown warehouse is named before any line (the ledger checks it again).
    const warehouse = (await findWarehouseRecord(body.warehouseId, true))?.warehouse;
    if (!warehouse?.active || !warehouse.acceptsWorkOrders) throw refusedWarehouse(body.warehouseId);
    const id = newId();
    const workOrder: WorkOrder = {
      id,
      warehouseId: body.warehouseId,
      reason: body.reason,
      lines: body.lines,
      orderReference: body.orderReference,
      note: body.note,
      status: 'applied',
      movementIds: [],
      createdAt: new Date().toISOString(),
      createdBy: caller.username,
    };
    const requests = body.lines.map((line) => ({
      sku: line.sku,
      warehouseId: body.warehouseId,
      type: movementTypeOf[body.reason],
      quantity: line.quantity,
      unitCost: line.unitCost,
      reference: { type: 'work-order', id },
    }));
    let applied = workOrder;
    try {
      await applyStockMovements(requests, {
        // The work order records its movements, known once the ledger has planned them.
        with: (movements) => {
          applied = { ...workOrder, movementIds: movements.map((movement) => movement.id) };
          return [['workOrder', workOrderPut(applied)]];
        },
        warehouseCondition: acceptsWorkOrdersCondition,
      });
    } catch (error) {
      if (error instanceof WarehouseRefused) throw refusedWarehouse(body.warehouseId);
      if (error instanceof UnitCostRequired) throw unitCostRequired(error, body.lines);
      throw error;
    }
    return { body: applied };
  },

  async listWorkOrderWarehouses({ query }) {
    return {
      body: await listWarehouses({ active: true, acceptsWorkOrders: true }, query.limit, query.cursor),
    };
  },
};

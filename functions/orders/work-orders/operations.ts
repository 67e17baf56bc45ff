/** Work orders: stock moves in one warehouse, applied through the stock ledger as one transaction. */
import { newId } from '../../../shared/ids';
import { TransactionCancelled } from '../../../shared/db/errors';
import type { MovementType } from '../../../shared/domain/stock-ledger';
import { WarehouseRefused } from '../../../shared/domain/stock-ledger';
import { ValidationFailed } from '../../../shared/errors';
import type { Implementations } from '../../../shared/http/catalogue';
import { applyStockMovements } from '../../../shared/stock/ledger';
import { listWarehouses } from '../../../shared/warehouses/repository';
import type { ordersCatalogue } from '../routes';
import {
  acceptsWorkOrdersCondition,
  countOpenWorkOrders,
  insertOpenWorkOrder,
  workOrderPut,
} from './repository';
import type { WorkOrder } from './schemas';

const refusedWarehouse = (warehouseId: string) =>
  new ValidationFailed(
    `Warehouse ${warehouseId} does not exist, is inactive or does not accept work orders.`,
    [{ path: 'body.warehouseId', message: 'no active warehouse with this id accepts work orders' }],
  );

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
    const id = newId();
    const workOrder: WorkOrder = {
      id,
      warehouseId: body.warehouseId,
      reason: body.reason,
      lines: body.lines,
      orderReference: body.orderReference,
      note: body.note,
      status: body.apply ? 'applied' : 'open',
      movementIds: [],
      createdAt: new Date().toISOString(),
      createdBy: caller.username,
    };
    if (!body.apply) {
      try {
        await insertOpenWorkOrder(workOrder);
      } catch (error) {
        if (error instanceof TransactionCancelled && error.refused('warehouse')) {
          throw refusedWarehouse(body.warehouseId);
        }
        throw error;
      }
      return { body: workOrder };
    }
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
      throw error;
    }
    return { body: applied };
  },

  async listWorkOrderWarehouses({ query }) {
    const page = await listWarehouses({ active: true, acceptsWorkOrders: true }, query.limit, query.cursor);
    const counts = await Promise.all(page.items.map((warehouse) => countOpenWorkOrders(warehouse.id)));
    return {
      body: {
        items: page.items.map((warehouse, index) => ({ ...warehouse, openWorkOrders: counts[index]! })),
        nextCursor: page.nextCursor,
      },
    };
  },
};

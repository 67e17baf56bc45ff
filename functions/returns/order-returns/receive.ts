/** Receiving a return: the units counted back, and the restock through the stock ledger. */
import type { MovementRequest } from '../../../shared/domain/stock-ledger';
import { WarehouseRefused } from '../../../shared/domain/stock-ledger';
import { checkAction, withReceipt } from '../../../shared/domain/returns';
import { Conflict } from '../../../shared/errors';
import { applyStockMovements } from '../../../shared/stock/ledger';
import { replaceReturn, returnPut } from './repository';
import { warehouseIsActive } from '../../../shared/warehouses/counters';
import type { Implementations } from '../../../shared/http/catalogue';
import type { returnRoutes } from './routes';
import {
  answer,
  retried,
  existingReturn,
  transitioned,
  plural,
  unitsOf,
  activeWarehouse,
  restockCostsAndStock,
} from './steps';

type Operations = Pick<Implementations<typeof returnRoutes>, 'receiveOrderReturn'>;

export const receiveOperations: Operations = {
  async receiveOrderReturn({ params, body, caller, ifMatch, conditions }) {
    // Every restock names an active warehouse (read once: a deactivation meanwhile fails the commit).
    await Promise.all(
      body.lines.flatMap((line, index) =>
        line.disposition === 'restock' && line.warehouseId
          ? [activeWarehouse(line.warehouseId, `body.lines[${index}].warehouseId`)]
          : [],
      ),
    );
    const next = await retried(`Return ${params.return_id}`, async () => {
      const ret = await existingReturn(params.order_id, params.return_id, { ifMatch, conditions });
      checkAction(ret, 'receive');
      const { lines, complete } = withReceipt(ret, body.lines);
      const restocks = body.lines.filter((line) => line.disposition === 'restock');
      const skuOf = (itemId: string) => ret.lines.find((line) => line.itemId === itemId)!.sku;
      const { costs, stock } = await restockCostsAndStock(
        params.order_id,
        restocks.map((line) => ({ itemId: line.itemId, sku: skuOf(line.itemId) })),
      );
      const at = new Date().toISOString();
      const receiptLines = body.lines.map((line) => {
        const unitCost = line.disposition === 'restock' ? costs.get(line.itemId) : undefined;
        return { ...line, ...(unitCost === undefined ? {} : { unitCost }) };
      });
      const counted = (disposition: string) =>
        unitsOf(body.lines.filter((line) => line.disposition === disposition));
      const received = transitioned(
        ret,
        'receive',
        complete ? 'received' : 'approved',
        caller.username,
        `Received ${plural(unitsOf(body.lines), 'unit')} (${counted('restock')} restocked, ${counted('damaged')} damaged, ${counted('missing')} missing)${complete ? '; every line is accounted for' : ''}`,
        { lines, receipts: [...ret.receipts, { at, by: caller.username, lines: receiptLines }] },
      );
      const movements: MovementRequest[] = receiptLines
        .filter((line) => line.disposition === 'restock')
        .map((line) => ({
          sku: skuOf(line.itemId),
          warehouseId: line.warehouseId!,
          type: 'return',
          quantity: line.quantity,
          ...(line.unitCost === undefined ? {} : { unitCost: line.unitCost }),
          reference: { type: 'return', id: ret.id },
        }));
      if (movements.length === 0) {
        await replaceReturn(received, ret.version);
        return received;
      }
      try {
        await applyStockMovements(movements, {
          owner: `return:${ret.id}`,
          with: () => [returnPut(received, ret.version)],
          warehouseCondition: warehouseIsActive,
          // Every record of the SKUs was read for the costs: those of the restocks' warehouses among them.
          known: { pairs: movements, items: stock },
        });
      } catch (error) {
        if (error instanceof WarehouseRefused) {
          throw new Conflict(`Warehouse ${error.warehouseId} does not exist or is no longer active.`, {
            warehouseId: error.warehouseId,
          });
        }
        throw error;
      }
      return received;
    });
    return { body: answer(next), version: next.version };
  },
};

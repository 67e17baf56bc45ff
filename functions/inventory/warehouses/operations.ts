/** Warehouses: unique codes, exactly one default, no delete while stock or rules depend on one. */
import { newId } from '../../../shared/ids';
import { Conflict, NotFound, ValidationFailed } from '../../../shared/errors';
import type { Implementations } from '../../../shared/http/catalogue';
import type { WarehouseRecord } from '../../../shared/warehouses/repository';
import { findWarehouseRecord, listWarehouseRecords } from '../../../shared/warehouses/repository';
import { stockSummary } from '../../../shared/warehouses/stock-summary';
import type { Warehouse } from '../../../shared/warehouses/warehouse';
import { anyRefusal, withRetry } from '../../../shared/db/retry';
import { checkVersion } from '../../../shared/domain/versions';
import type { inventoryCatalogue } from '../routes';
import type { DefaultPointer, PointerChange } from './repository';
import {
  deleteWarehouse,
  insertWarehouse,
  readDefaultPointer,
  updateWarehouse,
  warehouseIdWithCode,
} from './repository';
import type { WarehouseView } from './schemas';

const now = () => new Date().toISOString();
const noStock = { unitsOnHand: 0, skusHeld: 0, stockRuleCount: 0 };

function view(record: WarehouseRecord): WarehouseView {
  return { ...record.warehouse, stockSummary: stockSummary(record.counters, record.warehouse.capacity) };
}

function duplicateCode(code: string): Conflict {
  return new Conflict(`Another warehouse already has the code ${code}.`, { field: 'code' });
}

async function requireWarehouse(id: string): Promise<WarehouseRecord> {
  const record = await findWarehouseRecord(id, true);
  if (!record) throw new NotFound(`No warehouse has the id ${id}.`);
  return record;
}

async function refuseTakenCode(code: string, self: string): Promise<void> {
  const holder = await warehouseIdWithCode(code);
  if (holder !== undefined && holder !== self) throw duplicateCode(code);
}

function successorError(message: string, detail: string): ValidationFailed {
  return new ValidationFailed(detail, [{ path: 'query.newDefaultId', message }]);
}

/** What deleting a warehouse does to the default: the default may only go last or with a named successor. */
async function pointerChangeOnDelete(
  warehouse: Warehouse,
  pointer: DefaultPointer | undefined,
  newDefaultId: string | undefined,
): Promise<PointerChange> {
  if (pointer?.warehouseId !== warehouse.id) {
    if (newDefaultId !== undefined) {
      throw successorError(
        'only when deleting the default warehouse',
        `Warehouse ${warehouse.code} is not the default; newDefaultId only applies to deleting the default.`,
      );
    }
    return pointer ? { kind: 'count' } : { kind: 'none' };
  }
  if (newDefaultId === undefined) {
    if (pointer.warehouseCount > 1) {
      throw new Conflict(
        `Warehouse ${warehouse.code} is the default; name the next default with ?newDefaultId=<id>.`,
      );
    }
    return { kind: 'clear', from: warehouse.id };
  }
  if (newDefaultId === warehouse.id) {
    throw successorError('must name another warehouse', 'The new default must be another warehouse.');
  }
  if (!(await findWarehouseRecord(newDefaultId, true))) {
    throw successorError('no warehouse has this id', `No warehouse has the id ${newDefaultId}.`);
  }
  return { kind: 'move', from: warehouse.id, to: newDefaultId };
}

type Routes = typeof inventoryCatalogue.routes;
type WarehouseOperations = Pick<
  Implementations<Routes>,
  'listWarehouses' | 'createWarehouse' | 'getWarehouse' | 'updateWarehouse' | 'deleteWarehouse'
>;

export const warehouseOperations: WarehouseOperations = {
  async listWarehouses({ query }) {
    const { limit, cursor, ...filter } = query;
    const page = await listWarehouseRecords(filter, limit, cursor);
    return { body: { items: page.items.map(view), nextCursor: page.nextCursor } };
  },

  async createWarehouse({ body }) {
    const { isDefault: wantsDefault, ...fields } = body;
    const id = newId();
    return withRetry({ what: 'The warehouses', isRace: anyRefusal }, async () => {
      await refuseTakenCode(body.code, id);
      const pointer = await readDefaultPointer();
      // The first warehouse is the default whatever it asks: there is always exactly one.
      const change: PointerChange = !pointer
        ? { kind: 'first', to: id }
        : wantsDefault
          ? { kind: 'move', from: pointer.warehouseId, to: id }
          : { kind: 'count' };
      const at = now();
      const warehouse: Warehouse = {
        ...fields,
        id,
        isDefault: change.kind !== 'count',
        version: 1,
        createdAt: at,
        updatedAt: at,
      };
      await insertWarehouse(warehouse, change);
      return {
        body: view({ warehouse, counters: noStock }),
        version: warehouse.version,
        headers: { location: `/v1/inventory/warehouses/${id}` },
      };
    });
  },

  async getWarehouse({ params }) {
    const record = await findWarehouseRecord(params.id);
    if (!record) throw new NotFound(`No warehouse has the id ${params.id}.`);
    return { body: view(record), version: record.warehouse.version };
  },

  async updateWarehouse({ params, body, ifMatch }) {
    const { isDefault: wanted, ...fields } = body;
    return withRetry({ what: 'The warehouse', isRace: anyRefusal }, async () => {
      const previous = await requireWarehouse(params.id);
      checkVersion('warehouse', previous.warehouse.version, ifMatch);
      if (body.code.toLowerCase() !== previous.warehouse.code.toLowerCase()) {
        await refuseTakenCode(body.code, params.id);
      }
      const pointer = await readDefaultPointer();
      const isDefault = pointer ? pointer.warehouseId === params.id : previous.warehouse.isDefault;
      if (wanted === false && isDefault) {
        throw new Conflict(
          `Warehouse ${previous.warehouse.code} is the default; make another warehouse the default instead.`,
        );
      }
      const becomesDefault = wanted === true && !isDefault;
      const change: PointerChange = !becomesDefault
        ? { kind: 'none' }
        : pointer
          ? { kind: 'move', from: pointer.warehouseId, to: params.id }
          : { kind: 'first', to: params.id };
      const next: Warehouse = {
        ...fields,
        id: params.id,
        isDefault: isDefault || becomesDefault,
        version: previous.warehouse.version + 1,
        createdAt: previous.warehouse.createdAt,
        updatedAt: now(),
      };
      await updateWarehouse(previous.warehouse, next, change);
      return { body: view({ warehouse: next, counters: previous.counters }), version: next.version };
    });
  },

  async deleteWarehouse({ params, query, ifMatch }) {
    return withRetry({ what: 'The warehouse', isRace: anyRefusal }, async () => {
      const { warehouse, counters } = await requireWarehouse(params.id);
      checkVersion('warehouse', warehouse.version, ifMatch);
      if (counters.unitsOnHand > 0) {
        throw new Conflict(
          `Warehouse ${warehouse.code} holds ${counters.unitsOnHand} units of ${counters.skusHeld} SKUs; bring its stock to zero before deleting it.`,
          { unitsOnHand: counters.unitsOnHand, skusHeld: counters.skusHeld },
        );
      }
      if (counters.stockRuleCount > 0) {
        throw new Conflict(
          `${counters.stockRuleCount} stock rules name warehouse ${warehouse.code}; delete or move them first (GET /v1/inventory/rules?warehouseId=${warehouse.id}).`,
          { stockRuleCount: counters.stockRuleCount },
        );
      }
      const change = await pointerChangeOnDelete(warehouse, await readDefaultPointer(), query.newDefaultId);
      await deleteWarehouse(warehouse, change, now());
      return {};
    });
  },
};

/**
 * Warehouses: unique codes, exactly one default and it always active, no delete while stock,
 * allocations, purchase-order sources or stock rules depend on one.
 */
import { newId } from '../../../shared/ids';
import { Conflict, NotFound, ValidationFailed } from '../../../shared/errors';
import type { Implementations } from '../../../shared/http/catalogue';
import type { WarehouseRecord } from '../../../shared/warehouses/repository';
import {
  findWarehouseRecord,
  forgetWarehouses,
  listWarehouseRecords,
} from '../../../shared/warehouses/repository';
import {
  inUseCountersOf,
  readCounterShards,
  sumCounters,
  withShardCounters,
} from '../../../shared/warehouses/counter-shards';
import { stockSummary } from '../../../shared/warehouses/stock-summary';
import type { Warehouse } from '../../../shared/warehouses/warehouse';
import { anyRefusal, withRetry } from '../../../shared/db/retry';
import { checkVersion } from '../../../shared/domain/versions';
import type { inventoryCatalogue } from '../routes';
import type { DefaultPointer, PointerChange } from './repository';
import {
  allocationsIn,
  deleteWarehouse,
  insertWarehouse,
  readDefaultPointer,
  updateWarehouse,
  warehouseIdWithCode,
} from './repository';
import { deleteRefusal, inactiveDefaultRefusal } from './rules';
import type { WarehouseView } from './schemas';

const now = () => new Date().toISOString();
const noStock = {
  unitsOnHand: 0,
  skusHeld: 0,
  skusBackordered: 0,
  stockRuleCount: 0,
  stockRecordsInUse: 0,
  poSourceCount: 0,
  alertRuleCount: 0,
};
/** SKUs with allocations a refused delete names (the rest are counted as "more"). */
const allocationsNamed = 20;

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
  const successor = await findWarehouseRecord(newDefaultId, true);
  if (!successor) {
    throw successorError('no warehouse has this id', `No warehouse has the id ${newDefaultId}.`);
  }
  if (!successor.warehouse.active) {
    throw successorError(
      'must name an active warehouse',
      `Warehouse ${successor.warehouse.code} is inactive, and the default warehouse is always active; name an active one.`,
    );
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
    const items = await withShardCounters(page.items);
    return { body: { items: items.map(view), nextCursor: page.nextCursor } };
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
      // Refused rather than switched on: an inactive first warehouse would be an inactive default.
      const inactiveDefault = inactiveDefaultRefusal({
        code: body.code,
        active: body.active,
        wantsDefault,
        isDefault: false,
        first: change.kind === 'first',
      });
      if (inactiveDefault) throw inactiveDefault;
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
      forgetWarehouses();
      return {
        body: view({ warehouse, counters: noStock }),
        version: warehouse.version,
        headers: { location: `/v1/inventory/warehouses/${id}` },
      };
    });
  },

  async getWarehouse({ params }) {
    const found = await findWarehouseRecord(params.id);
    if (!found) throw new NotFound(`No warehouse has the id ${params.id}.`);
    const [record] = await withShardCounters([found]);
    return { body: view(record!), version: record!.warehouse.version };
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
      const inactiveDefault = inactiveDefaultRefusal({
        code: previous.warehouse.code,
        active: body.active,
        wantsDefault: wanted,
        isDefault,
        first: false,
      });
      if (inactiveDefault) throw inactiveDefault;
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
      forgetWarehouses();
      const [record] = await withShardCounters([{ warehouse: next, counters: previous.counters }]);
      return { body: view(record!), version: next.version };
    });
  },

  async deleteWarehouse({ params, query, ifMatch }) {
    return withRetry({ what: 'The warehouse', isRace: anyRefusal }, async () => {
      const { warehouse, counters: onItem } = await requireWarehouse(params.id);
      checkVersion('warehouse', warehouse.version, ifMatch);
      const shards = (await readCounterShards([warehouse.id], true)).get(warehouse.id)!;
      const counters = sumCounters(onItem, shards);
      // The counters decide (the delete is conditioned on them); the records only name the SKUs.
      const allocations =
        counters.stockRecordsInUse > 0
          ? await allocationsIn(warehouse.id, allocationsNamed)
          : { items: [], more: false };
      const refusal = deleteRefusal(warehouse, counters, allocations);
      if (refusal) throw refusal;
      const change = await pointerChangeOnDelete(warehouse, await readDefaultPointer(), query.newDefaultId);
      await deleteWarehouse(warehouse, { onItem, onShards: inUseCountersOf(shards) }, change, now());
      forgetWarehouses();
      return {};
    });
  },
};

/** Purchase-order sources: rules and translation of refused writes into typed errors. */
import { newId } from '../../../shared/ids';
import { TransactionCancelled } from '../../../shared/db/errors';
import { LostRace, withRetry } from '../../../shared/db/retry';
import { Conflict, NotFound, ValidationFailed } from '../../../shared/errors';
import type { Implementations } from '../../../shared/http/catalogue';
import { existingWarehouseIds, findWarehouse, listWarehouses } from '../../../shared/warehouses/repository';
import { deleteAllOrNothing, targetIds } from '../../../shared/http/bulk-delete';
import { sourceCurrencyRefusal } from '../currency';
import { findVendor } from '../vendors/repository';
import { deletePoSourcesItems, findPoSources, insertPoSource, listPoSources } from './repository';
import type { poSourceRoutes } from './routes';
import type { PoSource } from './schemas';

const now = () => new Date().toISOString();

function refusedWarehouse(warehouseId: string): ValidationFailed {
  return new ValidationFailed(`Warehouse ${warehouseId} does not exist or does not accept purchase orders.`, [
    { path: 'body.warehouseId', message: 'no warehouse with this id accepts purchase orders' },
  ]);
}

export const poSourceOperations: Implementations<typeof poSourceRoutes> = {
  async listPoSources({ query }) {
    const { limit, cursor, ...listing } = query;
    return { body: await listPoSources(listing, limit, cursor) };
  },

  async createPoSource({ body }) {
    const source: PoSource = { ...body, id: newId(), createdAt: now() };
    await withRetry({ what: `Vendor ${body.vendorId}` }, async () => {
      const vendor = await findVendor(body.vendorId, true);
      if (!vendor) {
        throw new ValidationFailed(`No vendor has the id ${body.vendorId}.`, [
          { path: 'body.vendorId', message: 'no vendor has this id' },
        ]);
      }
      const refusal = sourceCurrencyRefusal(vendor, body.unitCost.currency);
      if (refusal) throw refusal;
      // The read says whether it exists; its counter shard refuses one deleted or closed to purchase
      // orders since (the source's count moves there, never on the warehouse item).
      if (!(await findWarehouse(body.warehouseId))?.acceptsPurchaseOrders)
        throw refusedWarehouse(body.warehouseId);
      try {
        await insertPoSource(source);
      } catch (error) {
        if (!(error instanceof TransactionCancelled)) throw error;
        // The vendor went or changed its currency since the read: read it again to say which.
        if (error.refused('vendorCounter')) throw new LostRace('the vendor changed');
        if (error.refused('warehouseCounter')) throw refusedWarehouse(body.warehouseId);
        if (error.refused('uniqueMarker')) {
          throw new Conflict(
            `Vendor ${body.vendorId} already has a source for SKU ${body.sku} into warehouse ${body.warehouseId}.`,
          );
        }
        throw error;
      }
    });
    return { body: source, headers: { location: `/v1/vendors/po-sources?vendorId=${source.vendorId}` } };
  },

  async deletePoSources({ query, body }) {
    const ids = targetIds(query, body);
    const sources = await findPoSources(ids);
    const unknown = ids.filter((id) => !sources.some((source) => source.id === id));
    if (unknown.length > 0) {
      throw new NotFound(`No purchase-order source has the id ${unknown.join(', ')}; nothing was deleted.`, {
        unknownIds: unknown,
      });
    }
    const warehouses = await existingWarehouseIds(sources.map((source) => source.warehouseId));
    const items = deletePoSourcesItems(sources, warehouses);
    await deleteAllOrNothing(
      items,
      'Some of these sources were deleted meanwhile; nothing was deleted. List them again.',
    );
    return { body: { deleted: ids } };
  },

  async listPoSourceWarehouses({ query }) {
    return {
      body: await listWarehouses({ active: true, acceptsPurchaseOrders: true }, query.limit, query.cursor),
    };
  },
};

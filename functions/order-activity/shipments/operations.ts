/** Shipments across orders: pages of the ship-date indexes, and totals and filter values from the per-day cells. */
import type { Implementations } from '../../../shared/http/catalogue';
import { listShipments, totalsCells } from '../../../shared/shipments/queries';
import { filterValuesOf, totalsOf } from '../../../shared/shipments/totals';
import { findWarehouse } from '../../../shared/warehouses/repository';
import type { orderActivityCatalogue } from '../routes';
// Static: the Excel writer and the S3 client it uses are side bundles loaded at the first export, so
// this module is light; an `import()` here would keep the whole DynamoDB client in the bundle (esbuild
// cannot tree-shake the SDK modules a lazily imported module reaches).
import { exportShipments } from './export';

type Routes = typeof orderActivityCatalogue.routes;
type ShipmentOperations = Pick<
  Implementations<Routes>,
  'listShipments' | 'getShipmentTotals' | 'getShipmentFilters' | 'exportShipments'
>;

export const shipmentOperations: ShipmentOperations = {
  async listShipments({ query }) {
    const { sort, limit, cursor, ...filters } = query;
    const page = await listShipments({ filters, limit, cursor, descending: sort === '-shipDate' });
    return { body: page };
  },

  async getShipmentTotals({ query }) {
    const { cells } = await totalsCells(query);
    return { body: { from: query.from, to: query.to, ...totalsOf(cells, query) } };
  },

  async getShipmentFilters({ query }) {
    const { cells } = await totalsCells(query);
    const { warehouseIds, ...values } = filterValuesOf(cells, query);
    const warehouses = await Promise.all(
      warehouseIds.map(async ({ warehouseId, shipments }) => {
        const warehouse = await findWarehouse(warehouseId);
        // A deleted warehouse still names past shipments: its id stays, without a code or name.
        return warehouse
          ? { warehouseId, code: warehouse.code, name: warehouse.name, shipments }
          : { warehouseId, shipments };
      }),
    );
    return { body: { from: query.from, to: query.to, ...values, warehouses } };
  },

  async exportShipments({ body, caller }) {
    const { sort, ...filters } = body;
    return {
      body: await exportShipments({ filters, descending: sort === '-shipDate', actor: caller.username }),
    };
  },
};

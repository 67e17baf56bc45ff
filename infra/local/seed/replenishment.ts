/**
 * How much stock the merchant keeps: which SKUs each warehouse carries from the start (its share of the
 * most popular ones, and a few others), and how much a purchase order brings in: 30 to 60 days of the
 * expected demand there, rounded up to the vendor's case pack.
 */
import type { PoSource } from '../../../functions/vendors/po-sources/schemas';
import type { Sku } from './skus';
import { countries } from './countries';
import type { Random } from './random';
import type { Replenishment } from './stock-timeline';
import type { SeedWarehouse } from './warehouses';

/** Units per order line on average (consumers buy one or two; wholesale buys cases). */
const unitsPerOrder = 2.1 * 1.9;

export function stockedAssortment(
  skus: Sku[],
  warehouses: SeedWarehouse[],
  random: Random,
): (sku: Sku, warehouse: SeedWarehouse) => boolean {
  const byPopularity = [...skus].sort((a, b) => b.popularity - a.popularity);
  const carried = new Set<string>();
  for (const warehouse of warehouses) {
    byPopularity.forEach((sku, rank) => {
      if (rank < warehouse.assortment * skus.length || random.chance(0.1))
        carried.add(`${sku.sku}@${warehouse.id}`);
    });
  }
  return (sku, warehouse) => carried.has(`${sku.sku}@${warehouse.id}`);
}

/** Share of all orders each warehouse ships, from the customers' countries and the cities it serves. */
function warehouseShares(warehouses: SeedWarehouse[]): Map<string, number> {
  const total = countries.reduce((sum, country) => sum + country.weight, 0);
  const shares = new Map<string, number>();
  for (const country of countries) {
    for (const city of country.cities) {
      const warehouse = warehouses.find((candidate) => candidate.serves(country, city));
      if (!warehouse) continue;
      const share = country.weight / total / country.cities.length;
      shares.set(warehouse.id, (shares.get(warehouse.id) ?? 0) + share);
    }
  }
  return shares;
}

export function replenishment(
  skus: Sku[],
  warehouses: SeedWarehouse[],
  sources: PoSource[],
  ordersPerDay: number,
): Replenishment {
  const totalPopularity = skus.reduce((sum, sku) => sum + sku.popularity, 0);
  const shares = warehouseShares(warehouses);
  const packs = new Map<string, number>();
  for (const source of sources) packs.set(source.sku, source.minimumOrderQuantity);
  return {
    casePack: (sku) => packs.get(sku) ?? 12,
    reorderQuantity(sku, warehouseId, random) {
      const daily =
        ordersPerDay * unitsPerOrder * (shares.get(warehouseId) ?? 0) * (sku.popularity / totalPopularity);
      return Math.ceil(daily * random.int(30, 60));
    },
  };
}

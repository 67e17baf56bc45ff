/**
 * The merchant's warehouses: two in the US (one the default), one in the EU run by a 3PL that takes
 * no work orders, one in the UK. Which one serves an order depends on where it ships to.
 */
import type { Warehouse } from '../../../shared/warehouses/warehouse';
import type { City, Country } from './countries';
import type { Random } from './random';

export interface SeedWarehouse extends Warehouse {
  /** Which customers it ships to. */
  serves: (country: Country, city: City) => boolean;
  /** Share of the catalogue it keeps in stock from the start. */
  assortment: number;
}

const eu = new Set(['DE', 'FR', 'NL', 'IT', 'ES', 'PL']);

export function buildWarehouses(random: Random, createdAt: number): SeedWarehouse[] {
  const at = new Date(createdAt).toISOString();
  const base = (code: string, minutesLater: number) => ({
    id: random.ulid(createdAt + minutesLater * 60_000),
    code,
    version: 1,
    createdAt: at,
    updatedAt: at,
  });
  return [
    {
      ...base('RNO1', 0),
      name: 'Reno fulfillment center',
      originAddress: {
        company: 'Northwind Goods',
        line1: '1350 Logistics Way',
        city: 'Reno',
        region: 'NV',
        postalCode: '89502',
        country: 'US',
        phone: '+1 775 555 0100',
      },
      returnAddress: {
        company: 'Northwind Goods Returns',
        line1: '1350 Logistics Way',
        line2: 'Dock 4',
        city: 'Reno',
        region: 'NV',
        postalCode: '89502',
        country: 'US',
      },
      capacity: 400_000,
      active: true,
      acceptsWorkOrders: true,
      acceptsPurchaseOrders: true,
      isDefault: true,
      serves: (country, city) =>
        country.code === 'US' || country.code === 'CA' ? !city.east : country.code === 'AU',
      assortment: 1,
    },
    {
      ...base('EWR1', 1),
      name: 'Newark east coast DC',
      originAddress: {
        company: 'Northwind Goods',
        line1: '200 Port St',
        city: 'Newark',
        region: 'NJ',
        postalCode: '07114',
        country: 'US',
      },
      returnAddress: {
        company: 'Northwind Goods Returns',
        line1: '200 Port St',
        city: 'Newark',
        region: 'NJ',
        postalCode: '07114',
        country: 'US',
      },
      capacity: 250_000,
      active: true,
      acceptsWorkOrders: true,
      acceptsPurchaseOrders: true,
      isDefault: false,
      serves: (country, city) => (country.code === 'US' || country.code === 'CA') && city.east === true,
      assortment: 0.7,
    },
    {
      ...base('DUS1', 2),
      name: 'Düsseldorf EU hub (3PL)',
      originAddress: {
        company: 'Northwind Goods c/o Rhein Logistik',
        line1: 'Am Hafen 12',
        city: 'Düsseldorf',
        postalCode: '40549',
        country: 'DE',
      },
      capacity: 150_000,
      active: true,
      // Run by a third party: stock moves only by receipts and orders, never by our work orders.
      acceptsWorkOrders: false,
      acceptsPurchaseOrders: true,
      isDefault: false,
      serves: (country) => eu.has(country.code),
      assortment: 0.55,
    },
    {
      ...base('LON1', 3),
      name: 'London Park Royal',
      originAddress: {
        company: 'Northwind Goods UK',
        line1: '7 Abbey Road',
        city: 'London',
        postalCode: 'NW10 7NZ',
        country: 'GB',
      },
      capacity: 60_000,
      active: true,
      acceptsWorkOrders: true,
      acceptsPurchaseOrders: true,
      isDefault: false,
      serves: (country) => country.code === 'GB',
      assortment: 0.35,
    },
  ];
}

/** The resource fields only: what the service stores for a warehouse. */
export function warehouseOf(seed: SeedWarehouse): Warehouse {
  const { serves: _serves, assortment: _assortment, ...warehouse } = seed;
  return warehouse;
}

/**
 * Example data that more than one group's reference shows: the merchant's main warehouse, as the
 * warehouse lists of orders (work orders) and vendors (purchase orders) answer it, and the example
 * order's ship-to address (orders, and order activity's address history). Docs only.
 */
export const mainWarehouseId = '01M6F7VES4V53SQ5VE4J19Y8TH';

export const mainWarehouse = {
  id: mainWarehouseId,
  code: 'MAN1',
  name: 'Manchester fulfilment centre',
  originAddress: {
    company: 'Northwind Goods',
    line1: 'Unit 4, Trafford Park',
    city: 'Manchester',
    postalCode: 'M17 1AA',
    country: 'GB',
  },
  returnAddress: {
    company: 'Northwind Goods Returns',
    line1: 'Unit 4, Trafford Park',
    city: 'Manchester',
    postalCode: 'M17 1AA',
    country: 'GB',
  },
  capacity: 250000,
  active: true,
  acceptsWorkOrders: true,
  acceptsPurchaseOrders: true,
  isDefault: true,
  version: 5,
  createdAt: '2026-10-01T08:00:00.000Z',
  updatedAt: '2026-11-12T11:20:00.000Z',
};

/** The example order's ship-to address. */
export const exampleShipTo = {
  name: 'Eleanor Whitfield',
  line1: '27 Victoria Road',
  line2: 'Flat 3',
  city: 'Bristol',
  postalCode: 'BS8 1TH',
  country: 'GB',
  phone: '+44 117 496 0123',
};

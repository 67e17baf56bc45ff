/** Order statuses: built-in ones (one per category, plus backordered) and custom ones, each in a fixed category. */
export const statusCategories = ['open', 'on_hold', 'awaiting_payment', 'shipped', 'cancelled'] as const;
export type StatusCategory = (typeof statusCategories)[number];

export interface OrderStatus {
  id: string;
  name: string;
  category: StatusCategory;
  /** Orders in this status may allocate more than is available (the shortfall is backordered). */
  allowBackorder: boolean;
  builtIn: boolean;
  color?: string;
  createdAt?: string;
}

export const builtInStatuses: readonly OrderStatus[] = [
  {
    id: 'awaiting-payment',
    name: 'Awaiting payment',
    category: 'awaiting_payment',
    allowBackorder: false,
    builtIn: true,
  },
  {
    id: 'awaiting-shipment',
    name: 'Awaiting shipment',
    category: 'open',
    allowBackorder: false,
    builtIn: true,
  },
  { id: 'backordered', name: 'Backordered', category: 'open', allowBackorder: true, builtIn: true },
  { id: 'on-hold', name: 'On hold', category: 'on_hold', allowBackorder: false, builtIn: true },
  { id: 'shipped', name: 'Shipped', category: 'shipped', allowBackorder: false, builtIn: true },
  { id: 'cancelled', name: 'Cancelled', category: 'cancelled', allowBackorder: false, builtIn: true },
];

export const defaultNewOrderStatus = 'awaiting-payment';
export const onHoldStatus = 'on-hold';

export function builtInStatus(id: string): OrderStatus | undefined {
  return builtInStatuses.find((status) => status.id === id);
}

/** The categories whose orders wait to ship: the pending-shipments report's, and the pending-orders index's. */
export const pendingCategories = ['open', 'on_hold'] as const;
export type PendingCategory = (typeof pendingCategories)[number];

export function isPendingCategory(category: StatusCategory | undefined): category is PendingCategory {
  return category === 'open' || category === 'on_hold';
}

/** Orders in shipped or cancelled statuses hold no stock. */
export function statusHoldsStock(status: OrderStatus): boolean {
  return status.category !== 'cancelled' && status.category !== 'shipped';
}

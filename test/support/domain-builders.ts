/** Domain test data for pure-function tests: a stored order line (as the order writer keeps it). */
import type { OrderLine } from '../../shared/domain/order';

/** Line A: 3 mugs at 10.00 with 1.00 tax, all shipped, unless told otherwise. */
export function storedOrderLine(overrides: Partial<OrderLine> = {}): OrderLine {
  return {
    itemId: 'A',
    sku: 'SKU-A',
    title: 'Mug',
    quantity: 3,
    unitPrice: 1000,
    tax: 100,
    discount: 0,
    status: 'active',
    shippedQuantity: 3,
    ...overrides,
  };
}

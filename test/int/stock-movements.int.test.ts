import { describe, expect, it } from 'vitest';
import { applyStockMovements } from '../../shared/stock/ledger';
import { listMovements } from '../../shared/stock/movements';
import { seedWarehouse } from '../support/builders';

describe('stock movements by SKU and by warehouse over a date range', () => {
  it('answers them in time order, paginated, without a Scan', async () => {
    const [first, second] = [await seedWarehouse(), await seedWarehouse()];
    const before = new Date().toISOString();
    for (let i = 0; i < 5; i++) {
      await applyStockMovements([
        {
          sku: 'MOVE-SKU',
          warehouseId: i % 2 === 0 ? first.id : second.id,
          type: 'receipt',
          quantity: i + 1,
          unitCost: 100,
        },
      ]);
    }
    const after = new Date().toISOString();
    const page = await listMovements({ sku: 'MOVE-SKU', from: before, to: after, limit: 3 });
    expect(page.items.map((m) => m.quantity)).toEqual([1, 2, 3]);
    const rest = await listMovements({
      sku: 'MOVE-SKU',
      from: before,
      to: after,
      limit: 3,
      cursor: page.nextCursor!,
    });
    expect(rest.items.map((m) => m.quantity)).toEqual([4, 5]);
    expect(rest.nextCursor).toBeNull();

    const inFirst = await listMovements({ warehouseId: first.id, from: before, to: after, limit: 50 });
    expect(inFirst.items.map((m) => m.quantity)).toEqual([1, 3, 5]);
    const filtered = await listMovements({
      sku: 'MOVE-SKU',
      warehouseId: second.id,
      from: before,
      to: after,
      limit: 50,
    });
    expect(filtered.items.map((m) => m.quantity)).toEqual([2, 4]);
    const none = await listMovements({ sku: 'MOVE-SKU', from: '2000-01-01', to: '2000-12-31', limit: 50 });
    expect(none).toEqual({ items: [], nextCursor: null });
  });
});

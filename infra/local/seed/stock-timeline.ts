/**
 * Plays the stock changes of all orders in time order, receiving goods from purchase orders whenever
 * an allocation would exceed what is available (just before it, at a time between the previous stock
 * change and that one), so the ledger never goes below zero and reads like a year of real receipts.
 */
import type { MovementRequest } from '../../../shared/domain/stock-ledger';
import type { Sku } from './skus';
import { EventQueue } from './event-queue';
import type { Random } from './random';
import type { Item, StockBook } from './stock-book';

export interface Replenishment {
  /** Units a purchase order for this SKU brings into this warehouse (before rounding to its case pack). */
  reorderQuantity(sku: Sku, warehouseId: string, random: Random): number;
  casePack(sku: string): number;
}

const yearMs = 365 * 86_400_000;

export class StockTimeline {
  private readonly queue = new EventQueue<MovementRequest[]>();
  private clock: number;
  private purchaseOrders = 0;

  constructor(
    private readonly book: StockBook,
    private readonly skus: Map<string, Sku>,
    private readonly replenishment: Replenishment,
    private readonly random: Random,
    private readonly start: number,
  ) {
    this.clock = start;
  }

  schedule(at: number, requests: MovementRequest[]): void {
    this.queue.push(at, requests);
  }

  /** A purchase-order receipt of `quantity` units at `at`, costed at that time's price. */
  receive(sku: Sku, warehouseId: string, quantity: number, at: number): Item {
    this.purchaseOrders++;
    this.clock = Math.max(this.clock, at);
    // Costs creep up over the year (about 4 %), and each PO lands a little above or below.
    const drift = 1 + (0.04 * (at - this.start)) / yearMs;
    const unitCost = Math.round(sku.unitCost * drift * (0.96 + this.random.next() * 0.08));
    const day = new Date(at).toISOString().slice(0, 10).replaceAll('-', '');
    return this.book.apply(
      {
        sku: sku.sku,
        warehouseId,
        type: 'receipt',
        quantity,
        unitCost,
        reference: {
          type: 'purchase-order',
          id: `PO-${day}-${String(this.purchaseOrders).padStart(6, '0')}`,
        },
      },
      new Date(at).toISOString(),
    );
  }

  /** Applies every change due by `until`, with the receipts they need; answers the movement items. */
  advance(until: number): Item[] {
    const items: Item[] = [];
    for (let event = this.queue.popUntil(until); event; event = this.queue.popUntil(until)) {
      for (const request of event.value) {
        if (request.type === 'allocation') items.push(...this.restock(request, event.at));
        items.push(this.book.apply(request, new Date(event.at).toISOString()));
      }
      this.clock = Math.max(this.clock, event.at);
    }
    return items;
  }

  private restock(request: MovementRequest, at: number): Item[] {
    const record = this.book.record(request.sku, request.warehouseId);
    if (record.available >= request.quantity) return [];
    const sku = this.skus.get(request.sku)!;
    const pack = this.replenishment.casePack(sku.sku);
    const wanted =
      request.quantity -
      record.available +
      this.replenishment.reorderQuantity(sku, request.warehouseId, this.random);
    const quantity = Math.ceil(wanted / pack) * pack;
    const receivedAt = this.clock + Math.floor(this.random.next() * Math.max(0, at - this.clock));
    return [this.receive(sku, request.warehouseId, quantity, receivedAt)];
  }
}

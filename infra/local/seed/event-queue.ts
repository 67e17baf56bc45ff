/** A min-heap of timed events: the seed applies stock changes in time order, whatever order orders arrive in. */
export interface Timed<T> {
  at: number;
  value: T;
}

export class EventQueue<T> {
  private readonly heap: Array<Timed<T> & { sequence: number }> = [];
  private sequence = 0;

  get size(): number {
    return this.heap.length;
  }

  push(at: number, value: T): void {
    this.heap.push({ at, value, sequence: this.sequence++ });
    let index = this.heap.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.before(index, parent)) break;
      this.swap(index, parent);
      index = parent;
    }
  }

  /** The earliest event, if it is due by `until`; equal times come out in the order they went in. */
  popUntil(until: number): Timed<T> | undefined {
    const top = this.heap[0];
    if (!top || top.at > until) return undefined;
    const last = this.heap.pop()!;
    if (this.heap.length > 0) {
      this.heap[0] = last;
      let index = 0;
      for (;;) {
        const left = 2 * index + 1;
        const right = left + 1;
        let smallest = index;
        if (left < this.heap.length && this.before(left, smallest)) smallest = left;
        if (right < this.heap.length && this.before(right, smallest)) smallest = right;
        if (smallest === index) break;
        this.swap(index, smallest);
        index = smallest;
      }
    }
    return { at: top.at, value: top.value };
  }

  private before(a: number, b: number): boolean {
    const x = this.heap[a]!;
    const y = this.heap[b]!;
    return x.at < y.at || (x.at === y.at && x.sequence < y.sequence);
  }

  private swap(a: number, b: number): void {
    [this.heap[a], this.heap[b]] = [this.heap[b]!, this.heap[a]!];
  }
}

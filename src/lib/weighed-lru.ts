/**
 * A map that keeps its most recently used entries, within a number of entries and a total weight
 * (hits held, characters held): what a cache of answers needs that may hold a few large ones or
 * many small ones. A key set again is weighed again.
 */
export class WeighedLru<V> {
  private readonly entries = new Map<string, V>();
  private weight = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight: number,
    private readonly weigh: (value: V) => number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The total weight held. */
  get held(): number {
    return this.weight;
  }

  /** The value, which becomes the most recently used. */
  get(key: string): V | undefined {
    const v = this.entries.get(key);
    if (v === undefined) return undefined;
    // Most recently used last: the first entries are the ones dropped.
    this.entries.delete(key);
    this.entries.set(key, v);
    return v;
  }

  set(key: string, value: V): void {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.weight -= this.weigh(old);
      this.entries.delete(key);
    }
    this.entries.set(key, value);
    this.weight += this.weigh(value);
    for (const [first, v] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.weight <= this.maxWeight) break;
      this.entries.delete(first);
      this.weight -= this.weigh(v);
    }
  }
}

/** How many maps a lookup may go down before a new one is folded flat. */
const DEPTH = 8;

/**
 * A map made as changes over another: a revision's page nodes are its base's with a few
 * changed, so making one costs the changes, not the pages. The map a layer is made over must not
 * change after. A lookup goes down at most DEPTH layers; the map made over the deepest is folded
 * flat, which costs the whole map once every DEPTH.
 */
export class LayeredMap<V> {
  /** Entries of this layer; undefined marks one removed from the layers under it. */
  private readonly own: Map<string, V | undefined>;

  private constructor(
    private readonly under: LayeredMap<V> | undefined,
    private readonly depth: number,
    private count: number,
    own?: Map<string, V | undefined>,
  ) {
    this.own = own ?? new Map();
  }

  static of<V>(entries: Iterable<[string, V]> = []): LayeredMap<V> {
    const own = new Map<string, V | undefined>(entries);
    return new LayeredMap<V>(undefined, 0, own.size, own);
  }

  /** A new map holding what this one holds; this one must not change after. */
  over(): LayeredMap<V> {
    return this.depth + 1 >= DEPTH ? LayeredMap.of(this.entries()) : new LayeredMap(this, this.depth + 1, this.count);
  }

  get size(): number {
    return this.count;
  }

  get(key: string): V | undefined {
    const v = this.own.get(key);
    if (v !== undefined || this.own.has(key)) return v;
    return this.under?.get(key);
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  set(key: string, value: V): void {
    if (!this.has(key)) this.count++;
    this.own.set(key, value);
  }

  delete(key: string): void {
    if (!this.has(key)) return;
    this.count--;
    if (this.under) this.own.set(key, undefined);
    else this.own.delete(key);
  }

  *entries(): IterableIterator<[string, V]> {
    if (!this.under) {
      yield* this.own as Map<string, V>;
      return;
    }
    const seen = new Set<string>();
    for (const l of this.layers()) {
      for (const [k, v] of l.own) {
        if (seen.has(k)) continue;
        seen.add(k);
        if (v !== undefined) yield [k, v];
      }
    }
  }

  /** This layer and those under it, top first. */
  private layers(): LayeredMap<V>[] {
    return this.under ? [this, ...this.under.layers()] : [this];
  }

  [Symbol.iterator](): IterableIterator<[string, V]> {
    return this.entries();
  }
}

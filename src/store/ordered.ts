/** A stored record as an order sees it (store.ts's Row, which imports this module's types). */
type Row = { id: string };

/** A sort key within a group: records with equal keys keep the order they joined the group in. */
export type SortKey = string | number;

/**
 * An ordered list declared with a table (see table().withOrders): which groups a record is listed
 * in (none, one, or several, e.g. one per contributor) and its sort key within them.
 */
export interface Order<T> {
  group: (row: T) => string | readonly string[] | undefined;
  key?: (row: T) => SortKey;
  /**
   * A record keeps the sequence it first joined with when it changes groups (one list per
   * status: a comment resolved and reopened keeps its place among equal keys); without it, a
   * record that joins a group comes after those already there, as in a plain index.
   */
  keepSeq?: boolean;
}

/** An order declared with its table: its name, unique within the table, and its functions. */
export interface NamedOrder {
  name: string;
  order: Order<Row>;
}

/**
 * Where a record sits in an ordered list: its key, then the sequence number it joined with (one
 * counter per order, so the order of joining holds across the groups of one order), and its id.
 * A cursor carries the position of the last item it gave.
 */
export interface Position {
  k: SortKey;
  s: number;
  id: string;
}

/** Compares two positions by key, then by sequence. */
export function compare(a: Position, b: Position): number {
  if (a.k !== b.k) return a.k < b.k ? -1 : 1;
  return a.s - b.s;
}

/**
 * The ids of one group sorted by (key, sequence), with each id's entry by id: finding where a
 * page starts is a binary search, appending at the end (the usual write: a new record with the
 * newest key) costs O(1) and inserting elsewhere a move of the entries after it.
 */
export class OrderedIds {
  readonly entries: Position[] = [];
  private readonly byId = new Map<string, Position>();

  get size(): number {
    return this.entries.length;
  }

  get(id: string): Position | undefined {
    return this.byId.get(id);
  }

  add(p: Position): void {
    const last = this.entries[this.entries.length - 1];
    if (!last || compare(last, p) < 0) this.entries.push(p);
    else this.entries.splice(this.lowerBound(p), 0, p);
    this.byId.set(p.id, p);
  }

  remove(id: string): void {
    const p = this.byId.get(id);
    if (!p) return;
    this.byId.delete(id);
    const at = this.lowerBound(p);
    if (this.entries[at] === p) this.entries.splice(at, 1);
  }

  /** The index of the first entry not before `p`. */
  lowerBound(p: Position): number {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(this.entries[mid] as Position, p) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The index of the first entry after `p`. */
  upperBound(p: Position): number {
    const at = this.lowerBound(p);
    const e = this.entries[at];
    return e && compare(e, p) === 0 ? at + 1 : at;
  }
}

/** The groups a record is listed in under `order`. */
export function groupsOf(order: Order<Row>, row: Row): readonly string[] {
  const g = order.group(row);
  return g === undefined ? [] : typeof g === 'string' ? [g] : g;
}

export function keyOf(order: Order<Row>, row: Row): SortKey {
  return order.key ? order.key(row) : 0;
}

/**
 * Every group of one order, kept up to date by each write: a record that changes groups or key
 * joins its new group at the end of its key's run, one that keeps both keeps its place.
 */
export class OrderIndex {
  readonly groups = new Map<string, OrderedIds>();
  private seq = 0;
  /** The sequence of each record, for an order that keeps it (see Order.keepSeq). */
  private readonly seqs = new Map<string, number>();

  constructor(readonly order: Order<Row>) {}

  /** The sequence number the next record to join gets. */
  get nextSeq(): number {
    return this.seq;
  }

  /** The sequence a record keeps across groups, for an order that keeps it. */
  keptSeq(id: string): number | undefined {
    return this.seqs.get(id);
  }

  group(g: string): OrderedIds | undefined {
    return this.groups.get(g);
  }

  add(id: string, row: Row): void {
    const k = keyOf(this.order, row);
    const s = this.seq++;
    if (this.order.keepSeq) this.seqs.set(id, s);
    for (const g of groupsOf(this.order, row)) {
      let ids = this.groups.get(g);
      if (!ids) this.groups.set(g, (ids = new OrderedIds()));
      ids.add({ k, s, id });
    }
  }

  update(id: string, old: Row | undefined, next: Row | undefined): void {
    const before = old ? groupsOf(this.order, old) : [];
    const after = next ? groupsOf(this.order, next) : [];
    const k = next ? keyOf(this.order, next) : 0;
    // A record whose key stays keeps its sequence in the groups it stays in.
    const stays = !!old && !!next && keyOf(this.order, old) === k;
    let s = -1;
    for (const g of before) {
      const ids = this.groups.get(g);
      if (!ids) continue;
      if (stays && after.includes(g)) {
        s = ids.get(id)?.s ?? s;
        continue;
      }
      ids.remove(id);
      if (!ids.size) this.groups.delete(g);
    }
    if (this.order.keepSeq) {
      if (!next) this.seqs.delete(id);
      else {
        s = this.seqs.get(id) ?? -1;
        if (s < 0) this.seqs.set(id, (s = this.seq++));
      }
    }
    if (!next) return;
    if (!stays && !this.order.keepSeq) s = -1;
    for (const g of after) {
      let ids = this.groups.get(g);
      if (!ids) this.groups.set(g, (ids = new OrderedIds()));
      if (stays && before.includes(g) && ids.get(id)) continue;
      if (s < 0) s = this.seq++;
      ids.add({ k, s, id });
    }
  }
}

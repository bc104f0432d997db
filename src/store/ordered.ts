import type { EncodedRun, FileGroup, PersistedList, Position, Row, SortKey } from './types.js';

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

/** Compares two positions by key, then by sequence. */
export function compare(a: Position, b: Position): number {
  if (a.k !== b.k) return a.k < b.k ? -1 : 1;
  return a.s - b.s;
}

/** Entries in order, read by index: an array, or a group of the index file. */
export interface SortedList {
  readonly length: number;
  at(i: number): Position;
  /** Ids listed here that no longer belong: skipped. */
  skip?: ReadonlySet<string> | undefined;
}

/**
 * The ids of one group sorted by (key, sequence), with each id's entry by id: finding where a
 * page starts is a binary search, appending at the end (the usual write: a new record with the
 * newest key) costs O(1) and inserting elsewhere a move of the entries after it.
 */
export class OrderedIds implements SortedList {
  readonly entries: Position[] = [];
  private readonly byId = new Map<string, Position>();

  get size(): number {
    return this.entries.length;
  }

  get length(): number {
    return this.entries.length;
  }

  at(i: number): Position {
    return this.entries[i] as Position;
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
}

/** A group of the index file as a SortedList, its entries read as asked for. */
class FileEntries implements SortedList {
  constructor(
    private readonly g: FileGroup,
    readonly skip: ReadonlySet<string> | undefined,
  ) {}

  get length(): number {
    return this.g.count;
  }

  at(i: number): Position {
    return this.g.at(i);
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

/** Every entry of sorted lists merged in order, skipping what each list skips. */
export function* mergeLists(lists: readonly SortedList[]): Generator<Position> {
  const at = lists.map(() => 0);
  for (;;) {
    let best = -1;
    let bp: Position | undefined;
    for (let j = 0; j < lists.length; j++) {
      const l = lists[j] as SortedList;
      let i = at[j] as number;
      let p: Position | undefined;
      while (i < l.length && l.skip?.has((p = l.at(i)).id)) i++;
      at[j] = i;
      if (i >= l.length) continue;
      p = l.at(i);
      if (!bp || compare(p, bp) < 0) {
        best = j;
        bp = p;
      }
    }
    if (best < 0 || !bp) return;
    at[best] = (at[best] as number) + 1;
    yield bp;
  }
}

/**
 * A file group with entries added in order, none removed: runs of the file's entries between
 * them. An entry equal to a file's comes after it, as mergeLists puts it. Additions are most
 * often past the file's last entry, which is read once to tell.
 */
function interleave(fg: FileGroup, adds: readonly Position[]): (EncodedRun | Position)[] {
  const out: (EncodedRun | Position)[] = [];
  const last = fg.count ? fg.at(fg.count - 1) : undefined;
  let from = 0;
  for (const p of adds) {
    let to = fg.count;
    if (last && compare(last, p) > 0) {
      let lo = from;
      while (lo < to) {
        const mid = (lo + to) >>> 1;
        if (compare(fg.at(mid), p) <= 0) lo = mid + 1;
        else to = mid;
      }
    }
    if (to > from) out.push(fg.encoded(from, to));
    out.push(p);
    from = to;
  }
  if (fg.count > from) out.push(fg.encoded(from, fg.count));
  return out;
}

/**
 * Every group of one order, kept up to date by each write: a record that changes groups or key
 * joins its new group at the end of its key's run, one that keeps both keeps its place. Built
 * by a walk of the records, or read from the index file (`file`) with this process's changes
 * kept beside it: entries added in `groups`, ids of file groups gone from them in `removed`.
 */
export class OrderIndex {
  readonly groups = new Map<string, OrderedIds>();
  private readonly removed = new Map<string, Set<string>>();
  private seq: number;
  /** The sequence of each record, for an order that keeps it (see Order.keepSeq): -1 gone. */
  private readonly seqs = new Map<string, number>();
  /** Records the file may list with a sequence they no longer have: those removed since (and maybe added again). */
  private readonly superseded = new Set<string>();

  constructor(
    readonly order: Order<Row>,
    private readonly file?: PersistedList,
    /** The record as the index file has it (the snapshot's). */
    private readonly baseRow?: (id: string) => Row | undefined,
  ) {
    this.seq = file?.next ?? 0;
  }

  /** The sequence number the next record to join gets. */
  get nextSeq(): number {
    return this.seq;
  }

  /** The sequence a record keeps across groups, for an order that keeps it. */
  keptSeq(id: string): number | undefined {
    const s = this.seqs.get(id);
    if (s !== undefined) return s < 0 ? undefined : s;
    return this.file?.seqOf(id);
  }

  /** The group's entries as lists to merge: the file's (less those gone) and those added here. */
  lists(g: string): SortedList[] {
    const out: SortedList[] = [];
    const fg = this.file?.group(g);
    if (fg) out.push(new FileEntries(fg, this.removed.get(g)));
    const mem = this.groups.get(g);
    if (mem) out.push(mem);
    return out;
  }

  size(g: string): number {
    return (this.file?.group(g)?.count ?? 0) - (this.removed.get(g)?.size ?? 0) + (this.groups.get(g)?.size ?? 0);
  }

  /** Where `id` is listed in group `g`, if it is. */
  position(g: string, id: string): Position | undefined {
    const mem = this.groups.get(g)?.get(id);
    if (mem || !this.file || this.removed.get(g)?.has(id)) return mem;
    if (!this.file.group(g)) return undefined;
    const row = this.baseRow?.(id);
    if (!row || !groupsOf(this.order, row).includes(g)) return undefined;
    const s = this.file.seqOf(id);
    return s === undefined ? undefined : { k: keyOf(this.order, row), s, id };
  }

  add(id: string, row: Row): void {
    const k = keyOf(this.order, row);
    const s = this.seq++;
    if (this.order.keepSeq) this.seqs.set(id, s);
    for (const g of groupsOf(this.order, row)) this.addTo(g, { k, s, id });
  }

  private addTo(g: string, p: Position): void {
    let ids = this.groups.get(g);
    if (!ids) this.groups.set(g, (ids = new OrderedIds()));
    ids.add(p);
  }

  private removeFrom(g: string, id: string): void {
    const ids = this.groups.get(g);
    if (ids?.get(id)) {
      ids.remove(id);
      if (!ids.size) this.groups.delete(g);
      return;
    }
    let gone = this.removed.get(g);
    if (!gone) this.removed.set(g, (gone = new Set()));
    gone.add(id);
  }

  update(id: string, old: Row | undefined, next: Row | undefined): void {
    const before = old ? groupsOf(this.order, old) : [];
    const after = next ? groupsOf(this.order, next) : [];
    const k = next ? keyOf(this.order, next) : 0;
    // A record whose key stays keeps its sequence in the groups it stays in.
    const stays = !!old && !!next && keyOf(this.order, old) === k;
    let s = -1;
    const kept = new Set<string>();
    for (const g of before) {
      const p = this.position(g, id);
      if (!p) continue;
      if (stays && after.includes(g)) {
        s = p.s;
        kept.add(g);
        continue;
      }
      this.removeFrom(g, id);
    }
    if (this.order.keepSeq) {
      if (!next) {
        this.seqs.set(id, -1);
        this.superseded.add(id);
      } else {
        // A record new to this list has no sequence in the file but one this process gave it
        // (-1 once removed): the file is looked at for one that was there before.
        const own = this.seqs.get(id);
        s = (old ? this.keptSeq(id) : own !== undefined && own >= 0 ? own : undefined) ?? -1;
        if (s < 0) this.seqs.set(id, (s = this.seq++));
      }
    }
    if (!next) return;
    if (!stays && !this.order.keepSeq) s = -1;
    for (const g of after) {
      if (kept.has(g)) continue;
      if (s < 0) s = this.seq++;
      this.addTo(g, { k, s, id });
    }
  }

  /** Every group as it stands, with its entries in order (to write the index). */
  eachGroup(fn: (g: string, entries: Iterable<Position>) => void): void {
    const done = new Set<string>();
    this.file?.eachGroup((g) => {
      done.add(g);
      fn(g, mergeLists(this.lists(g)));
    });
    for (const g of this.groups.keys()) if (!done.has(g)) fn(g, mergeLists(this.lists(g)));
  }

  /**
   * Every group as it stands, to write the index: runs of the file's entries, given as the file
   * holds them, between the entries this process added. A group that lost entries since is given
   * entry by entry, merged.
   */
  eachGroupRuns(fn: (g: string, runs: readonly (EncodedRun | Position)[]) => void): void {
    const done = new Set<string>();
    this.file?.eachGroup((g, fg) => {
      done.add(g);
      if (this.removed.get(g)?.size) fn(g, [...mergeLists(this.lists(g))]);
      else fn(g, interleave(fg, this.groups.get(g)?.entries ?? []));
    });
    for (const [g, mem] of this.groups) if (!done.has(g)) fn(g, mem.entries);
  }

  /**
   * For an order that keeps sequences: the file's, the records whose file entry no longer holds
   * (removed since), and the sequences this process gave (-1, gone, is not added). A record the
   * file lists keeps its sequence unless removed: only then is one given to it here.
   */
  seqChanges(): { old: EncodedRun | undefined; replaced: ReadonlySet<string>; added: [string, number][] } | undefined {
    if (!this.order.keepSeq) return undefined;
    return { old: this.file?.seqsEncoded(), replaced: this.superseded, added: [...this.seqs].filter(([, s]) => s >= 0) };
  }

  /** The sequence of every record that has one (to write the index). */
  eachSeq(fn: (id: string, s: number) => void): void {
    if (!this.order.keepSeq) {
      const seen = new Set<string>();
      this.eachGroup((_, entries) => {
        for (const p of entries) {
          if (seen.has(p.id)) continue;
          seen.add(p.id);
          fn(p.id, p.s);
        }
      });
      return;
    }
    this.file?.eachSeq((id, s) => {
      if (!this.seqs.has(id)) fn(id, s);
    });
    for (const [id, s] of this.seqs) if (s >= 0) fn(id, s);
  }
}

import { Generations } from './generations.js';
import { listKey, valueKey, valueOf } from './index-format.js';
import type { EncodedRun, FileGroup, ListKind, PersistedList } from './types.js';
import { OrderIndex, type NamedOrder, type Order } from './ordered.js';
import type { Row } from './store.js';

/** A function over records that selects the ones a count or filtered index keeps. */
export type Test = (row: Row) => boolean;

/** A filter declared with its table: its name, unique within the table, and its test. */
export interface NamedTest {
  name: string;
  test: Test;
}

/** Walks a table: each record with its id (the table's own id string). */
export type EachRecord = (fn: (id: string, row: Row) => void) => void;

/**
 * What a derived list of one table is made from: the list kept in the index file with the
 * snapshot, with the records changed since applied to it; or, when the index has none, a walk of
 * the records.
 */
export interface Origin {
  walk: EachRecord;
  persisted(key: string): PersistedList | undefined;
  /** Each record changed since the snapshot: as the snapshot has it, and as it is now (undefined: absent). */
  changes(fn: (id: string, old: Row | undefined, next: Row | undefined) => void): void;
  /** The record as the snapshot has it. */
  baseRow(id: string): Row | undefined;
}

export function field(row: Row, name: string): unknown {
  return (row as unknown as Record<string, unknown>)[name];
}

/** A record's place under a field (and filter): its value, or undefined when the filter leaves it out. */
function placeOf(row: Row | undefined, f: string, test: Test | undefined): { value: unknown } | undefined {
  return row && (!test || test(row)) ? { value: field(row, f) } : undefined;
}

/** Values whose file group is remembered, per list: at most this many, the last half at least. */
const SEEN_GROUPS = 1024;

/**
 * A list's file group for a value, looked up once: a list's file never changes under it, and
 * finding the group anew (the value's key made and hashed, then probed) was most of a count.
 */
class FileGroups {
  private readonly seen = new Generations<unknown, FileGroup | null>(SEEN_GROUPS / 2);

  constructor(readonly file: PersistedList) {}

  of(value: unknown): FileGroup | undefined {
    const kept = this.seen.get(value);
    if (kept !== undefined) return kept ?? undefined;
    const key = valueKey(value);
    if (key === undefined) return undefined;
    const g = this.file.find(key);
    this.seen.set(value, g ?? null);
    return g;
  }
}

/**
 * The ids of a table's records by the value of one field (passing a filter, when given), each
 * group in the order its records joined it. Read from the index file group by group as asked
 * for, with this process's changes beside it; or all in memory, built by a walk.
 */
export class IdGroups {
  /** Groups held whole, without a file (built by a walk). */
  private readonly mem = new Map<unknown, Set<string>>();
  private readonly removed = new Map<unknown, Set<string>>();
  private readonly added = new Map<unknown, Set<string>>();
  private readonly groups: FileGroups | undefined;

  constructor(
    readonly field: string,
    readonly test: Test | undefined,
    private readonly file?: PersistedList,
  ) {
    this.groups = file && new FileGroups(file);
  }

  private fileGroup(value: unknown) {
    return this.groups?.of(value);
  }

  private collect(value: unknown): Set<string> {
    const out = new Set<string>();
    const fg = this.fileGroup(value);
    const gone = this.removed.get(value);
    for (let i = 0; i < (fg?.count ?? 0); i++) {
      const id = (fg as { id(i: number): string }).id(i);
      if (!gone?.has(id)) out.add(id);
    }
    for (const id of this.added.get(value) ?? []) out.add(id);
    return out;
  }

  /** The group's ids; one read from the file is made afresh each time (a server asks for many groups, once or twice each). */
  get(value: unknown): ReadonlySet<string> | undefined {
    const held = this.mem.get(value);
    if (held || !this.file) return held;
    const ids = this.collect(value);
    return ids.size ? ids : undefined;
  }

  size(value: unknown): number {
    const held = this.mem.get(value);
    if (held || !this.file) return held?.size ?? 0;
    return (this.fileGroup(value)?.count ?? 0) - (this.removed.get(value)?.size ?? 0) + (this.added.get(value)?.size ?? 0);
  }

  add(id: string, row: Row): void {
    const p = placeOf(row, this.field, this.test);
    if (p) this.join(p.value, id);
  }

  update(id: string, old: Row | undefined, next: Row | undefined): void {
    const before = placeOf(old, this.field, this.test);
    const after = placeOf(next, this.field, this.test);
    if (before && after && before.value === after.value) return;
    if (before) this.leave(before.value, id);
    if (after) this.join(after.value, id);
  }

  private join(value: unknown, id: string): void {
    let s = this.mem.get(value) ?? (this.file ? this.added.get(value) : undefined);
    if (!s) (this.file ? this.added : this.mem).set(value, (s = new Set()));
    s.add(id);
  }

  private leave(value: unknown, id: string): void {
    const held = this.mem.get(value);
    if (held || !this.file) {
      held?.delete(id);
      if (held && !held.size && !this.file) this.mem.delete(value);
      return;
    }
    if (this.added.get(value)?.delete(id)) return;
    let gone = this.removed.get(value);
    if (!gone) this.removed.set(value, (gone = new Set()));
    gone.add(id);
  }

  /**
   * Every group as it stands, to write the index: a file group nothing left since is given as
   * the file holds it, followed by the ids that joined it; one that lost ids, id by id.
   */
  eachGroupRuns(fn: (value: unknown, runs: readonly (EncodedRun | string)[]) => void): void {
    const done = new Set<unknown>();
    const give = (v: unknown, fg?: FileGroup) => {
      if (done.has(v)) return;
      done.add(v);
      const held = this.mem.get(v);
      const added = this.added.get(v);
      let runs: (EncodedRun | string)[];
      if (held) runs = [...held];
      else if (fg && !this.removed.get(v)?.size) runs = fg.count ? [fg.encoded(0, fg.count), ...(added ?? [])] : [...(added ?? [])];
      else runs = [...this.collect(v)];
      if (runs.length) fn(v, runs);
    };
    this.file?.eachGroup((key, fg) => give(valueOf(key), fg));
    for (const v of this.mem.keys()) give(v);
    for (const v of this.added.keys()) give(v);
  }
}

/** How many records pass a filter, by the value of one field: the file's counts and the changes since. */
export class Counts {
  private readonly delta = new Map<unknown, number>();
  private readonly groups: FileGroups | undefined;

  constructor(
    readonly field: string,
    readonly test: Test,
    private readonly file?: PersistedList,
  ) {
    this.groups = file && new FileGroups(file);
  }

  get(value: unknown): number {
    return (this.groups?.of(value)?.count ?? 0) + (this.delta.get(value) ?? 0);
  }

  private bump(value: unknown, by: number): void {
    const n = (this.delta.get(value) ?? 0) + by;
    if (n) this.delta.set(value, n);
    else this.delta.delete(value);
  }

  add(_id: string, row: Row): void {
    if (this.test(row)) this.bump(field(row, this.field), 1);
  }

  update(_id: string, old: Row | undefined, next: Row | undefined): void {
    if (old && this.test(old)) this.bump(field(old, this.field), -1);
    if (next && this.test(next)) this.bump(field(next, this.field), 1);
  }

  eachGroup(fn: (value: unknown, count: number) => void): void {
    const done = new Set<unknown>();
    const give = (v: unknown) => {
      if (done.has(v)) return;
      done.add(v);
      const n = this.get(v);
      if (n) fn(v, n);
    };
    this.file?.eachGroup((key) => give(valueOf(key)));
    for (const v of this.delta.keys()) give(v);
  }
}

function remember<X>(by: WeakMap<NamedTest, Map<string, X>>, filter: NamedTest, f: string, x: X): void {
  let fields = by.get(filter);
  if (!fields) by.set(filter, (fields = new Map()));
  fields.set(f, x);
}

/** A derived list held, with what it was declared with (to refuse two declarations under one name). */
export type Held =
  | { kind: 'order'; name: string; x: OrderIndex }
  | { kind: 'index'; field: string; x: IdGroups }
  | { kind: 'filter'; field: string; name: string; x: IdGroups }
  | { kind: 'count'; field: string; name: string; x: Counts };

/** Values worked out from one record each, by table then id, least recently used first. */
export class Memos {
  private readonly memos = new Map<string, Map<string, unknown>>();

  /** The value kept for a record, if any; a hit becomes the most recently used. */
  memo(table: string, id: string): unknown {
    const m = this.memos.get(table);
    if (!m?.has(id)) return undefined;
    const v = m.get(id);
    m.delete(id);
    m.set(id, v);
    return v;
  }

  /** Keeps a value worked out from a record, until the record changes, at most `keep` per table. */
  remember(table: string, id: string, value: unknown, keep: number): void {
    let m = this.memos.get(table);
    if (!m) this.memos.set(table, (m = new Map()));
    m.delete(id);
    m.set(id, value);
    while (m.size > keep) m.delete(m.keys().next().value as string);
  }

  /** Forgets what was kept for a record that changed. */
  forget(table: string, id: string): void {
    this.memos.get(table)?.delete(id);
  }
}

/**
 * What a state keeps beside its records, made on first use and kept up to date by every write:
 * ids by field, and by field and named filter (see Table.filters) the counts and ids of the
 * records passing it, and the ordered lists (see Table.orders). Each is read from the index kept
 * with the snapshot when it has the list, else built by one walk. Keyed by names, it grows with
 * the filters declared, never with calls.
 */
export class RecordIndexes {
  private readonly lists = new Map<string, Map<string, Held>>();

  constructor(readonly memos = new Memos()) {}

  /** Whether writes to `table` have anything here to bring up to date. */
  follows(table: string): boolean {
    return !!this.lists.get(table)?.size;
  }

  /**
   * The lists asked for before, by what they were asked with (a table's own declarations, the
   * same objects each time): a server asks for a few lists on every request, and finding one by
   * its key made a string to hash each time.
   */
  private readonly byOrder = new WeakMap<NamedOrder, OrderIndex>();
  private readonly byTest = { filter: new WeakMap<NamedTest, Map<string, IdGroups>>(), count: new WeakMap<NamedTest, Map<string, Counts>>() };
  private readonly byField = new Map<string, Map<string, IdGroups>>();

  private held<H extends Held>(table: string, kind: ListKind, f: string, name: string, make: () => H, same: (h: H) => boolean, what: string): H {
    let byKey = this.lists.get(table);
    if (!byKey) this.lists.set(table, (byKey = new Map()));
    const key = listKey(kind, f, name);
    const h = byKey.get(key) as H | undefined;
    if (h) {
      if (!same(h)) throw new Error(`table ${table} is declared twice with different ${what} named "${name}"`);
      return h;
    }
    const made = make();
    byKey.set(key, made);
    return made;
  }

  /** A list read from the file with the changes applied, or built by a walk. */
  private fill<X extends { add(id: string, row: Row): void; update(id: string, old: Row | undefined, next: Row | undefined): void }>(
    origin: Origin,
    key: string,
    make: (file: PersistedList | undefined) => X,
  ): X {
    const file = origin.persisted(key);
    const x = make(file);
    if (file) origin.changes((id, old, next) => x.update(id, old, next));
    else origin.walk((id, row) => x.add(id, row));
    return x;
  }

  ordered(table: string, named: NamedOrder, origin: Origin): OrderIndex {
    const known = this.byOrder.get(named);
    if (known) return known;
    const make = () => ({
      kind: 'order' as const,
      name: named.name,
      x: this.fill(origin, listKey('order', '', named.name), (file) => new OrderIndex(named.order, file, origin.baseRow)),
    });
    const same = (h: { x: OrderIndex }) => h.x.order.group === named.order.group && h.x.order.key === named.order.key;
    const x = this.held(table, 'order', '', named.name, make, same, 'orders').x;
    this.byOrder.set(named, x);
    return x;
  }

  index(table: string, f: string, origin: Origin): IdGroups {
    let fields = this.byField.get(table);
    const known = fields?.get(f);
    if (known) return known;
    const make = () => ({ kind: 'index' as const, field: f, x: this.fill(origin, listKey('index', f, ''), (file) => new IdGroups(f, undefined, file)) });
    const x = this.held(table, 'index', f, '', make, () => true, 'indexes').x;
    if (!fields) this.byField.set(table, (fields = new Map()));
    fields.set(f, x);
    return x;
  }

  filter(table: string, f: string, filter: NamedTest, origin: Origin): IdGroups {
    const known = this.byTest.filter.get(filter)?.get(f);
    if (known) return known;
    const make = () => ({
      kind: 'filter' as const,
      field: f,
      name: filter.name,
      x: this.fill(origin, listKey('filter', f, filter.name), (file) => new IdGroups(f, filter.test, file)),
    });
    const x = this.held(table, 'filter', f, filter.name, make, (h) => h.x.test === filter.test, 'filters').x;
    remember(this.byTest.filter, filter, f, x);
    return x;
  }

  count(table: string, f: string, filter: NamedTest, origin: Origin): Counts {
    const known = this.byTest.count.get(filter)?.get(f);
    if (known) return known;
    const make = () => ({
      kind: 'count' as const,
      field: f,
      name: filter.name,
      x: this.fill(origin, listKey('count', f, filter.name), (file) => new Counts(f, filter.test, file)),
    });
    const x = this.held(table, 'count', f, filter.name, make, (h) => h.x.test === filter.test, 'filters').x;
    remember(this.byTest.count, filter, f, x);
    return x;
  }

  /** Brings everything for `table` up to date with one record's change (undefined: absent). */
  update(table: string, id: string, old: Row | undefined, next: Row | undefined): void {
    for (const h of this.lists.get(table)?.values() ?? []) h.x.update(id, old, next);
  }

  /** Every list held, by table and key. */
  each(fn: (table: string, key: string, h: Held) => void): void {
    for (const [table, byKey] of this.lists) for (const [key, h] of byKey) fn(table, key, h);
  }

  /** How many lists are held, by kind. */
  sizes(): Record<ListKind, number> {
    const out: Record<ListKind, number> = { order: 0, index: 0, filter: 0, count: 0 };
    this.each((_, __, h) => out[h.kind]++);
    return out;
  }
}

export type { Order };

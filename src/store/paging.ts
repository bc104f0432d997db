import type { SortedList } from './ordered.js';
import type { Position } from './types.js';
import type { OrderedPage, OrderedQuery, Row } from './store.js';

/**
 * One group of an ordered list as a page reads it: its entries as sorted lists to merge (the
 * index file's and those written since), its name and rank, its size, and where a record is in it.
 */
export interface Source {
  lists: readonly SortedList[];
  g: string;
  rank: number;
  size: number;
  position(id: string): Position | undefined;
}

/** Records read from the store in one go while filling a page. */
const BATCH = 64;

type Ranked = Position & { rank: number };

function comparer(rankGroups: boolean) {
  return (a: Position, ra: number, b: Position, rb: number): number => {
    if (a.k !== b.k) return a.k < b.k ? -1 : 1;
    if (rankGroups && ra !== rb) return ra - rb;
    return a.s - b.s;
  };
}

/** The first index of `list` at which `pred` holds; it holds for every later index too. */
function firstWhere(list: SortedList, pred: (p: Position) => boolean): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (pred(list.at(mid))) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

interface Lane {
  list: SortedList;
  src: Source;
  at: number;
  /** The entry at `at`, once read (a list of the index file decodes it from its bytes). */
  head?: Position | undefined;
}

/**
 * Walks the sources merged in order from just after `after` (from the end when `desc`), giving
 * each record once. Finding the start is a binary search per list; each step after that looks
 * at one entry per list.
 */
export function* merged(sources: readonly Source[], after: Ranked | undefined, desc: boolean, rankGroups: boolean): Generator<Position & { g: string }> {
  const cmp = comparer(rankGroups);
  const lanes: Lane[] = [];
  for (const src of sources) {
    for (const list of src.lists) {
      let at: number;
      if (!after) at = desc ? list.length - 1 : 0;
      else if (desc) at = firstWhere(list, (e) => cmp(e, src.rank, after, after.rank) >= 0) - 1;
      else at = firstWhere(list, (e) => cmp(e, src.rank, after, after.rank) > 0);
      lanes.push({ list, src, at });
    }
  }
  const head = (l: Lane): Position | undefined => {
    if (l.head) return l.head;
    for (;;) {
      if (l.at < 0 || l.at >= l.list.length) return undefined;
      const e = l.list.at(l.at);
      if (!l.list.skip?.has(e.id)) return (l.head = e);
      l.at += desc ? -1 : 1;
    }
  };
  let lastId: string | undefined;
  for (;;) {
    let best: Lane | undefined;
    let be: Position | undefined;
    for (const l of lanes) {
      const e = head(l);
      if (!e) continue;
      if (!best || !be) {
        best = l;
        be = e;
        continue;
      }
      const c = cmp(e, l.src.rank, be, best.src.rank);
      if (desc ? c > 0 : c < 0) {
        best = l;
        be = e;
      }
    }
    if (!best || !be) return;
    best.at += desc ? -1 : 1;
    best.head = undefined;
    // A record listed in several of the groups has one position in all of them: give it once.
    if (be.id === lastId) continue;
    lastId = be.id;
    yield { ...be, g: best.src.g };
  }
}

/** The rank of `after`'s group among the sources: the page resumes in the merge where it ended. */
export function rankOf(sources: readonly Source[], after: (Position & { g?: string | undefined }) | undefined): Ranked | undefined {
  if (!after) return undefined;
  const rank = sources.find((s) => s.g === after.g)?.rank ?? -1;
  return { k: after.k, s: after.s, id: after.id, rank };
}

/** One page of the merged sources: `read` gives the records of ids, in order. */
export function pageOf<T extends Row>(sources: readonly Source[], q: OrderedQuery<T>, after: Ranked | undefined, read: (ids: string[]) => T[]): OrderedPage<T> {
  const rows: T[] = [];
  let last: (Position & { g: string }) | undefined;
  const walk = merged(sources, after, !!q.desc, q.ranks !== undefined);
  let done = false;
  while (!done && rows.length <= q.limit) {
    const batch: (Position & { g: string })[] = [];
    const want = q.test ? Math.max(BATCH, q.limit + 1 - rows.length) : q.limit + 1 - rows.length;
    while (batch.length < want) {
      const n = walk.next();
      if (n.done) {
        done = true;
        break;
      }
      batch.push(n.value);
    }
    const got = read(batch.map((p) => p.id));
    for (let i = 0; i < got.length; i++) {
      const row = got[i] as T;
      if (q.test && !q.test(row)) continue;
      if (rows.length === q.limit) return { rows, more: true, ...(last ? { last } : {}) };
      rows.push(row);
      last = batch[i];
    }
  }
  return { rows, more: false, ...(last ? { last } : {}) };
}

/** How many records of the merged sources pass `test`, reading them in batches. */
export function countOf<T extends Row>(sources: readonly Source[], test: (row: T) => boolean, read: (ids: string[]) => T[]): number {
  let n = 0;
  let ids: string[] = [];
  const flush = () => {
    for (const row of read(ids)) if (test(row)) n++;
    ids = [];
  };
  for (const p of merged(sources, undefined, false, false)) {
    ids.push(p.id);
    if (ids.length >= 512) flush();
  }
  flush();
  return n;
}

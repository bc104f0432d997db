import type { OrderedIds, Position } from './ordered.js';
import type { OrderedPage, OrderedQuery, Row } from './store.js';

/** One group of an ordered list as a page reads it: its entries in order, its name and rank. */
export interface Source {
  entries: readonly Position[];
  g: string;
  rank: number;
  /** The group's entries by id, where a cursor's record is looked up. */
  ids?: OrderedIds;
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

/** The first index of `entries` at which `pred` holds; it holds for every later index too. */
function firstWhere(entries: readonly Position[], pred: (p: Position) => boolean): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (pred(entries[mid] as Position)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * Walks the sources merged in order from just after `after` (from the end when `desc`), giving
 * each record once. Finding the start is a binary search per source; each step after that looks
 * at one entry per source.
 */
export function* merged(sources: readonly Source[], after: Ranked | undefined, desc: boolean, rankGroups: boolean): Generator<Position & { g: string }> {
  const cmp = comparer(rankGroups);
  const at = sources.map((src) => {
    if (!after) return desc ? src.entries.length - 1 : 0;
    if (desc) return firstWhere(src.entries, (e) => cmp(e, src.rank, after, after.rank) >= 0) - 1;
    return firstWhere(src.entries, (e) => cmp(e, src.rank, after, after.rank) > 0);
  });
  let lastId: string | undefined;
  for (;;) {
    let best = -1;
    for (let j = 0; j < sources.length; j++) {
      const src = sources[j] as Source;
      const e = src.entries[at[j] as number];
      if (!e) continue;
      if (best < 0) best = j;
      else {
        const b = sources[best] as Source;
        const c = cmp(e, src.rank, b.entries[at[best] as number] as Position, b.rank);
        if (desc ? c > 0 : c < 0) best = j;
      }
    }
    if (best < 0) return;
    const src = sources[best] as Source;
    const e = src.entries[at[best] as number] as Position;
    at[best] = (at[best] as number) + (desc ? -1 : 1);
    // A record listed in several of the groups has one position in all of them: give it once.
    if (e.id === lastId) continue;
    lastId = e.id;
    yield { ...e, g: src.g };
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
  const walk = merged(sources, after, !!q.desc, !!q.rankGroups);
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

import { DEFAULT_PAGE_SIZE } from '../../contract/schemas/common.js';
import type { OrderedQuery, Position, ReadTx, Row, Table } from '../../store/store.js';
import { crc32 } from '../../store/crc32.js';
import { badRequest } from '../http-error.js';

export interface PageQuery {
  page?: string | undefined;
  limit?: number | undefined;
}

export type ListPage<T> = {
  items: T[];
  count: number;
  next?: { page: string };
};

/**
 * What a page token says: the list it belongs to (a digest of what names the list: its kind, its
 * parent and its filters) and where the page before it ended, as a position in an ordered list
 * (`k`, `s`, `i`, `g`) or, for a list computed whole, an offset (`o`) with the id of the item there.
 */
interface Token {
  l: string;
  k?: string | number;
  s?: number;
  i?: string;
  g?: string;
  o?: number;
}

/**
 * The name of one list: tokens of any other are refused. It guards against a mix-up, not an
 * attacker (a token is no secret), so two 32-bit digests of what names the list do, CRC-32 and
 * FNV-1a: no crypto module to load for a command that lists one page.
 */
export function listKey(kind: string, ...parts: readonly (string | number | boolean | readonly string[] | undefined)[]): string {
  const text = JSON.stringify([kind, ...parts]);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return `${crc32(text).toString(36)}${(h >>> 0).toString(36)}`;
}

function encode(t: Token): string {
  return Buffer.from(JSON.stringify(t)).toString('base64url');
}

const NOT_OURS = 'page: not a page token returned by this server; start again without "page"';

function decode(token: string, list: string): Token {
  let t: Token | undefined;
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown;
    if (parsed && typeof parsed === 'object' && typeof (parsed as Token).l === 'string') t = parsed as Token;
  } catch {
    // refused below
  }
  if (!t) throw badRequest(NOT_OURS);
  if (t.l !== list) throw badRequest('page: this token belongs to another list (another parent, filter or order); start again without "page"');
  return t;
}

function decodePosition(t: Token): (Position & { g?: string }) | undefined {
  const okKey = typeof t.k === 'string' || (typeof t.k === 'number' && Number.isFinite(t.k));
  if (!okKey || typeof t.s !== 'number' || !Number.isInteger(t.s) || typeof t.i !== 'string') return undefined;
  return { k: t.k as string | number, s: t.s, id: t.i, ...(typeof t.g === 'string' ? { g: t.g } : {}) };
}

function idOf(item: unknown): string | undefined {
  const id = item && typeof item === 'object' ? (item as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? id : undefined;
}

/**
 * One page of a list computed whole, mapped by `map` only for the items on the page. The token
 * names the last item given: the next page starts after it wherever it has moved to, so an item
 * added or removed before it neither repeats nor skips one (the offset serves items without id).
 */
export function paginate<R, T>(all: readonly R[], q: PageQuery, map: (r: R) => T, list: string): ListPage<T> {
  let offset = 0;
  if (q.page) {
    const t = decode(q.page, list);
    if (typeof t.o !== 'number' || !Number.isInteger(t.o) || t.o < 0) throw badRequest(NOT_OURS);
    offset = t.o;
    if (t.i !== undefined && idOf(all[offset - 1]) !== t.i) {
      const at = all.findIndex((r) => idOf(r) === t.i);
      if (at >= 0) offset = at + 1;
    }
  }
  const limit = q.limit ?? DEFAULT_PAGE_SIZE;
  const slice = all.slice(offset, offset + limit);
  const out: ListPage<T> = { items: slice.map(map), count: all.length };
  const end = offset + slice.length;
  if (end < all.length && limit > 0) {
    const last = idOf(slice[slice.length - 1]);
    out.next = { page: encode({ l: list, o: end, ...(last !== undefined ? { i: last } : {}) }) };
  }
  return out;
}

export interface OrderedList<T extends Row, F extends string, O extends string> {
  table: Table<T, F, O>;
  order: NoInfer<O>;
  /** The list's name (see listKey). */
  list: string;
  query: Omit<OrderedQuery<T>, 'after' | 'limit'>;
  /** The list's size when known without counting (a kept count): else the groups are counted. */
  count?: () => number;
}

/**
 * One page of an ordered list kept by the store: it costs the page (and what a filter skips),
 * whatever the list's length. The token is the position of the last item given.
 */
export function paginateOrdered<T extends Row, F extends string, O extends string, R>(
  tx: ReadTx,
  l: OrderedList<T, F, O>,
  q: PageQuery,
  map: (row: T) => R,
): ListPage<R> {
  const after = q.page ? decodePosition(decode(q.page, l.list)) : undefined;
  if (q.page && !after) throw badRequest(NOT_OURS);
  const limit = q.limit ?? DEFAULT_PAGE_SIZE;
  const page = tx.page(l.table, l.order, { ...l.query, after, limit });
  const count = l.count ? l.count() : tx.sizeOf(l.table, l.order, l.query.groups, l.query.test, l.query.ids);
  const out: ListPage<R> = { items: page.rows.map(map), count };
  if (page.more && page.last && limit > 0) out.next = { page: encode({ l: l.list, k: page.last.k, s: page.last.s, i: page.last.id, g: page.last.g }) };
  return out;
}

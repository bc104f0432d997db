import { DEFAULT_PAGE_SIZE } from '../../contract/schemas/common.js';
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

/** Opaque page tokens: the offset, so a walk with no writes in between sees each item once. */
function encodeToken(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
}

function decodeToken(token: string): number {
  try {
    const o = (JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { o?: unknown }).o;
    if (typeof o === 'number' && Number.isInteger(o) && o >= 0) return o;
  } catch {
    // fall through to the error below
  }
  throw badRequest('page: not a page token returned by this server; start again without "page"');
}

/** One page of `all`, mapped by `map` only for the items on the page. */
export function paginate<R, T>(all: readonly R[], q: PageQuery, map: (r: R) => T): ListPage<T> {
  const offset = q.page ? decodeToken(q.page) : 0;
  const limit = q.limit ?? DEFAULT_PAGE_SIZE;
  const slice = all.slice(offset, offset + limit);
  const out: ListPage<T> = { items: slice.map(map), count: all.length };
  const end = offset + slice.length;
  if (end < all.length && limit > 0) out.next = { page: encodeToken(end) };
  return out;
}

import { gzipSync } from 'node:zlib';
import type { CoreRequest, CoreResponse } from '../app.js';
import type { RevisionRecord } from '../model/revision.js';
import { htmlResponse } from './html.js';
import { serialOf } from './rendered.js';

/**
 * Whole published pages, kept as the bytes sent: a page is a function of its revision (which
 * never changes), the addressing, the page and the site's frame around it (brand, header links,
 * search form), so a page read again is sent as it was, without being put together, encoded or
 * compressed again. Sent gzip-compressed to a client that accepts it: a page carries the whole
 * sidebar, which for a space of 1,000 pages is about 100 kB of links and compresses to a tenth.
 */

/** Bytes kept over all pages (each with its compressed form); the least recently read go first. */
const CACHE_BYTES = 32 * 1024 * 1024;

interface Kept {
  raw: Buffer;
  gzip: Buffer;
}

const kept = new Map<string, Kept>();
let keptBytes = 0;

function remember(key: string, k: Kept): Kept {
  const had = kept.get(key);
  if (had) keptBytes -= had.raw.length + had.gzip.length;
  kept.delete(key);
  kept.set(key, k);
  keptBytes += k.raw.length + k.gzip.length;
  for (const [old, v] of kept) {
    if (keptBytes <= CACHE_BYTES || kept.size <= 1) break;
    kept.delete(old);
    keptBytes -= v.raw.length + v.gzip.length;
  }
  return k;
}

/** Whether the request's Accept-Encoding takes gzip (with a quality above zero). */
export function acceptsGzip(req: CoreRequest): boolean {
  const header = req.headers['accept-encoding'];
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((x) => x !== undefined);
    return q === undefined || Number(q) > 0;
  });
}

/**
 * A 200 HTML response of the page named by its revision, addressing, page and frame (`frame`:
 * everything else the page shows), made by `make` the first time only.
 */
export function pageResponse(req: CoreRequest, rev: RevisionRecord, addressing: string, pageId: string, frame: unknown, make: () => string, extra: Record<string, string> = {}): CoreResponse {
  const key = `${serialOf(rev)}\n${addressing}\n${pageId}\n${JSON.stringify(frame)}`;
  let k = kept.get(key);
  if (k) remember(key, k);
  else {
    const raw = Buffer.from(make());
    k = remember(key, { raw, gzip: gzipSync(raw) });
  }
  const res = htmlResponse(200, '', { vary: 'accept-encoding', ...extra });
  return acceptsGzip(req) ? { ...res, headers: { ...res.headers, 'content-encoding': 'gzip' }, body: k.gzip } : { ...res, body: k.raw };
}

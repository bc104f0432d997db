import { constants, crc32, deflateRawSync } from 'node:zlib';
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
  /** The page's bytes in pieces (shared ones among them), put together when first sent as they are. */
  parts: Buffer[];
  size: number;
  raw?: Buffer;
  gzip: Buffer;
}

const rawOf = (k: Kept): Buffer => (k.raw ??= Buffer.concat(k.parts, k.size));

const kept = new Map<string, Kept>();
let keptBytes = 0;

function remember(key: string, k: Kept): Kept {
  const had = kept.get(key);
  if (had) keptBytes -= had.size + had.gzip.length;
  kept.delete(key);
  kept.set(key, k);
  keptBytes += k.size + k.gzip.length;
  for (const [old, v] of kept) {
    if (keptBytes <= CACHE_BYTES || kept.size <= 1) break;
    kept.delete(old);
    keptBytes -= v.size + v.gzip.length;
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
 * A part of pages compressed once and shared by every page that shows it (a revision's sidebar,
 * in pieces): a page's compressed form is its own parts compressed and these put between them
 * as they are, so a first view compresses what is its own, not the whole sidebar again.
 */
export interface Shared {
  raw: Buffer;
  /** Raw deflate blocks ending on a byte (a sync flush), with nothing referring outside them. */
  deflated: Buffer;
}

/** A page's text in order: its own parts, and parts shared with other pages. */
export type Piece = string | Shared;

export function shared(text: string): Shared {
  const raw = Buffer.from(text);
  return { raw, deflated: deflateRawSync(raw, { finishFlush: constants.Z_SYNC_FLUSH }) };
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A last, empty deflate block: what ends the stream after the pieces' sync-flushed blocks. */
const LAST_BLOCK = deflateRawSync(Buffer.alloc(0));

/** The page's bytes, and as one gzip member: the pieces' deflate blocks one after another. */
function encode(pieces: readonly Piece[]): Kept {
  const parts: Shared[] = [];
  let own = '';
  for (const p of pieces) {
    if (typeof p === 'string') own += p;
    else {
      if (own) parts.push(shared(own));
      own = '';
      parts.push(p);
    }
  }
  if (own) parts.push(shared(own));
  let crc = 0;
  let size = 0;
  for (const p of parts) {
    // node's crc32 answers 0 for some empty buffers, whatever the value carried in.
    if (p.raw.length) crc = crc32(p.raw, crc);
    size += p.raw.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  return { parts: parts.map((p) => p.raw), size, gzip: Buffer.concat([GZIP_HEADER, ...parts.map((p) => p.deflated), LAST_BLOCK, trailer]) };
}

/**
 * A 200 HTML response of the page named by its revision, addressing, page and frame (`frame`:
 * everything else the page shows), made by `make` the first time only.
 */
export function pageResponse(
  req: CoreRequest,
  rev: RevisionRecord,
  addressing: string,
  pageId: string,
  frame: unknown,
  make: () => string | readonly Piece[],
  extra: Record<string, string> = {},
): CoreResponse {
  const key = `${serialOf(rev)}\n${addressing}\n${pageId}\n${JSON.stringify(frame)}`;
  let k = kept.get(key);
  if (k) remember(key, k);
  else {
    const made = make();
    k = remember(key, encode(typeof made === 'string' ? [made] : made));
  }
  const res = htmlResponse(200, '', { vary: 'accept-encoding', ...extra });
  return acceptsGzip(req) ? { ...res, headers: { ...res.headers, 'content-encoding': 'gzip' }, body: k.gzip } : { ...res, body: rawOf(k) };
}

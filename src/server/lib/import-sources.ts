import { badRequest } from '../http-error.js';
import { folderPathProblem } from '../../lib/gitsync/folder-names.js';
import { MAX_ARCHIVE_BYTES, SourceRefused, type Entry, type Source } from '../../lib/import-source.js';
import { outboundFetch, OutboundError, TooLarge, type Fetched, type OutboundPolicy } from '../../lib/outbound.js';

/**
 * A source of src/lib/import-source.ts as the API answers it: what that refuses (a file URL that
 * names nothing readable, an archive that is not one, too many files) is the caller's mistake, a
 * 400, whether it shows when the source is opened or when its files are read.
 */
export async function answered(opening: Promise<Source>): Promise<Source> {
  const src = await asBadRequest(opening);
  return { ...src, load: (entries) => asBadRequest(src.load(entries)) };
}

async function asBadRequest<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof SourceRefused) throw badRequest(e.message);
    throw e;
  }
}

export const MAX_WEBSITE_PAGES = 25;
const FETCH_TIMEOUT_MS = 15_000;

/**
 * GETs an http(s) URL under the server's outbound policy (outbound.ts); a refusal, a failure or
 * an error status is a 400 that says which, and no more.
 */
export async function fetchUrl(url: URL, policy: OutboundPolicy): Promise<{ bytes: Uint8Array; contentType: string; finalUrl: string }> {
  let got: Fetched;
  try {
    got = await outboundFetch(url, policy, { headers: { 'user-agent': 'gbctl-import' }, timeoutMs: FETCH_TIMEOUT_MS, maxBytes: MAX_ARCHIVE_BYTES });
  } catch (e) {
    if (e instanceof TooLarge) throw badRequest(`url: ${url.href} is larger than ${MAX_ARCHIVE_BYTES / 1024 / 1024} MB`);
    if (e instanceof OutboundError) throw badRequest(`url: ${e.message}`);
    throw e;
  }
  if (got.status < 200 || got.status > 299) throw badRequest(`url: ${url.href} answered HTTP ${got.status}`);
  return { bytes: got.bytes, contentType: (got.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '', finalUrl: got.url };
}

/** A name for a downloaded document from its URL and content type. */
export function nameFor(url: string, contentType: string): string {
  const decoded = safeDecodeSegment(new URL(url).pathname.split('/').filter(Boolean).pop() ?? '');
  // A segment may decode to anything (..%2F, %00): a name that cannot be a file's is "index".
  const last = decoded && !folderPathProblem(decoded) ? decoded : 'index';
  if (/\.[a-z0-9]+$/i.test(last)) return last;
  if (contentType === 'text/html') return `${last}.html`;
  if (contentType === 'text/markdown' || contentType === 'text/plain' || contentType === 'text/x-markdown') return `${last}.md`;
  return last;
}

function safeDecodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Links of an HTML document to other HTML documents of the same origin. */
export function sameOriginLinks(html: string, base: string): string[] {
  const out: string[] = [];
  const origin = new URL(base).origin;
  for (const m of html.matchAll(/<a\s[^>]*href\s*=\s*["']([^"']+)["']/gi)) {
    let u: URL;
    try {
      u = new URL((m[1] as string).replace(/&amp;/g, '&'), base);
    } catch {
      continue;
    }
    if (u.origin !== origin || !/^https?:$/.test(u.protocol)) continue;
    if (/\.(png|jpe?g|gif|svg|webp|ico|css|js|json|xml|pdf|zip|txt|woff2?)$/i.test(u.pathname)) continue;
    u.hash = '';
    out.push(u.href);
  }
  return [...new Set(out)];
}

/** Walks a website from `start`: its HTML pages on the same origin, breadth first. */
export async function crawl(start: URL, policy: OutboundPolicy): Promise<{ entries: Entry[]; discovered: number }> {
  const queue = [start.href];
  const seen = new Set(queue);
  const entries: Entry[] = [];
  while (queue.length && entries.length < MAX_WEBSITE_PAGES) {
    const href = queue.shift() as string;
    let got;
    try {
      got = await fetchUrl(new URL(href), policy);
    } catch (e) {
      if (href === start.href) throw e;
      continue;
    }
    if (got.contentType && got.contentType !== 'text/html' && got.contentType !== 'application/xhtml+xml') {
      if (href === start.href) throw badRequest(`url: ${href} is ${got.contentType}, not an HTML page`);
      continue;
    }
    const html = new TextDecoder().decode(got.bytes);
    entries.push({
      path: `${String(entries.length).padStart(3, '0')}-${nameFor(got.finalUrl, 'text/html')}`,
      size: got.bytes.length,
      bytes: got.bytes,
      contentType: 'text/html',
    });
    for (const link of sameOriginLinks(html, got.finalUrl)) {
      if (!seen.has(link)) {
        seen.add(link);
        queue.push(link);
      }
    }
  }
  return { entries, discovered: seen.size };
}

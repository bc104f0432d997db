import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { badRequest } from '../http-error.js';
import { outboundFetch, OutboundError, TooLarge, type Fetched, type OutboundPolicy } from './outbound.js';

/** One file of what an import reads: a path relative to the import's root, and its bytes. */
export interface Entry {
  path: string;
  bytes: Uint8Array;
  /** Content type the server declared, for downloads. */
  contentType?: string;
}

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_TOTAL_BYTES = 50 * 1024 * 1024;
export const MAX_ENTRIES = 1000;
export const MAX_WEBSITE_PAGES = 25;
const FETCH_TIMEOUT_MS = 15_000;

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length > 3 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

export async function unzip(bytes: Uint8Array, where: string): Promise<Entry[]> {
  const { unzipSync } = await import('fflate');
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (f) => !f.name.endsWith('/') && f.originalSize <= MAX_FILE_BYTES });
  } catch (e) {
    throw badRequest(`url: ${where} is not a readable zip archive (${(e as Error).message})`);
  }
  const entries = Object.entries(files)
    .filter(([name]) => !name.startsWith('__MACOSX/'))
    .map(([path, data]) => ({ path, bytes: data }));
  return stripCommonRoot(checkSize(entries, where));
}

/** A zip of one folder holds `folder/…`: import what is inside it. */
function stripCommonRoot(entries: Entry[]): Entry[] {
  const firsts = new Set(entries.map((e) => e.path.split('/')[0]));
  if (firsts.size !== 1 || entries.some((e) => !e.path.includes('/'))) return entries;
  return entries.map((e) => ({ ...e, path: e.path.slice(e.path.indexOf('/') + 1) }));
}

function checkSize(entries: Entry[], where: string): Entry[] {
  if (entries.length > MAX_ENTRIES) throw badRequest(`url: ${where} holds more than ${MAX_ENTRIES} files`);
  const total = entries.reduce((n, e) => n + e.bytes.length, 0);
  if (total > MAX_TOTAL_BYTES) throw badRequest(`url: ${where} is larger than ${MAX_TOTAL_BYTES / 1024 / 1024} MB`);
  return entries;
}

async function walk(root: string, dir: string, out: Entry[]): Promise<void> {
  for (const d of await readdir(dir, { withFileTypes: true })) {
    // Git Sync keeps its settings and files in .gitbook.yaml and .gitbook/; other dot-files (.git) stay out.
    if (d.name.startsWith('.') && d.name !== '.gitbook' && d.name !== '.gitbook.yaml' && d.name !== '.gitbook.yml') continue;
    const full = join(dir, d.name);
    if (d.isDirectory()) await walk(root, full, out);
    else if (d.isFile()) {
      if (out.length >= MAX_ENTRIES) throw badRequest(`url: the folder holds more than ${MAX_ENTRIES} files`);
      const s = await stat(full);
      if (s.size > MAX_FILE_BYTES) continue;
      out.push({ path: relative(root, full).split(sep).join('/'), bytes: await readFile(full) });
    }
  }
}

/** What a `file://` URL names: a file, a folder walked whole, or a zip unpacked. */
export async function readFileUrl(url: URL): Promise<Entry[]> {
  let path: string;
  try {
    path = fileURLToPath(url);
  } catch (e) {
    throw badRequest(`url: ${url.href} is not a local file URL (${(e as Error).message})`);
  }
  let s;
  try {
    s = await stat(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw badRequest(`url: cannot read ${url.href}: ${code === 'ENOENT' ? 'no such file or folder' : (code ?? (e as Error).message)}`);
  }
  try {
    if (s.isDirectory()) {
      const out: Entry[] = [];
      await walk(path, path, out);
      return checkSize(out, url.href);
    }
    if (s.size > MAX_FILE_BYTES) throw badRequest(`url: ${url.href} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
    const bytes = await readFile(path);
    return isZip(bytes) ? unzip(bytes, url.href) : [{ path: basename(path), bytes }];
  } catch (e) {
    if ((e as { status?: number }).status) throw e;
    throw badRequest(`url: cannot read ${url.href}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/**
 * GETs an http(s) URL under the server's outbound policy (outbound.ts); a refusal, a failure or
 * an error status is a 400 that says which, and no more.
 */
export async function fetchUrl(url: URL, policy: OutboundPolicy): Promise<{ bytes: Uint8Array; contentType: string; finalUrl: string }> {
  let got: Fetched;
  try {
    got = await outboundFetch(url, policy, { headers: { 'user-agent': 'gbctl-import' }, timeoutMs: FETCH_TIMEOUT_MS, maxBytes: MAX_TOTAL_BYTES });
  } catch (e) {
    if (e instanceof TooLarge) throw badRequest(`url: ${url.href} is larger than ${MAX_TOTAL_BYTES / 1024 / 1024} MB`);
    if (e instanceof OutboundError) throw badRequest(`url: ${e.message}`);
    throw e;
  }
  if (got.status < 200 || got.status > 299) throw badRequest(`url: ${url.href} answered HTTP ${got.status}`);
  return { bytes: got.bytes, contentType: (got.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '', finalUrl: got.url };
}

/** A name for a downloaded document from its URL and content type. */
export function nameFor(url: string, contentType: string): string {
  const last = decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).pop() ?? '') || 'index';
  if (/\.[a-z0-9]+$/i.test(last)) return last;
  if (contentType === 'text/html') return `${last}.html`;
  if (contentType === 'text/markdown' || contentType === 'text/plain' || contentType === 'text/x-markdown') return `${last}.md`;
  return last;
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
    entries.push({ path: `${String(entries.length).padStart(3, '0')}-${nameFor(got.finalUrl, 'text/html')}`, bytes: got.bytes, contentType: 'text/html' });
    for (const link of sameOriginLinks(html, got.finalUrl)) {
      if (!seen.has(link)) {
        seen.add(link);
        queue.push(link);
      }
    }
  }
  return { entries, discovered: seen.size };
}

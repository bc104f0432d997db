import { recordFiles } from '../../lib/gitsync/record-files.js';
import type { FlatPage } from '../../lib/page-tree.js';
import type { FileRecord, RevisionRecord } from '../model/revision.js';
import type { PageRecord } from '../../lib/page-record.js';
import type { RenderedPage } from '../lib/render/options.js';
import type { SiteMap } from '../lib/workers/protocol.js';
import { JobThread } from '../lib/workers/thread.js';
import { esc } from './html.js';
import { markdownUrl } from './page-markdown.js';

/**
 * Rendered page bodies, kept per (revision, addressing, page): a revision never changes, and a
 * rendering depends only on the page's markdown and on what its links resolve to in that
 * revision under that addressing. Whatever renders a page's content (a page, a section showing
 * its children) gets it from here, so a page is rendered once however often it is read.
 *
 * No rendering holds up the thread that answers requests for long:
 * - a page under THREAD_FROM_BYTES of markdown renders here (milliseconds);
 * - a larger one renders on the render thread, one at a time; concurrent reads of it share that
 *   one rendering, and meanwhile the request thread answers others;
 * - a page over RENDER_LIMIT_BYTES is not rendered: it says it is too large to preview and
 *   links to its markdown, as does one whose rendering failed or took over its time limit
 *   (renderLimits): that answer is kept for the revision, so such a page is not tried again
 *   on every read.
 */

/** Pages with more markdown than this (1 MiB; the largest page of GitBook's own docs is 190 kB) are not rendered. */
export const RENDER_LIMIT_BYTES = 1024 * 1024;
/** Pages with at least this much markdown are rendered off the request thread. */
export const THREAD_FROM_BYTES = 32 * 1024;
/** How long one rendering on the render thread may take: past it, the thread is ended. */
export const renderLimits = { timeoutMs: 60_000 };
/** Rendered HTML kept, in characters over all pages; the least recently read go first. */
const CACHE_CHARS = 48 * 1024 * 1024;

/** What a rendering reads of a revision (web/content.ts's RevisionView). */
export interface RenderSource {
  rev: RevisionRecord;
  flat: readonly FlatPage[];
  byId: ReadonlyMap<string, FlatPage>;
}

/** Where a rendering's links point (web/content.ts's Addressing); `key` names it. */
export interface RenderAddressing {
  key: string;
  page(path: string): string;
  file(f: FileRecord): string;
}

/**
 * Thrown by a read of a page whose rendering is under way on the render thread: the web layer
 * waits for `ready`, then answers the request again (web/index.ts). `ready` never fails.
 */
export class RenderPending extends Error {
  constructor(readonly ready: Promise<void>) {
    super('a page is being rendered');
  }
}

const thread = new JobThread({ role: 'render', idleMs: 30_000, maxHeapMb: 1024 });

/** Revision records by a number of their own: two stores in one process may hold the same ids. */
const serials = new WeakMap<RevisionRecord, number>();
let lastSerial = 0;
export function serialOf(rev: RevisionRecord): number {
  let n = serials.get(rev);
  if (n === undefined) serials.set(rev, (n = ++lastSerial));
  return n;
}

/** Renderings done since the process started, where they were done: what the tests and diagnostics read. */
export const renderCounts = { here: 0, offThread: 0 };

const kept = new Map<string, RenderedPage>();
let keptChars = 0;
const underway = new Map<string, Promise<void>>();

function remember(key: string, r: RenderedPage): RenderedPage {
  const had = kept.get(key);
  if (had) keptChars -= had.html.length;
  kept.delete(key);
  kept.set(key, r);
  keptChars += r.html.length;
  for (const [k, old] of kept) {
    if (keptChars <= CACHE_CHARS || kept.size <= 1) break;
    kept.delete(k);
    keptChars -= old.html.length;
  }
  return r;
}

const sizes = new WeakMap<PageRecord, number>();
/** The page's markdown in UTF-8 bytes, as its file would be. */
export function markdownBytes(page: PageRecord): number {
  let n = sizes.get(page);
  if (n === undefined) sizes.set(page, (n = Buffer.byteLength(page.markdown)));
  return n;
}

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The body of a page that is not rendered: why, and a link to its markdown. */
function notRendered(v: RenderSource, page: PageRecord, a: RenderAddressing, why: string): RenderedPage {
  const path = v.byId.get(page.id)?.path;
  const name = `${path?.split('/').pop() || 'page'}.md`;
  const link = path ? `<p><a href="${esc(markdownUrl(a, path))}" download="${esc(name)}">Download its markdown</a> (${mb(markdownBytes(page))}).</p>` : '';
  return { html: `<div class="hint hint-warning" role="note"><p>${esc(why)}</p>${link}</div>`, headings: [] };
}

/** The revision's pages and files with their addresses: what the render thread resolves links against. */
const maps = new WeakMap<RenderSource, Map<string, SiteMap>>();
function siteMap(v: RenderSource, a: RenderAddressing): SiteMap {
  let byKey = maps.get(v);
  if (!byKey) maps.set(v, (byKey = new Map()));
  let m = byKey.get(a.key);
  if (!m) {
    // Each page's file as export writes it, which relative links resolve against (recordFiles).
    const files = recordFiles(v.rev.pages);
    m = {
      pages: v.flat.map((f) => {
        const gitPath = f.page.gitPath ?? files.get(f.page.id);
        return { id: f.page.id, title: f.page.title, type: f.page.type, path: f.path, url: a.page(f.path), ...(gitPath !== undefined ? { gitPath } : {}) };
      }),
      files: v.rev.files.map((f) => ({ id: f.id, name: f.name, url: a.file(f) })),
    };
    byKey.set(a.key, m);
  }
  return m;
}

/** The last rendering handed to the render thread: the next is handed over when it is done, so a time limit counts one rendering, not the wait. */
let queue: Promise<unknown> = Promise.resolve();

function renderOffThread(key: string, v: RenderSource, page: PageRecord, a: RenderAddressing): Promise<void> {
  renderCounts.offThread++;
  const job = {
    kind: 'render' as const,
    markdown: page.markdown,
    page: { id: page.id, ...(page.gitPath !== undefined ? { gitPath: page.gitPath } : {}) },
    map: siteMap(v, a),
  };
  const rendered = queue.then(() => thread.call(job, renderLimits.timeoutMs));
  queue = rendered.catch(() => undefined);
  return rendered
    .then(
      (r) => void remember(key, r),
      (e: Error) => void remember(key, notRendered(v, page, a, `This page could not be shown: ${e.message}.`)),
    )
    .finally(() => underway.delete(key));
}

/**
 * The page's body as HTML, rendered once per (revision, addressing, page). `render` renders it
 * on this thread. Throws RenderPending while a large page renders on the render thread.
 */
export function renderedBody(v: RenderSource, page: PageRecord, a: RenderAddressing, render: () => RenderedPage): RenderedPage {
  const key = `${serialOf(v.rev)}\n${a.key}\n${page.id}`;
  const hit = kept.get(key);
  if (hit) return remember(key, hit);
  const size = markdownBytes(page);
  if (size > RENDER_LIMIT_BYTES) {
    return remember(
      key,
      notRendered(v, page, a, `This page is too large to preview: it has ${mb(size)} of markdown, and pages over ${mb(RENDER_LIMIT_BYTES)} are not rendered.`),
    );
  }
  if (size < THREAD_FROM_BYTES) {
    renderCounts.here++;
    return remember(key, render());
  }
  let ready = underway.get(key);
  if (!ready) underway.set(key, (ready = renderOffThread(key, v, page, a)));
  throw new RenderPending(ready);
}

import type { FileRecord, RevisionRecord } from '../model/revision.js';
import type { PageRecord } from '../../lib/page-record.js';
import type { FlatPage } from '../../lib/page-tree.js';
import { flatPages } from '../../lib/flat-pages.js';
import { renderHtml, type RenderedPage } from '../lib/render/markdown.js';
import { resolverFor } from '../lib/render/resolve.js';
import { esc } from './html.js';
import { renderedBody } from './rendered.js';

/** How a rendered revision addresses its pages and files. */
export interface Addressing {
  /** Names the addressing: two with the same key give every page and file the same URL. */
  key: string;
  /** URL of a page, by its path in the revision ('' for the first page). */
  page(path: string): string;
  /** URL of a file's bytes. */
  file(f: FileRecord): string;
}

export interface RevisionView {
  rev: RevisionRecord;
  flat: readonly FlatPage[];
  /** Document pages in reading order (for previous/next). */
  docs: FlatPage[];
  byId: Map<string, FlatPage>;
  byPath: Map<string, FlatPage>;
}

/**
 * The views of a revision, kept while it is current: a revision never changes, so its page
 * index is worked out once however many of its pages are rendered.
 */
const views = new WeakMap<RevisionRecord, RevisionView>();
const byRevisionId = new Map<string, RevisionView>();

export function viewOf(rev: RevisionRecord): RevisionView {
  const known = views.get(rev) ?? byRevisionId.get(rev.id);
  if (known) return known;
  const flat = flatPages(rev.pages);
  const view: RevisionView = {
    rev,
    flat,
    docs: flat.filter((f) => f.page.type === 'document'),
    byId: new Map(flat.map((f) => [f.page.id, f])),
    byPath: new Map(flat.map((f) => [f.path, f])),
  };
  views.set(rev, view);
  byRevisionId.set(rev.id, view);
  if (byRevisionId.size > 200) byRevisionId.delete(byRevisionId.keys().next().value as string);
  return view;
}

/** The page a path names: a document page, or the first document page under a group. */
export function pageAt(v: RevisionView, path: string): FlatPage | undefined {
  if (!path) return v.byPath.get('') ?? v.docs[0];
  const hit = v.byPath.get(path);
  if (!hit || hit.page.type === 'document') return hit;
  return v.docs.find((d) => d.path.startsWith(`${hit.path}/`));
}

/** The resolvers a page's rendering is given: pages and files of the revision, as site addresses. */
export function linkResolver(v: RevisionView, page: PageRecord, a: Addressing) {
  const r = resolverFor(v, page);
  return {
    resolveImage: (src: string) => {
      const f = r.file(src);
      return f ? a.file(f) : undefined;
    },
    resolveLink: (href: string) => {
      const f = r.file(href);
      if (f) return a.file(f);
      const hit = r.page(href);
      return hit ? `${a.page(hit.to.path)}${hit.fragment}` : undefined;
    },
    linkTitle: (href: string) => r.page(href)?.to.page.title,
  };
}

/**
 * The page's body as HTML: links to pages and files resolved, nothing unsafe kept. Rendered once
 * per revision, addressing and page (web/rendered.ts): every rendering of page content goes here.
 */
export function renderBody(v: RevisionView, page: PageRecord, a: Addressing): RenderedPage {
  return renderedBody(v, page, a, () => renderHtml(page.markdown, linkResolver(v, page, a)));
}

/** What the sidebar and the pager call a page: its navigation label (SUMMARY.md's link title), else its title. */
const labelOf = (p: PageRecord) => p.linkTitle ?? p.title;

/** The page tree as nested lists; groups as headings; a link page to a page (and anchor) links there. */
export function sidebar(pages: readonly PageRecord[], v: RevisionView, current: string | undefined, a: Addressing): string {
  const list = (items: readonly PageRecord[]): string => {
    const lis = items
      .filter((p) => !p.hidden && p.type !== 'computed')
      .map((p) => {
        const f = v.byId.get(p.id);
        if (!f) return '';
        if (p.type === 'group') return `<li><div class="group">${esc(p.title)}</div>${list(p.pages)}</li>`;
        if (p.type === 'link') {
          const to = p.target ? v.byId.get(p.target.page) : undefined;
          if (to) return `<li><a href="${esc(`${a.page(to.path)}${p.target?.anchor ? `#${p.target.anchor}` : ''}`)}">${esc(labelOf(p))}</a></li>`;
          return `<li><a${/^https?:\/\//i.test(p.href ?? '') ? ` href="${esc(p.href as string)}"` : ''} rel="noopener noreferrer">${esc(labelOf(p))} ↗</a></li>`;
        }
        const cls = p.id === current ? ' class="current" aria-current="page"' : '';
        return `<li><a${cls} href="${esc(a.page(f.path))}">${esc(labelOf(p))}</a>${p.pages.length ? list(p.pages) : ''}</li>`;
      })
      .join('');
    return lis ? `<ul>${lis}</ul>` : '';
  };
  return `<nav aria-label="Pages">${list(pages)}</nav>`;
}

/** A page's article: title, description, body, previous and next (by their navigation labels). */
export function article(v: RevisionView, f: FlatPage, a: Addressing): string {
  const body = renderBody(v, f.page, a);
  const shown = v.docs.filter((d) => !d.page.hidden || d.page.id === f.page.id);
  const i = shown.findIndex((d) => d.page.id === f.page.id);
  const prev = i > 0 ? shown[i - 1] : undefined;
  const next = i >= 0 ? shown[i + 1] : undefined;
  const pager =
    prev || next
      ? `<nav class="pager" aria-label="Previous and next">${prev ? `<a rel="prev" href="${esc(a.page(prev.path))}">← ${esc(labelOf(prev.page))}</a>` : '<span></span>'}${next ? `<a rel="next" href="${esc(a.page(next.path))}">${esc(labelOf(next.page))} →</a>` : ''}</nav>`
      : '';
  return `<article><h1>${esc(f.page.title)}</h1>${f.page.description ? `<p class="description">${esc(f.page.description)}</p>` : ''}${body.html}</article>${pager}`;
}

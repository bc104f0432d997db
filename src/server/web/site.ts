import type { CoreRequest, CoreResponse } from '../exchange.js';
import type { Env } from '../context.js';
import { memberships, membershipId } from '../model/org.js';
import type { RevisionRecord } from '../model/revision.js';
import { getRevision } from '../model/revision-store.js';
import { sectionsInOrder, sites, siteSpacesIn, type SiteRecord } from '../model/site.js';
import { spaces, type SpaceRecord } from '../model/space.js';
import { searchSpace } from '../services/search.js';
import type { ReadTx } from '../../store/store.js';
import { article, pageAt, sidebar, viewOf, type Addressing, type RevisionView } from './content.js';
import { esc, htmlResponse, notice, page, pageAround, redirect } from './html.js';
import { markdownAt, markdownResponse } from './page-markdown.js';
import { pageResponse, shared, type Piece, type Shared } from './page-cache.js';
import { servePublishedSpec } from './openapi.js';
import { readerFor } from './reader.js';
import { signedIn } from './session.js';
import { sameSecret } from '../model/secrets.js';

/** What a published URL resolved to: the site, where in its structure, and the page path. */
interface Resolved {
  site?: SiteRecord;
  space: SpaceRecord;
  rev: RevisionRecord;
  /** URL of the site (or space) root, without the share key. */
  base: string;
  /** URL prefix of the site space's pages. */
  spaceBase: string;
  pagePath: string;
  /** Header links: sections, then the section's site spaces. */
  nav: string;
  visibility: string;
  shareKey: string;
  organization: string;
}

const notFoundPage = () => notice(404, 'Page not found', '<p>There is no published page at this address.</p>');

function query(key: string | undefined, extra = ''): string {
  const q = new URLSearchParams();
  if (key) q.set('shareKey', key);
  if (extra) q.set('q', extra);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Site, section and site space from `/published/{org}/{site}/[section]/[space]/[page…]`. */
function resolveSite(tx: ReadTx, org: string, name: string, rest: string[]): Resolved | undefined {
  const site = tx.all(sites).find((s) => s.organization === org && (s.basename === name || s.id === name));
  if (!site || !site.published) return undefined;
  const base = `/published/${encodeURIComponent(org)}/${encodeURIComponent(name)}`;
  const sections = sectionsInOrder(tx, site.id);
  let section = sections.find((s) => s.default) ?? sections[0];
  let prefix = base;
  if (sections.length && rest[0] && sections.some((s) => s.path === rest[0])) {
    section = sections.find((s) => s.path === rest[0]);
    prefix += `/${encodeURIComponent(rest.shift() as string)}`;
  }
  const siteSpaces = siteSpacesIn(tx, site.id, section?.id);
  let ss = siteSpaces.find((x) => x.default) ?? siteSpaces[0];
  if (rest[0] && siteSpaces.some((x) => !x.default && x.path === rest[0])) {
    ss = siteSpaces.find((x) => x.path === rest[0]);
    prefix += `/${encodeURIComponent(rest.shift() as string)}`;
  }
  if (!ss) return undefined;
  const space = tx.get(spaces, ss.space);
  const rev = space && !space.deletedAt ? getRevision(tx, space.revision) : undefined;
  if (!space || !rev) return undefined;
  const key = site.visibility === 'share-link' ? site.shareKey : '';
  const sectionLinks = sections.map((s) => {
    const href = `${base}${s.default ? '' : `/${encodeURIComponent(s.path)}`}${query(key)}`;
    return `<a href="${esc(href)}"${s.id === section?.id ? ' class="current" aria-current="true"' : ''}>${esc(s.title)}</a>`;
  });
  const sectionBase = section && !section.default ? `${base}/${encodeURIComponent(section.path)}` : base;
  const spaceLinks =
    siteSpaces.length > 1
      ? siteSpaces.map((x) => {
          const title = tx.get(spaces, x.space)?.title ?? x.path;
          const href = `${sectionBase}${x.default ? '' : `/${encodeURIComponent(x.path)}`}${query(key)}`;
          return `<a href="${esc(href)}"${x.id === ss?.id ? ' class="current" aria-current="true"' : ''}>${esc(title)}</a>`;
        })
      : [];
  return {
    site,
    space,
    rev,
    base,
    spaceBase: prefix,
    pagePath: rest.map(decodeURIComponent).join('/'),
    nav: [...sectionLinks, ...spaceLinks].join(''),
    visibility: site.visibility,
    shareKey: site.shareKey,
    organization: site.organization,
  };
}

/** A space's own published URL, `/published/s/{space}/[page…]`. */
function resolveSpace(tx: ReadTx, spaceId: string, rest: string[]): Resolved | undefined {
  const space = tx.get(spaces, spaceId);
  if (!space || space.deletedAt || space.visibility === 'private' || space.visibility === 'in-collection') return undefined;
  const rev = getRevision(tx, space.revision);
  if (!rev) return undefined;
  const base = `/published/s/${encodeURIComponent(space.id)}`;
  return {
    space,
    rev,
    base,
    spaceBase: base,
    pagePath: rest.map(decodeURIComponent).join('/'),
    nav: '',
    visibility: space.visibility,
    shareKey: space.shareKey,
    organization: space.organization,
  };
}

/** How much sidebar HTML is compressed as one shared piece: a first view compresses at most this much of it again. */
const SIDEBAR_PIECE = 4096;

interface Sidebar {
  html: string;
  /** The HTML in pieces ending after an item (`</li>`), each with its compressed form. */
  pieces: { text: string; shared: Shared }[];
  /** Which piece holds the link to a page, by its address as written (escaped). */
  pieceOf: Map<string, number>;
}

/** Sidebar HTML of a revision under one addressing (prefix and share key), made once; the current page is marked per request. */
const sidebars = new Map<string, Sidebar>();
function cachedSidebar(v: RevisionView, a: Addressing): Sidebar {
  const key = `${v.rev.id}\n${a.page('')}`;
  let made = sidebars.get(key);
  if (made === undefined) {
    const html = sidebar(v.rev.pages, v, undefined, a);
    const pieces: Sidebar['pieces'] = [];
    const pieceOf = new Map<string, number>();
    for (let from = 0; from < html.length;) {
      const end = html.indexOf('</li>', from + SIDEBAR_PIECE);
      const to = end < 0 ? html.length : end + '</li>'.length;
      const text = html.slice(from, to);
      for (const m of text.matchAll(/<a href="([^"]*)">/g)) if (!pieceOf.has(m[1] as string)) pieceOf.set(m[1] as string, pieces.length);
      pieces.push({ text, shared: shared(text) });
      from = to;
    }
    made = { html, pieces, pieceOf };
    sidebars.set(key, made);
    if (sidebars.size > 200) sidebars.delete(sidebars.keys().next().value as string);
  }
  return made;
}

/** The sidebar with the page at `href` marked current: the piece holding its link made again, the others shared. */
function markCurrent(side: Sidebar, href: string): Piece[] {
  const at = side.pieceOf.get(esc(href));
  const needle = `<a href="${esc(href)}">`;
  return side.pieces.map((p, n) => {
    const i = n === at ? p.text.indexOf(needle) : -1;
    return i < 0 ? p.shared : `${p.text.slice(0, i)}<a class="current" aria-current="page" href="${esc(href)}">${p.text.slice(i + needle.length)}`;
  });
}

/** `/published/…`: published sites and spaces, with their visibility enforced. */
export async function servePublished(env: Env, req: CoreRequest, url: URL): Promise<CoreResponse> {
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return notice(405, 'Method not allowed', '<p>Published pages are read with GET.</p>', { allow: 'GET, HEAD' });
  const parts = url.pathname.split('/').filter(Boolean).slice(1);
  if (parts[1] === 'openapi' && parts[2] && parts.length === 3)
    return servePublishedSpec(env, decodeURIComponent(parts[0] as string), decodeURIComponent(parts[2]));
  const user = await signedIn(env, req);
  const found = await env.store.read((tx) => {
    const r =
      parts[0] === 's' && parts[1]
        ? resolveSpace(tx, parts[1], parts.slice(2))
        : parts.length >= 2
          ? resolveSite(tx, parts[0] as string, parts[1] as string, parts.slice(2))
          : undefined;
    if (!r) return undefined;
    const member = !!user && !!tx.get(memberships, membershipId(r.organization, user.id));
    return { r, member };
  });
  if (!found) return notFoundPage();
  const { r, member } = found;
  const given = url.searchParams.get('shareKey') ?? undefined;
  if (r.visibility === 'share-link' && !sameSecret(given, r.shareKey) && !member) return notFoundPage();
  if (r.visibility === 'visitor-auth' && !member) {
    const next = `${url.pathname}${url.search}`;
    return notice(
      401,
      'Sign in to read this site',
      `<p>This site is published with <strong>visitor authentication</strong>: only signed-in members of its organization can read it.</p>
<p><a href="/app/~/sign-in?next=${esc(encodeURIComponent(next))}">Sign in with an API token</a> (get one with <code>gbctl local token</code> or <code>gbctl auth token</code>), then come back to this page.</p>`,
    );
  }
  const key = r.visibility === 'share-link' ? r.shareKey : undefined;
  const a: Addressing = {
    key: `${r.spaceBase}${query(key)}`,
    page: (path) => `${r.spaceBase}${path ? `/${path.split('/').map(encodeURIComponent).join('/')}` : ''}${query(key)}`,
    file: (f) => (f.blob ? `/_gbctl/blobs/${encodeURIComponent(f.blob)}` : '#'),
  };
  const v = viewOf(r.rev);
  const brand = r.site?.title ?? r.space.title;
  const noindex = r.visibility !== 'public';
  const extra: Record<string, string> = noindex ? { 'x-robots-tag': 'noindex' } : {};
  const hidden: Record<string, string> = key ? { shareKey: key } : {};
  const shell = { brand, headerNav: r.nav, search: { action: `${r.spaceBase}/~search`, hidden }, noindex };

  if (r.pagePath === '~search') {
    const q = (url.searchParams.get('q') ?? '').slice(0, 512);
    const hits = q.trim() ? await searchFor(env, r, q) : [];
    const list = hits
      .map((h) => `<li><a href="${esc(a.page(h.path))}">${esc(h.title)}</a>${h.snippet ? `<br><span class="muted">${esc(h.snippet)}</span>` : ''}</li>`)
      .join('');
    const body = `<h1>Search</h1><p>${hits.length} result${hits.length === 1 ? '' : 's'} for “${esc(q)}”</p><ul class="results">${list}</ul>`;
    return htmlResponse(200, page({ ...shell, title: `Search: ${q}`, search: { ...shell.search, value: q }, sidebar: cachedSidebar(v, a).html, body }), extra);
  }
  const redirectTo = r.rev.redirects?.[r.pagePath];
  if (redirectTo) {
    const target = v.flat.find((f) => f.page.gitPath === redirectTo);
    if (target) return redirect(a.page(target.path), extra);
  }
  const md = markdownAt(v, r.pagePath);
  if (md) return markdownResponse(md, extra);
  const f = pageAt(v, r.pagePath);
  if (!f) {
    if (!r.pagePath && !v.docs.length) {
      return htmlResponse(200, page({ ...shell, title: brand, body: `<h1>${esc(brand)}</h1><p class="muted">This space has no pages yet.</p>` }), extra);
    }
    return notFoundPage();
  }
  return pageResponse(
    req,
    v.rev,
    a.key,
    f.page.id,
    shell,
    () => {
      const side = cachedSidebar(v, a);
      const [before, after] = pageAround({ ...shell, title: f.page.title, sidebar: side.html !== '', body: article(v, f, a) });
      return [before, ...markCurrent(side, a.page(f.path)), after];
    },
    extra,
  );
}

async function searchFor(env: Env, r: Resolved, q: string): Promise<{ title: string; path: string; snippet: string }[]> {
  const c = await env.store.read((tx) => readerFor(env, tx, r.organization));
  if (!c) return [];
  const out = await searchSpace(c, r.space.id, { query: q, limit: 20 });
  return out.items.map((i) => ({ title: i.title, path: i.path, snippet: i.sections[0]?.body.slice(0, 200) ?? '' }));
}

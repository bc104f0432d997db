import type { ReadTx } from '../../store/store.js';
import type { Ctx } from '../context.js';
import type { LinkStats, LinkStatus, Link, LinkTarget, RevisionLinks } from '../lib/links.js';
import { paginate, type PageQuery } from '../lib/paginate.js';
import { urls } from '../lib/urls.js';
import { getRevision } from '../model/revision-store.js';
import type { FlatPage } from '../../lib/page-tree.js';
import { flatPages } from '../../lib/flat-pages.js';
import type { Scope } from '../model/scope.js';
import { baseRevisionOf } from '../views/change-request.js';
import { linkPresenter, type FoundLink } from '../views/link.js';

export type LinkQuery = PageQuery & { status?: LinkStatus | undefined };

type LinkStatsOf = (links: readonly Link[], before?: ReadonlySet<string>) => LinkStats;

/**
 * Reads of links of the content `scopeOf` picks. What finds links (the markdown renderer and an
 * HTML parser) is loaded first, and only here: the services that offer link lists (spaces,
 * content) are on the path of commands that never read one. The pages' targets are found next,
 * outside the read and a slice at a time, so that other requests are answered meanwhile; `read`
 * (a read transaction, synchronous) then finds them kept. A write between the two only leaves
 * its own pages to parse in the read.
 */
async function withLinks<R>(
  c: Ctx,
  scopeOf: (tx: ReadTx) => Scope,
  read: (tx: ReadTx, s: Scope, links: (s: Scope) => RevisionLinks, stats: LinkStatsOf) => R,
): Promise<R> {
  const [{ revisionLinks, linkStats, findTargets }, { htmlUrlReader }] = await Promise.all([import('../lib/links.js'), import('../lib/links-targets.js')]);
  const htmlUrls = await htmlUrlReader();
  const pages = await c.read((tx) => {
    const s = scopeOf(tx);
    const base = s.cr ? getRevision(tx, baseRevisionOf(s.cr)) : undefined;
    return [s.rev, ...(base ? [base] : [])].flatMap((rev) => flatPages(rev.pages).map((f) => f.page));
  });
  await findTargets(pages, htmlUrls);
  const appUrl = urls.app(c, '/');
  return c.read((tx) => read(tx, scopeOf(tx), (s) => revisionLinks(s.rev, appUrl, htmlUrls), linkStats));
}

/** The broken links of the content a change request is based on, by identity. */
function brokenBefore(tx: ReadTx, s: Scope, links: (s: Scope) => RevisionLinks): ReadonlySet<string> | undefined {
  if (!s.cr) return undefined;
  const base = getRevision(tx, baseRevisionOf(s.cr));
  return base ? links({ space: s.space, rev: base }).brokenKeys : new Set();
}

/** What the links of a revision name, found in it: their ids come from its links, so a miss is a fault. */
function linkFinder(s: Scope, links: RevisionLinks) {
  const files = new Map(s.rev.files.map((f) => [f.id, f]));
  const page = (id: string): FlatPage => {
    const f = links.pages.get(id);
    if (!f) throw new Error(`page ${id} is not in revision ${s.rev.id}`);
    return f;
  };
  const target = (t: LinkTarget): FoundLink['target'] => {
    if (t.kind === 'url') return t;
    if (t.kind === 'page') return t.anchor ? { kind: 'page', page: page(t.page), anchor: t.anchor } : { kind: 'page', page: page(t.page) };
    const f = files.get(t.file);
    if (!f) throw new Error(`file ${t.file} is not in revision ${s.rev.id}`);
    return { kind: 'file', file: f };
  };
  return { page, link: (l: Link): FoundLink => ({ status: l.status, target: target(l.target), page: page(l.page) }) };
}

/**
 * One page of the links of a revision, or of one page of it (`pageId`), with the stats of the
 * whole list. A link of a change request counts as introduced when the content it is based on
 * did not have it broken.
 */
export function listLinks(c: Ctx, scopeOf: (tx: ReadTx) => Scope, q: LinkQuery, list: string, pageId?: string) {
  return withLinks(c, scopeOf, (tx, s, links, linkStats) => {
    const mine = links(s);
    const all = pageId ? mine.ofPage(pageId) : mine.all;
    const shown = q.status ? all.filter((l) => l.status === q.status) : all;
    const stats = linkStats(all, brokenBefore(tx, s, links));
    const found = linkFinder(s, mine);
    const show = linkPresenter(s);
    return { ...paginate(shown, q, (l) => show.link(found.link(l)), list), stats };
  });
}

/** The pages whose links reach a file (any form: link, image, block, HTML), one location each. */
export function listBacklinks(c: Ctx, scopeOf: (tx: ReadTx) => Scope, fileId: string, q: PageQuery, list: string) {
  return withLinks(c, scopeOf, (_tx, s, links) => {
    const mine = links(s);
    const found = linkFinder(s, mine);
    const show = linkPresenter(s);
    return paginate(mine.backlinks(fileId), q, (id) => show.location(found.page(id)), list);
  });
}

import type { FlatPage } from '../../lib/page-tree.js';
import type { RevisionRecord } from '../model/revision.js';
import type { PageRecord } from '../../lib/page-record.js';
import { indexRevision, pageFile, resolveTarget, type LinkStatus, type LinkTarget } from './links-resolve.js';
import { timeSlices } from './time-slices.js';
import { writtenTargets, type HtmlUrls, type WrittenTarget } from './links-targets.js';

export type { LinkStatus, LinkTarget } from './links-resolve.js';

/** One link: a page of the revision (`page`, its id) pointing at a target. */
export interface Link {
  status: LinkStatus;
  target: LinkTarget;
  page: string;
}

export interface LinkStats {
  total: number;
  broken: { total: number; changeRequest: number };
}

/** The links of one revision, worked out once: revisions never change. */
export interface RevisionLinks {
  all: readonly Link[];
  /** The revision's pages by id, with their paths. */
  pages: ReadonlyMap<string, FlatPage>;
  /** The links of one page (none for a page without links or not in the revision). */
  ofPage(pageId: string): readonly Link[];
  /** The pages whose links reach a file, once each, in page order. */
  backlinks(fileId: string): readonly string[];
  /** Identities (see linkKey) of the broken links. */
  brokenKeys: ReadonlySet<string>;
}

/**
 * A page's targets by page record: a revision shares the records of the pages it did not change
 * with the revision it was made from, so a new revision parses only the pages that changed.
 */
const targetsByPage = new WeakMap<PageRecord, readonly WrittenTarget[]>();

export function pageTargets(page: PageRecord, htmlUrls: HtmlUrls): readonly WrittenTarget[] {
  let t = targetsByPage.get(page);
  if (!t) targetsByPage.set(page, (t = page.type === 'document' ? writtenTargets(page.markdown, htmlUrls) : []));
  return t;
}

/**
 * Finds the targets of `pages` that are not kept yet, a slice at a time (see time-slices.ts), so
 * that a revision's links, worked out next, read them kept instead of parsing every page at once.
 */
export async function findTargets(pages: Iterable<PageRecord>, htmlUrls: HtmlUrls): Promise<void> {
  const turn = timeSlices();
  for (const page of pages) {
    if (targetsByPage.has(page)) continue;
    pageTargets(page, htmlUrls);
    await turn();
  }
}

/** Links by revision record, and by the app's address (links under it are `in-app`). */
const byRevision = new WeakMap<RevisionRecord, Map<string, RevisionLinks>>();

const targetKey = (t: LinkTarget) => (t.kind === 'page' ? `page:${t.page}#${t.anchor ?? ''}` : t.kind === 'file' ? `file:${t.file}` : `url:${t.url}`);

/** What makes a link itself: the page it stands in and where it points. */
export const linkKey = (l: Link) => `${l.page}>${targetKey(l.target)}`;

/**
 * Every link of a revision: each page's targets resolved against the revision, once per page and
 * target (a page that points twice at the same place has one link there), pages in tree order.
 */
export function revisionLinks(rev: RevisionRecord, appUrl: string, htmlUrls: HtmlUrls): RevisionLinks {
  let perApp = byRevision.get(rev);
  if (!perApp) byRevision.set(rev, (perApp = new Map()));
  const kept = perApp.get(appUrl);
  if (kept) return kept;

  const idx = indexRevision(rev);
  const all: Link[] = [];
  const byPage = new Map<string, Link[]>();
  const byFile = new Map<string, string[]>();
  const brokenKeys = new Set<string>();
  for (const f of idx.pages.values()) {
    const seen = new Set<string>();
    const mine: Link[] = [];
    const from = pageFile(f, idx.pageFiles);
    for (const w of pageTargets(f.page, htmlUrls)) {
      const r = resolveTarget(w.target, from, idx, appUrl);
      if (!r) continue;
      const link: Link = { status: r.status, target: r.target, page: f.page.id };
      const key = linkKey(link);
      if (seen.has(key)) continue;
      seen.add(key);
      mine.push(link);
      if (r.status === 'broken') brokenKeys.add(key);
      if (r.target.kind === 'file') {
        const users = byFile.get(r.target.file) ?? [];
        if (users.at(-1) !== f.page.id) users.push(f.page.id);
        byFile.set(r.target.file, users);
      }
    }
    if (mine.length) {
      byPage.set(f.page.id, mine);
      all.push(...mine);
    }
  }
  const links: RevisionLinks = {
    all,
    pages: idx.pages,
    ofPage: (id) => byPage.get(id) ?? [],
    backlinks: (id) => byFile.get(id) ?? [],
    brokenKeys,
  };
  perApp.set(appUrl, links);
  return links;
}

/**
 * Counts of a link list. With `before` (the broken links of the content a change request is
 * based on), `broken.changeRequest` counts the broken links the change request introduced.
 */
export function linkStats(links: readonly Link[], before?: ReadonlySet<string>): LinkStats {
  let broken = 0;
  let introduced = 0;
  for (const l of links) {
    if (l.status !== 'broken') continue;
    broken++;
    if (before && !before.has(linkKey(l))) introduced++;
  }
  return { total: links.length, broken: { total: broken, changeRequest: introduced } };
}

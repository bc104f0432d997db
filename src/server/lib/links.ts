import type { RevisionRecord } from '../model/revision.js';
import { flattenPages } from '../model/page-tree.js';

/** Where a link stands: a page of a revision (ids; link-view.ts expands them for the API). */
export interface RawLocation {
  kind: 'page';
  organization: string;
  space: string;
  page: string;
  versionContext: { type: 'revision'; revision: string };
}

export type RawTarget = { kind: 'page'; page: string } | { kind: 'file'; file: string } | { kind: 'url'; url: string };

/** A link as computed from markdown, before it is shown. */
export interface Link {
  status: 'ok' | 'broken' | 'in-app';
  relation: 'reference';
  targetReference: RawTarget;
  locationReferences: RawLocation[];
}

const MD_LINK = /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const AUTOLINK = /<(https?:\/\/[^>\s]+)>/g;

/** The link targets written in a page's markdown, in order of appearance. */
export function linkTargets(markdown: string): string[] {
  const out: string[] = [];
  for (const m of markdown.matchAll(MD_LINK)) out.push(m[1] as string);
  for (const m of markdown.matchAll(AUTOLINK)) out.push(m[1] as string);
  return out;
}

export interface LinkScope {
  organization: string;
  space: string;
  /** Origin of app links: URLs under it are `in-app`. */
  origin: string;
}

/**
 * Every link of a revision (or of one page of it), classified: targets that resolve to a page
 * or file of the revision are `ok`, relative targets that resolve to nothing are `broken`,
 * links into the app are `in-app`, other URLs are `ok`.
 */
export function computeLinks(rev: RevisionRecord, scope: LinkScope, onlyPage?: string): Link[] {
  const flat = flattenPages(rev.pages);
  const byPath = new Map(flat.map((f) => [f.path, f.page.id]));
  const byId = new Set(flat.map((f) => f.page.id));
  const files = new Map(rev.files.map((f) => [f.name, f.id]));
  const out: Link[] = [];
  for (const { page } of flat) {
    if (onlyPage && page.id !== onlyPage) continue;
    const location = {
      kind: 'page' as const,
      organization: scope.organization,
      space: scope.space,
      page: page.id,
      versionContext: { type: 'revision' as const, revision: rev.id },
    };
    for (const target of linkTargets(page.markdown)) {
      const link = classify(target, { byPath, byId, files, origin: scope.origin });
      if (link) out.push({ ...link, relation: 'reference', locationReferences: [location] });
    }
  }
  return out;
}

interface Lookup {
  byPath: Map<string, string>;
  byId: Set<string>;
  files: Map<string, string>;
  origin: string;
}

function classify(target: string, l: Lookup): Pick<Link, 'status' | 'targetReference'> | undefined {
  if (/^(mailto|tel):/i.test(target) || target.startsWith('#')) return undefined;
  if (/^https?:\/\//i.test(target)) {
    const inApp = target.startsWith(`${l.origin}/app/`);
    return { status: inApp ? 'in-app' : 'ok', targetReference: { kind: 'url', url: target } };
  }
  const clean = decodeURIComponent(target.split('#')[0] as string).replace(/^\.?\//, '');
  if (clean.startsWith('page:')) {
    const id = clean.slice(5);
    return { status: l.byId.has(id) ? 'ok' : 'broken', targetReference: { kind: 'page', page: id } };
  }
  const fileName = clean.replace(/^(\.gitbook\/assets|files)\//, '');
  if (clean !== fileName || l.files.has(clean)) {
    const id = l.files.get(fileName);
    return id
      ? { status: 'ok', targetReference: { kind: 'file', file: id } }
      : { status: 'broken', targetReference: { kind: 'file', file: fileName } };
  }
  const path = clean.replace(/\/README\.md$|\.md$|\/$/i, '');
  const id = l.byPath.get(path);
  return id
    ? { status: 'ok', targetReference: { kind: 'page', page: id } }
    : { status: 'broken', targetReference: { kind: 'page', page: path } };
}

const linkKey = (l: Link) => `${String(l.locationReferences[0]?.page)}>${JSON.stringify(l.targetReference)}`;

/**
 * Counts of a link list. With `before` (the links of the content a change request is based
 * on), `broken.changeRequest` counts the broken links the change request introduced.
 */
export function linkStats(all: readonly Link[], before?: readonly Link[]) {
  const broken = all.filter((l) => l.status === 'broken');
  const wasBroken = new Set((before ?? []).filter((l) => l.status === 'broken').map(linkKey));
  const introduced = before ? broken.filter((l) => !wasBroken.has(linkKey(l))).length : 0;
  return { total: all.length, broken: { total: broken.length, changeRequest: introduced } };
}

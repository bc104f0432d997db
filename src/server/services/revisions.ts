import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { File, Page, Revision } from '../../contract/schemas/revision.js';
import type { ReadTx, WriteTx } from '../../store/store.js';
import { isoNow, type Ctx } from '../context.js';
import { notFound } from '../http-error.js';
import { changeRequests, type ChangeRequestRecord } from '../model/review.js';
import { revisions, type FileRecord, type PageRecord, type RevisionRecord } from '../model/revision.js';
import { spaces, type SpaceRecord } from '../model/space.js';
import { findChangeRequest, toChangeRequest } from './change-request-view.js';
import { markdownToDocument } from './document.js';
import { flattenPages, type FlatPage } from './pages.js';
import { liveSpace } from './spaces.js';
import { urls } from './urls.js';

/** What content is read or written: a space's, or one of its change requests'. */
export interface Scope {
  space: SpaceRecord;
  cr?: ChangeRequestRecord;
  rev: RevisionRecord;
}

export function contentScope(c: Ctx, tx: ReadTx, spaceId: string, changeRequestId?: string): Scope {
  const space = liveSpace(c, tx, spaceId);
  const cr = changeRequestId !== undefined ? findChangeRequest(tx, space.id, changeRequestId) : undefined;
  const revId = cr ? cr.revision : space.revision;
  const rev = tx.get(revisions, revId);
  if (!rev) throw notFound(`revision ${revId} not found`);
  return { space, ...(cr ? { cr } : {}), rev };
}

export interface ContentOptions {
  metadata?: boolean | undefined;
  computed?: boolean | undefined;
  format?: 'markdown' | 'document' | undefined;
}

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

export const DEFAULT_LAYOUT = {
  width: 'default', cover: true, coverSize: 'hero', title: true, description: true,
  tableOfContents: true, outline: true, pagination: true, metadata: true,
} as const;

function appBase(scope: Pick<Scope, 'space' | 'cr'>): string {
  return scope.cr ? `/s/${scope.space.id}/~/changes/${scope.cr.number}` : `/s/${scope.space.id}`;
}

export function pageAppUrl(c: Ctx, scope: Pick<Scope, 'space' | 'cr'>, path: string): string {
  return urls.app(c, `${appBase(scope)}/${path}`);
}

/** Page paths and slugs of a revision, by page id. */
export function pageIndex(pages: readonly PageRecord[]): Map<string, FlatPage> {
  return new Map(flattenPages(pages).map((f) => [f.page.id, f]));
}

/** A page of the revision as the API shows it, with its children. */
export function toPage(c: Ctx, scope: Pick<Scope, 'space' | 'cr'>, index: Map<string, FlatPage>, p: PageRecord, o: ContentOptions): z.input<typeof Page> {
  const flat = index.get(p.id);
  const slug = flat?.slug ?? '';
  const path = flat?.path ?? '';
  const base = {
    id: p.id, title: p.title, ...(p.emoji ? { emoji: p.emoji } : {}), ...(p.icon ? { icon: p.icon } : {}),
    ...(p.hidden ? { hidden: true } : {}), createdAt: p.createdAt, updatedAt: p.updatedAt,
  };
  const children = () =>
    p.pages.filter((k) => o.computed !== false || k.type !== 'computed').map((k) => toPage(c, scope, index, k, o) as never);
  switch (p.type) {
    case 'group':
      return { ...base, type: 'group', kind: 'group', slug, path, pages: children() };
    case 'link':
      return { ...base, type: 'link', kind: 'link', target: { kind: 'url', url: p.href ?? '' }, ...(p.href ? { href: p.href } : {}) };
    case 'computed':
      return { ...base, type: 'computed', computed: p.computed as NonNullable<PageRecord['computed']> };
    default: {
      const body = o.format === 'document' ? { document: markdownToDocument(p.markdown, `${p.id}-`) } : { markdown: p.markdown };
      const gitPath = p.gitPath ?? (p.pages.length ? `${path}/README.md` : `${path}.md`);
      return {
        ...base, type: 'document', kind: 'sheet', urls: { app: pageAppUrl(c, scope, path) }, slug, path,
        ...(p.description ? { description: p.description } : {}),
        ...(o.metadata !== false ? { git: { oid: sha1(p.markdown), path: gitPath } } : {}),
        layout: p.layout ? { ...DEFAULT_LAYOUT, ...p.layout } : DEFAULT_LAYOUT, ...body, pages: children(),
      };
    }
  }
}

export function toPages(c: Ctx, scope: Scope, o: ContentOptions) {
  const index = pageIndex(scope.rev.pages);
  return scope.rev.pages.filter((p) => o.computed !== false || p.type !== 'computed').map((p) => toPage(c, scope, index, p, o));
}

export function toFile(c: Ctx, f: FileRecord, o: ContentOptions): z.input<typeof File> {
  return {
    id: f.id, name: f.name, contentType: f.contentType,
    downloadURL: f.blob ? `${c.origin}/_gbctl/blobs/${f.blob}` : urls.app(c, `/files/${f.id}`),
    size: f.size,
    ...(f.dimensions ? { dimensions: f.dimensions } : {}),
    ...(o.metadata !== false ? { git: { oid: sha1(`${f.id}:${f.size}`), path: `.gitbook/assets/${f.name}` } } : {}),
  };
}

export function toRevision(c: Ctx, tx: ReadTx, scope: Scope, o: ContentOptions): z.input<typeof Revision> {
  const r = scope.rev;
  const base = {
    object: 'revision' as const, id: r.id, parents: r.parents, pages: toPages(c, scope, o),
    files: r.files.map((f) => toFile(c, f, o)), reusableContents: r.reusableContents, variables: r.variables,
    createdAt: r.createdAt,
    ...(o.metadata !== false ? { git: { oid: sha1(r.id), message: r.message ?? `${r.type} ${r.id}`, createdByGitBook: true } } : {}),
    urls: { app: urls.app(c, `${appBase(scope)}/~/revisions/${r.id}`) },
    // gbctl's own field: the Git Sync redirects, so that an export writes them back.
    ...(r.redirects && Object.keys(r.redirects).length ? { redirects: r.redirects } : {}),
  };
  const merged = r.type === 'merge' && r.mergedFrom ? tx.get(changeRequests, r.mergedFrom) : undefined;
  if (merged) return { ...base, type: 'merge', mergedFrom: toChangeRequest(c, tx, merged) };
  return { ...base, type: r.type === 'merge' ? 'edits' : r.type };
}

// ---- page trees (immutable: every helper returns a new tree) ----

export function findPage(pages: readonly PageRecord[], id: string): PageRecord | undefined {
  for (const p of pages) {
    if (p.id === id) return p;
    const inner = findPage(p.pages, id);
    if (inner) return inner;
  }
  return undefined;
}

export function mapPage(pages: readonly PageRecord[], id: string, fn: (p: PageRecord) => PageRecord): PageRecord[] {
  return pages.map((p) => (p.id === id ? fn(p) : { ...p, pages: mapPage(p.pages, id, fn) }));
}

export function removePage(pages: readonly PageRecord[], id: string): PageRecord[] {
  return pages.filter((p) => p.id !== id).map((p) => ({ ...p, pages: removePage(p.pages, id) }));
}

/** Inserts under `parent` (top level when absent), after the sibling `after` or else at the end. */
export function insertPage(pages: readonly PageRecord[], parent: string | undefined, page: PageRecord, after?: string): PageRecord[] {
  const place = (list: readonly PageRecord[]) => {
    const i = after ? list.findIndex((p) => p.id === after) : -1;
    return i >= 0 ? [...list.slice(0, i + 1), page, ...list.slice(i + 1)] : [...list, page];
  };
  if (!parent) return place(pages);
  return pages.map((p) => (p.id === parent ? { ...p, pages: place(p.pages) } : { ...p, pages: insertPage(p.pages, parent, page, after) }));
}

export interface NewRevision {
  pages?: PageRecord[];
  files?: FileRecord[];
  type: RevisionRecord['type'];
  parents?: string[];
  message: string;
  mergedFrom?: string;
  redirects?: Record<string, string>;
}

/**
 * Records a new revision on top of the scope's and makes it current: the space's revision,
 * or the change request's, whose editor becomes a contributor.
 */
export function commitRevision(c: Ctx, tx: WriteTx, scope: Scope, next: NewRevision): RevisionRecord {
  const rev = tx.put(revisions, {
    id: c.ids.next(),
    space: scope.space.id,
    ...(scope.cr ? { changeRequest: scope.cr.id } : {}),
    reusableContents: scope.rev.reusableContents,
    variables: scope.rev.variables,
    parents: next.parents ?? [scope.rev.id],
    type: next.type,
    createdAt: isoNow(c),
    pages: next.pages ?? scope.rev.pages,
    files: next.files ?? scope.rev.files,
    message: next.message,
    ...((next.redirects ?? scope.rev.redirects) ? { redirects: next.redirects ?? scope.rev.redirects } : {}),
    ...(next.mergedFrom ? { mergedFrom: next.mergedFrom } : {}),
  });
  if (scope.cr) {
    const who = c.caller?.id;
    const contributors = who && !scope.cr.contributors.includes(who) ? [...scope.cr.contributors, who] : scope.cr.contributors;
    tx.put(changeRequests, { ...scope.cr, revision: rev.id, contributors, updatedAt: isoNow(c) });
  } else {
    tx.put(spaces, { ...scope.space, revision: rev.id, updatedAt: isoNow(c) });
  }
  return rev;
}

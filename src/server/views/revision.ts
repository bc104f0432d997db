import { createHash } from 'node:crypto';
import type * as z from 'zod';
import type { File, Page, Revision } from '../../contract/schemas/revision.js';
import type { ReadTx } from '../../store/store.js';
import type { Ctx } from '../context.js';
import { changeRequests } from '../model/review.js';
import type { FileRecord } from '../model/revision.js';
import type { PageRecord } from '../../lib/page-record.js';
import type { Scope } from '../model/scope.js';
import { flattenSubtree, type FlatPage } from '../../lib/page-tree.js';
import { flatPages } from '../../lib/flat-pages.js';
import { pageDocument, pageOid } from './page-oids.js';
import { urls } from '../lib/urls.js';
import { recordFiles } from '../../lib/gitsync/record-files.js';
import { toChangeRequest } from './change-request.js';

export interface ContentOptions {
  metadata?: boolean | undefined;
  computed?: boolean | undefined;
  format?: 'markdown' | 'document' | undefined;
}

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

export const DEFAULT_LAYOUT = {
  width: 'default',
  cover: true,
  coverSize: 'hero',
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
} as const;

function appBase(scope: Pick<Scope, 'space' | 'cr'>): string {
  return scope.cr ? `/s/${scope.space.id}/~/changes/${scope.cr.number}` : `/s/${scope.space.id}`;
}

export function pageAppUrl(c: Ctx, scope: Pick<Scope, 'space' | 'cr'>, path: string): string {
  return urls.app(c, `${appBase(scope)}/${path}`);
}

/** Indexes worked out, by the page list they were worked out of: page lists are never changed in place. */
const indexes = new WeakMap<readonly PageRecord[], Map<string, FlatPage>>();
/** The page list an index was made of, whose files (recordFiles) a page's `git.path` is. */
const listOf = new WeakMap<Map<string, FlatPage>, readonly PageRecord[]>();

/** Page paths and slugs of a revision, by page id; worked out once per revision read. */
export function pageIndex(pages: readonly PageRecord[]): Map<string, FlatPage> {
  let idx = indexes.get(pages);
  if (!idx) {
    indexes.set(pages, (idx = new Map(flatPages(pages).map((f) => [f.page.id, f]))));
    listOf.set(idx, pages);
  }
  return idx;
}

/** Page paths and slugs of one page and those under it: the revision's index when worked out already. */
export function pageIndexUnder(pages: readonly PageRecord[], id: string): Map<string, FlatPage> {
  const idx = indexes.get(pages) ?? new Map(flattenSubtree(pages, id).map((f) => [f.page.id, f]));
  listOf.set(idx, pages);
  return idx;
}

/** A page of the revision as the API shows it, with its children. */
export function toPage(c: Ctx, scope: Pick<Scope, 'space' | 'cr'>, index: Map<string, FlatPage>, p: PageRecord, o: ContentOptions): z.input<typeof Page> {
  const flat = index.get(p.id);
  const slug = flat?.slug ?? '';
  const path = flat?.path ?? '';
  const base = {
    id: p.id,
    title: p.title,
    ...(p.emoji ? { emoji: p.emoji } : {}),
    ...(p.icon ? { icon: p.icon } : {}),
    ...(p.hidden ? { hidden: true } : {}),
    ...(p.linkTitle !== undefined ? { linkTitle: p.linkTitle } : {}),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    // gbctl's own field: how the page's Git Sync file was written, for export (see PageGitSync).
    ...(p.gitSync && o.metadata !== false ? { gitSync: p.gitSync } : {}),
  };
  const children = () => p.pages.filter((k) => o.computed !== false || k.type !== 'computed').map((k) => toPage(c, scope, index, k, o) as never);
  switch (p.type) {
    case 'group':
      return { ...base, ...(p.noIndex ? { noIndex: true } : {}), type: 'group', kind: 'group', slug, path, pages: children() };
    case 'link': {
      const to = p.target;
      const target = to
        ? to.anchor
          ? { kind: 'anchor' as const, anchor: to.anchor, page: to.page }
          : { kind: 'page' as const, page: to.page }
        : { kind: 'url' as const, url: p.href ?? '' };
      return { ...base, type: 'link', kind: 'link', target, ...(p.href ? { href: p.href } : {}) };
    }
    case 'computed':
      return { ...base, type: 'computed', computed: p.computed as NonNullable<PageRecord['computed']> };
    default: {
      const body = o.format === 'document' ? { document: pageDocument(p) } : { markdown: p.markdown };
      const gitPath = p.gitPath ?? recordFiles(listOf.get(index) ?? [p]).get(p.id) ?? '';
      return {
        ...base,
        ...(p.noIndex ? { noIndex: true } : {}),
        type: 'document',
        kind: 'sheet',
        urls: { app: pageAppUrl(c, scope, path) },
        slug,
        path,
        ...(p.description ? { description: p.description } : {}),
        ...(p.cover ? { cover: { ref: { kind: 'file' as const, file: p.cover.file }, yPos: p.cover.yPos ?? 0 } } : {}),
        ...(o.metadata !== false ? { git: { oid: pageOid(p), path: gitPath } } : {}),
        layout: p.layout ? { ...DEFAULT_LAYOUT, ...p.layout } : DEFAULT_LAYOUT,
        ...body,
        pages: children(),
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
    id: f.id,
    name: f.name,
    contentType: f.contentType,
    downloadURL: f.blob ? `${c.origin}/_gbctl/blobs/${f.blob}` : urls.app(c, `/files/${f.id}`),
    size: f.size,
    ...(f.dimensions ? { dimensions: f.dimensions } : {}),
    ...(o.metadata !== false ? { git: { oid: sha1(`${f.id}:${f.size}`), path: f.gitPath ?? `.gitbook/assets/${f.name}` } } : {}),
  };
}

export function toRevision(c: Ctx, tx: ReadTx, scope: Scope, o: ContentOptions): z.input<typeof Revision> {
  const r = scope.rev;
  const base = {
    object: 'revision' as const,
    id: r.id,
    parents: r.parents,
    pages: toPages(c, scope, o),
    files: r.files.map((f) => toFile(c, f, o)),
    reusableContents: r.reusableContents,
    variables: r.variables,
    createdAt: r.createdAt,
    ...(o.metadata !== false ? { git: { oid: sha1(r.id), message: r.message ?? `${r.type} ${r.id}`, createdByGitBook: true } } : {}),
    urls: { app: urls.app(c, `${appBase(scope)}/~/revisions/${r.id}`) },
    // gbctl's own field: the Git Sync redirects, so that an export writes them back.
    ...(r.redirects && Object.keys(r.redirects).length ? { redirects: r.redirects } : {}),
    // gbctl's own field: how the Git Sync folder was laid out (root, .gitbook.yaml, SUMMARY.md), for export.
    ...(r.gitSync && o.metadata !== false ? { gitSync: r.gitSync } : {}),
  };
  const merged = r.type === 'merge' && r.mergedFrom ? tx.get(changeRequests, r.mergedFrom) : undefined;
  if (merged) return { ...base, type: 'merge', mergedFrom: toChangeRequest(c, tx, merged) };
  return { ...base, type: r.type === 'merge' ? 'edits' : r.type };
}

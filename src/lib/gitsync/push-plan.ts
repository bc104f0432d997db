import { applyPages } from './apply.js';
import { recordFiles } from './record-files.js';
import { readGitSync, type Skipped, type SourceEntry, type SyncRead } from './read.js';
import { slugify } from '../slug.js';
import type { PageRecord } from '../page-record.js';
import { buildFolder, type ApiFile, type ApiPage } from './write.js';

/** Pages as the API shows them (server/views/revision.ts), for what export reads of them. */
export function apiPagesOf(pages: readonly PageRecord[]): ApiPage[] {
  const files = recordFiles(pages);
  const one = (p: PageRecord): ApiPage => {
    const base = {
      id: p.id,
      title: p.title,
      type: p.type,
      ...(p.linkTitle !== undefined ? { linkTitle: p.linkTitle } : {}),
      ...(p.gitSync ? { gitSync: p.gitSync } : {}),
      ...(p.hidden ? { hidden: true } : {}),
      ...(p.icon ? { icon: p.icon } : {}),
      ...(p.noIndex ? { noIndex: true } : {}),
    };
    if (p.type === 'group') return { ...base, slug: p.slug ?? slugify(p.title), pages: p.pages.map(one) };
    if (p.type === 'computed') return { ...base, ...(p.computed ? { computed: p.computed } : {}) };
    if (p.type === 'link') {
      const target = p.target
        ? { kind: p.target.anchor ? 'anchor' : 'page', page: p.target.page, ...(p.target.anchor ? { anchor: p.target.anchor } : {}) }
        : { kind: 'url', url: p.href ?? '' };
      return { ...base, target, ...(p.href ? { href: p.href } : {}) };
    }
    return {
      ...base,
      ...(p.description ? { description: p.description } : {}),
      ...(p.layout ? { layout: p.layout } : {}),
      ...(p.cover ? { cover: { ref: { kind: 'file', file: p.cover.file }, yPos: p.cover.yPos ?? 0 } } : {}),
      git: { path: p.gitPath ?? files.get(p.id) ?? '' },
      markdown: p.markdown,
      pages: p.pages.map(one),
    };
  };
  return pages.map(one);
}

/** Pages of the API (a revision's tree) in the shape the import's matching reads. */
export function recordsOfApi(pages: readonly ApiPage[]): PageRecord[] {
  return pages.map((p) => ({
    id: p.id,
    title: p.title,
    type: p.type as PageRecord['type'],
    markdown: '',
    createdAt: '',
    updatedAt: '',
    ...(p.type === 'document' && p.git?.path ? { gitPath: p.git.path } : {}),
    ...(p.type === 'group' && p.slug && p.slug !== slugify(p.title) ? { slug: p.slug } : {}),
    ...(p.target?.page ? { target: { page: p.target.page, ...(p.target.anchor ? { anchor: p.target.anchor } : {}) } } : {}),
    ...(p.href !== undefined || p.target?.kind === 'url' ? { href: p.href ?? p.target?.url ?? '' } : {}),
    ...(p.computed ? { computed: p.computed as unknown as NonNullable<PageRecord['computed']> } : {}),
    pages: recordsOfApi(p.pages ?? []),
  }));
}

/** A local folder read as the import reads it. */
export function readLocal(entries: SourceEntry[]): SyncRead {
  return readGitSync(entries);
}

/**
 * The folder as export would write it after importing it, so both sides compare alike; what
 * the import would leave out (the listing's and the reading's) with the reasons.
 */
export function normalizeLocal(local: { entries: SourceEntry[]; leftOut: Skipped[] }): {
  folder: Map<string, string | Uint8Array>;
  skipped: Skipped[];
  warnings: string[];
  read: SyncRead;
} {
  const read = readLocal(local.entries);
  let n = 0;
  const newId = () => `local${n++}`;
  const fileIds = new Map<string, string>();
  const files: ApiFile[] = read.files.map((f) => {
    const id = newId();
    fileIds.set(f.path, id);
    return { id, name: f.name, git: { path: f.path }, ...(f.entry.bytes ? { bytes: f.entry.bytes } : {}) };
  });
  const records = applyPages([], read.pages, { newId, now: '', fileId: (p) => fileIds.get(p) });
  const folder = buildFolder({ pages: apiPagesOf(records), files, redirects: read.redirects, gitSync: read.gitSync });
  return { folder, skipped: [...local.leftOut, ...read.skipped], warnings: read.warnings, read };
}

export interface PushPlan {
  added: string[];
  changed: string[];
  removed: string[];
  /** Files other than pages (SUMMARY.md, .gitbook.yaml, assets) that differ. */
  other: string[];
  before: Map<string, string | Uint8Array>;
  after: Map<string, string | Uint8Array>;
}

const same = (a: string | Uint8Array | undefined, b: string | Uint8Array | undefined) =>
  a !== undefined && b !== undefined && Buffer.from(a).equals(Buffer.from(b));
const isPage = (p: string) => /\.(md|markdown|mdx)$/i.test(p) && !/(^|\/)SUMMARY\.md$/.test(p) && !p.includes('.gitbook/');

/** What pushing the folder would change: pages added, changed and removed, and other files. */
export function planPush(before: Map<string, string | Uint8Array>, after: Map<string, string | Uint8Array>): PushPlan {
  const plan: PushPlan = { added: [], changed: [], removed: [], other: [], before, after };
  for (const [path, data] of after) {
    if (same(before.get(path), data)) continue;
    if (!isPage(path)) plan.other.push(path);
    else if (before.has(path)) plan.changed.push(path);
    else plan.added.push(path);
  }
  for (const path of before.keys()) {
    if (after.has(path)) continue;
    if (isPage(path)) plan.removed.push(path);
    else plan.other.push(path);
  }
  for (const list of [plan.added, plan.changed, plan.removed, plan.other]) list.sort();
  return plan;
}

export const planIsEmpty = (p: PushPlan) => !p.added.length && !p.changed.length && !p.removed.length && !p.other.length;

import { isDeepStrictEqual } from 'node:util';
import { flattenPages, insertPage, mapPage, pathOfFile } from '../page-tree.js';
import { slugify } from '../slug.js';
import type { PageGitSync, PageRecord } from '../page-record.js';
import { recordFiles } from './record-files.js';
import { ASSETS, fileRef, PAGE_MARK, type SyncPage } from './sync-types.js';
import { mapTargets, type TargetMemo } from './targets.js';

export interface ApplyEnv {
  newId(): string;
  now: string;
  /** The id of the revision's file at a path of the folder (for covers). */
  fileId?(path: string): string | undefined;
  /** Kept by a caller that applies the same folder again and again (see readGitSync). */
  memo?: TargetMemo;
}

/** Keys of link pages and groups, unique in depth-first order (`#2` for the second alike). */
function uniqueKeys() {
  const seen = new Map<string, number>();
  return (key: string) => {
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return n > 1 ? `${key}#${n}` : key;
  };
}

/**
 * What an import matches a page by: a document's file as export would place it, a group's
 * slug, a link page's target. The same for pages already there as for pages read.
 */
export function recordKeys(pages: readonly PageRecord[]): Map<string, string> {
  const flat = flattenPages(pages);
  const files = recordFiles(pages);
  const unique = uniqueKeys();
  const out = new Map<string, string>();
  for (const { page: p } of flat) {
    if (p.type === 'document') out.set(p.id, files.get(p.id) as string);
    else if (p.type === 'group') out.set(p.id, unique(`group:${p.slug ?? slugify(p.title)}`));
    else if (p.type === 'link') {
      const to = p.target ? files.get(p.target.page) : undefined;
      out.set(p.id, unique(p.href !== undefined || !to ? `link:${p.href ?? ''}` : `link:${to}${p.target?.anchor ? `#${p.target.anchor}` : ''}`));
    } else if (p.type === 'computed') out.set(p.id, unique(`computed:${JSON.stringify(p.computed ?? {})}`));
  }
  return out;
}

/** Keys of pages read, worked out as for pages already there (recordKeys) from the records they would be. */
function importKeys(imported: readonly SyncPage[]): Map<SyncPage, string> {
  const temp = new Map<string, SyncPage>();
  const idOfFile = new Map<string, string>();
  const assign = (list: readonly SyncPage[]) =>
    list.forEach((p) => {
      const id = `${temp.size}`;
      temp.set(id, p);
      if (p.kind === 'document') idOfFile.set(p.path, id);
      assign(p.pages);
    });
  assign(imported);
  const ids = new Map([...temp].map(([id, p]) => [p, id]));
  const records = (list: readonly SyncPage[]): PageRecord[] =>
    list.map((p) => {
      const target = p.target ? idOfFile.get(p.target.path) : undefined;
      return {
        id: ids.get(p) as string,
        title: p.title,
        type: p.kind,
        markdown: '',
        createdAt: '',
        updatedAt: '',
        ...(p.kind === 'document' && !p.sourceless ? { gitPath: p.path } : {}),
        ...(p.slug ? { slug: p.slug } : {}),
        ...(p.href !== undefined ? { href: p.href } : {}),
        ...(target ? { target: { page: target, ...(p.target?.anchor ? { anchor: p.target.anchor } : {}) } } : {}),
        ...(p.computed ? { computed: p.computed } : {}),
        pages: records(p.pages),
      };
    });
  const keys = recordKeys(records(imported));
  return new Map([...temp].map(([id, p]) => [p, keys.get(id) as string]));
}

/** Pages (documents, groups, links) already there that importing `imported` in place of them would remove. */
export function removedBy(existing: readonly PageRecord[], imported: readonly SyncPage[]): PageRecord[] {
  const keys = recordKeys(existing);
  const kept = new Set(importKeys(imported).values());
  return flattenPages(existing)
    .map((f) => f.page)
    .filter((p) => p.type !== 'computed' && !kept.has(keys.get(p.id) as string));
}

/** What a page says, children and times aside (nested values too, in any key order): equal ones need no new `updatedAt`. */
function sameContent(a: PageRecord, b: PageRecord): boolean {
  const { pages: _pa, createdAt: _ca, updatedAt: _ua, ...x } = a;
  const { pages: _pb, createdAt: _cb, updatedAt: _ub, ...y } = b;
  return isDeepStrictEqual(x, y);
}

/**
 * Whether two page trees are the same. A page an import left as it was is the record it had
 * (toRecord), so a tree that did not change is the same objects and this costs a compare per
 * top-level page; otherwise only the pages on the way to a change are compared field by field.
 */
export function samePages(a: readonly PageRecord[], b: readonly PageRecord[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return a.every((p, i) => {
    const q = b[i] as PageRecord;
    return p === q || (p.createdAt === q.createdAt && p.updatedAt === q.updatedAt && sameContent(p, q) && samePages(p.pages, q.pages));
  });
}

/** Page marks (`gitbook-page:FILE#x`) as `page:ID#x` links, in the markdown and in the spellings kept. */
function relinker(idOfFile: (path: string) => string | undefined, memo?: TargetMemo) {
  const one = (t: string) => {
    if (!t.startsWith(PAGE_MARK)) return undefined;
    const rest = t.slice(PAGE_MARK.length);
    const i = rest.indexOf('#');
    const id = idOfFile(i < 0 ? rest : rest.slice(0, i));
    return id ? `page:${id}${i < 0 ? '' : rest.slice(i)}` : undefined;
  };
  return {
    markdown: (md: string) => mapTargets(md, one, memo),
    git: (git: PageGitSync | undefined): PageGitSync | undefined => {
      if (!git?.links) return git;
      return { ...git, links: Object.fromEntries(Object.entries(git.links).map(([k, v]) => [one(k) ?? k, v])) };
    },
  };
}

/** A read page as a record, with the id, creation time and `updatedAt` of the page it replaces. */
function toRecord(
  p: SyncPage,
  id: string,
  before: PageRecord | undefined,
  pages: PageRecord[],
  env: ApplyEnv,
  links: ReturnType<typeof relinker>,
  idOfFile: (path: string) => string | undefined,
): PageRecord {
  const git = links.git(p.git);
  const cover = p.coverFile ? env.fileId?.(p.coverFile) : undefined;
  const target = p.target ? idOfFile(p.target.path) : undefined;
  const record: PageRecord = {
    id,
    title: p.title,
    ...(before?.emoji ? { emoji: before.emoji } : {}),
    type: p.kind,
    markdown: p.kind === 'document' ? links.markdown(p.markdown) : '',
    ...(p.href !== undefined ? { href: p.href } : {}),
    ...(p.computed ? { computed: p.computed } : {}),
    ...(target ? { target: { page: target, ...(p.target?.anchor ? { anchor: p.target.anchor } : {}) } } : {}),
    ...(p.linkTitle !== undefined ? { linkTitle: p.linkTitle } : {}),
    ...(p.slug ? { slug: p.slug } : {}),
    ...(p.meta.description ? { description: p.meta.description } : {}),
    ...(p.meta.icon ? { icon: p.meta.icon } : {}),
    ...(p.meta.hidden ? { hidden: true } : {}),
    ...(p.meta.noIndex ? { noIndex: true } : {}),
    ...(p.meta.layout ? { layout: p.meta.layout } : {}),
    ...(cover ? { cover: { file: cover, ...(p.meta.cover?.yPos !== undefined ? { yPos: p.meta.cover.yPos } : {}) } } : {}),
    ...(p.kind === 'document' && !p.sourceless ? { gitPath: p.path } : {}),
    ...(git && Object.keys(git).length ? { gitSync: git } : {}),
    createdAt: before?.createdAt ?? env.now,
    updatedAt: env.now,
    pages,
  };
  if (before && sameContent(before, record)) {
    // Unchanged, children and all: the page is the record it was.
    if (pages.length === before.pages.length && pages.every((c, i) => c === before.pages[i])) return before;
    record.updatedAt = before.updatedAt;
  }
  return record;
}

/**
 * The imported pages as the new content. A page matched by its key (recordKeys) keeps that
 * page's id and creation time, and its `updatedAt` when nothing in it changed; pages the import
 * does not have are gone.
 */
export function applyPages(existing: readonly PageRecord[], imported: readonly SyncPage[], env: ApplyEnv): PageRecord[] {
  const old = new Map<string, PageRecord>();
  const keys = recordKeys(existing);
  for (const p of flattenPages(existing)) {
    const k = keys.get(p.page.id);
    if (k !== undefined && !old.has(k)) old.set(k, p.page);
  }
  const keyOf = importKeys(imported);
  const idOf = new Map<SyncPage, string>();
  const byFile = new Map<string, string>();
  const assign = (list: readonly SyncPage[]) => {
    for (const p of list) {
      const id = old.get(keyOf.get(p) as string)?.id ?? env.newId();
      idOf.set(p, id);
      if (p.kind === 'document') byFile.set(p.path, id);
      assign(p.pages);
    }
  };
  assign(imported);
  const idOfFile = (path: string) => byFile.get(path);
  const links = relinker(idOfFile, env.memo);
  const build = (list: readonly SyncPage[]): PageRecord[] =>
    list.map((p) => toRecord(p, idOf.get(p) as string, old.get(keyOf.get(p) as string), build(p.pages), env, links, idOfFile));
  return build(imported);
}

/**
 * A single file imported into content that is there: its page replaces the page of the same
 * path (keeping that page's id, place and children) or is added at the end; nothing else changes.
 */
export function addPages(existing: readonly PageRecord[], imported: readonly SyncPage[], env: ApplyEnv): PageRecord[] {
  const byPath = new Map(flattenPages(existing).map((f) => [f.path, f.page]));
  let pages = existing.slice();
  const byFile = new Map<string, string>();
  const plan = imported.map((p) => {
    const hit = byPath.get(p.sourceless ? slugify(p.title) : pathOfFile(p.path));
    const before = hit?.type === p.kind ? hit : undefined;
    const id = before?.id ?? env.newId();
    if (p.kind === 'document') byFile.set(p.path, id);
    return { p, id, before };
  });
  const idOfFile = (path: string) => byFile.get(path);
  const links = relinker(idOfFile, env.memo);
  const build = (list: readonly SyncPage[]): PageRecord[] => list.map((p) => toRecord(p, env.newId(), undefined, build(p.pages), env, links, idOfFile));
  for (const { p, id, before } of plan) {
    if (before) pages = mapPage(pages, before.id, (was) => toRecord(p, id, was, [...was.pages, ...build(p.pages)], env, links, idOfFile));
    else pages = insertPage(pages, undefined, toRecord(p, id, undefined, build(p.pages), env, links, idOfFile));
  }
  return pages;
}

/** Renames references to files (`.gitbook/assets/NAME`) in pages read, for files that had to take another name. */
export function renameFiles(pages: SyncPage[], renamed: Map<string, string>): void {
  if (!renamed.size) return;
  const one = (t: string) => {
    if (!t.startsWith(ASSETS)) return undefined;
    const hash = t.indexOf('#');
    const name = decodeURIComponent(hash < 0 ? t.slice(ASSETS.length) : t.slice(ASSETS.length, hash));
    const to = renamed.get(name);
    return to === undefined ? undefined : `${fileRef(to)}${hash < 0 ? '' : t.slice(hash)}`;
  };
  for (const p of pages) {
    p.markdown = mapTargets(p.markdown, one);
    if (p.git?.links) p.git = { ...p.git, links: Object.fromEntries(Object.entries(p.git.links).map(([k, v]) => [one(k) ?? k, v])) };
    renameFiles(p.pages, renamed);
  }
}

import type { PageRecord } from '../../model/revision.js';
import { assignPaths, type LayoutPage } from './layout.js';
import { PAGE_MARK, type SyncPage } from './read.js';
import { mapTargets } from './targets.js';

export interface ApplyEnv {
  newId(): string;
  now: string;
}

/** The page tree in the shape layout.ts places (its own path: where it was imported from). */
export function layoutOf(pages: readonly PageRecord[]): LayoutPage[] {
  return pages.map((p) => ({ id: p.id, title: p.title, type: p.type, path: p.type === 'link' ? p.href : p.gitPath, pages: layoutOf(p.pages) }));
}

/** What a page says, children and times aside: equal ones need no new `updatedAt`. */
function sameContent(a: PageRecord, b: PageRecord): boolean {
  const strip = ({ pages: _p, createdAt: _c, updatedAt: _u, ...rest }: PageRecord) => JSON.stringify(rest, Object.keys(rest).sort());
  return strip(a) === strip(b);
}

/**
 * The imported pages as the new content. A page whose file (or group folder) matches a page
 * already there keeps that page's id and creation time, and its `updatedAt` when nothing in it
 * changed; pages the import does not have are gone. Page marks become `page:ID` links.
 */
export function applyPages(existing: readonly PageRecord[], imported: readonly SyncPage[], env: ApplyEnv): PageRecord[] {
  const keys = assignPaths(layoutOf(existing));
  const old = new Map<string, PageRecord>();
  const walk = (list: readonly PageRecord[]) => {
    for (const p of list) {
      const key = keys.get(p.id);
      if (key && !old.has(key)) old.set(key, p);
      walk(p.pages);
    }
  };
  walk(existing);

  // Pages from no file are keyed where export would place them, as pages already there are.
  const keyOf = new Map<SyncPage, string>();
  const temp = new Map<string, SyncPage>();
  const layout = (list: readonly SyncPage[]): LayoutPage[] =>
    list.map((p) => {
      const id = `${temp.size}`;
      temp.set(id, p);
      return { id, title: p.title, type: p.kind, path: p.sourceless ? undefined : p.kind === 'link' ? p.href : p.path, pages: layout(p.pages) };
    });
  for (const [id, path] of assignPaths(layout(imported))) keyOf.set(temp.get(id) as SyncPage, path);
  const key = (p: SyncPage) => (p.sourceless ? (keyOf.get(p) ?? p.path) : p.path);

  const idOf = new Map<string, string>();
  const assign = (list: readonly SyncPage[]) => {
    for (const p of list) {
      idOf.set(p.path, old.get(key(p))?.id ?? env.newId());
      assign(p.pages);
    }
  };
  assign(imported);

  const relink = (markdown: string) =>
    mapTargets(markdown, (t) => {
      if (!t.startsWith(PAGE_MARK)) return undefined;
      const rest = t.slice(PAGE_MARK.length);
      const i = rest.indexOf('#');
      const id = idOf.get(i < 0 ? rest : rest.slice(0, i));
      return id ? `page:${id}${i < 0 ? '' : rest.slice(i)}` : undefined;
    });

  const build = (list: readonly SyncPage[]): PageRecord[] =>
    list.map((p) => {
      const before = old.get(key(p));
      const id = idOf.get(p.path) as string;
      const record: PageRecord = {
        id,
        title: p.title,
        ...(before?.emoji ? { emoji: before.emoji } : {}),
        type: p.kind,
        markdown: p.kind === 'document' ? relink(p.markdown) : '',
        ...(p.href ? { href: p.href } : {}),
        ...(p.meta.description ? { description: p.meta.description } : {}),
        ...(p.meta.icon ? { icon: p.meta.icon } : {}),
        ...(p.meta.hidden ? { hidden: true } : {}),
        ...(p.meta.layout ? { layout: p.meta.layout } : {}),
        ...(p.kind === 'document' && !p.sourceless ? { gitPath: p.path } : {}),
        createdAt: before?.createdAt ?? env.now,
        updatedAt: env.now,
        pages: build(p.pages),
      };
      if (before && sameContent(before, record)) record.updatedAt = before.updatedAt;
      return record;
    });
  return build(imported);
}

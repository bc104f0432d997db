import type { ReadTx, WriteTx } from '../../store/store.js';
import { isoNow, type Ctx } from '../context.js';
import { mergePages, sameFields, type Conflict } from '../lib/merge.js';
import { flattenSubtree, mapPage, removePage } from '../../lib/page-tree.js';
import { changeRequests, type ChangeRequestRecord, type ConflictRecord } from '../model/review.js';
import type { RevisionRecord } from '../model/revision.js';
import type { PageRecord } from '../../lib/page-record.js';
import { getRevision } from '../model/revision-store.js';

/** A page with the parent it sits under (undefined at the top level). */
interface Located {
  page: PageRecord;
  parent: string | undefined;
  /** The sibling just before it, if any. */
  after: string | undefined;
}

export function locate(pages: readonly PageRecord[], id: string, parent?: string): Located | undefined {
  for (let i = 0; i < pages.length; i++) {
    const p = pages[i] as PageRecord;
    if (p.id === id) return { page: p, parent, after: pages[i - 1]?.id };
    const inner = locate(p.pages, id, p.id);
    if (inner) return inner;
  }
  return undefined;
}

/** Both absent, or the same fields under the same parent. */
const sameState = (a: Located | undefined, b: Located | undefined) => (!a || !b ? !a && !b : a.parent === b.parent && sameFields(a.page, b.page));

/** True when main's page is as it was at revision `then`. */
function unchangedOnMain(tx: ReadTx, then: string, now: RevisionRecord, pageId: string): boolean {
  if (then === now.id) return true;
  const old = getRevision(tx, then);
  return !!old && sameState(locate(old.pages, pageId), locate(now.pages, pageId));
}

function recordOf(f: Conflict, base: string, main: RevisionRecord, cr: RevisionRecord): ConflictRecord {
  const at = flattenSubtree(cr.pages, f.page)[0] ?? flattenSubtree(main.pages, f.page)[0];
  return { page: f.page, kind: f.kind, title: at?.page.title ?? f.page, path: at?.path ?? '', base, main: main.id };
}

export interface Found {
  /** Main's changes with the change request's; where they conflict, the change request's side. */
  pages: PageRecord[];
  /** The conflicts that stand: found now and not settled for main's side as it is, or carried by an update and not resolved. */
  open: ConflictRecord[];
  /** Settled conflicts that still decide a page: the merge took the change request's side because someone chose it. */
  settled: ConflictRecord[];
}

/**
 * The three-way merge of the change request into main as it is now, with what the change request
 * records: a conflict someone settled stays settled while main's side of that page is unchanged,
 * and one an update carried (the three-way merge can no longer see it) stands until resolved.
 */
export function findConflicts(tx: ReadTx, cr: ChangeRequestRecord, base: string, main: RevisionRecord, crRev: RevisionRecord): Found {
  const outcome = main.id === base ? { pages: crRev.pages, conflicts: [] } : mergePages(getRevision(tx, base)?.pages ?? [], main.pages, crRev.pages);
  const prior = new Map((cr.conflicts ?? []).map((e) => [e.page, e]));
  const open: ConflictRecord[] = [];
  const settled: ConflictRecord[] = [];
  for (const f of outcome.conflicts) {
    const e = prior.get(f.page);
    if (e?.resolved && unchangedOnMain(tx, e.main, main, f.page)) settled.push(e);
    else open.push(recordOf(f, base, main, crRev));
  }
  const listed = new Set([...open, ...settled].map((e) => e.page));
  for (const e of cr.conflicts ?? []) {
    if (e.carried && !e.resolved && !listed.has(e.page) && !sameState(locate(main.pages, e.page), locate(crRev.pages, e.page))) open.push(e);
  }
  return { pages: outcome.pages, open, settled };
}

/** The change request's record with its conflicts replaced (the field dropped when none). */
export function withConflicts(cr: ChangeRequestRecord, list: ConflictRecord[]): ChangeRequestRecord {
  const { conflicts: _old, ...rest } = cr;
  return list.length ? { ...rest, conflicts: list } : rest;
}

/**
 * Marks the change request's unsettled conflicts on these pages settled, keeping the side
 * named: called when someone edits or removes such a page in the change request.
 */
export function settleConflicts(
  c: Ctx,
  tx: WriteTx,
  of: ChangeRequestRecord | undefined,
  pages: ReadonlySet<string>,
  keep: 'change-request' | 'main',
): ChangeRequestRecord | undefined {
  const cr = of && tx.get(changeRequests, of.id);
  if (!cr?.conflicts?.some((e) => !e.resolved && pages.has(e.page))) return cr;
  const resolved = { by: c.caller?.id ?? '', at: isoNow(c), keep };
  return tx.put(changeRequests, { ...cr, conflicts: cr.conflicts.map((e) => (!e.resolved && pages.has(e.page) ? { ...e, resolved } : e)) });
}

/**
 * The change request's pages with main's side of one page put in: main's fields where main has
 * it (at main's place when that parent is there, with the change request's children, or with
 * main's children it lacks when it had deleted the page), or the page removed where main has not.
 */
export function takeMainSide(crPages: readonly PageRecord[], mainPages: readonly PageRecord[], pageId: string): PageRecord[] {
  const m = locate(mainPages, pageId);
  const here = locate(crPages, pageId);
  const pages = here ? removePage(crPages, pageId) : crPages.slice();
  if (!m) return pages;
  const has = (id: string) => !!locate(pages, id);
  const fresh = (p: PageRecord): PageRecord => ({ ...p, pages: p.pages.filter((k) => !has(k.id)).map(fresh) });
  const page = here ? { ...m.page, pages: here.page.pages } : fresh(m.page);
  const parent = m.parent !== undefined && has(m.parent) ? m.parent : undefined;
  const after = m.after !== undefined && locate(pages, m.after)?.parent === parent ? m.after : undefined;
  return insertAfter(pages, parent, page, after);
}

/** Inserts under `parent` (top level when undefined), just after `after`, or first when there is none. */
function insertAfter(pages: readonly PageRecord[], parent: string | undefined, page: PageRecord, after: string | undefined): PageRecord[] {
  const into = (list: readonly PageRecord[]) => {
    const i = after === undefined ? -1 : list.findIndex((p) => p.id === after);
    return [...list.slice(0, i + 1), page, ...list.slice(i + 1)];
  };
  return parent === undefined ? into(pages) : mapPage(pages, parent, (p) => ({ ...p, pages: into(p.pages) }));
}

import type { ConflictKind } from '../model/review.js';
import type { PageRecord } from '../../lib/page-record.js';

interface Placed {
  page: PageRecord;
  parent: string | undefined;
  /** The sibling just before it, if any. */
  after: string | undefined;
  /** The list it is in, and where. */
  siblings: readonly PageRecord[];
  index: number;
}

/** Every page by id with where it sits, in depth-first order. */
function place(pages: readonly PageRecord[], parent?: string, out = new Map<string, Placed>()): Map<string, Placed> {
  pages.forEach((p, i) => {
    out.set(p.id, { page: p, parent, after: i > 0 ? pages[i - 1]?.id : undefined, siblings: pages, index: i });
    place(p.pages, p.id, out);
  });
  return out;
}

/**
 * The nearest sibling before `x` that `other` also has under the same parent: where `x` sits,
 * seen through the pages both trees share, so that a page added or removed next to it on one
 * side does not count as moving it.
 */
function sharedBefore(x: Placed, other: Map<string, Placed>): string | undefined {
  for (let i = x.index - 1; i >= 0; i--) {
    const id = (x.siblings[i] as PageRecord).id;
    const o = other.get(id);
    if (o && o.parent === x.parent) return id;
  }
  return undefined;
}

/** True when `side` put the page elsewhere than `base` had it: under another parent, or after another of the pages both keep there. */
const movedFrom = (b: Placed, s: Placed, B: Map<string, Placed>, S: Map<string, Placed>) => b.parent !== s.parent || sharedBefore(b, S) !== sharedBefore(s, B);

const IGNORED = new Set(['pages', 'createdAt', 'updatedAt']);

/**
 * What a page says, children and times aside: two equal contents are the same edit. The same
 * object says the same (revisions share unchanged pages); else fields compare one by one.
 */
export function sameFields(a: PageRecord, b: PageRecord): boolean {
  if (a === b) return true;
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  const keys = (o: Record<string, unknown>) => Object.keys(o).filter((k) => !IGNORED.has(k) && o[k] !== undefined);
  const ka = keys(x);
  if (ka.length !== keys(y).length) return false;
  for (const k of ka) {
    if (x[k] === y[k]) continue;
    if (typeof x[k] !== 'object' || typeof y[k] !== 'object' || JSON.stringify(x[k]) !== JSON.stringify(y[k])) return false;
  }
  return true;
}

const sameContent = (a: Placed | undefined, b: Placed | undefined) => !!a && !!b && sameFields(a.page, b.page);
const samePlace = (a: Placed | undefined, b: Placed | undefined) => !!a && !!b && a.parent === b.parent && a.after === b.after;

interface Node {
  /** The page's fields (its `pages` is not read). */
  page: PageRecord;
  /** The page as it was in the tree the editing started from, if it was there. */
  was?: PageRecord;
  parent: string | undefined;
  children: string[];
}

/**
 * A page tree being edited in place: finding a page is a lookup, and removing or inserting one
 * costs its subtree and its siblings, where the immutable helpers of page-tree.ts cost the tree.
 */
class EditableTree {
  private nodes = new Map<string, Node>();
  private root: string[] = [];

  constructor(from: readonly PageRecord[]) {
    const add = (ps: readonly PageRecord[], parent: string | undefined): string[] =>
      ps.map((p) => {
        this.nodes.set(p.id, { page: p, was: p, parent, children: [] });
        (this.nodes.get(p.id) as Node).children = add(p.pages, p.id);
        return p.id;
      });
    this.root = add(from, undefined);
  }

  has(id: string): boolean {
    return this.nodes.has(id);
  }

  /** Gives the page the fields of `page`, keeping its children. */
  setFields(id: string, page: PageRecord): void {
    const n = this.nodes.get(id);
    if (n) n.page = page;
  }

  /** Takes the page out with everything under it. */
  remove(id: string): void {
    const n = this.nodes.get(id);
    if (!n) return;
    const siblings = n.parent === undefined ? this.root : (this.nodes.get(n.parent) as Node).children;
    siblings.splice(siblings.indexOf(id), 1);
    const drop = (x: string) => {
      const d = this.nodes.get(x);
      this.nodes.delete(x);
      for (const k of d?.children ?? []) drop(k);
    };
    drop(id);
  }

  /** Inserts a page without children under `parent` (top level when absent), after `after` or else at the end. */
  insert(parent: string | undefined, page: PageRecord, after: string | undefined): void {
    const siblings = parent === undefined ? this.root : this.nodes.get(parent)?.children;
    if (!siblings) return;
    const i = after ? siblings.indexOf(after) : -1;
    if (i >= 0) siblings.splice(i + 1, 0, page.id);
    else siblings.push(page.id);
    this.nodes.set(page.id, { page, parent, children: [] });
  }

  /** The tree as records; a page left as it was in the tree it started from is that same object. */
  toPages(): PageRecord[] {
    const build = (id: string): PageRecord => {
      const n = this.nodes.get(id) as Node;
      const pages = n.children.map(build);
      const was = n.was;
      if (was && n.page === was && was.pages.length === pages.length && was.pages.every((k, i) => k === pages[i])) return was;
      return { ...n.page, pages };
    };
    return this.root.map(build);
  }
}

/** A page both sides changed in ways that do not combine. */
export interface Conflict {
  page: string;
  kind: ConflictKind;
}

export interface MergeOutcome {
  pages: PageRecord[];
  /** Pages both sides changed in ways that do not combine, in depth-first order of the base; the change request's side is in `pages`. */
  conflicts: Conflict[];
}

/**
 * Three-way merge of page trees. `base` is the main content the change request started from
 * (or last brought in), `main` the main content now, `cr` the change request's. Changes on
 * one side are taken. Where the sides disagree, `pages` holds the change request's side and the
 * page is reported as a conflict: its content (fields or markdown) changed differently on both
 * sides (`edited`); one side deleted it and the other changed its content (`deleted-in-main`,
 * `deleted-in-change-request`); or both moved it, to different places (`moved`). When the change request only edited pages in place,
 * the merge costs those pages and their siblings; else it is linear in the pages, plus the
 * siblings of the pages moved. Pages that are the same object on two sides compare without
 * reading their text.
 */
export function mergePages(base: readonly PageRecord[], main: readonly PageRecord[], cr: readonly PageRecord[]): MergeOutcome {
  return mergeFieldEdits(base, main, cr) ?? mergeTrees(base, main, cr);
}

/** A page the change request edited in place: where it sits, and what it was. */
interface FieldEdit {
  path: number[];
  was: PageRecord;
  page: PageRecord;
}

/**
 * The pages whose fields `side` changed from `base`, in depth-first order, when it changed
 * nothing else (no page added, removed or moved); else undefined. A subtree that is the same
 * object on both sides is skipped, so the work is the pages changed and their siblings.
 */
function fieldEdits(base: readonly PageRecord[], side: readonly PageRecord[]): FieldEdit[] | undefined {
  const out: FieldEdit[] = [];
  const walk = (a: readonly PageRecord[], b: readonly PageRecord[], path: number[]): boolean => {
    if (a === b) return true;
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      const was = a[i] as PageRecord;
      const page = b[i] as PageRecord;
      if (was === page) continue;
      if (was.id !== page.id) return false;
      if (!sameFields(was, page)) out.push({ path: [...path, i], was, page });
      if (!walk(was.pages, page.pages, [...path, i])) return false;
    }
    return true;
  };
  return walk(base, side, []) ? out : undefined;
}

/**
 * The merge when the change request only edited pages in place and main still has each of them
 * where the base had it: main with those pages' fields replaced, built along their paths. What
 * the whole-tree merge gives in that case, at the cost of the pages changed; undefined otherwise.
 */
export function mergeFieldEdits(base: readonly PageRecord[], main: readonly PageRecord[], cr: readonly PageRecord[]): MergeOutcome | undefined {
  const edits = fieldEdits(base, cr);
  if (!edits) return undefined;
  interface Step {
    page?: PageRecord;
    under: Map<number, Step>;
  }
  const top: Step = { under: new Map() };
  const conflicts: Conflict[] = [];
  for (const e of edits) {
    let pages = main;
    let m: PageRecord | undefined;
    let step = top;
    for (const i of e.path) {
      m = pages[i];
      if (!m) return undefined;
      pages = m.pages;
      const next = step.under.get(i) ?? { under: new Map() };
      step.under.set(i, next);
      step = next;
    }
    if (!m || m.id !== e.page.id) return undefined;
    if (!sameFields(e.was, m) && !sameFields(m, e.page)) conflicts.push({ page: e.page.id, kind: 'edited' });
    step.page = e.page;
  }
  const build = (pages: readonly PageRecord[], step: Step): PageRecord[] => {
    const out = pages.slice();
    for (const [i, s] of step.under) {
      const m = pages[i] as PageRecord;
      out[i] = { ...(s.page ?? m), pages: s.under.size ? build(m.pages, s) : m.pages.slice() };
    }
    return out;
  };
  return { pages: build(main, top), conflicts };
}

/** The merge in general: the three trees placed by id, main edited into the result. */
function mergeTrees(base: readonly PageRecord[], main: readonly PageRecord[], cr: readonly PageRecord[]): MergeOutcome {
  const B = place(base);
  const M = place(main);
  const C = place(cr);
  const conflicts: Conflict[] = [];
  const result = new EditableTree(main);
  const changedInCr = (id: string) => !B.has(id) || !sameContent(B.get(id), C.get(id));
  const changedInMain = (id: string) => !M.has(id) || !sameContent(B.get(id), M.get(id));

  for (const [id, b] of B) {
    const m = M.get(id);
    const c = C.get(id);
    if (!c) {
      // Deleted in the change request.
      if (m) {
        if (changedInMain(id)) conflicts.push({ page: id, kind: 'deleted-in-change-request' });
        result.remove(id);
      }
      continue;
    }
    const crEdited = changedInCr(id);
    if (!m) {
      if (crEdited) conflicts.push({ page: id, kind: 'deleted-in-main' });
    } else if (crEdited && changedInMain(id) && !sameContent(m, c)) conflicts.push({ page: id, kind: 'edited' });
    // A move changes (parent, after); the shared-sibling test runs only for pages both sides moved so.
    else if (!samePlace(b, m) && !samePlace(b, c) && movedFrom(b, m, B, M) && movedFrom(b, c, B, C) && movedFrom(m, c, M, C))
      conflicts.push({ page: id, kind: 'moved' });
    if (m && crEdited) result.setFields(id, c.page);
    if (m && !samePlace(b, c)) result.remove(id);
  }

  // Pages missing from the result that the change request has: added, moved, or restored.
  for (const [id, c] of C) {
    if (result.has(id)) continue;
    if (B.has(id) && !M.has(id) && !changedInCr(id)) continue; // deleted in main, untouched here
    const m = M.get(id);
    const fields = changedInCr(id) || !m ? c.page : m.page;
    const parent = c.parent && result.has(c.parent) ? c.parent : undefined;
    const after = c.after && result.has(c.after) ? c.after : undefined;
    result.insert(parent, fields, after);
  }
  // Pages of main taken out with a moved or deleted parent, that the change request did not delete.
  for (const [id, m] of M) {
    if (result.has(id) || (B.has(id) && !C.has(id))) continue;
    const parent = m.parent && result.has(m.parent) ? m.parent : undefined;
    const after = m.after && result.has(m.after) ? m.after : undefined;
    result.insert(parent, m.page, after);
  }
  return { pages: result.toPages(), conflicts };
}

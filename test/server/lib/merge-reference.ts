import type { PageRecord } from '../../../src/lib/page-record.js';
import { findPage, insertPage, mapPage, removePage } from '../../../src/lib/page-tree.js';

interface Placed {
  page: PageRecord;
  parent: string | undefined;
  /** The sibling just before it, if any. */
  after: string | undefined;
}

/** Every page by id with where it sits, in depth-first order. */
function place(pages: readonly PageRecord[], parent?: string, out = new Map<string, Placed>()): Map<string, Placed> {
  pages.forEach((p, i) => {
    out.set(p.id, { page: p, parent, after: i > 0 ? pages[i - 1]?.id : undefined });
    place(p.pages, p.id, out);
  });
  return out;
}

/** What a page says, children aside: two equal contents are the same edit. */
function content(p: PageRecord): string {
  const { pages: _children, createdAt: _c, updatedAt: _u, ...rest } = p;
  return JSON.stringify(rest, Object.keys(rest).sort());
}

const sameContent = (a: Placed | undefined, b: Placed | undefined) => !!a && !!b && content(a.page) === content(b.page);
const samePlace = (a: Placed | undefined, b: Placed | undefined) => !!a && !!b && a.parent === b.parent && a.after === b.after;

/** The children of `parent` (top level when undefined) in a tree, as ids in order. */
function childrenOf(pages: readonly PageRecord[], parent: string | undefined): string[] {
  const list = parent === undefined ? pages : (findPage(pages, parent)?.pages ?? []);
  return list.map((p) => p.id);
}

/**
 * Whether the page sits in different places in trees `x` and `y`: under different parents, or
 * after different pages once each sibling list keeps only the siblings both trees have there.
 */
function placedApart(x: readonly PageRecord[], y: readonly PageRecord[], X: Map<string, Placed>, Y: Map<string, Placed>, id: string): boolean {
  const parent = X.get(id)?.parent;
  if (parent !== Y.get(id)?.parent) return true;
  const inX = childrenOf(x, parent);
  const inY = childrenOf(y, parent);
  const shared = (list: string[], other: string[]) => list.filter((k) => other.includes(k));
  const sx = shared(inX, inY);
  const sy = shared(inY, inX);
  return sx[sx.indexOf(id) - 1] !== sy[sy.indexOf(id) - 1];
}

type Kind = 'edited' | 'deleted-in-main' | 'deleted-in-change-request' | 'moved';

interface MergeOutcome {
  pages: PageRecord[];
  /** Pages both sides changed in ways that do not combine; the change request's side was kept. */
  conflicts: { page: string; kind: Kind }[];
}

/**
 * Three-way merge of page trees. `base` is the main content the change request started from
 * (or last brought in), `main` the main content now, `cr` the change request's. Changes on
 * one side are taken; where both sides changed a page differently, the change request wins
 * and the page is reported as a conflict: content changed differently on both sides, deleted on
 * one side and its content changed on the other, or moved by both to different places.
 */
export function referenceMerge(base: readonly PageRecord[], main: readonly PageRecord[], cr: readonly PageRecord[]): MergeOutcome {
  const B = place(base);
  const M = place(main);
  const C = place(cr);
  const conflicts: MergeOutcome['conflicts'] = [];
  let result = [...main];
  const changedInCr = (id: string) => !B.has(id) || !sameContent(B.get(id), C.get(id));
  const changedInMain = (id: string) => !M.has(id) || !sameContent(B.get(id), M.get(id));

  for (const [id, b] of B) {
    const m = M.get(id);
    const c = C.get(id);
    if (!c) {
      // Deleted in the change request.
      if (m) {
        if (changedInMain(id)) conflicts.push({ page: id, kind: 'deleted-in-change-request' });
        result = removePage(result, id);
      }
      continue;
    }
    const crEdited = changedInCr(id);
    if (!m && crEdited) conflicts.push({ page: id, kind: 'deleted-in-main' });
    else if (m && crEdited && changedInMain(id) && !sameContent(m, c)) conflicts.push({ page: id, kind: 'edited' });
    else if (m && placedApart(base, main, B, M, id) && placedApart(base, cr, B, C, id) && placedApart(main, cr, M, C, id))
      conflicts.push({ page: id, kind: 'moved' });
    if (m && crEdited) result = mapPage(result, id, (p) => ({ ...c.page, pages: p.pages }));
    if (m && !samePlace(b, c)) result = removePage(result, id);
  }

  // Pages missing from the result that the change request has: added, moved, or restored.
  for (const [id, c] of C) {
    if (findPage(result, id)) continue;
    if (B.has(id) && !M.has(id) && !changedInCr(id)) continue; // deleted in main, untouched here
    const m = M.get(id);
    const fields = changedInCr(id) || !m ? c.page : m.page;
    const parent = c.parent && findPage(result, c.parent) ? c.parent : undefined;
    const after = c.after && findPage(result, c.after) ? c.after : undefined;
    result = insertPage(result, parent, { ...fields, pages: [] }, after);
  }
  // Pages of main taken out with a moved or deleted parent, that the change request did not delete.
  for (const [id, m] of M) {
    if (findPage(result, id) || (B.has(id) && !C.has(id))) continue;
    const parent = m.parent && findPage(result, m.parent) ? m.parent : undefined;
    const after = m.after && findPage(result, m.after) ? m.after : undefined;
    result = insertPage(result, parent, { ...m.page, pages: [] }, after);
  }
  return { pages: result, conflicts };
}

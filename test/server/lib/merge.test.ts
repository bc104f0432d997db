import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeFieldEdits, mergePages } from '../../../src/server/lib/merge.js';
import { findPage, insertPage, mapPage, removePage } from '../../../src/lib/page-tree.js';
import type { PageRecord } from '../../../src/lib/page-record.js';
import { referenceMerge } from './merge-reference.js';

const page = (id: string, markdown = `text ${id}`): PageRecord => ({
  id,
  title: id.toUpperCase(),
  type: 'document',
  markdown,
  createdAt: 't',
  updatedAt: 't',
  pages: [],
});

type Edit = { kind: 'text' | 'remove' | 'move' | 'add'; at: number; to: number; text: number };
const edit: fc.Arbitrary<Edit> = fc.record({ kind: fc.constantFrom('text', 'remove', 'move', 'add'), at: fc.nat(20), to: fc.nat(20), text: fc.nat(2) });

function ids(pages: readonly PageRecord[]): string[] {
  return pages.flatMap((p) => [p.id, ...ids(p.pages)]);
}

function applyEdits(pages: PageRecord[], edits: Edit[], side: string): PageRecord[] {
  let out = pages;
  edits.forEach((e, n) => {
    const all = ids(out);
    const id = all[e.at % Math.max(1, all.length)];
    const target = all[e.to % Math.max(1, all.length)];
    if (e.kind === 'add' || !id) out = insertPage(out, e.to % 2 && target ? target : undefined, page(`${side}${n}`));
    else if (e.kind === 'text') out = mapPage(out, id, (p) => ({ ...p, markdown: `edit ${e.text}`, updatedAt: `u${n}` }));
    else if (e.kind === 'remove') out = removePage(out, id);
    else {
      const p = findPage(out, id) as PageRecord;
      const rest = removePage(out, id);
      const parent = target && target !== id && findPage(rest, target) && e.text === 0 ? target : undefined;
      const after = parent ? undefined : target && findPage(rest, target) && rest.some((r) => r.id === target) ? target : undefined;
      out = insertPage(rest, parent, p, after);
    }
  });
  return out;
}

const tree = fc.array(fc.tuple(fc.nat(3), fc.boolean()), { minLength: 1, maxLength: 10 }).map((spec) => {
  let pages: PageRecord[] = [];
  spec.forEach(([under, nest], i) => {
    const all = ids(pages);
    pages = insertPage(pages, nest && all.length ? all[under % all.length] : undefined, page(`b${i}`));
  });
  return pages;
});

describe('three-way merge of page trees', () => {
  it('gives the same pages and conflicts as the merge it replaced, over random edits on both sides', () => {
    fc.assert(
      fc.property(tree, fc.array(edit, { maxLength: 5 }), fc.array(edit, { maxLength: 5 }), (base, onMain, onCr) => {
        const main = applyEdits(base, onMain, 'm');
        const cr = applyEdits(base, onCr, 'c');
        const plain = (x: unknown) => JSON.parse(JSON.stringify(x)) as unknown;
        expect(plain(mergePages(base, main, cr))).toEqual(plain(referenceMerge(base, main, cr)));
      }),
      { numRuns: 1500 },
    );
  });

  it('merges edits in place without placing the trees, with the same result, whatever main did', () => {
    const textOnly = fc.array(
      edit.map((e) => ({ ...e, kind: 'text' as const })),
      { maxLength: 5 },
    );
    let taken = 0;
    fc.assert(
      fc.property(tree, fc.array(edit, { maxLength: 5 }), textOnly, (base, onMain, onCr) => {
        const main = applyEdits(base, onMain, 'm');
        const cr = applyEdits(base, onCr, 'c');
        const plain = (x: unknown) => JSON.parse(JSON.stringify(x)) as unknown;
        const fast = mergeFieldEdits(base, main, cr);
        if (fast) taken++;
        expect(plain(fast ?? mergePages(base, main, cr))).toEqual(plain(referenceMerge(base, main, cr)));
      }),
      { numRuns: 1500 },
    );
    // Main's own moves and deletions send some cases to the whole-tree merge, but most stay.
    expect(taken).toBeGreaterThan(750);
  });

  it('never loses a side: each page either merges to the side that changed it or is reported, over random edits', () => {
    const fields = (p: PageRecord | undefined) => (p ? JSON.stringify({ ...p, pages: undefined, createdAt: undefined, updatedAt: undefined }) : undefined);
    const placed = (pages: readonly PageRecord[], parent?: string, out = new Map<string, { page: PageRecord; parent?: string }>()) => {
      for (const p of pages) {
        out.set(p.id, { page: p, ...(parent ? { parent } : {}) });
        placed(p.pages, p.id, out);
      }
      return out;
    };
    const seen = { edited: 0, 'deleted-in-main': 0, 'deleted-in-change-request': 0, moved: 0 };
    fc.assert(
      fc.property(tree, fc.array(edit, { maxLength: 5 }), fc.array(edit, { maxLength: 5 }), (base, onMain, onCr) => {
        const main = applyEdits(base, onMain, 'm');
        const cr = applyEdits(base, onCr, 'c');
        const out = mergePages(base, main, cr);
        const [B, M, C, R] = [placed(base), placed(main), placed(cr), placed(out.pages)];
        const reported = new Map(out.conflicts.map((x) => [x.page, x.kind]));
        for (const x of out.conflicts) seen[x.kind]++;
        for (const [id, b] of B) {
          const [m, c] = [M.get(id), C.get(id)];
          const inMain = fields(m?.page) !== fields(b.page);
          const inCr = fields(c?.page) !== fields(b.page);
          if (m && c) {
            if (inMain && inCr && fields(m.page) !== fields(c.page)) expect(reported.get(id)).toBe('edited');
            else expect(fields(R.get(id)?.page)).toBe(fields((inCr ? c : m).page));
            const both = m.parent !== b.parent && c.parent !== b.parent && m.parent !== c.parent;
            if (both && !reported.has(id)) throw new Error(`page ${id} moved under ${m.parent} on main and ${c.parent} in the change request, not reported`);
          } else if (m && !c && inMain) expect(reported.get(id)).toBe('deleted-in-change-request');
          else if (c && !m && inCr) expect(reported.get(id)).toBe('deleted-in-main');
          else if (!reported.has(id) && !(m && c)) expect(R.has(id)).toBe(false);
        }
      }),
      { numRuns: 1500 },
    );
    // The random edits reach every kind of conflict.
    for (const n of Object.values(seen)) expect(n).toBeGreaterThan(10);
  });

  it('tells conflicts of each kind from edits that combine', () => {
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((id) => page(id)) as [PageRecord, PageRecord, PageRecord, PageRecord];
    const base = [a, b, c];
    const edited = (p: PageRecord, markdown: string) => ({ ...p, markdown });
    const kinds = (main: PageRecord[], cr: PageRecord[]) => mergePages(base, main, cr).conflicts;
    expect(kinds([edited(a, 'main'), b, c], [edited(a, 'cr'), b, c])).toEqual([{ page: 'a', kind: 'edited' }]);
    expect(kinds([edited(a, 'same'), b, c], [edited(a, 'same'), b, c])).toEqual([]);
    expect(kinds([{ ...a, title: 'Main title' }, b, c], [{ ...a, title: 'Change title' }, b, c])).toEqual([{ page: 'a', kind: 'edited' }]);
    expect(kinds([b, c], [edited(a, 'cr'), b, c])).toEqual([{ page: 'a', kind: 'deleted-in-main' }]);
    expect(kinds([edited(a, 'main'), b, c], [b, c])).toEqual([{ page: 'a', kind: 'deleted-in-change-request' }]);
    // Deleted on both sides, or deleted on one and left alone on the other: nothing to settle.
    expect(kinds([b, c], [b, c])).toEqual([]);
    expect(kinds([b, c], [a, b, c])).toEqual([]);
    // Both moved c: to different places conflicts, to the same place does not.
    expect(kinds([c, a, b], [a, { ...b, pages: [c] }])).toEqual([{ page: 'c', kind: 'moved' }]);
    expect(kinds([{ ...a, pages: [c] }, b], [a, { ...b, pages: [c] }])).toEqual([{ page: 'c', kind: 'moved' }]);
    expect(kinds([c, a, b], [c, a, b])).toEqual([]);
    // A page main added next to c, or removed before it, is not a move of c.
    expect(kinds([a, b, d, c], [c, a, b])).toEqual([]);
    expect(kinds([b, c], [c, a, b])).toEqual([]);
    // Where they disagree the merged tree holds the change request's side, and main's is in main.
    expect(mergePages(base, [edited(a, 'main'), b, c], [edited(a, 'cr'), b, c]).pages[0]?.markdown).toBe('cr');
  });

  it('leaves a change request that moved, added or removed a page to the whole-tree merge', () => {
    const base = [page('a'), page('b'), page('c')];
    expect(mergeFieldEdits(base, base, [base[1] as PageRecord, base[0] as PageRecord, base[2] as PageRecord])).toBeUndefined();
    expect(mergeFieldEdits(base, base, [...base, page('d')])).toBeUndefined();
    expect(mergeFieldEdits(base, base, base.slice(1))).toBeUndefined();
    // A page main deleted but the change request edited comes back: that is the whole-tree merge's.
    expect(
      mergeFieldEdits(base, base.slice(1), [{ ...(base[0] as PageRecord), markdown: 'cr' }, base[1] as PageRecord, base[2] as PageRecord]),
    ).toBeUndefined();
  });

  it('keeps the pages neither side changed as the same objects', () => {
    const base = [page('a'), page('b'), page('c')];
    const main = [base[0] as PageRecord, { ...(base[1] as PageRecord), markdown: 'main' }, base[2] as PageRecord];
    const cr = [base[0] as PageRecord, base[1] as PageRecord, { ...(base[2] as PageRecord), markdown: 'cr' }];
    const out = mergePages(base, main, cr).pages;
    expect(out[0]).toBe(base[0]);
    expect(out.map((p) => p.markdown)).toEqual(['text a', 'main', 'cr']);
  });
});

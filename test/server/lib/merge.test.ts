import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeFieldEdits, mergePages } from '../../../src/server/lib/merge.js';
import { findPage, insertPage, mapPage, removePage } from '../../../src/server/model/page-tree.js';
import type { PageRecord } from '../../../src/server/model/revision.js';
import { referenceMerge } from './merge-reference.js';

const page = (id: string, markdown = `text ${id}`): PageRecord => ({ id, title: id.toUpperCase(), type: 'document', markdown, createdAt: 't', updatedAt: 't', pages: [] });

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
    const textOnly = fc.array(edit.map((e) => ({ ...e, kind: 'text' as const })), { maxLength: 5 });
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

  it('leaves a change request that moved, added or removed a page to the whole-tree merge', () => {
    const base = [page('a'), page('b'), page('c')];
    expect(mergeFieldEdits(base, base, [base[1] as PageRecord, base[0] as PageRecord, base[2] as PageRecord])).toBeUndefined();
    expect(mergeFieldEdits(base, base, [...base, page('d')])).toBeUndefined();
    expect(mergeFieldEdits(base, base, base.slice(1))).toBeUndefined();
    // A page main deleted but the change request edited comes back: that is the whole-tree merge's.
    expect(mergeFieldEdits(base, base.slice(1), [{ ...(base[0] as PageRecord), markdown: 'cr' }, base[1] as PageRecord, base[2] as PageRecord])).toBeUndefined();
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

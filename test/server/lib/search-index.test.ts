import fc from 'fast-check';
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { RevisionIndex } from '../../../src/server/lib/search-index.js';
import type { PageRecord } from '../../../src/server/model/revision.js';

const WORDS = ['install', 'guide', 'alpha', 'beta', 'gamma', 'quick', 'start', 'token', 'space', 'deploy'];

function page(id: string, title: number[], body: number[][]): PageRecord {
  const markdown = body.map((line, i) => (i % 2 ? `## ${WORDS[line[0] ?? 0]}` : line.map((w) => WORDS[w]).join(' '))).join('\n');
  return { id, title: title.map((w) => WORDS[w]).join(' ') || 'Untitled', type: 'document', markdown, createdAt: '', updatedAt: '', pages: [] };
}

const words = fc.array(fc.nat(WORDS.length - 1), { maxLength: 4 });
const body = fc.array(words, { maxLength: 5 });
const edit = fc.record({ at: fc.nat(30), kind: fc.constantFrom('text', 'title', 'remove', 'add'), title: words, body });

const answer = (idx: RevisionIndex, q: string) =>
  idx.search(q).map((h) => ({ page: h.pageId, score: Math.round(h.score * 1e6), sections: h.sections.map((s) => s.id) }));

describe('a revision\'s search index', () => {
  it('derived from the previous revision\'s by the pages that changed answers as one built afresh', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(words, body), { minLength: 1, maxLength: 12 }), fc.array(edit, { maxLength: 10 }), (initial, edits) => {
        let pages = initial.map(([t, b], i) => page(`p${i}`, t, b));
        const derived = new RevisionIndex(MiniSearch, 'r0', pages);
        let n = initial.length;
        edits.forEach((e, step) => {
          const i = e.at % Math.max(1, pages.length);
          const target = pages[i];
          if (e.kind === 'add' || !target) pages = [...pages, page(`p${n++}`, e.title, e.body)];
          else if (e.kind === 'remove') pages = pages.filter((_, k) => k !== i);
          else if (e.kind === 'title') pages = pages.map((p, k) => (k === i ? page(p.id, e.title, []) : p));
          else pages = pages.map((p, k) => (k === i ? { ...page(p.id, [], e.body), title: p.title } : p));
          derived.advance(`r${step + 1}`, pages);
          const fresh = new RevisionIndex(MiniSearch, `r${step + 1}`, pages);
          for (const q of ['install', 'gam', 'quick start', 'tokn', 'beta guide']) expect(answer(derived, q)).toEqual(answer(fresh, q));
        });
      }),
      { numRuns: 60 },
    );
  });

  it('re-indexes only the pages whose text changed', () => {
    const pages = Array.from({ length: 50 }, (_, i) => page(`p${i}`, [i % 10], [[1, 2], [3]]));
    const idx = new RevisionIndex(MiniSearch, 'r0', pages);
    const next = pages.map((p, i) => (i === 7 ? { ...p, markdown: 'deploy now' } : { ...p }));
    expect(idx.advance('r1', next)).toEqual({ changed: 1 });
    expect(idx.search('deploy').map((h) => h.pageId)).toContain('p7');
  });
});

import fc from 'fast-check';
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { RevisionIndex, type IndexJson, type PageVersion } from '../../../src/server/lib/search-index.js';
import type { PageRecord } from '../../../src/lib/page-record.js';

const WORDS = ['install', 'guide', 'alpha', 'beta', 'gamma', 'quick', 'start', 'token', 'space', 'deploy'];

function page(id: string, title: number[], body: number[][]): PageRecord {
  const markdown = body.map((line, i) => (i % 2 ? `## ${WORDS[line[0] ?? 0]}` : line.map((w) => WORDS[w]).join(' '))).join('\n');
  return { id, title: title.map((w) => WORDS[w]).join(' ') || 'Untitled', type: 'document', markdown, createdAt: '', updatedAt: '', pages: [] };
}

/** A version that changes whenever the title or text does, as the store's content hash does. */
const order = (pages: PageRecord[]): PageVersion[] => pages.map((p) => [p.id, JSON.stringify([p.title, p.markdown])]);
const text = (pages: PageRecord[]) => (id: string) => pages.find((p) => p.id === id);

function advance(idx: RevisionIndex, revision: string, pages: PageRecord[]) {
  return idx.advance(revision, order(pages), text(pages));
}

function fresh(revision: string, pages: PageRecord[]): RevisionIndex {
  const idx = new RevisionIndex(MiniSearch);
  advance(idx, revision, pages);
  return idx;
}

const words = fc.array(fc.nat(WORDS.length - 1), { maxLength: 4 });
const body = fc.array(words, { maxLength: 5 });
const edit = fc.record({ at: fc.nat(30), kind: fc.constantFrom('text', 'title', 'remove', 'add', 'move'), title: words, body });

const answer = (idx: RevisionIndex, q: string) =>
  idx.search(q).map((h) => ({ page: h.pageId, score: Math.round(h.score * 1e6), sections: h.sections.map((s) => s.id) }));
const QUERIES = ['install', 'gam', 'quick start', 'tokn', 'beta guide'];

describe("a revision's search index", () => {
  it("derived from the previous revision's by the pages that changed answers as one built afresh, read back from its JSON or not", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(words, body), { minLength: 1, maxLength: 12 }),
        fc.array(edit, { maxLength: 10 }),
        fc.array(fc.boolean(), { maxLength: 10 }),
        (initial, edits, reload) => {
          let pages = initial.map(([t, b], i) => page(`p${i}`, t, b));
          let derived = fresh('r0', pages);
          let n = initial.length;
          edits.forEach((e, step) => {
            const i = e.at % Math.max(1, pages.length);
            const target = pages[i];
            if (e.kind === 'add' || !target) pages = [...pages, page(`p${n++}`, e.title, e.body)];
            else if (e.kind === 'remove') pages = pages.filter((_, k) => k !== i);
            else if (e.kind === 'move') pages = [target, ...pages.filter((_, k) => k !== i)];
            else if (e.kind === 'title') pages = pages.map((p, k) => (k === i ? page(p.id, e.title, []) : p));
            else pages = pages.map((p, k) => (k === i ? { ...page(p.id, [], e.body), title: p.title } : p));
            // Written out and read back (as the search thread keeps it on disk, a piece at a time)
            // before moving on; its pieces make the same object as toJSON.
            if (reload[step]) {
              const json = JSON.parse([...derived.jsonPieces()].join('')) as IndexJson;
              expect(json).toEqual(JSON.parse(JSON.stringify(derived.toJSON())));
              derived = RevisionIndex.fromJSON(MiniSearch, json);
            }
            advance(derived, `r${step + 1}`, pages);
            const built = fresh(`r${step + 1}`, pages);
            for (const q of QUERIES) expect(answer(derived, q)).toEqual(answer(built, q));
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('re-indexes only the pages whose version changed, and asks only for their text', () => {
    const pages = Array.from({ length: 50 }, (_, i) => page(`p${i}`, [i % 10], [[1, 2], [3]]));
    const idx = fresh('r0', pages);
    const next = pages.map((p, i) => (i === 7 ? { ...p, markdown: 'deploy now' } : { ...p }));
    expect(idx.lacking(order(next))).toEqual(['p7']);
    const asked: string[] = [];
    expect(idx.advance('r1', order(next), (id) => (asked.push(id), text(next)(id)))).toEqual({ changed: 1 });
    expect(asked).toEqual(['p7']);
    expect(idx.search('deploy').map((h) => h.pageId)).toContain('p7');
    expect(idx.revision).toBe('r1');
  });

  it('is left as it was when a text it needs is not given', () => {
    const pages = [page('a', [0], [[1]]), page('b', [2], [[3]])];
    const idx = fresh('r0', pages);
    const before = answer(idx, 'guide');
    const next = [
      { ...(pages[0] as PageRecord), markdown: 'deploy' },
      { ...(pages[1] as PageRecord), markdown: 'token' },
    ];
    expect(() => idx.advance('r1', order(next), (id) => (id === 'a' ? next[0] : undefined))).toThrow(/no text given for page b/);
    expect(idx.revision).toBe('r0');
    expect(answer(idx, 'guide')).toEqual(before);
    expect(idx.search('deploy')).toEqual([]);
  });

  it('reads back its JSON with the text of each section, and refuses JSON whose pages and sections disagree', () => {
    const pages = [page('a', [0], [[1, 2], [3], [4]]), page('b', [5], [])];
    const idx = fresh('r0', pages);
    const back = RevisionIndex.fromJSON(MiniSearch, JSON.parse(JSON.stringify(idx.toJSON())));
    expect(back.revision).toBe('r0');
    expect(back.size).toBe(idx.size);
    for (const q of QUERIES) expect(answer(back, q)).toEqual(answer(idx, q));
    expect(back.body('a#0')).toBe('guide alpha');
    expect(back.body('zz#0')).toBeUndefined();
    const json = idx.toJSON();
    json.pages[0] = [json.pages[0]?.[0] as string, 'v', 1];
    expect(() => RevisionIndex.fromJSON(MiniSearch, JSON.parse(JSON.stringify(json)))).toThrow(/sections/);
  });
});

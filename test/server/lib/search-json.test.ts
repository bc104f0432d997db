import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { miniSearchJson } from '../../../src/server/lib/search-json.js';

const FIELDS = { fields: ['title', 'body'], storeFields: ['title', 'body'] };
const word = (i: number) => `w${(Math.imul(i, 2654435761) >>> 20) % 500}`;

/** An index with more than a piece of each part, and holes where documents were removed. */
function bigIndex(): MiniSearch<{ id: string; title: string; body: string }> {
  const ms = new MiniSearch<{ id: string; title: string; body: string }>(FIELDS);
  const docs = Array.from({ length: 400 }, (_, d) => ({
    id: `d${d}`,
    title: `${word(d)} ${word(d + 1)}`,
    body: Array.from({ length: 120 }, (_, k) => word(d * 131 + k)).join(' '),
  }));
  ms.addAll(docs);
  ms.removeAll(docs.filter((_, d) => d % 7 === 3));
  return ms;
}

describe("a search index's JSON in pieces", () => {
  it('parses to what toJSON gives, and loads into an index that answers alike', () => {
    const ms = bigIndex();
    const pieces = [...miniSearchJson(ms)];
    const text = pieces.join('');
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(ms.toJSON())));
    const back = MiniSearch.loadJSON(text, FIELDS);
    // Scores as toJSON's own round trip gives them: equal but for the last digits of a double,
    // which may order equal scores otherwise.
    const answer = (m: MiniSearch, q: string) =>
      m
        .search(q, { prefix: true })
        .map((h) => `${h.id} ${Math.round(h.score * 1e6)}`)
        .sort();
    for (const q of ['w1', 'w42 w7', 'w3']) expect(answer(back, q)).toEqual(answer(ms, q));
  });

  it('comes in pieces of bounded work: about a piece per budget of postings of the terms, and of stored text', () => {
    const ms = bigIndex();
    const json = ms.toJSON();
    const perTerm = json.index.map(([, fields]) => Object.values(fields).reduce((m, docs) => m + Object.keys(docs).length, 0));
    const postings = perTerm.reduce((a, b) => a + b, 0);
    const stored = Object.values(json.storedFields).map((f) => JSON.stringify(f).length + 8);
    const budget = { postings: 500, chars: 4096 };
    const pieces = [...miniSearchJson(ms, budget)];
    // A piece ends at the first term (or stored entry) past the budget.
    const least =
      Math.floor(postings / (budget.postings + Math.max(...perTerm))) + Math.floor(stored.reduce((a, b) => a + b, 0) / (budget.chars + Math.max(...stored)));
    expect(least).toBeGreaterThan(30);
    expect(pieces.length).toBeGreaterThanOrEqual(least);
    expect(JSON.parse(pieces.join(''))).toEqual(JSON.parse(JSON.stringify(json)));
  });

  it('writes an index whose fields are not as expected whole, through toJSON', () => {
    const odd = { toJSON: () => ({ serializationVersion: 9, index: [] }) } as unknown as MiniSearch;
    expect([...miniSearchJson(odd)]).toEqual([JSON.stringify({ serializationVersion: 9, index: [] })]);
  });
});

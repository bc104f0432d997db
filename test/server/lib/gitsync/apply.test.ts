import { describe, expect, it } from 'vitest';
import { applyPages } from '../../../../src/server/lib/gitsync/apply.js';
import type { SyncPage } from '../../../../src/server/lib/gitsync/read.js';

let n = 0;
const env = (now: string) => ({ newId: () => `id${n++}`, now });
const page = (title: string, path: string, markdown: string, pages: SyncPage[] = [], sourceless = false): SyncPage => ({ kind: 'document', title, path, meta: {}, markdown, pages, ...(sourceless ? { sourceless } : {}) });

describe('applying an import', () => {
  it('keeps ids and unchanged times of pages matched by file, removes the others, and links pages by id', () => {
    const first = applyPages([], [page('Home', 'README.md', 'See [a](gitbook-page:a.md#x).'), page('A', 'a.md', 'A.'), page('B', 'b.md', 'B.')], env('2026-01-01T00:00:00.000Z'));
    const [home, a] = first;
    expect(home?.markdown).toBe(`See [a](page:${a?.id}#x).`);
    const second = applyPages(first, [page('Home', 'README.md', 'See [a](gitbook-page:a.md#x).'), page('A', 'a.md', 'A, changed.')], env('2026-02-01T00:00:00.000Z'));
    expect(second.map((p) => p.id)).toEqual([home?.id, a?.id]);
    expect(second[0]?.updatedAt).toBe('2026-01-01T00:00:00.000Z');
    expect(second[1]?.updatedAt).toBe('2026-02-01T00:00:00.000Z');
    expect(second[1]?.createdAt).toBe('2026-01-01T00:00:00.000Z');
  });

  it('matches pages from no file (HTML imports) by their place and title, and records no file for them', () => {
    const html = () => [page('Docs', '0.md', 'Hello', [page('Install', '0/0.md', 'Steps', [], true)], true)];
    const first = applyPages([], html(), env('2026-01-01T00:00:00.000Z'));
    const again = applyPages(first, html(), env('2026-02-01T00:00:00.000Z'));
    expect(again.map((p) => [p.id, p.pages[0]?.id])).toEqual(first.map((p) => [p.id, p.pages[0]?.id]));
    expect(first[0]?.gitPath).toBeUndefined();
  });
});

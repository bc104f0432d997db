import { describe, expect, it } from 'vitest';
import { applyPages, samePages } from '../../../src/lib/gitsync/apply.js';
import type { SyncPage } from '../../../src/lib/gitsync/read.js';

let n = 0;
const env = (now: string) => ({ newId: () => `id${n++}`, now });
const page = (title: string, path: string, markdown: string, pages: SyncPage[] = [], sourceless = false): SyncPage => ({
  kind: 'document',
  title,
  path,
  meta: {},
  markdown,
  pages,
  ...(sourceless ? { sourceless } : {}),
});

describe('applying an import', () => {
  it('keeps ids and unchanged times of pages matched by file, removes the others, and links pages by id', () => {
    const first = applyPages(
      [],
      [page('Home', 'README.md', 'See [a](gitbook-page:a.md#x).'), page('A', 'a.md', 'A.'), page('B', 'b.md', 'B.')],
      env('2026-01-01T00:00:00.000Z'),
    );
    const [home, a] = first;
    expect(home?.markdown).toBe(`See [a](page:${a?.id}#x).`);
    const second = applyPages(
      first,
      [page('Home', 'README.md', 'See [a](gitbook-page:a.md#x).'), page('A', 'a.md', 'A, changed.')],
      env('2026-02-01T00:00:00.000Z'),
    );
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

  it('gives a page a new updatedAt when only a nested value changed (a link spelled otherwise)', () => {
    const spelled = (written: string): SyncPage => ({
      ...page('Home', 'README.md', 'See [a](gitbook-page:a.md).'),
      git: { links: { 'gitbook-page:a.md': [written] } },
    });
    const first = applyPages([], [spelled('./a.md'), page('A', 'a.md', 'A.')], env('2026-01-01T00:00:00.000Z'));
    const second = applyPages(first, [spelled('a.md?plain'), page('A', 'a.md', 'A.')], env('2026-02-01T00:00:00.000Z'));
    expect(second[0]?.gitSync?.links).not.toEqual(first[0]?.gitSync?.links);
    expect(second[0]?.updatedAt).toBe('2026-02-01T00:00:00.000Z');
    expect(samePages(first, second)).toBe(false);
  });

  it('leaves the records of unchanged pages as they were, so that an import that changed nothing is the same tree', () => {
    const tree = () => [page('Home', 'README.md', 'Hi', [page('Sub', 'sub.md', 'See [home](gitbook-page:README.md).')]), page('B', 'b.md', 'B.')];
    const first = applyPages([], tree(), env('2026-01-01T00:00:00.000Z'));
    const again = applyPages(first, tree(), env('2026-02-01T00:00:00.000Z'));
    expect(again[0]).toBe(first[0]);
    expect(again[1]).toBe(first[1]);
    expect(samePages(first, again)).toBe(true);
    const edited = tree();
    (edited[0]?.pages[0] as SyncPage).markdown = 'Changed.';
    const third = applyPages(first, edited, env('2026-03-01T00:00:00.000Z'));
    expect(third[1]).toBe(first[1]);
    expect(third[0]).not.toBe(first[0]);
    expect(third[0]?.updatedAt).toBe('2026-01-01T00:00:00.000Z');
    expect(third[0]?.pages[0]?.updatedAt).toBe('2026-03-01T00:00:00.000Z');
    expect(samePages(first, third)).toBe(false);
    // Equal content in new objects is the same tree too.
    expect(samePages(first, JSON.parse(JSON.stringify(first)))).toBe(true);
  });
});

import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { getRevision, putRevision, storedRevisions } from '../../../src/server/model/revision-store.js';
import { CONTENT_FORMAT_KEY, upgradeContent } from '../../../src/server/model/revision-upgrade.js';
import { meta } from '../../../src/server/model/org.js';
import type { RevisionRecord } from '../../../src/server/model/revision.js';
import type { PageRecord } from '../../../src/lib/page-record.js';
import { mapPage } from '../../../src/lib/page-tree.js';
import { JsonFileStore } from '../../../src/store/json-file-store.js';
import { tempDir } from '../../helpers/server.js';

const at = '2026-01-01T00:00:00.000Z';
const page = (id: string, markdown: string, pages: PageRecord[] = []): PageRecord => ({
  id,
  title: `Page ${id}`,
  type: 'document',
  markdown,
  createdAt: at,
  updatedAt: at,
  pages,
});
const tree = (n: number): PageRecord[] =>
  Array.from({ length: n }, (_, i) => page(`p${i}`, `Body of page ${i}. `.repeat(20), i % 10 === 0 ? [page(`c${i}`, 'child')] : []));
const revision = (id: string, pages: PageRecord[], parents: string[] = []): RevisionRecord => ({
  id,
  space: 's1',
  parents,
  type: 'edits',
  createdAt: at,
  pages,
  files: [],
  reusableContents: [],
  variables: {},
});
const plain = (r: RevisionRecord | undefined) => JSON.parse(JSON.stringify(r)) as unknown;

const stores: JsonFileStore[] = [];
const dirs: { cleanup(): void }[] = [];
const tmp = () => {
  const d = tempDir();
  dirs.push(d);
  return d.dir;
};
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) d.cleanup();
});
function open(path: string, compactBytes?: number): JsonFileStore {
  const s = JsonFileStore.open(path, { warn: () => {}, ...(compactBytes ? { compactBytes } : {}) });
  stores.push(s);
  return s;
}

describe('revisions stored by content', () => {
  it('read back, every one of them, after many edits of one page and a compaction, from a store opened afresh', async () => {
    const path = join(tmp(), 'store.json');
    const store = open(path, 64 * 1024);
    const written: RevisionRecord[] = [];
    let pages = tree(60);
    await store.write((tx) => written.push(putRevision(tx, revision('r0', pages))));
    for (let i = 1; i <= 150; i++) {
      // Mostly one page, now and then a page added or removed, so that the tree's shape changes too.
      if (i % 25 === 0) pages = [...pages, page(`n${i}`, 'new')];
      else if (i % 40 === 0) pages = pages.slice(1);
      else
        pages = mapPage(pages, 'p5', (p) => ({
          ...p,
          markdown: `Edit ${i}. `.repeat(30),
          updatedAt: `2026-01-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`,
        }));
      const base = written.at(-1) as RevisionRecord;
      await store.write((tx) => written.push(putRevision(tx, revision(`r${i}`, pages, [base.id]), base)));
    }
    await store.compact();
    await store.close();
    stores.length = 0;
    const again = open(path);
    await again.read((tx) => {
      for (const w of written) expect(plain(getRevision(tx, w.id))).toEqual(plain(w));
    });
  });

  it('grow the store by about the page for each edit of one page, not by the space', async () => {
    const path = join(tmp(), 'store.json');
    const store = open(path);
    let pages = tree(1000);
    let base = revision('r0', pages);
    await store.write((tx) => putRevision(tx, base));
    await store.compact();
    const before = statSync(path).size;
    const body = 'An edited paragraph of some length. '.repeat(50);
    for (let i = 1; i <= 100; i++) {
      pages = mapPage(pages, 'p500', (p) => ({ ...p, markdown: `${body}${i}`, updatedAt: `2026-01-02T00:00:${String(i % 60).padStart(2, '0')}.000Z` }));
      const next = revision(`r${i}`, pages, [base.id]);
      const from = base;
      await store.write((tx) => putRevision(tx, next, from));
      base = next;
    }
    await store.compact();
    const pageSize = JSON.stringify(pages[500]).length;
    expect(statSync(path).size - before).toBeLessThanOrEqual(100 * (pageSize + 1024));
  });

  it('read, on top of their base, only the contents the base does not hold: a page given a child is not read again', async () => {
    const path = join(tmp(), 'store.json');
    const writer = open(path);
    const a = revision('ra', tree(40));
    const b = revision(
      'rb',
      mapPage(a.pages, 'p3', (p) => ({ ...p, pages: [...p.pages, page('new', 'A new child.')] })),
      ['ra'],
    );
    await writer.write((tx) => putRevision(tx, a));
    await writer.write((tx) => putRevision(tx, b, a));
    // Afresh: nothing this process wrote is at hand.
    const reader = open(path);
    const reads = await reader.read((tx) => {
      const got: string[] = [];
      const counted = new Proxy(tx, {
        get(t, k) {
          if (k === 'get') return (table: { name: string }, id: string) => (table.name === 'pageContents' && got.push(id), t.get(table as never, id));
          if (k === 'getMany')
            return (table: { name: string }, ids: string[]) => (table.name === 'pageContents' && got.push(...ids), t.getMany(table as never, ids));
          const v = Reflect.get(t, k) as unknown;
          return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(t) : v;
        },
      });
      expect(plain(getRevision(counted, 'ra'))).toEqual(plain(a));
      const forA = got.length;
      got.length = 0;
      expect(plain(getRevision(counted, 'rb'))).toEqual(plain(b));
      return { forA, forB: got.length };
    });
    expect(reads.forA).toBe(44);
    // The new child's content only; p3's is its base's.
    expect(reads.forB).toBe(1);
  });

  it('are migrated on open from a store whose revisions hold their whole page tree, reading the same', async () => {
    const path = join(tmp(), 'store.json');
    const r0 = revision('r0', tree(20));
    const r1 = revision(
      'r1',
      mapPage(r0.pages, 'p3', (p) => ({ ...p, markdown: 'changed' })),
      ['r0'],
    );
    const r2 = {
      ...revision('r2', [...r1.pages, page('x', 'added')], ['r1']),
      space: 's2',
      files: [{ id: 'f', name: 'a.png', contentType: 'image/png', size: 3, createdAt: at }],
    };
    // Today's format: revision records with `pages` inline, no meta record for the content.
    JsonFileStore.replace(path, { tables: { revisions: [r0, r1, r2], meta: [] } });
    const store = open(path);
    expect(await upgradeContent(store)).toBe(3);
    expect(await upgradeContent(store)).toBe(0);
    await store.close();
    stores.length = 0;
    const again = open(path);
    await again.read((tx) => {
      expect(tx.get(meta, CONTENT_FORMAT_KEY)?.value).toBe(2);
      for (const r of [r0, r1, r2]) {
        expect(tx.get(storedRevisions, r.id)?.pages).toBeUndefined();
        expect(plain(getRevision(tx, r.id))).toEqual(plain(r));
      }
      // r1 and r2 are written against their parents: only what changed.
      expect(Object.keys(tx.get(storedRevisions, 'r1')?.nodes ?? {})).toEqual(['p3']);
    });
  });
});

describe('revisions stored by content, over random edits', () => {
  it('read back as written, from the process that wrote them and from a copy of the store', async () => {
    const { MemoryStore } = await import('../../../src/store/memory-store.js');
    const { findPage, insertPage, removePage } = await import('../../../src/lib/page-tree.js');
    const fc = (await import('fast-check')).default;
    const ids = (ps: readonly PageRecord[]): string[] => ps.flatMap((p) => [p.id, ...ids(p.pages)]);
    const edit = fc.record({ kind: fc.constantFrom('text', 'remove', 'move', 'add', 'nest'), at: fc.nat(30), to: fc.nat(30) });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(edit, { maxLength: 3 }), { minLength: 1, maxLength: 15 }), async (steps) => {
        const store = new MemoryStore();
        let pages = tree(8);
        let base = revision('r0', pages);
        await store.write((tx) => putRevision(tx, base));
        const written = [base];
        let n = 0;
        for (const [k, step] of steps.entries()) {
          for (const e of step) {
            const all = ids(pages);
            const id = all[e.at % Math.max(1, all.length)];
            const target = all[e.to % Math.max(1, all.length)];
            if (!id || e.kind === 'add') pages = insertPage(pages, undefined, page(`a${n++}`, 'added'));
            else if (e.kind === 'text') pages = mapPage(pages, id, (p) => ({ ...p, markdown: `edit ${n++}` }));
            else if (e.kind === 'remove') pages = removePage(pages, id);
            else {
              const p = findPage(pages, id) as PageRecord;
              const rest = removePage(pages, id);
              const parent = e.kind === 'nest' && target && target !== id && findPage(rest, target) ? target : undefined;
              pages = insertPage(rest, parent, p);
            }
          }
          const next = revision(`r${k + 1}`, pages, [base.id]);
          const from = base;
          await store.write((tx) => putRevision(tx, next, from));
          written.push(next);
          base = next;
        }
        const copy = new MemoryStore(store.dump());
        await store.read((tx) => written.forEach((w) => expect(plain(getRevision(tx, w.id))).toEqual(plain(w))));
        await copy.read((tx) => [...written].reverse().forEach((w) => expect(plain(getRevision(tx, w.id))).toEqual(plain(w))));
      }),
      { numRuns: 80 },
    );
  });
});

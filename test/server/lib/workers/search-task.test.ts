import { existsSync, readdirSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readKept } from '../../../../src/server/lib/search-files.js';
import MiniSearch from 'minisearch';
import { RevisionIndex, type PageText } from '../../../../src/server/lib/search-index.js';
import type { SyncJob } from '../../../../src/server/lib/workers/search-protocol.js';
import { searchTask } from '../../../../src/server/lib/workers/search-task.js';
import { tempDir } from '../../../helpers/server.js';

// The search thread's kept indexes are written a piece each turn of the event loop, so that the
// queries that reach the thread meanwhile are answered between the pieces.

const word = (i: number) => `w${(Math.imul(i, 2654435761) >>> 18) % 3000}`;
/** Pages with enough distinct words that their index's text comes in several pieces. */
const pagesOf = (n: number, salt: number): PageText[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `p${i}`,
    title: `Page ${i}`,
    markdown: Array.from({ length: 300 }, (_, k) => word(i * 977 + k * 31 + salt)).join(' '),
  }));

let tmp: ReturnType<typeof tempDir>;
let n = 0;
beforeEach(() => {
  tmp = tempDir('gbctl-search-task-');
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
  tmp.cleanup();
});

const turn = () => new Promise((r) => setImmediate(r));
const files = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

/** An index of `pages` for a space of its own, held by the thread, to be written in a second. */
async function synced(space: string, revision: string, pages: PageText[], key = space): Promise<SyncJob> {
  const job: SyncJob = {
    kind: 'search',
    op: 'sync',
    key,
    dir: tmp.dir,
    space,
    revision,
    fp: `fp-${revision}`,
    order: pages.map((p) => [p.id, `${revision}-${p.id}`]),
  };
  expect(searchTask(job)).toMatchObject({ state: 'need' });
  // A move that takes more than a slice of time answers when it ends.
  expect(await searchTask({ ...job, texts: pages })).toEqual({ state: 'ok' });
  return job;
}

/** Moves the index of `job` to `next` while its write is under way: the write is given up at once. */
async function moveMidWrite(job: SyncJob, next: Partial<SyncJob>, texts: PageText[]): Promise<void> {
  expect(await searchTask({ ...job, ...next, texts })).toEqual({ state: 'ok' });
  await turn();
  expect(files(tmp.dir)).toEqual([]);
}

/** A second on, the turns it takes for the thread to write an index to its file. */
async function keptASecondLater(): Promise<void> {
  vi.advanceTimersByTime(1000);
  for (let i = 0; i < 1000 && !files(tmp.dir).some((f) => f.endsWith('.json')); i++) await turn();
}

describe('the search thread keeping an index on disk', () => {
  it('writes it a piece a turn, answering queries between the pieces', async () => {
    const space = `s${++n}`;
    await synced(space, 'r1', pagesOf(80, 0));
    vi.advanceTimersByTime(1000);
    let turns = 0;
    while (!files(tmp.dir).some((f) => f.endsWith('.json'))) {
      await turn();
      turns++;
      expect(turns).toBeLessThan(1000);
      // Under way: a query is answered from the index being written.
      expect(searchTask({ kind: 'search', op: 'query', key: space, fp: 'fp-r1', query: word(5) })).toMatchObject({ state: 'ok' });
    }
    expect(turns).toBeGreaterThan(2);
    expect(files(tmp.dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(readKept(tmp.dir, space)).toMatchObject({ space, fp: 'fp-r1', data: { revision: 'r1' } });
  });

  it('gives up a write when the index moves meanwhile, and writes the new revision a second later', async () => {
    const space = `s${++n}`;
    const job = await synced(space, 'r1', pagesOf(80, 0));
    vi.advanceTimersByTime(1000);
    await turn();
    await turn();
    expect(files(tmp.dir).filter((f) => f.endsWith('.tmp'))).toHaveLength(1);
    const moved = pagesOf(80, 7);
    await moveMidWrite(job, { revision: 'r2', fp: 'fp-r2', order: moved.map((p) => [p.id, `r2-${p.id}`]) }, moved);
    await keptASecondLater();
    expect(readKept(tmp.dir, space)).toMatchObject({ fp: 'fp-r2', data: { revision: 'r2' } });
  });

  it('times the write again when the index moves to other versions of the same revision meanwhile', async () => {
    const space = `s${++n}`;
    const pages = pagesOf(80, 0);
    const job = await synced(space, 'r1', pages);
    vi.advanceTimersByTime(1000);
    await turn();
    await moveMidWrite(job, { fp: 'fp-r1b', order: pages.map((p) => [p.id, `r1b-${p.id}`]) }, pages);
    await keptASecondLater();
    expect(readKept(tmp.dir, space)).toMatchObject({ fp: 'fp-r1b', data: { revision: 'r1' } });
  });

  it('writes whole, at once, when asked to flush during a write', async () => {
    const space = `s${++n}`;
    await synced(space, 'r1', pagesOf(80, 3));
    vi.advanceTimersByTime(1000);
    await turn();
    searchTask({ kind: 'search', op: 'flush' });
    expect(files(tmp.dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(readKept(tmp.dir, space)).toMatchObject({ fp: 'fp-r1', data: { revision: 'r1' } });
  });
});

describe('the search thread building a large index', () => {
  const syncJob = (space: string, revision: string, pages: PageText[]): SyncJob => ({
    kind: 'search',
    op: 'sync',
    key: space,
    dir: tmp.dir,
    space,
    revision,
    fp: `fp-${revision}`,
    order: pages.map((p) => [p.id, `${revision}-${p.id}`]),
  });
  const ask = (key: string, fp: string, query: string) => searchTask({ kind: 'search', op: 'query', key, fp, query });

  it("builds it in turns, answering other spaces' queries meanwhile and its own once it is built, as if built at once", async () => {
    const other = `s${++n}`;
    await synced(other, 'r1', pagesOf(5, 1));
    const space = `s${++n}`;
    const pages = pagesOf(600, 2);
    const job = syncJob(space, 'r1', pages);
    expect(searchTask(job)).toMatchObject({ state: 'need' });
    const building = searchTask({ ...job, texts: pages });
    expect(building).toBeInstanceOf(Promise);
    let built = false;
    void (building as Promise<unknown>).then(() => (built = true));
    let turns = 0;
    while (!built) {
      expect(ask(other, 'fp-r1', word(5))).toMatchObject({ state: 'ok' });
      // Half built: refused, so that the caller moves it (and waits for the move under way).
      expect(ask(space, 'fp-r1', word(5))).toEqual({ state: 'stale' });
      await turn();
      turns++;
    }
    expect(turns).toBeGreaterThan(2);
    expect(await building).toEqual({ state: 'ok' });
    const once = new RevisionIndex(MiniSearch);
    once.advance('r1', job.order, (id) => pages.find((p) => p.id === id));
    for (const q of [word(5), word(77), `${word(9)} ${word(10)}`]) {
      const got = ask(space, 'fp-r1', q) as { state: string; hits: { pageId: string; score: number }[] };
      expect(got.hits.map((h) => [h.pageId, h.score])).toEqual(once.search(q).map((h) => [h.pageId, h.score]));
    }
  });

  it('makes a move asked meanwhile wait for the one under way', async () => {
    const space = `s${++n}`;
    const pages = pagesOf(600, 4);
    const first = syncJob(space, 'r1', pages);
    searchTask(first);
    const building = searchTask({ ...first, texts: pages });
    expect(building).toBeInstanceOf(Promise);
    const next = searchTask({ ...syncJob(space, 'r2', pages), texts: pages });
    expect(next).toBeInstanceOf(Promise);
    expect(await building).toEqual({ state: 'ok' });
    expect(await next).toEqual({ state: 'ok' });
    expect(ask(space, 'fp-r2', word(5))).toMatchObject({ state: 'ok' });
    expect(ask(space, 'fp-r1', word(5))).toEqual({ state: 'stale' });
  });
});

import { createHash } from 'node:crypto';
import { flatPages } from '../../lib/flat-pages.js';
import { WeighedLru } from '../../lib/weighed-lru.js';
import type { RevisionRecord } from '../model/revision.js';
import type { PageRecord } from '../../lib/page-record.js';
import { contentHashes, contentOf, hashOf } from '../model/revision-store.js';
import type { PageVersion } from './search-index.js';
import { keptIn } from './search-files.js';
import type { Hit, SyncJob } from './workers/search-protocol.js';
import { JobThread } from './workers/thread.js';

/**
 * The request thread's side of search: the indexes are held by the search thread
 * (workers/search-task.ts); this names the revision to search by its pages' versions, hands over
 * the text of the pages an index lacks, and reads the text of the sections a page of results shows.
 */

// No idle end: the thread holds the indexes.
const thread = new JobThread({ role: 'search' });

export interface SearchTarget {
  /** The store the space is in: two stores of one process have indexes of their own. */
  store: object;
  /** Where the store's indexes are kept on disk; none for a store in memory. */
  dir?: string | undefined;
  space: string;
  rev: RevisionRecord;
}

const stores = new WeakMap<object, number>();
let lastStore = 0;
function keyOf(t: SearchTarget): string {
  let n = stores.get(t.store);
  if (n === undefined) stores.set(t.store, (n = ++lastStore));
  return `${n}\n${t.space}`;
}

interface Versions {
  fp: string;
  order: PageVersion[];
  byId: Map<string, PageRecord>;
}

/** A revision's document pages in order with their versions (the store's content hashes), and their fingerprint; once per record. */
const versions = new WeakMap<RevisionRecord, Versions>();
function versionsOf(rev: RevisionRecord): Versions {
  let v = versions.get(rev);
  if (v) return v;
  const hash = contentHashes(rev);
  const order: PageVersion[] = [];
  const byId = new Map<string, PageRecord>();
  for (const { page } of flatPages(rev.pages)) {
    if (page.type !== 'document') continue;
    order.push([page.id, hash?.(page.id) ?? hashOf(contentOf(page))]);
    byId.set(page.id, page);
  }
  v = { fp: createHash('sha1').update(JSON.stringify(order)).digest('base64url'), order, byId };
  versions.set(rev, v);
  return v;
}

/**
 * Since the process started: pages whose text was handed to the search thread, queries it ran (a
 * repeated one is answered from `answered`) and section texts read back from it (a page of results
 * shown again, from `texts`). What tests and diagnostics read.
 */
export const searchCounts = { texts: 0, queries: 0, bodies: 0 };

/**
 * Hits of recent queries, by index key, fingerprint and query. A revision never changes, so a
 * query's hits on it never do: the next page of results, or the same search again, reads them
 * here instead of scoring every match again. Bounded by queries and by hits held.
 */
const answered = new WeighedLru<Hit[]>(64, 100_000, (hits) => hits.length);

/**
 * Section texts read from the search thread lately, by index key, fingerprint and section (a
 * section's id is its page's and its place in the page, so a fingerprint fixes its text): a page
 * of results asked for again (the same search, paging back) is answered here, without a round
 * trip to the thread and a copy of each text across it. Bounded by the characters held.
 */
const texts = new WeighedLru<string>(Infinity, 4 * 1024 * 1024, (text) => text.length);

/** Syncs under way, by key and fingerprint: concurrent first searches hand the text over once. */
const syncing = new Map<string, Promise<void>>();

function syncOnce(t: SearchTarget, v: Versions, warm = false): Promise<void> {
  const id = `${keyOf(t)}\n${v.fp}`;
  let p = syncing.get(id);
  if (!p) syncing.set(id, (p = sync(t, v, warm).finally(() => syncing.delete(id))));
  return p;
}

async function sync(t: SearchTarget, v: Versions, warm: boolean): Promise<void> {
  const job: SyncJob = {
    kind: 'search',
    op: 'sync',
    key: keyOf(t),
    space: t.space,
    revision: t.rev.id,
    fp: v.fp,
    order: v.order,
    ...(t.dir ? { dir: t.dir } : {}),
    ...(warm ? { warm } : {}),
  };
  let r = await thread.call(job);
  if (r.state === 'need') {
    const texts = r.ids.map((id) => {
      const p = v.byId.get(id);
      if (!p) throw new Error(`the search thread asked for page ${id}, which the revision lacks`);
      return { id, title: p.title, markdown: p.markdown };
    });
    searchCounts.texts += texts.length;
    r = await thread.call({ ...job, texts });
  }
  if (r.state !== 'ok') throw new Error('the search index could not be brought to the revision');
}

export interface Found {
  /** The pages found, best first, their sections without text. */
  hits: Hit[];
  /** The text of sections (`Hit.sections[].doc`), in the order asked. */
  bodies(docs: string[]): Promise<string[]>;
}

/** Searches the revision; its index is made, read from disk or moved forward first when need be. */
export async function searchRevision(t: SearchTarget, query: string): Promise<Found> {
  const v = versionsOf(t.rev);
  const key = keyOf(t);
  const textId = (doc: string) => `${key}\n${v.fp}\n${doc}`;
  const bodies = async (docs: string[]): Promise<string[]> => {
    const out = docs.map((d) => texts.get(textId(d)));
    const missing = docs.filter((_, i) => out[i] === undefined);
    if (!missing.length) return out as string[];
    for (let again = 0; again < 3; again++) {
      const b = await thread.call({ kind: 'search', op: 'bodies', key, fp: v.fp, docs: missing });
      if (b.state === 'ok') {
        searchCounts.bodies += missing.length;
        missing.forEach((d, i) => texts.set(textId(d), b.bodies[i] ?? ''));
        let at = 0;
        return out.map((o) => o ?? b.bodies[at++] ?? '');
      }
      await syncOnce(t, v);
    }
    throw new Error('the search index moved on while a search was read');
  };
  const id = `${key}\n${v.fp}\n${query}`;
  const known = answered.get(id);
  if (known) return { hits: known, bodies };
  for (let attempt = 0; attempt < 3; attempt++) {
    const r = await thread.call({ kind: 'search', op: 'query', key, fp: v.fp, query });
    if (r.state === 'ok') {
      searchCounts.queries++;
      answered.set(id, r.hits);
      return { hits: r.hits, bodies };
    }
    await syncOnce(t, v);
  }
  throw new Error('the search index moved on while a search was made');
}

/**
 * Reads the indexes kept in `dir` (the most recently used, as many as are held) into the search
 * thread, each moved forward to its space's revision now: the first searches answer from them.
 * Starts no thread when none is kept.
 */
export async function preloadSearch(store: object, dir: string, revisionOf: (space: string) => Promise<RevisionRecord | undefined>): Promise<void> {
  if (!keptIn(dir).length) return;
  const kept = await thread.call({ kind: 'search', op: 'kept', dir });
  // One at a time: a search that comes meanwhile waits for one index to be read, not for all.
  for (const { space } of kept) {
    const rev = await revisionOf(space);
    if (rev) await syncOnce({ store, dir, space, rev }, versionsOf(rev), true);
  }
}

/** Writes the indexes not yet kept on disk (before the process ends). */
export async function flushSearch(): Promise<void> {
  if (thread.running) await thread.call({ kind: 'search', op: 'flush' });
}

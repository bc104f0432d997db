import MiniSearch from 'minisearch';
import { RevisionIndex, type PageText } from '../search-index.js';
import { readKept, keptIn, writeKept, writeKeptSteps } from '../search-files.js';
import { timeSlices } from '../time-slices.js';
import type { BodiesResult, Hit, KeptResult, QueryResult, SearchJob, SyncJob, SyncResult } from './search-protocol.js';

/**
 * The search thread: it holds the indexes (of each space, the revision last searched), builds
 * and moves them forward, answers queries, and keeps them on disk. None of that work is done on
 * the thread that answers requests.
 */

/** Indexes held: at most this many spaces, and this many sections over all of them. */
const MAX_SPACES = 16;
const MAX_SECTIONS = 200_000;
/**
 * An index moved forward is written once it has not moved for this long, a piece at a time
 * (search-files.ts's writeKeptSteps), with queries answered between the pieces.
 */
const WRITE_AFTER_MS = 1000;

interface Held {
  dir: string | undefined;
  space: string;
  fp: string;
  index: RevisionIndex;
  /** Moved forward since it was last written. */
  dirty: boolean;
  /** How many times it has moved: a write begun before the last move gives up. */
  moves: number;
  /** A move under way in steps (see advance): the index is half moved, and nothing reads or writes it. */
  building?: Promise<SyncResult> | undefined;
}

/** Least recently used first. */
const held = new Map<string, Held>();
let writeTimer: ReturnType<typeof setTimeout> | undefined;
/** The write under way, a piece each turn of the event loop. */
let writing: { h: Held; moves: number; steps: Generator<void, void, undefined> } | undefined;

function use(key: string): Held | undefined {
  const h = held.get(key);
  if (h) {
    held.delete(key);
    held.set(key, h);
  }
  return h;
}

function failed(h: Held, e: unknown): void {
  process.stderr.write(`gbctl: the search index of space ${h.space} was not kept on disk: ${(e as Error).message}\n`);
}

/** Gives up the write under way: its temporary file is removed, and the index is still to write. */
function stopWriting(): void {
  const w = writing;
  writing = undefined;
  w?.steps.return();
}

/** Writes `h` at once (before it is let go of, or the process ends). */
function write(h: Held): void {
  if (writing?.h === h) stopWriting();
  if (!h.dirty || !h.dir || h.building) return;
  h.dirty = false;
  try {
    writeKept(h.dir, h.space, h.fp, h.index);
  } catch (e) {
    failed(h, e);
  }
}

function writeAll(): void {
  if (writeTimer) clearTimeout(writeTimer);
  writeTimer = undefined;
  stopWriting();
  for (const h of held.values()) write(h);
}

/** Writes the indexes still to write, one after the other, a piece each turn of the event loop. */
function writeInSteps(): void {
  writeTimer = undefined;
  if (writing) return;
  const h = [...held.values()].find((x) => x.dirty && x.dir && !x.building);
  if (!h?.dir) return;
  const w = { h, moves: h.moves, steps: writeKeptSteps(h.dir, h.space, h.fp, h.index) };
  writing = w;
  const step = () => {
    if (writing !== w) return;
    // Moved meanwhile: its next write is already timed.
    if (h.moves !== w.moves) return stopWriting();
    try {
      if (!w.steps.next().done) return void setImmediate(step);
    } catch (e) {
      failed(h, e);
    }
    writing = undefined;
    h.dirty = false;
    writeInSteps();
  };
  setImmediate(step);
}

function bound(): void {
  let total = 0;
  for (const h of held.values()) total += h.index.size;
  for (const [key, h] of held) {
    if (held.size <= 1 || (held.size <= MAX_SPACES && total <= MAX_SECTIONS)) break;
    if (h.building) continue;
    write(h);
    held.delete(key);
    total -= h.index.size;
  }
}

/** The key's index, held or kept on disk, or a new empty one. */
function open(job: SyncJob): Held {
  const h = use(job.key);
  if (h) return h;
  const kept = job.dir ? readKept(job.dir, job.space) : undefined;
  let index: RevisionIndex | undefined;
  if (kept) {
    try {
      index = RevisionIndex.fromJSON(MiniSearch, kept.data);
    } catch {
      index = undefined;
    }
  }
  const made: Held = {
    dir: job.dir,
    space: job.space,
    fp: index && kept ? kept.fp : '',
    index: index ?? new RevisionIndex(MiniSearch),
    dirty: false,
    moves: 0,
  };
  held.set(job.key, made);
  return made;
}

function sync(job: SyncJob): SyncResult | Promise<SyncResult> {
  const warm = (r: SyncResult) => {
    if (r.state === 'ok' && job.warm) use(job.key)?.index.warm();
    return r;
  };
  const r = advance(job);
  return r instanceof Promise ? r.then(warm) : warm(r);
}

/**
 * Moves the key's index to the job's revision. Indexing is done a page at a time, and once it has
 * taken a slice of time (time-slices.ts) the rest is done in turns of the event loop: the queries
 * of other spaces are answered meanwhile (a 1,000-page space's first index takes most of a
 * second), and the answer is then a promise. Until the move ends, the index is refused to
 * queries, writes and other moves, which wait for it.
 */
function advance(job: SyncJob): SyncResult | Promise<SyncResult> {
  const h = open(job);
  if (h.building) {
    const again = () => advance(job);
    return h.building.then(again, again);
  }
  if (h.fp === job.fp) return { state: 'ok' };
  const texts = new Map<string, PageText>((job.texts ?? []).map((t) => [t.id, t]));
  const missing = h.index.lacking(job.order).filter((id) => !texts.has(id));
  if (missing.length) return { state: 'need', ids: missing };
  const moved = h.index.revision !== job.revision;
  const steps = h.index.advanceSteps(job.revision, job.order, (id) => texts.get(id));
  const slice = timeSlices();
  for (;;) {
    const r = steps.next();
    if (r.done) return moveDone(h, job, moved);
    const pause = slice();
    if (pause) {
      // A write under way gives up: the index is half moved from now until the move ends.
      h.moves++;
      h.building = inTurns(h, steps, pause).then(() => moveDone(h, job, moved));
      void h.building.then(
        () => (h.building = undefined),
        () => (h.building = undefined),
      );
      return h.building;
    }
  }
}

async function inTurns(h: Held, steps: Generator<void, unknown>, first: Promise<void>): Promise<void> {
  try {
    await first;
    const slice = timeSlices();
    for (;;) {
      if (steps.next().done) return;
      const pause = slice();
      if (pause) await pause;
    }
  } catch (e) {
    // Left half moved: the index starts again empty.
    h.index = new RevisionIndex(MiniSearch);
    h.fp = '';
    h.dirty = false;
    throw e;
  }
}

function moveDone(h: Held, job: SyncJob, moved: boolean): SyncResult {
  h.fp = job.fp;
  // A write under way gives up at its next step; one still to do is timed again from now.
  h.moves++;
  if (moved) h.dirty = true;
  if (h.dirty) {
    if (writeTimer) clearTimeout(writeTimer);
    writeTimer = setTimeout(writeInSteps, WRITE_AFTER_MS);
  }
  bound();
  return { state: 'ok' };
}

function query(key: string, fp: string, q: string): QueryResult {
  const h = use(key);
  if (!h || h.building || h.fp !== fp) return { state: 'stale' };
  const hits: Hit[] = h.index.search(q).map((p) => ({
    pageId: p.pageId,
    score: p.score,
    sections: p.sections.map((s) => ({ doc: String(s.id), sectionId: String(s.sectionId), title: String(s.title) })),
  }));
  return { state: 'ok', hits };
}

function bodies(key: string, fp: string, docs: string[]): BodiesResult {
  const h = held.get(key);
  if (!h || h.building || h.fp !== fp) return { state: 'stale' };
  const out: string[] = [];
  for (const d of docs) {
    const b = h.index.body(d);
    if (b === undefined) return { state: 'stale' };
    out.push(b);
  }
  return { state: 'ok', bodies: out };
}

export function searchTask(job: SearchJob): unknown {
  switch (job.op) {
    case 'sync':
      return sync(job);
    case 'query':
      return query(job.key, job.fp, job.query);
    case 'bodies':
      return bodies(job.key, job.fp, job.docs);
    case 'kept':
      return keptIn(job.dir)
        .slice(0, MAX_SPACES)
        .map((k) => ({ space: k.space, revision: k.revision })) satisfies KeptResult;
    case 'flush':
      writeAll();
      return undefined;
  }
}

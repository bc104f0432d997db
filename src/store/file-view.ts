import { StoreError } from './errors.js';
import { sameStamp, stampOf, type FileStamp } from './files.js';
import { STORE_VERSION } from './format.js';
import { journalDamaged, readJournal, truncateJournal, type JournalPos } from './journal.js';
import { IndexedFile } from './index-read.js';
import { RowFile } from './rows.js';
import { indexSnapshot, writeSnapshot } from './snapshot.js';
import { loadSnapshot, type Loaded, type Mode, type Outcome } from './snapshot-load.js';
import { State } from './state.js';

/**
 * This process's view of a store's files: the data as last read, and how far into the snapshot
 * and its journal that reading went. sync() catches up with what other processes appended or
 * compacted since, repairing what it may in its mode.
 */
export class FileView {
  /** The data as last read. */
  state = new State();
  /** The snapshot the state was loaded from; undefined while there is no file. */
  snap: Loaded | undefined;
  /** The last journal record applied. */
  seq = 0;
  journal: JournalPos | undefined;
  /** What a read-only look found that a writer would repair (shown by store info). */
  readonly notes: string[] = [];
  /** A snapshot refused as edited, and why: refused again until the file changes. */
  private rejected: { stamp: FileStamp; error: StoreError } | undefined;

  constructor(
    readonly path: string,
    readonly journalFile: string,
    private readonly force: boolean,
    private readonly warn: (message: string) => void,
  ) {}

  /** Catches up with the files; false when that needs the lock (only asked for in 'unlocked' mode). */
  sync(mode: Mode): boolean {
    for (let i = 0; i < 10; i++) {
      const r = this.syncOnce(mode);
      if (r !== 'retry') return r === 'ok';
    }
    throw new StoreError(`the store ${this.path} kept changing while it was being read; try again`);
  }

  /** Writes the state as a new snapshot and journal, and reads its records from there on. */
  writeState(): JournalPos {
    const base = writeSnapshot(this.path, this.seq, this.state);
    if (base.rows) this.setState(this.state.rebase(base.rows));
    this.snap = { stamp: base.stamp, generation: base.generation, seq: this.seq, version: STORE_VERSION, edited: false };
    this.journal = { ino: base.journal.ino, offset: base.journal.size, lines: 1, generation: base.generation };
    this.rejected = undefined;
    return this.journal;
  }

  /** Whether the state's records were read by scanning a snapshot that has no index (see IndexedFile). */
  unindexed(): boolean {
    return !!this.state.file && !(this.state.file instanceof IndexedFile);
  }

  /** Writes the index of a snapshot read by a scan (see unindexed); under the lock. */
  writeIndex(): void {
    const file = this.state.file;
    if (file instanceof RowFile && this.snap) indexSnapshot(file, this.snap.generation, this.snap.seq, this.snap.stamp);
  }

  /** Forgets the data as read, so that the next sync reads the files afresh: after a write they did not take. */
  discard(): void {
    this.setState(new State());
    this.snap = undefined;
    this.journal = undefined;
    this.seq = 0;
  }

  /** Counts a record this process appended, `bytes` long, at the end of the journal. */
  appended(bytes: number): void {
    const j = this.journal as JournalPos;
    this.seq++;
    j.offset += bytes;
    j.lines++;
  }

  /** Replaces the state, letting go of the file the old one read its records from. */
  setState(state: State): void {
    if (this.state.file !== state.file) this.state.file?.release();
    this.state = state;
  }

  private syncOnce(mode: Mode): Outcome {
    const st = stampOf(this.path);
    if (!st) {
      if (this.snap) throw new StoreError(`the store ${this.path} was removed while gbctl had it open; restore it, or start afresh with "gbctl store reset --yes"`);
      if (stampOf(this.journalFile)) {
        throw new StoreError(`${this.journalFile} exists but the snapshot ${this.path} does not; both were left untouched: restore the snapshot, or remove the journal to start afresh`);
      }
      return 'ok';
    }
    if (this.rejected && sameStamp(st, this.rejected.stamp)) throw this.rejected.error;
    if (!sameStamp(st, this.snap?.stamp)) {
      const r = loadSnapshot(this.path, mode, { force: this.force, warn: this.warn, notes: this.notes });
      if (typeof r === 'string') return r;
      if ('rejected' in r) {
        this.rejected = r.rejected;
        throw r.rejected.error;
      }
      this.setState(r.state);
      this.snap = r.loaded;
      this.seq = r.loaded.seq;
      this.journal = undefined;
      this.rejected = undefined;
    }
    return this.catchUp(mode);
  }

  /** Applies the journal records this process has not seen yet. */
  private catchUp(mode: Mode): Outcome {
    const snap = this.snap as Loaded;
    const read = readJournal(this.journalFile, this.journal);
    if (read.kind === 'changing') return 'retry';
    if (read.kind === 'settled') {
      this.journal = read.pos;
      return 'ok';
    }
    if (read.pos.generation !== snap.generation) {
      if (!sameStamp(stampOf(this.path), snap.stamp)) return 'retry';
      // Left by a compaction interrupted between its two renames: the snapshot holds all of it.
      const ahead = read.records.find((r) => r.seq > snap.seq);
      if (ahead) {
        throw new StoreError(
          `${this.journalFile} belongs to another snapshot than ${this.path} (record ${ahead.seq} at line ${ahead.line} is newer than the snapshot); ` +
            'both were left untouched: restore the matching pair of files, or replace the store with "gbctl store import FILE"',
        );
      }
      this.journal = read.pos;
      return 'ok';
    }
    for (const rec of read.records) {
      if (rec.seq <= this.seq) continue;
      if (rec.seq !== this.seq + 1) throw journalDamaged(this.journalFile, rec.line, `record ${rec.seq} follows record ${this.seq}: records are missing`);
      this.state.apply(rec.ops);
      this.seq = rec.seq;
    }
    this.journal = read.pos;
    if (read.damage) {
      if (mode === 'unlocked') return 'need-lock';
      throw journalDamaged(this.journalFile, read.damage.line, read.damage.reason, read.damage.offset);
    }
    if (read.tail) {
      if (mode === 'unlocked') return 'need-lock';
      const what = `a torn last record at line ${read.tail.line} of ${this.journalFile} (${read.tail.reason}), a write interrupted before it was acknowledged`;
      if (mode === 'lenient') {
        this.notes.push(`${what}; it will be dropped when gbctl next writes`);
      } else {
        truncateJournal(this.journalFile, read.pos.offset);
        this.warn(`gbctl: dropped ${what}`);
      }
    }
    return 'ok';
  }
}

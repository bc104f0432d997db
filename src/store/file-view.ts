import { StoreDamage, StoreError } from './errors.js';
import { runStepsPaced, sameStamp, stampOf, type FileStamp, type HeldFile } from './files.js';
import { STORE_VERSION } from './format.js';
import { headerPos, journalDamaged, readJournal, truncateJournal, type Appended, type JournalPos } from './journal.js';
import { journalChange } from './journal-check.js';
import { IndexedFile } from './index-read.js';
import { RowFile } from './rows.js';
import { indexSnapshot, writeSnapshot, writeSnapshotSteps, type WrittenSnapshot } from './snapshot.js';
import { loadSnapshot, type Loaded, type LoadMode, type Outcome } from './snapshot-load.js';
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
  /** What a read-only look found that a writer would repair (shown by store info), each once. */
  readonly notes: string[] = [];
  /** The bad journal line a read-only look stopped at ('read-only' mode; a writer refuses the store). */
  damaged: { line: number; offset: number; reason: string } | undefined;
  /** The journal as a writer of this process holds it open, if it does (see journalChange's `held`). */
  heldJournal: () => HeldFile | undefined = () => undefined;
  /** A snapshot refused as edited, and why: refused again until the file changes. */
  private rejected: { stamp: FileStamp; error: StoreError } | undefined;

  constructor(
    readonly path: string,
    readonly journalFile: string,
    private readonly force: boolean,
    private readonly warn: (message: string) => void,
  ) {}

  /** Catches up with the files; false when that needs the lock (only asked for in 'unlocked' mode). */
  sync(mode: LoadMode): boolean {
    for (let i = 0; i < 10; i++) {
      const r = this.syncOnce(mode);
      if (r !== 'retry') return r === 'ok';
    }
    throw new StoreError(`the store ${this.path} kept changing while it was being read; try again`);
  }

  /** Writes the state as a new snapshot and journal, and reads its records from there on. */
  writeState(): JournalPos {
    return this.wrote(writeSnapshot(this.path, this.seq, this.state));
  }

  /**
   * The same, letting the event loop turn between its steps (see writeSnapshotSteps): the state
   * is only read meanwhile, so reads may be answered from it; nothing may write to it.
   */
  async writeStatePaced(): Promise<JournalPos> {
    return this.wrote(await runStepsPaced(writeSnapshotSteps(this.path, this.seq, this.state)));
  }

  private wrote(base: WrittenSnapshot): JournalPos {
    if (base.rows) this.setState(this.state.rebase(base.rows));
    this.snap = { stamp: base.stamp, generation: base.generation, seq: this.seq, version: STORE_VERSION, edited: false };
    this.journal = headerPos(base.journal, base.generation);
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

  /** Counts a record this process appended at the end of the journal. */
  appended(a: Appended): void {
    const j = this.journal as JournalPos;
    this.seq++;
    j.offset += a.bytes;
    j.lines++;
    j.tail = a.tail;
    j.mtimeMs = a.mtimeMs;
  }

  /** Notes a finding once, however often it is met. */
  note(text: string): void {
    if (!this.notes.includes(text)) this.notes.push(text);
  }

  /** Replaces the state, letting go of the file the old one read its records from. */
  setState(state: State): void {
    if (this.state.file !== state.file) this.state.file?.release();
    this.state = state;
  }

  private syncOnce(mode: LoadMode): Outcome {
    const st = stampOf(this.path);
    if (!st) {
      if (this.snap)
        throw new StoreDamage(`the store ${this.path} was removed while gbctl had it open; restore it, or start afresh with "gbctl store reset --yes"`);
      if (stampOf(this.journalFile)) {
        throw new StoreDamage(
          `${this.journalFile} exists but the snapshot ${this.path} does not; both were left untouched: restore the snapshot, or remove the journal to start afresh`,
        );
      }
      return 'ok';
    }
    if (this.rejected && sameStamp(st, this.rejected.stamp)) throw this.rejected.error;
    if (!sameStamp(st, this.snap?.stamp)) {
      const r = this.load(mode);
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
    if (mode === 'locked') this.checkIndex();
    return this.catchUp(mode);
  }

  /** The snapshot read afresh; once one was loaded, a snapshot that cannot be read is damage, not a store to refuse at open. */
  private load(mode: LoadMode): ReturnType<typeof loadSnapshot> {
    try {
      return loadSnapshot(this.path, mode, { force: this.force, warn: this.warn, notes: this });
    } catch (e) {
      throw this.snap && e instanceof StoreError && !(e instanceof StoreDamage) ? new StoreDamage(e.message) : e;
    }
  }

  /**
   * The index this process reads the snapshot's records and lists through is only ever replaced
   * whole, by a new file (which it does not read): one changed in place since it was opened may
   * answer wrong places and lists, which a write must not be made from.
   */
  private checkIndex(): void {
    const file = this.state.file;
    const changed = file instanceof IndexedFile ? file.changedInPlace() : undefined;
    if (changed) {
      throw new StoreDamage(
        `${changed} was changed in place by something other than gbctl since gbctl opened it, and the store's records are found through it. ` +
          'It holds only what can be worked out again from the snapshot: remove it, and the next gbctl to open the store scans the snapshot and writes it anew.',
      );
    }
  }

  /** Applies the journal records this process has not seen yet. */
  private catchUp(mode: LoadMode): Outcome {
    const snap = this.snap as Loaded;
    const followed = this.journal?.generation === snap.generation ? this.journal : undefined;
    if (followed) {
      const checked = journalChange(this.journalFile, followed, mode === 'locked', this.heldJournal());
      if (typeof checked === 'string') {
        // Another gbctl replaces a journal only after its snapshot (a compaction): that shows there.
        if (!sameStamp(stampOf(this.path), snap.stamp)) return 'retry';
        if (mode === 'unlocked') return 'need-lock';
        throw this.changedUnder(checked);
      }
      this.journal = checked.pos;
      // Nothing was appended since this process last read: the journal need not be looked at again.
      if (!checked.grown) return 'ok';
    }
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
        throw new StoreDamage(
          `${this.journalFile} belongs to another snapshot than ${this.path} (record ${ahead.seq} at line ${ahead.line} is newer than the snapshot); ` +
            'both were left untouched: restore the matching pair of files, or replace the store with "gbctl store import FILE"',
        );
      }
      this.journal = read.pos;
      return 'ok';
    }
    let bad = read.damage;
    for (const rec of read.records) {
      if (rec.seq <= this.seq) continue;
      if (rec.seq !== this.seq + 1) {
        bad = { line: rec.line, offset: rec.at as number, reason: `record ${rec.seq} follows record ${this.seq}: records are missing` };
        break;
      }
      this.state.apply(rec.ops);
      this.seq = rec.seq;
    }
    // Past a bad line the position is not moved: the next look reads from where this one began,
    // skipping the records already applied, and meets the same line.
    if (!bad) this.journal = read.pos;
    if (bad) {
      if (mode === 'unlocked') return 'need-lock';
      if (mode === 'locked') throw journalDamaged(this.journalFile, bad.line, bad.reason, bad.offset);
      this.damaged = bad;
      this.note(
        journalDamaged(
          this.journalFile,
          bad.line,
          bad.reason,
          bad.offset,
          'what is shown stops before it; gbctl will not write to the store until it is repaired',
        ).message,
      );
      return 'ok';
    }
    if (read.tail) {
      if (mode === 'unlocked') return 'need-lock';
      const what = `a torn last record at line ${read.tail.line} of ${this.journalFile} (${read.tail.reason}), a write interrupted before it was acknowledged`;
      if (mode === 'read-only') {
        this.note(`${what}; it will be dropped when gbctl next writes`);
      } else {
        truncateJournal(this.journalFile, read.pos.offset);
        this.warn(`gbctl: dropped ${what}`);
      }
    }
    return 'ok';
  }

  /** The journal this process follows is not as it left it (see journalChange). */
  private changedUnder(what: string): StoreDamage {
    return new StoreDamage(
      `${this.journalFile} changed under gbctl: ${what}. gbctl only appends to a journal, or replaces it along with the snapshot, so something else wrote to it since this process last read or wrote it. ` +
        `"gbctl store info --store ${this.path}" shows what the files hold now; once they hold what they should (restored from a backup, or the changed lines put back by hand), restart this process.`,
    );
  }
}

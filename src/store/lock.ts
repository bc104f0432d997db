import { closeSync, fstatSync, linkSync, lstatSync, mkdirSync, openSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomBytes } from 'node:crypto';
import { StoreError } from './errors.js';
import { lockProblem, notAFile } from './lock-errors.js';
import { describeHolder, HOST, isStale, readHolder, removeQuietly, SELF_START, type LockHolder } from './lock-holder.js';

/**
 * How old a lock or break file that cannot be read must be before it is taken over: gbctl's own
 * are complete from the start, so this only leaves room for a writer that is not gbctl's.
 */
const UNREADABLE_GRACE_MS = 2000;

function inodeOf(path: string): number | undefined {
  try {
    return statSync(path).ino;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

function olderThan(path: string, ms: number): boolean {
  try {
    return Date.now() - statSync(path).mtimeMs > ms;
  } catch {
    return false;
  }
}

/** Every lock's own file, removed when the process exits (close() removes it sooner). */
const ownFiles = new Set<string>();
/**
 * The locks this process holds. One still held when it exits (a command ended by `process.exit`
 * part way through a compaction) is let go, as another process would take it over from a holder
 * that is gone, but without a warning: what it guarded is left as a crash leaves it, which the
 * next holder catches up with.
 */
const heldLocks = new Set<FileLock>();
process.once('exit', () => {
  for (const lock of heldLocks) {
    try {
      lock.release();
    } catch {
      // taken over meanwhile, or unreadable: the next holder sees to it
    }
  }
  for (const f of ownFiles) {
    try {
      unlinkSync(f);
    } catch {
      // already gone
    }
  }
});

/**
 * An exclusive lock between processes. Each holder writes its identity (pid, host, start
 * time) once into a file of its own beside the lock and takes the lock by hard-linking that
 * file to the lock's name, which fails when the lock exists: atomic, always complete, and
 * cheap (creating a file costs far more than a link on some file systems). A lock whose
 * holder is gone is taken over, with a message.
 */
export class FileLock {
  private own: string | undefined;
  /** The inode of the own file: the lock is this holder's while its name links to it. */
  private ownIno = -1;
  private holding = false;

  constructor(
    readonly path: string,
    private warn: (message: string) => void,
    private timeoutMs = 10_000,
  ) {}

  get held(): boolean {
    return this.holding;
  }

  acquireSync(): void {
    const deadline = Date.now() + this.timeoutMs;
    const pause = new Int32Array(new SharedArrayBuffer(4));
    for (let wait = 0.2; ; wait = Math.min(wait * 2, 10)) {
      const holder = this.attempt();
      if (holder === true) return;
      if (Date.now() > deadline) throw this.busy(holder);
      Atomics.wait(pause, 0, 0, wait * (0.5 + Math.random()));
    }
  }

  async acquire(): Promise<void> {
    const deadline = Date.now() + this.timeoutMs;
    for (let wait = 1; ; wait = Math.min(wait * 2, 10)) {
      const holder = this.attempt();
      if (holder === true) return;
      if (Date.now() > deadline) throw this.busy(holder);
      await new Promise((r) => setTimeout(r, wait * (0.5 + Math.random())));
    }
  }

  /**
   * Lets go of the lock, if the lock file is still this holder's own (a link to its file, which
   * one look at the inode tells without reading it): one taken over meanwhile is left to its holder.
   */
  release(): void {
    if (!this.holding) return;
    this.holding = false;
    heldLocks.delete(this);
    try {
      if (lstatSync(this.path, { throwIfNoEntry: false })?.ino === this.ownIno) unlinkSync(this.path);
    } catch (e) {
      throw lockProblem(e, 'release', this.path);
    }
  }

  /** Removes this lock's own file; the lock can still be taken again later. */
  dispose(): void {
    this.release();
    if (!this.own) return;
    try {
      unlinkSync(this.own);
    } catch {
      // already gone
    }
    ownFiles.delete(this.own);
    this.own = undefined;
  }

  /** This holder's own file, written once; `fresh` writes it again (it was removed from under it). */
  private ownFile(fresh = false): string {
    if (this.own && !fresh) return this.own;
    if (this.own) ownFiles.delete(this.own);
    const me: LockHolder = { pid: process.pid, host: HOST, start: SELF_START, at: new Date().toISOString(), nonce: randomBytes(8).toString('hex') };
    const own = `${this.path}.${process.pid}.${me.nonce}`;
    mkdirSync(dirname(this.path), { recursive: true });
    const fd = openSync(own, 'wx', 0o600);
    try {
      writeSync(fd, JSON.stringify(me));
      this.ownIno = fstatSync(fd).ino;
    } finally {
      closeSync(fd);
    }
    this.own = own;
    ownFiles.add(own);
    return own;
  }

  /**
   * Links this holder's own file to `name`. Its existence is not checked first (a look on every
   * write): a link that finds it gone (ENOENT) writes it again and tries once more.
   */
  private link(name: string): void {
    try {
      linkSync(this.ownFile(), name);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      linkSync(this.ownFile(true), name);
    }
  }

  /** One try (see tryAcquire); a file-system error names the lock file and what is wrong with it. */
  private attempt(): true | LockHolder | undefined {
    try {
      return this.tryAcquire();
    } catch (e) {
      throw lockProblem(e, 'take', this.path);
    }
  }

  /** true when taken; otherwise who holds it. */
  private tryAcquire(): true | LockHolder | undefined {
    if (this.holding) throw new Error(`lock ${this.path} is already held by this store`);
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        this.link(this.path);
        this.holding = true;
        heldLocks.add(this);
        return true;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      // gbctl's lock is always a file: anything else there (a folder, a link) is no holder's.
      notAFile(this.path, lstatSync(this.path, { throwIfNoEntry: false }));
      const ino = inodeOf(this.path);
      const holder = readHolder(this.path);
      if (holder === 'gone' || ino === undefined) continue;
      if (holder) {
        if (!isStale(holder)) return holder;
        this.breakStale(ino, `from ${describeHolder(holder)}, which is no longer running`, holder);
      } else {
        // gbctl takes the lock by linking a file written whole, so a lock it cannot read was
        // never a live holder's: damaged, or left half-written by something else that crashed.
        if (!olderThan(this.path, UNREADABLE_GRACE_MS)) return undefined;
        this.breakStale(ino, 'whose contents cannot be read (empty or damaged)');
      }
    }
    return undefined;
  }

  /**
   * Removes a lock whose holder is gone. Only one process may do so at a time (a second lock
   * file, `.break`, taken by linking this process's own file, and itself taken over when its
   * holder is gone or it cannot be read), and only if the lock is still the file judged stale.
   */
  private breakStale(ino: number, why: string, stale?: LockHolder): void {
    const breaker = `${this.path}.break`;
    try {
      this.link(breaker);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      notAFile(breaker, lstatSync(breaker, { throwIfNoEntry: false }));
      const b = readHolder(breaker);
      if (b === 'gone') return;
      if (b ? isStale(b) : olderThan(breaker, UNREADABLE_GRACE_MS)) {
        removeQuietly(breaker);
        this.warn(
          `gbctl: removed ${breaker}, left by ${b ? describeHolder(b) : 'a process'} that stopped while taking over the lock${b ? '' : ' (its contents cannot be read)'}`,
        );
      }
      return;
    }
    try {
      if (inodeOf(this.path) === ino) {
        unlinkSync(this.path);
        if (stale) removeQuietly(`${this.path}.${stale.pid}.${stale.nonce}`);
        this.warn(`gbctl: took over the lock ${this.path} ${why}`);
      }
    } finally {
      removeQuietly(breaker);
    }
  }

  private busy(holder: LockHolder | undefined): StoreError {
    let since = '';
    try {
      since = ` (since ${statSync(this.path).ctime.toISOString()})`;
    } catch {
      // released meanwhile
    }
    return new StoreError(
      `the store is busy: ${describeHolder(holder)} has held ${this.path}${since} for more than ${Math.round(this.timeoutMs / 1000)} s. ` +
        `If that process is stuck, stop it (a lock left by a process that is gone is taken over automatically); ` +
        `to work alongside a running "gbctl serve", point the CLI at it with --endpoint.`,
    );
  }
}

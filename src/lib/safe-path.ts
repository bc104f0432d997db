import { randomBytes } from 'node:crypto';
import { closeSync, constants, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { lstat, mkdir, open, readlink, realpath, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';

/*
 * Paths named by content gbctl did not author (a revision's files, a folder's entries, an
 * archive's names, a store's records) are used only through here: a path is a relative,
 * slash-separated name that stays under its root on every common file system, and it is read
 * and written so that nothing already on disk (a symbolic link, a file swapped in) takes it out.
 * Node has no openat/renameat: a component swapped for a link between the check and the rename
 * is caught by checking again just before the rename; the window left is that of two syscalls.
 */

/** A path that may not be used under its root, and why, in words. */
export class PathRefused extends Error {
  override name = 'PathRefused';
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
  }
}

/** Limits of ext4, APFS and NTFS alike (NTFS counts UTF-16 units; 255 bytes is the stricter). */
export const MAX_NAME_BYTES = 255;
export const MAX_PATH_BYTES = 4096;

// Device names Windows reserves in every folder, with any extension (aux.md is AUX).
const WINDOWS_DEVICE = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])(\.[^.]*)*$/i;
const WINDOWS_CHARS = /[<>:"|?*]/;
// eslint-disable-next-line no-control-regex -- control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;
// Code points HFS+ ignores when it compares names: ".g\u200cit" is ".git" there.
const IGNORED_ON_HFS = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;
/** `.git` as Git itself refuses it in a tree: any case, HFS+'s ignored characters, NTFS's short name. */
const isGitDir = (c: string) => c.replace(IGNORED_ON_HFS, '').toLowerCase() === '.git' || /^git~\d+$/i.test(c);

/**
 * Why `rel` cannot name a file under a root, or undefined when it can: it must be relative,
 * slash-separated, with no `.`, `..` or empty component, no backslash, drive letter, NUL or
 * control character, no `.git` folder, and hold on Linux, macOS and Windows alike (no name
 * Windows reserves or cannot hold, no name over 255 bytes, no path over 4096).
 */
export function pathProblem(rel: string): string | undefined {
  if (rel === '') return 'an empty path';
  if (rel.includes('\0')) return 'a NUL character in the name';
  if (rel.includes('\\')) return 'a backslash, which Windows reads as a folder separator';
  if (/^[A-Za-z]:/.test(rel)) return 'a drive letter, which makes it absolute on Windows';
  if (rel.startsWith('/')) return 'an absolute path';
  if (Buffer.byteLength(rel) > MAX_PATH_BYTES) return `a path longer than ${MAX_PATH_BYTES} bytes`;
  for (const c of rel.split('/')) {
    if (c === '') return 'an empty folder name (// or a trailing /)';
    if (c === '..') return '".." in the path, which leaves its folder';
    if (c === '.') return '"." in the path';
    if (isGitDir(c)) return "a .git folder, which holds Git's own settings and hooks";
    if (CONTROL.test(c)) return 'a control character in the name';
    if (Buffer.byteLength(c) > MAX_NAME_BYTES) return `a name longer than ${MAX_NAME_BYTES} bytes`;
    if (WINDOWS_CHARS.test(c)) return 'a character Windows does not allow in names (< > : " | ? *)';
    if (/[. ]$/.test(c)) return 'a name ending in a dot or a space, which Windows drops';
    if (WINDOWS_DEVICE.test(c)) return `"${c}", a name Windows reserves for a device`;
  }
  return undefined;
}

const inside = (root: string, p: string) => p === root || p.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);

const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const NONBLOCK = constants.O_NONBLOCK ?? 0;

/** A name for a file being written, short enough beside any name (the final name may be 255 bytes). */
const tempName = () => `.gbctl-${process.pid}-${randomBytes(6).toString('hex')}.tmp`;

/**
 * A folder that content is read from or written into. Every path is checked (pathProblem), and
 * every component that exists is looked at with lstat: a symbolic link is followed only when
 * where it leads is inside the folder. Writes go to a new file created with O_EXCL and
 * O_NOFOLLOW beside the target, then renamed over it: a link at the target is replaced, never
 * written through.
 */
export class SafeRoot {
  private constructor(
    /** The folder as given. */
    readonly dir: string,
    /** Its real path: what every path must stay under. */
    readonly real: string,
  ) {}

  /** The folder `dir` (made, with its parents, when `create` and missing). */
  static async open(dir: string, opts: { create?: boolean } = {}): Promise<SafeRoot> {
    if (opts.create) await mkdir(dir, { recursive: true });
    return new SafeRoot(dir, await realpath(dir));
  }

  /** Refuses `rel` when it may not be used (pathProblem), else gives it back. */
  check(rel: string): string {
    const problem = pathProblem(rel);
    if (problem) throw new PathRefused(rel, problem);
    return rel;
  }

  /** Where a link at `at` leads, refused when outside the folder; undefined when it leads nowhere. */
  private async follow(rel: string, at: string): Promise<string | undefined> {
    let real: string;
    try {
      real = await realpath(at);
    } catch {
      // A dangling link: refused if what it names would be outside, else treated as absent.
      const target = resolve(dirname(at), await readlink(at));
      if (!inside(this.real, target)) throw new PathRefused(rel, `a symbolic link in the way leads out of ${this.dir}`);
      return undefined;
    }
    if (!inside(this.real, real)) throw new PathRefused(rel, `a symbolic link in the way leads out of ${this.dir}`);
    return real;
  }

  /**
   * The real folder `rel`'s file is in (the part that exists, and the folders still missing
   * under it) and its name; refuses a path whose existing components lead outside.
   */
  private async locate(rel: string): Promise<{ at: string; missing: string[]; name: string; exists: boolean }> {
    const parts = this.check(rel).split('/');
    const name = parts.pop() as string;
    let at = this.real;
    for (let i = 0; i < parts.length; i++) {
      const next = join(at, parts[i] as string);
      const s = await lstat(next).catch(() => undefined);
      if (!s) return { at, missing: parts.slice(i), name, exists: false };
      const real = s.isSymbolicLink() ? await this.follow(rel, next) : next;
      if (real === undefined) throw new PathRefused(rel, `${parts.slice(0, i + 1).join('/')} is a symbolic link to nothing`);
      at = real;
    }
    const last = join(at, name);
    const s = await lstat(last).catch(() => undefined);
    if (s?.isSymbolicLink()) await this.follow(rel, last);
    if (s?.isDirectory()) throw new PathRefused(rel, 'a folder is there');
    return { at, missing: [], name, exists: !!s };
  }

  /** Checks, just before a rename, that the folder written into is still where it was checked to be. */
  private async stillInside(rel: string, folder: string): Promise<void> {
    const real = await realpath(folder);
    if (!inside(this.real, real)) throw new PathRefused(rel, `a folder on the way was replaced by a link out of ${this.dir} while it was written`);
  }

  /** Writes `data` at `rel`, whole (a temporary file renamed), making the folders on the way. */
  async write(rel: string, data: string | Uint8Array, mode = 0o666): Promise<void> {
    const loc = await this.locate(rel);
    let folder = loc.at;
    for (const part of loc.missing) {
      folder = join(folder, part);
      try {
        await mkdir(folder);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        // Made meanwhile: as good as ours only if it is a folder, not a link.
        if (!(await lstat(folder)).isDirectory()) throw new PathRefused(rel, `${part} appeared on the way while it was written`);
      }
    }
    await writeReplacing(folder, loc.name, data, mode, () => this.stillInside(rel, folder));
  }

  /**
   * Reads the file at `rel`: refused when a link takes it outside, or when it is no regular
   * file (a FIFO would block); `maxBytes` caps what is read (undefined then, with its size).
   */
  async read(rel: string, maxBytes = Infinity): Promise<{ size: number; bytes?: Uint8Array }> {
    const loc = await this.locate(rel);
    if (!loc.exists) throw Object.assign(new Error(`${rel}: no such file`), { code: 'ENOENT' });
    const full = await realpath(join(loc.at, loc.name));
    if (!inside(this.real, full)) throw new PathRefused(rel, `a symbolic link leads out of ${this.dir}`);
    const fh = await open(full, constants.O_RDONLY | NOFOLLOW | NONBLOCK);
    try {
      const s = await fh.stat();
      if (!s.isFile()) throw new PathRefused(rel, 'not a regular file');
      if (s.size > maxBytes) return { size: s.size };
      return { size: s.size, bytes: await fh.readFile() };
    } finally {
      await fh.close();
    }
  }

  /** `rel` as a path of this machine, for messages. */
  display(rel: string): string {
    return join(this.dir, ...rel.split('/'));
  }

  /** The slash path of a full path under the folder. */
  relative(full: string): string {
    return relative(this.real, full).split(sep).join('/');
  }
}

/**
 * Writes `data` as `name` in `folder`: into a new file (O_CREAT | O_EXCL | O_NOFOLLOW, so a
 * file or link planted under the temporary name is never written through), then renamed over
 * the name. `beforeRename` may refuse at the last moment. The temporary file never stays.
 */
export async function writeReplacing(folder: string, name: string, data: string | Uint8Array, mode = 0o666, beforeRename?: () => Promise<void>): Promise<void> {
  const tmp = join(folder, tempName());
  let made = false;
  try {
    const fh = await open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW, mode);
    made = true;
    try {
      await fh.writeFile(data);
    } finally {
      await fh.close();
    }
    await beforeRename?.();
    await rename(tmp, join(folder, name));
    made = false;
  } finally {
    if (made) await rm(tmp, { force: true });
  }
}

/**
 * A file the user named (a handoff file, a download's --output): written whole beside it, the
 * same way, so that a job polling for it never reads half and nothing planted beside it is
 * written through.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array, mode = 0o666): Promise<void> {
  const full = resolve(path);
  return writeReplacing(dirname(full), basename(full), data, mode);
}

/**
 * writeFileAtomic for callers that cannot wait (a server's start-up handoff, a command's last
 * write): the same new O_EXCL|O_NOFOLLOW file under a random name, renamed over the target.
 */
export function writeFileAtomicSync(path: string, data: string | Uint8Array, mode = 0o666): void {
  const full = resolve(path);
  const tmp = join(dirname(full), tempName());
  const fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW, mode);
  let made = true;
  try {
    try {
      const bytes = typeof data === 'string' ? Buffer.from(data) : data;
      for (let off = 0; off < bytes.length;) off += writeSync(fd, bytes, off);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, full);
    made = false;
  } finally {
    if (made) rmSync(tmp, { force: true });
  }
}

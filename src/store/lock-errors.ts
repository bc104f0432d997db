import type { Stats } from 'node:fs';
import { dirname } from 'node:path';
import { StoreError } from './errors.js';

/**
 * What is wrong with a store's lock, said of the lock file itself: the errors met taking it
 * name this process's own file beside it, or none at all (a read of an open file), which tells a
 * person nothing about what to fix.
 */

/** Why the lock could not be taken or left, from the system's error; undefined for a code not explained here. */
function problem(err: NodeJS.ErrnoException, lock: string): string | undefined {
  const dir = dirname(lock);
  const code = err.code as string;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      // Reading the lock file itself (its holder's, of another user), or making files beside it.
      if (err.path === lock && err.syscall === 'open')
        return `this user may not read it (${code}): it was made by another user's gbctl, which must be the one to write to this store`;
      return `this user may not create or remove files in ${dir} (${code})`;
    case 'EROFS':
      return `${dir} is on a read-only file system (EROFS)`;
    case 'EISDIR':
      return `it is a folder (EISDIR)`;
    case 'ENOTDIR':
      return `part of the path ${dir} is not a folder (ENOTDIR)`;
    case 'ENOSPC':
    case 'EDQUOT':
      return `no space is left for a file in ${dir} (${code})`;
    case 'ENAMETOOLONG':
      return `its name is too long for the file system (ENAMETOOLONG)`;
    default:
      return undefined;
  }
}

/** What to do when gbctl cannot make files beside the store. */
const NOT_WRITABLE_HINT =
  'gbctl takes the lock by creating that file (and one named after it for each process) before it writes to the store, so the store cannot be written from here. ' +
  'Commands that only read need no lock, and "gbctl serve --read-only" serves the store without writing to it.';

/**
 * A file-system error met while taking or releasing the lock at `lock`, as a StoreError that
 * names the lock file and what is wrong with it. Other errors pass unchanged.
 */
export function lockProblem(e: unknown, doing: 'take' | 'release', lock: string): unknown {
  const err = e as NodeJS.ErrnoException;
  if (e instanceof StoreError || !(e instanceof Error) || typeof err.code !== 'string' || !/^E[A-Z0-9]+$/.test(err.code)) return e;
  const known = problem(err, lock);
  const what = known ?? `${err.message.replace(/^E[A-Z0-9]+: /, '').replace(/, \w+(?: '.*')?$/, '')} (${err.code}${err.syscall ? `, ${err.syscall}` : ''})`;
  const hint = known?.startsWith('this user may not create') || err.code === 'EROFS' ? ` ${NOT_WRITABLE_HINT}` : '';
  return new StoreError(`cannot ${doing} the store's lock ${lock}: ${what}.${hint}`);
}

/** Refuses a lock path that holds something other than a file (`st` from lstat; undefined when there is nothing). */
export function notAFile(lock: string, st: Stats | undefined): void {
  if (!st || st.isFile()) return;
  const kind = st.isDirectory() ? 'a folder' : st.isSymbolicLink() ? 'a symbolic link' : 'not a regular file';
  throw new StoreError(
    `cannot take the store's lock ${lock}: it is ${kind}, where gbctl keeps a lock file while it writes to the store. ` +
      'No gbctl made it: remove it (or move it away) and try again.',
  );
}

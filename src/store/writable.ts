import { accessSync, constants, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { journalPath } from './format.js';

/**
 * Why this process could not, or should not, write the store at `path`; undefined when it can.
 * Its folder must take new files (the lock, a compaction's snapshot and journal) and its journal
 * appends. Asked of the system (access(2)), which answers as the writes themselves would: a
 * read-only file system for anyone, the mode bits for this user. A folder or file whose mode lets
 * nobody write it (chmod a-w) was made read-only on purpose: it is taken as read-only even by a
 * user the system would let write it anyway (root), since gbctl replaces the snapshot by renaming
 * a new file over it, which would quietly undo that mode.
 */
export function whyNotWritable(path: string): string | undefined {
  const dir = dirname(path);
  const journal = journalPath(path);
  for (const [file, what] of [
    [dir, `its folder ${dir}`],
    [path, `its snapshot ${path}`],
    [journal, `its journal ${journal}`],
  ] as const) {
    try {
      accessSync(file, constants.W_OK);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EROFS') return `${what} is on a read-only file system (EROFS)`;
      if (code === 'EACCES' || code === 'EPERM') return `${what} is not writable by this user (${code})`;
      // Missing (a store not made yet), or an error the open itself reports better.
      continue;
    }
    const mode = statSync(file, { throwIfNoEntry: false })?.mode;
    if (mode !== undefined && (mode & 0o222) === 0) return `${what} is marked read-only for everyone (mode ${(mode & 0o7777).toString(8).padStart(4, '0')})`;
  }
  return undefined;
}

import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { badRequest } from '../http-error.js';
import { MAX_ENTRIES, readFirst, type Entry, type Source } from '../../lib/import-source.js';
import { MAX_FILE_BYTES } from '../../lib/gitsync/sync-types.js';
import { folderPathProblem, gitSyncKeeps } from '../../lib/gitsync/folder-names.js';

interface Listed {
  entry: Entry;
  full: string;
  /** Inode, size and change times: a file whose stamp is the same was not written since it was read. */
  stamp: string;
}

export interface FolderChanges {
  added: string[];
  changed: string[];
  removed: string[];
}

const gone = (e: unknown) => ['ENOENT', 'ENOTDIR'].includes((e as NodeJS.ErrnoException).code ?? '');

/**
 * A folder read as an import source (as `file://` imports read one), then read again as it
 * changes: each rescan lists it again and reads only the files whose stamp changed. The others
 * keep their entries, bytes and all, so that what reads them (readGitSync, storeImport) knows
 * by identity that they did not change. A file that vanishes while the folder is listed is left
 * out (an editor's save is often a write and a rename); the next rescan sees what came instead.
 */
export class LiveFolder {
  private listed = new Map<string, Listed>();
  private constructor(readonly root: string) {}

  static async open(root: string): Promise<LiveFolder> {
    const f = new LiveFolder(root);
    await f.rescan();
    return f;
  }

  /** Lists the folder again, reads what is new or changed, and says which paths those were. */
  async rescan(): Promise<FolderChanges> {
    const found: { path: string; full: string; size: number; stamp: string }[] = [];
    await this.walk(this.root, '', found);
    const changes: FolderChanges = { added: [], changed: [], removed: [] };
    const next = new Map<string, Listed>();
    const toRead: Listed[] = [];
    for (const f of found) {
      const had = this.listed.get(f.path);
      if (had && had.stamp === f.stamp) {
        next.set(f.path, had);
        continue;
      }
      (had ? changes.changed : changes.added).push(f.path);
      const l = { entry: { path: f.path, size: f.size }, full: f.full, stamp: f.stamp };
      next.set(f.path, l);
      if (readFirst(f.path) && f.size <= MAX_FILE_BYTES) toRead.push(l);
    }
    await Promise.all(
      toRead.map(async (l) => {
        try {
          l.entry.bytes = await readFile(l.full);
          l.entry.size = l.entry.bytes.length;
        } catch (e) {
          if (!gone(e)) throw e;
          next.delete(l.entry.path);
        }
      }),
    );
    for (const path of this.listed.keys()) if (!next.has(path)) changes.removed.push(path);
    changes.added = changes.added.filter((p) => next.has(p));
    changes.changed = changes.changed.filter((p) => next.has(p));
    this.listed = next;
    return changes;
  }

  /** The folder as last listed, as an import source: other files' bytes are read when asked for (and kept). */
  source(): Source {
    const full = new Map([...this.listed.values()].map((l) => [l.entry, l.full]));
    // As an import of the folder would: a name that cannot be a file of a Git Sync folder is left out, named.
    const leftOut = [...full.keys()].flatMap((e) => {
      const reason = folderPathProblem(e.path);
      return reason ? [{ path: e.path, reason }] : [];
    });
    return {
      kind: 'many',
      entries: [...full.keys()].filter((e) => !folderPathProblem(e.path)),
      leftOut,
      load: async (entries) => {
        for (const e of entries) {
          const at = full.get(e);
          if (!e.bytes && at !== undefined) e.bytes = await readFile(at);
        }
      },
    };
  }

  private async walk(dir: string, prefix: string, out: { path: string; full: string; size: number; stamp: string }[]): Promise<void> {
    let list;
    try {
      list = await readdir(dir, { withFileTypes: true });
    } catch (e) {
      if (prefix && gone(e)) return;
      throw e;
    }
    for (const d of list) {
      if (!gitSyncKeeps(d.name)) continue;
      const full = join(dir, d.name);
      const path = `${prefix}${d.name}`;
      if (d.isDirectory()) await this.walk(full, `${path}/`, out);
      else if (d.isFile()) {
        if (out.length >= MAX_ENTRIES) throw badRequest(`the folder holds more than ${MAX_ENTRIES} files`);
        let s;
        try {
          s = await stat(full, { bigint: true });
        } catch (e) {
          if (gone(e)) continue;
          throw e;
        }
        out.push({ path, full, size: Number(s.size), stamp: `${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}` });
      }
    }
  }
}

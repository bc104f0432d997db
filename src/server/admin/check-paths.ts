import { flatPages } from '../../lib/flat-pages.js';
import { folderPathProblem } from '../../lib/gitsync/folder-names.js';
import { pathProblem } from '../../lib/safe-path.js';
import { MemoryStore } from '../../store/memory-store.js';
import type { Row } from '../../store/store.js';
import { getRevision, storedRevisions } from '../model/revision-store.js';

/**
 * The places of a dataset that `gbctl content export` would write to and must refuse: the page
 * and file paths of every revision, the folder's own files, and its root, readme and summary.
 * Export refuses them one by one when it meets them; `gbctl store import` refuses the dataset
 * before it replaces anything, so that a store never holds a path that leads out of a folder.
 * At most `max` problems, each naming the revision and the record.
 */
export async function pathProblems(tables: Record<string, Row[]>, max = 10): Promise<string[]> {
  const out: string[] = [];
  const store = new MemoryStore({ tables });
  await store.read((tx) => {
    for (const { id } of tx.all(storedRevisions)) {
      if (out.length >= max) return;
      const at = `revision ${id}`;
      let rev;
      try {
        rev = getRevision(tx, id);
      } catch (e) {
        // A record too broken to read is refused here, where --no-check would not read it back.
        out.push(`${at} cannot be read: ${(e as Error).message}`);
        continue;
      }
      if (!rev) continue;
      const check = (what: string, path: string | undefined, test = folderPathProblem) => {
        const problem = path === undefined || path === '' ? undefined : test(path);
        if (problem && out.length < max) out.push(`${at}: ${what} ${JSON.stringify(path)}: ${problem}`);
      };
      for (const { page } of flatPages(rev.pages)) check(`page ${page.id} gitPath`, page.gitPath);
      for (const f of rev.files) {
        check(`file ${f.id} gitPath`, f.gitPath);
        // A file's name is where export writes it under .gitbook/assets/ when it has no gitPath.
        check(`file ${f.id} name`, f.name, (n) => (n.includes('/') || n.includes('\\') ? 'a file name holds no folder' : pathProblem(n)));
      }
      const g = rev.gitSync;
      if (!g) continue;
      check('Git Sync root', g.root);
      check('Git Sync readme', g.readme);
      check('Git Sync summary', g.summary);
      // The folder's own files are under .gitbook/, a dot-folder the folder rules keep for them.
      for (const path of Object.keys(g.files ?? {})) check('Git Sync file', path, pathProblem);
    }
  });
  return out;
}

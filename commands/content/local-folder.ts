import { readdir, stat } from 'node:fs/promises';
import { walkFolder, type LeftOut } from '../../src/lib/folder-walk.js';
import { PathRefused, SafeRoot } from '../../src/lib/safe-path.js';
import { parseGitbookYaml } from '../../src/lib/gitsync/config.js';
import { folderPathProblem, gitSyncKeeps } from '../../src/lib/gitsync/folder-names.js';
import { MAX_FILE_BYTES, type SourceEntry } from '../../src/lib/gitsync/sync-types.js';
import { CliError, Exit } from '../../src/cli/exit-codes.js';
import { mapPool } from '../../src/lib/map-pool.js';

/** Files read or written at once. */
const FILES_AT_ONCE = 16;

const failure = (what: string, e: unknown) => new CliError(`cannot ${what} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, Exit.error);

/**
 * Writes the folder's files under `dir` (made when missing), each through its SafeRoot: a path
 * that cannot be a file of the folder (folderPathProblem) or that a link on disk would take out
 * of it is not written but left out, with the reason. Existing files of the same name are
 * replaced, never written through.
 */
export async function writeFolder(dir: string, files: Map<string, string | Uint8Array>): Promise<{ written: string[]; leftOut: LeftOut[] }> {
  let root: SafeRoot;
  try {
    root = await SafeRoot.open(dir, { create: true });
  } catch (e) {
    throw failure(`write ${dir}`, e);
  }
  const written: string[] = [];
  const leftOut: LeftOut[] = [];
  // Several at a time, as they are read (readFolder); SafeRoot.write takes a folder another
  // write made meanwhile.
  const wrote = await mapPool([...files], FILES_AT_ONCE, async ([path, data]): Promise<LeftOut | undefined> => {
    const problem = folderPathProblem(path);
    if (problem) return { path, reason: problem };
    try {
      await root.write(path, data);
      return undefined;
    } catch (e) {
      if (e instanceof PathRefused) return { path, reason: e.reason };
      throw failure(`write ${root.display(path)}`, e);
    }
  });
  [...files.keys()].forEach((path, i) => {
    const out = wrote[i];
    if (out) leftOut.push(out);
    else written.push(path);
  });
  return { written, leftOut };
}

async function openFolder(dir: string): Promise<SafeRoot> {
  let s;
  try {
    s = await stat(dir);
  } catch {
    throw new CliError(`${dir}: no such folder`, Exit.usage);
  }
  if (!s.isDirectory()) throw new CliError(`${dir} is not a folder`, Exit.usage);
  return SafeRoot.open(dir);
}

/**
 * The files of a folder as an import takes them (`.gitbook.yaml` and `.gitbook/` included, other
 * dot-files and `.git` not), by slash path with their sizes, and what it leaves out (names that
 * are not UTF-8 or cannot be a file of the folder, links), with the reason.
 */
export async function listFolder(dir: string): Promise<{ root: SafeRoot; files: { path: string; size: number }[]; leftOut: LeftOut[] }> {
  const root = await openFolder(dir);
  return { root, ...(await walkFolder(root, gitSyncKeeps)) };
}

/** The same, with the bytes of each file up to the limit for one file (a larger one is listed with its size only, as the import lists it). */
export async function readFolder(dir: string): Promise<{ entries: SourceEntry[]; leftOut: LeftOut[] }> {
  const { root, files, leftOut } = await listFolder(dir);
  // Several at a time: each read is a few calls on Node's thread pool (locate, realpath, open,
  // stat, read, close), and one after another a folder of 1,000 pages waited 0.7 s on them.
  const read = await mapPool(files, FILES_AT_ONCE, async (f): Promise<SourceEntry | LeftOut> => {
    try {
      const got = await root.read(f.path, MAX_FILE_BYTES);
      return { path: f.path, size: got.size, ...(got.bytes ? { bytes: got.bytes } : {}) };
    } catch (e) {
      if (e instanceof PathRefused) return { path: f.path, reason: e.reason };
      throw failure(`read ${root.display(f.path)}`, e);
    }
  });
  const entries: SourceEntry[] = [];
  for (const r of read) {
    if ('reason' in r) leftOut.push(r);
    else entries.push(r);
  }
  return { entries, leftOut };
}

/**
 * Whether export may write into `dir`: missing or empty, or a Git Sync folder (an earlier export,
 * or a checkout synced by the platform): one with a SUMMARY.md where its `.gitbook.yaml` (if
 * any) puts the content. Anything else is someone else's folder.
 */
export async function isGitSyncFolder(dir: string): Promise<'empty' | 'git-sync' | 'foreign'> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'empty';
    throw new CliError(`cannot read ${dir} (${code ?? (e as Error).message})`, code === 'ENOTDIR' ? Exit.usage : Exit.error);
  }
  if (!names.length) return 'empty';
  const root = await SafeRoot.open(dir);
  let config = { root: '', summary: 'SUMMARY.md' };
  const yaml = names.find((n) => n === '.gitbook.yaml' || n === '.gitbook.yml');
  if (yaml) {
    const text = await root.read(yaml, 1024 * 1024).then(
      (r) => Buffer.from(r.bytes ?? []).toString('utf8'),
      () => '',
    );
    config = parseGitbookYaml(text).config;
  }
  const summary = [config.root, config.summary].filter(Boolean).join('/');
  if (folderPathProblem(summary)) return 'foreign';
  return (await root.read(summary, 0).then(
    () => true,
    () => false,
  ))
    ? 'git-sync'
    : 'foreign';
}

import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { parseGitbookYaml } from '../server/lib/gitsync/config.js';
import { dirname, join, relative, sep } from 'node:path';
import { CliError, Exit } from '../cli/exit-codes.js';

/** Writes the folder's files under `dir`, creating folders; existing files of the same name are replaced. */
export async function writeFolder(dir: string, files: Map<string, string | Uint8Array>): Promise<void> {
  for (const [path, data] of files) {
    const full = join(dir, ...path.split('/'));
    try {
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, data);
    } catch (e) {
      throw new CliError(`cannot write ${full} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, Exit.error);
    }
  }
}

/** Every file of a folder (`.gitbook.yaml` and `.gitbook/` included, other dot-files and `.git` not), by slash path. */
export async function readFolder(dir: string): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  const walk = async (at: string) => {
    for (const d of await readdir(at, { withFileTypes: true })) {
      if (d.name.startsWith('.') && d.name !== '.gitbook' && d.name !== '.gitbook.yaml') continue;
      const full = join(at, d.name);
      if (d.isDirectory()) await walk(full);
      else if (d.isFile()) out.set(relative(dir, full).split(sep).join('/'), await readFile(full));
    }
  };
  let s;
  try {
    s = await stat(dir);
  } catch {
    throw new CliError(`${dir}: no such folder`, Exit.usage);
  }
  if (!s.isDirectory()) throw new CliError(`${dir} is not a folder`, Exit.usage);
  await walk(dir);
  return out;
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
  let config = { root: '', summary: 'SUMMARY.md' };
  const yaml = names.find((n) => n === '.gitbook.yaml' || n === '.gitbook.yml');
  if (yaml) config = parseGitbookYaml(await readFile(join(dir, yaml), 'utf8').catch(() => '')).config;
  const summary = join(dir, ...[config.root, config.summary].filter(Boolean).join('/').split('/'));
  return (await stat(summary).then((s) => s.isFile()).catch(() => false)) ? 'git-sync' : 'foreign';
}

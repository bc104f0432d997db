import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
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

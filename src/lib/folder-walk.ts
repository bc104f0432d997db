import { lstat, readdir } from 'node:fs/promises';
import { pathProblem, type SafeRoot } from './safe-path.js';

/** A file found under a root: its slash path from the root and its size. */
export interface FoundFile {
  path: string;
  size: number;
}

/** A name a walk does not take, and why. */
export interface LeftOut {
  path: string;
  reason: string;
}

/** The walk found more files than the caller takes. */
export class TooManyFiles extends Error {
  override name = 'TooManyFiles';
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Bytes of a name that is not UTF-8, shown as text: the UTF-8 runs as they are, every other byte as \xHH. */
export function showName(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i] as number;
    const len = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (len) {
      try {
        out += utf8.decode(bytes.subarray(i, i + len));
        i += len;
        continue;
      } catch {
        // not a whole sequence: shown byte by byte
      }
    }
    out += `\\x${b.toString(16).padStart(2, '0')}`;
    i++;
  }
  return out;
}

/**
 * Every regular file under the root, by slash path, with its size. A name is taken only when
 * `keep` says so (files and folders alike). What cannot be imported is listed with the reason
 * and never stops the walk: a name that is not UTF-8 (Linux allows any bytes), a name another
 * file system cannot hold (pathProblem), a symbolic link (never followed), anything but a file
 * or a folder. Names are read as bytes, so a name that is not UTF-8 is never turned into one
 * that names nothing.
 */
export async function walkFolder(root: SafeRoot, keep: (name: string) => boolean, maxFiles = Infinity): Promise<{ files: FoundFile[]; leftOut: LeftOut[] }> {
  const files: FoundFile[] = [];
  const leftOut: LeftOut[] = [];
  const walk = async (full: Buffer, rel: string) => {
    const listed = await readdir(full, { withFileTypes: true, encoding: 'buffer' });
    listed.sort((a, b) => Buffer.compare(a.name, b.name));
    for (const d of listed) {
      const raw = d.name;
      let name: string;
      try {
        name = utf8.decode(raw);
      } catch {
        leftOut.push({ path: `${rel}${showName(raw)}`, reason: 'its name is not UTF-8 text' });
        continue;
      }
      if (!keep(name)) continue;
      const path = `${rel}${name}`;
      const at = Buffer.concat([full, Buffer.from('/'), raw]);
      if (d.isSymbolicLink()) leftOut.push({ path, reason: 'a symbolic link (links are not followed)' });
      else if (d.isDirectory()) {
        const problem = pathProblem(path);
        if (problem) leftOut.push({ path: `${path}/`, reason: problem });
        else await walk(at, `${path}/`);
      } else if (d.isFile()) {
        const problem = pathProblem(path);
        if (problem) {
          leftOut.push({ path, reason: problem });
          continue;
        }
        if (files.length >= maxFiles) throw new TooManyFiles(`more than ${maxFiles} files`);
        files.push({ path, size: (await lstat(at)).size });
      } else leftOut.push({ path, reason: 'not a regular file' });
    }
  };
  await walk(Buffer.from(root.real), '');
  return { files, leftOut };
}

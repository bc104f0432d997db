/**
 * What an import reads from a file URL or an archive, read here the same way by the server that
 * imports it and by the command line that works out beforehand what the import would remove.
 */

import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TooManyFiles, walkFolder, type LeftOut } from './folder-walk.js';
import { PathRefused, SafeRoot } from './safe-path.js';
import { folderPathProblem, gitSyncKeeps } from './gitsync/folder-names.js';
import { MAX_FILE_BYTES } from './gitsync/sync-types.js';

/** A file URL, an archive or a folder that cannot be imported; the message says why (the server answers it with a 400). */
export class SourceRefused extends Error {}

/** One file of what an import reads: a path relative to the import's root, its size, and its bytes once read. */
export interface Entry {
  path: string;
  size?: number;
  bytes?: Uint8Array;
  /** Content type the server declared, for downloads. */
  contentType?: string;
}

/**
 * What an import reads from: its files, listed with their sizes, and a way to read the bytes of
 * those a page needs. A folder or archive is listed whole, but only its markdown and settings
 * are read up front: uploads no page uses are never read.
 */
export interface Source {
  /** A folder or an archive, or one document. */
  kind: 'many' | 'one';
  entries: Entry[];
  /** Files listed but not taken (a name that is not UTF-8 or that leaves the folder, a link), with the reason. */
  leftOut: LeftOut[];
  /** Fills in the bytes of these entries. */
  load(entries: Entry[]): Promise<void>;
}

/** An archive (or download) read whole: above a large repository's size. */
export const MAX_ARCHIVE_BYTES = 1024 * 1024 * 1024;
/** Files listed in a folder or archive: far above a documentation repository's count. */
export const MAX_ENTRIES = 100_000;

/** Read with the listing: what the structure of the content needs (markdown, HTML, settings). */
export const readFirst = (path: string) =>
  /\.(md|markdown|mdx|html?|ya?ml)$/i.test(path) || (path.startsWith('.gitbook/') && !path.startsWith('.gitbook/assets/'));

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length > 3 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** Sources whose bytes are all there already (one file, a download). */
export const inMemory = (entries: Entry[], kind: Source['kind'] = 'many'): Source => ({ kind, entries, leftOut: [], load: () => Promise.resolve() });

export async function unzip(bytes: Uint8Array, where: string): Promise<Source> {
  const { unzipSync } = await import('fflate');
  const listed: Entry[] = [];
  const extract = (want: (name: string, size: number) => boolean): Record<string, Uint8Array> => {
    try {
      return unzipSync(bytes, { filter: (f) => !f.name.endsWith('/') && !f.name.startsWith('__MACOSX/') && want(f.name, f.originalSize) });
    } catch (e) {
      throw new SourceRefused(`url: ${where} is not a readable zip archive (${(e as Error).message})`);
    }
  };
  extract((name, size) => {
    if (listed.length >= MAX_ENTRIES) throw new SourceRefused(`url: ${where} holds more than ${MAX_ENTRIES} files`);
    listed.push({ path: name, size });
    return false;
  });
  const prefix = commonRoot(listed.map((e) => e.path));
  // An archive names its files as it likes: a name that would leave the folder (../, /, C:, \\) is left out, named.
  const leftOut: LeftOut[] = [];
  const taken = listed.filter((e) => {
    const problem = folderPathProblem(e.path.slice(prefix.length));
    if (problem) leftOut.push({ path: e.path.slice(prefix.length) || e.path, reason: problem });
    return !problem;
  });
  const byName = new Map(taken.map((e) => [e.path, e]));
  const fill = (want: Set<string>) => {
    for (const [name, data] of Object.entries(extract((n) => want.has(n)))) {
      const e = byName.get(name);
      if (e) e.bytes = data;
    }
  };
  fill(new Set(taken.filter((e) => readFirst(e.path.slice(prefix.length)) && (e.size ?? 0) <= MAX_FILE_BYTES).map((e) => e.path)));
  for (const e of taken) e.path = e.path.slice(prefix.length);
  const original = new Map(taken.map((e) => [e, `${prefix}${e.path}`]));
  return {
    kind: 'many',
    entries: taken,
    leftOut,
    load: (entries) => {
      fill(new Set(entries.filter((e) => !e.bytes).map((e) => original.get(e) as string)));
      return Promise.resolve();
    },
  };
}

/** A zip of one folder holds `folder/…`: import what is inside it. */
function commonRoot(paths: string[]): string {
  const firsts = new Set(paths.map((p) => p.split('/')[0]));
  if (firsts.size !== 1 || paths.some((p) => !p.includes('/'))) return '';
  return `${[...firsts][0] as string}/`;
}

/**
 * A folder: listed whole (folder-walk.ts: names as bytes, links and names that cannot be
 * imported left out with the reason), its markdown and settings read; other files read when
 * asked, each through the folder's SafeRoot (no link followed out of it).
 */
async function folderSource(path: string): Promise<Source> {
  const root = await SafeRoot.open(path);
  let listed;
  try {
    listed = await walkFolder(root, gitSyncKeeps, MAX_ENTRIES);
  } catch (e) {
    if (e instanceof TooManyFiles) throw new SourceRefused(`url: the folder holds more than ${MAX_ENTRIES} files`);
    throw e;
  }
  const entries: Entry[] = listed.files.map((f) => ({ path: f.path, size: f.size }));
  const leftOut = [...listed.leftOut];
  const load = async (want: Entry[]) => {
    for (const e of want) {
      if (e.bytes) continue;
      try {
        const got = await root.read(e.path, MAX_FILE_BYTES);
        e.size = got.size;
        if (got.bytes) e.bytes = got.bytes;
      } catch (err) {
        // Replaced by a link (or something else) since it was listed: left without bytes, named.
        if (!(err instanceof PathRefused)) throw err;
        leftOut.push({ path: e.path, reason: err.reason });
      }
    }
  };
  await load(entries.filter((e) => readFirst(e.path) && (e.size ?? 0) <= MAX_FILE_BYTES));
  return { kind: 'many', entries, leftOut, load };
}

/** What a `file://` URL names: a file, a folder, or a zip. */
export async function readFileUrl(url: URL): Promise<Source> {
  let path: string;
  try {
    path = fileURLToPath(url);
  } catch (e) {
    throw new SourceRefused(`url: ${url.href} is not a local file URL (${(e as Error).message})`);
  }
  let s;
  try {
    s = await stat(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new SourceRefused(`url: cannot read ${url.href}: ${code === 'ENOENT' ? 'no such file or folder' : (code ?? (e as Error).message)}`);
  }
  try {
    if (s.isDirectory()) return await folderSource(path);
    if (s.size > MAX_ARCHIVE_BYTES) throw new SourceRefused(`url: ${url.href} is larger than ${MAX_ARCHIVE_BYTES / 1024 / 1024} MB`);
    const bytes = await readFile(path);
    if (isZip(bytes)) return await unzip(bytes, url.href);
    if (bytes.length > MAX_FILE_BYTES) throw new SourceRefused(`url: ${url.href} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB, the limit for one file`);
    return inMemory([{ path: basename(path), size: bytes.length, bytes }], 'one');
  } catch (e) {
    if (e instanceof SourceRefused) throw e;
    throw new SourceRefused(`url: cannot read ${url.href}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

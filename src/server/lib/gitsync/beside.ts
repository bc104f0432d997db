import { readFile, stat } from 'node:fs/promises';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMarkdownPath } from './content-types.js';
import type { SourceEntry } from './read.js';
import { isExternal, listTargets, safeDecode, splitFragment } from './targets.js';

export interface BesideLimits {
  maxFileBytes: number;
  /** GETs an http(s) URL (import-sources' fetchUrl, with its limits and errors). */
  fetch(url: URL): Promise<{ bytes: Uint8Array }>;
}

/**
 * A single markdown file names its images and files relatively: they are read from beside it
 * (its folder and below, never above), so that they come in with it. What cannot be read is
 * left out; the link then stays as written.
 */
export async function besideFiles(url: URL, doc: SourceEntry, limits: BesideLimits): Promise<SourceEntry[]> {
  const text = new TextDecoder().decode(doc.bytes);
  const wanted = new Set<string>();
  for (const t of listTargets(text)) {
    if (isExternal(t) || t.startsWith('/')) continue;
    const rel = posix.normalize(safeDecode(splitFragment(t).path));
    if (!rel || rel.startsWith('..') || isMarkdownPath(rel)) continue;
    wanted.add(rel);
  }
  const out: SourceEntry[] = [];
  for (const rel of wanted) {
    const at = new URL(rel.split('/').map(encodeURIComponent).join('/'), url);
    try {
      if (at.protocol === 'file:') {
        const path = fileURLToPath(at);
        const s = await stat(path);
        if (!s.isFile() || s.size > limits.maxFileBytes) continue;
        out.push({ path: rel, bytes: await readFile(path) });
      } else {
        out.push({ path: rel, bytes: (await limits.fetch(at)).bytes });
      }
    } catch {
      // Not there or not readable: the page keeps its link as written.
    }
  }
  return out;
}

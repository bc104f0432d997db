import { readFile, stat } from 'node:fs/promises';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMarkdownPath } from './content-types.js';
import { splitFrontMatter } from './frontmatter.js';
import type { SourceEntry } from './sync-types.js';
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
  const cover = splitFrontMatter(text).meta.cover?.path;
  for (const t of [...listTargets(text).map((x) => x.target), ...(cover ? [cover] : [])]) {
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
        if (!s.isFile()) continue;
        // Too large: listed without its bytes, for the import to say it left it out.
        if (s.size > limits.maxFileBytes) out.push({ path: rel, size: s.size });
        else out.push({ path: rel, size: s.size, bytes: await readFile(path) });
      } else {
        const bytes = (await limits.fetch(at)).bytes;
        if (bytes.length <= limits.maxFileBytes) out.push({ path: rel, size: bytes.length, bytes });
      }
    } catch {
      // Not there or not readable: the page keeps its link as written.
    }
  }
  return out;
}

import { dirname, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LeftOut } from '../folder-walk.js';
import { PathRefused, SafeRoot } from '../safe-path.js';
import { isMarkdownPath } from './content-types.js';
import { folderPathProblem } from './folder-names.js';
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
 * (its folder and below, never above, never through a link that leads out of it), so that they
 * come in with it. What is not there is left alone (the link stays as written); what is there
 * but refused (a link out of the folder, no regular file) is named in `leftOut`.
 */
export async function besideFiles(url: URL, doc: SourceEntry, limits: BesideLimits): Promise<{ entries: SourceEntry[]; leftOut: LeftOut[] }> {
  const text = new TextDecoder().decode(doc.bytes);
  const wanted = new Set<string>();
  const cover = splitFrontMatter(text).meta.cover?.path;
  for (const t of [...listTargets(text).map((x) => x.target), ...(cover ? [cover] : [])]) {
    if (isExternal(t) || t.startsWith('/')) continue;
    const rel = posix.normalize(safeDecode(splitFragment(t).path));
    if (!rel || folderPathProblem(rel) || isMarkdownPath(rel)) continue;
    wanted.add(rel);
  }
  const out: SourceEntry[] = [];
  const leftOut: LeftOut[] = [];
  const root = url.protocol === 'file:' ? await SafeRoot.open(dirname(fileURLToPath(url))) : undefined;
  for (const rel of wanted) {
    const at = new URL(rel.split('/').map(encodeURIComponent).join('/'), url);
    try {
      if (root) {
        const got = await root.read(rel, limits.maxFileBytes);
        // Too large: listed without its bytes, for the import to say it left it out.
        out.push({ path: rel, size: got.size, ...(got.bytes ? { bytes: got.bytes } : {}) });
      } else {
        const bytes = (await limits.fetch(at)).bytes;
        if (bytes.length <= limits.maxFileBytes) out.push({ path: rel, size: bytes.length, bytes });
      }
    } catch (e) {
      if (e instanceof PathRefused) leftOut.push({ path: rel, reason: e.reason });
      // Not there or not readable: the page keeps its link as written.
    }
  }
  return { entries: out, leftOut };
}

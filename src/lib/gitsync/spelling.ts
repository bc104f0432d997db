import { posix } from 'node:path';
import { isExternal, safeDecode, splitFragment, unescapeDestination } from './targets.js';

/**
 * A relative path from the folder `dir` (or from the content root, when it starts with `/`), as a
 * path from the root. One that climbs above the root stays at it, as a browser resolves it against
 * a site served at its root: Git Sync writes such paths itself (`../../../.gitbook/assets/…` from
 * a page two folders down) and reads them back.
 */
export function fromRoot(dir: string, rel: string): string {
  return posix.join('/', rel.startsWith('/') ? '' : dir, rel || '.').slice(1) || '.';
}

/**
 * The root's `.gitbook/assets/NAME` for a path into a `.gitbook/assets/` folder elsewhere (a
 * folder too high or too low): Git Sync keeps every upload there, and a page whose file it moved
 * keeps its links to them as they were. Undefined for any other path.
 */
export function rootAsset(path: string): string | undefined {
  const at = path.lastIndexOf('.gitbook/assets/');
  return at > 0 && path[at - 1] === '/' ? path.slice(at) : undefined;
}

/**
 * A relative link as a file of the folder names it: the file or folder it points at (from the
 * content root, decoded, without a trailing slash; '' for the root folder) and its fragment.
 * Undefined for URLs and bare fragments.
 */
export function resolveLink(fromFile: string, written: string): { path: string; fragment: string } | undefined {
  if (isExternal(written)) return undefined;
  const { path, fragment } = splitFragment(written);
  const rel = safeDecode(path);
  const dir = posix.dirname(fromFile) === '.' ? '' : posix.dirname(fromFile);
  const clean = fromRoot(dir, rel).replace(/\/+$/, '');
  return { path: clean === '.' ? '' : clean, fragment };
}

/** Whether a written link, read from `fromFile`, still names `toFile` (or its folder, for a README.md) and the fragment. */
export function linkFits(fromFile: string, written: string, toFile: string, fragment: string): boolean {
  const r = resolveLink(fromFile, unescapeDestination(written));
  if (!r || r.fragment !== fragment) return false;
  // The import finds files whatever the case of the link: so does the check.
  const to = toFile.toLowerCase();
  return r.path.toLowerCase() === to || posix.join(r.path, 'README.md').toLowerCase() === to || rootAsset(r.path)?.toLowerCase() === to;
}

/**
 * A link from one file to another as Git Sync writes it: the relative path, not encoded (a
 * markdown destination with spaces goes in `<…>`), then the fragment.
 */
export function defaultLink(fromFile: string, toFile: string, fragment: string): string {
  const rel = posix.relative(posix.dirname(fromFile), toFile) || posix.basename(toFile);
  return `${rel}${fragment}`;
}

/**
 * Spellings of one page's links, by the reference they became, used in order: export takes the
 * next one written for a reference while it still names where the reference points.
 */
export class Spellings {
  private readonly next = new Map<string, number>();
  constructor(private readonly written: Record<string, string[]> | undefined) {}

  take(reference: string, fits: (spelled: string) => boolean): string | undefined {
    const list = this.written?.[reference];
    if (!list) return undefined;
    const i = this.next.get(reference) ?? 0;
    this.next.set(reference, i + 1);
    const spelled = list[i];
    return spelled !== undefined && fits(spelled) ? spelled : undefined;
  }
}

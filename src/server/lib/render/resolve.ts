import { posix } from 'node:path';
import type { FlatPage } from '../../model/page-tree.js';
import type { FileRecord, PageRecord } from '../../model/revision.js';

/**
 * What a link or image written in a page names in its revision: `page:ID` references; files
 * (any path ending in `.gitbook/assets/NAME` or `files/NAME`, the name percent-encoded or not);
 * other pages by a path relative to the file the page came from (`../guides/install.md`,
 * `page/`, as Git Sync writes them in HTML) or by their path in the revision. The web pages and
 * the PDF ask it alike.
 */

export interface RevisionPages {
  flat: readonly FlatPage[];
  byId: ReadonlyMap<string, FlatPage>;
  byPath: ReadonlyMap<string, FlatPage>;
  rev: { files: readonly FileRecord[] };
}

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** A revision's pages by the file each was imported from, and its files by name: made once per revision index. */
const byGitPath = new WeakMap<RevisionPages, Map<string, FlatPage>>();
const byName = new WeakMap<RevisionPages, Map<string, FileRecord>>();

function pagesByFile(r: RevisionPages): Map<string, FlatPage> {
  let m = byGitPath.get(r);
  if (!m) {
    m = new Map();
    for (const f of r.flat) if (f.page.gitPath) m.set(f.page.gitPath.toLowerCase(), f);
    byGitPath.set(r, m);
  }
  return m;
}

function filesByName(r: RevisionPages): Map<string, FileRecord> {
  let m = byName.get(r);
  if (!m) byName.set(r, (m = new Map(r.rev.files.map((f) => [f.name, f]))));
  return m;
}

export interface Resolved {
  /** The file a target names. */
  file(target: string): FileRecord | undefined;
  /** The page a target names, and the fragment it asks for (`#x`, or ''). */
  page(href: string): { to: FlatPage; fragment: string } | undefined;
}

export function resolverFor(r: RevisionPages, page: Pick<PageRecord, 'gitPath'>): Resolved {
  const files = filesByName(r);
  const dir = page.gitPath ? posix.dirname(page.gitPath) : '';
  return {
    file: (target) => {
      const m = /(?:^|\/)(?:\.gitbook\/assets|files)\/(?:[^?#]*\/)?([^/?#]+)(?:[?#].*)?$/.exec(target);
      return m ? (files.get(decode(m[1] as string)) ?? files.get(m[1] as string)) : undefined;
    },
    page: (href) => {
      const hash = href.indexOf('#');
      const target = hash < 0 ? href : href.slice(0, hash);
      const fragment = hash < 0 ? '' : href.slice(hash);
      if (target.startsWith('page:')) {
        const to = r.byId.get(target.slice(5));
        return to ? { to, fragment } : undefined;
      }
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target === '' || target.startsWith('//')) return undefined;
      const rel = decode(target.replace(/\?.*$/, ''));
      if (page.gitPath && !rel.startsWith('/')) {
        const joined = posix.normalize(posix.join(dir, rel)).replace(/\/+$/, '');
        const known = pagesByFile(r);
        const readme = joined === '.' ? 'README.md' : `${joined}/README.md`;
        const to = known.get(joined.toLowerCase()) ?? known.get(readme.toLowerCase()) ?? known.get(`${joined}.md`.toLowerCase());
        if (to) return { to, fragment };
      }
      const path = rel.replace(/^\.?\//, '').replace(/\/README\.md$|\.md$|\/$/i, '');
      const to = r.byPath.get(path);
      return to ? { to, fragment } : undefined;
    },
  };
}

import type { CoreResponse } from '../app.js';
import type { FlatPage } from '../../lib/page-tree.js';

/**
 * A page's markdown as a file, at the page's address with `.md` after its path
 * (`…/guides/install.md`, as published GitBook sites offer it): what a page too large to be
 * shown in the browser links to. Served where the page itself is, to whom may read it.
 */

/** The document page whose markdown `path` asks for, when it names no page itself. */
export function markdownAt(v: { byPath: ReadonlyMap<string, FlatPage> }, path: string): FlatPage | undefined {
  if (!path.endsWith('.md') || v.byPath.has(path)) return undefined;
  const f = v.byPath.get(path.slice(0, -3));
  return f?.page.type === 'document' ? f : undefined;
}

/** The address of a page's markdown under an addressing: its page address, `.md` after the path. */
export function markdownUrl(a: { page(path: string): string }, path: string): string {
  const url = a.page(path);
  const q = url.search(/[?#]/);
  return q < 0 ? `${url}.md` : `${url.slice(0, q)}.md${url.slice(q)}`;
}

export function markdownResponse(f: FlatPage, extra: Record<string, string> = {}): CoreResponse {
  const name = `${f.path.split('/').pop() || 'page'}.md`;
  return {
    status: 200,
    headers: {
      'content-type': 'text/markdown; charset=utf-8',
      'content-disposition': `attachment; filename="${name.replace(/["\\\r\n]/g, '_')}"`,
      'content-security-policy': "default-src 'none'; sandbox",
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      ...extra,
    },
    body: f.page.markdown,
  };
}

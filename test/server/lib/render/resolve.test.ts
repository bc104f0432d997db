import { describe, expect, it } from 'vitest';
import { indexRevision, pageFile, resolveTarget } from '../../../../src/server/lib/links-resolve.js';
import { resolverFor, type RevisionPages } from '../../../../src/server/lib/render/resolve.js';
import { flattenPages } from '../../../../src/lib/page-tree.js';
import { space } from '../links-fixture.js';

const TARGETS = [
  '../guides/install.md#step-2',
  '../guides/',
  '../guides',
  './README.md',
  '/guides/install.md',
  '../Guides/INSTALL.md',
  'guides/install.md',
  '../guides/install.md',
  'axon-server.md',
  '../README.md',
  'install.md',
  '../../guides/install.md',
  '../reference/',
  '../.gitbook/assets/image%20(1).png',
  '.gitbook/assets/image%20(1).png',
  'files/image%20(1).png',
  '../.gitbook/assets/missing.png',
  '../../.gitbook/assets/image%20(1).png',
  'page:install#step-1',
  'page:gone',
  'https://example.com/x',
  '#here',
  'mailto:a@b.c',
  'guides/install',
  '/guides/install',
  'install',
];

describe('the renderer resolves links as the link list does', () => {
  it('follows exactly the links the list calls ok, to the same page or file, from every page', () => {
    const rev = space();
    const idx = indexRevision(rev);
    const flat = flattenPages(rev.pages);
    const pages: RevisionPages = { flat, byId: new Map(flat.map((f) => [f.page.id, f])), byPath: new Map(flat.map((f) => [f.path, f])), rev };
    let followed = 0;
    for (const f of flat) {
      const r = resolverFor(pages, f.page);
      for (const t of TARGETS) {
        const listed = resolveTarget(t, pageFile(f, idx.pageFiles), idx, 'http://127.0.0.1:9/app/');
        const page = r.page(t);
        const file = r.file(t);
        const where = `${t} from ${f.page.id}`;
        if (listed?.status === 'ok' && listed.target.kind === 'page') {
          expect(page?.to.page.id, where).toBe(listed.target.page);
          expect(page?.fragment, where).toBe(listed.target.anchor ? `#${listed.target.anchor}` : '');
          followed++;
        } else expect(page, where).toBeUndefined();
        if (listed?.status === 'ok' && listed.target.kind === 'file') {
          expect(file?.id, where).toBe(listed.target.file);
          followed++;
        } else expect(file, where).toBeUndefined();
      }
    }
    expect(followed).toBeGreaterThan(20);
  });

  it('does not guess a page by its slug where no file stands (a page the tree calls axon-server)', () => {
    const rev = space();
    const flat = flattenPages(rev.pages);
    const pages: RevisionPages = { flat, byId: new Map(flat.map((f) => [f.page.id, f])), byPath: new Map(flat.map((f) => [f.path, f])), rev };
    const docker = flat.find((f) => f.page.id === 'docker');
    expect(docker).toBeDefined();
    expect(resolverFor(pages, (docker as (typeof flat)[number]).page).page('axon-server.md')).toBeUndefined();
  });
});

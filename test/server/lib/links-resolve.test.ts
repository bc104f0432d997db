import { describe, expect, it } from 'vitest';
import { indexRevision, pageFile, resolveTarget } from '../../../src/server/lib/links-resolve.js';
import { space } from './links-fixture.js';

const APP = 'http://127.0.0.1:9/app/';
const idx = indexRevision(space());
const fileOf = (id: string) => pageFile(idx.pages.get(id) as NonNullable<ReturnType<typeof idx.pages.get>>, idx.pageFiles);
const from = (pageId: string) => (target: string) => resolveTarget(target, fileOf(pageId), idx, APP);

describe('resolving a written target against the revision', () => {
  it('resolves a relative path against the page own file: ../, folders by their README, anchors kept', () => {
    const intro = from('intro');
    expect(intro('../guides/install.md#step-2')).toEqual({ status: 'ok', target: { kind: 'page', page: 'install', anchor: 'step-2' } });
    expect(intro('../guides/')).toEqual({ status: 'ok', target: { kind: 'page', page: 'guides' } });
    expect(intro('../guides')).toEqual({ status: 'ok', target: { kind: 'page', page: 'guides' } });
    expect(intro('../guides/README.md')).toEqual({ status: 'ok', target: { kind: 'page', page: 'guides' } });
    expect(intro('./README.md')).toEqual({ status: 'ok', target: { kind: 'page', page: 'intro' } });
    expect(intro('/guides/install.md')).toEqual({ status: 'ok', target: { kind: 'page', page: 'install' } });
    // As the import finds files: exactly, else regardless of case.
    expect(intro('../Guides/INSTALL.md')).toEqual({ status: 'ok', target: { kind: 'page', page: 'install' } });
    expect(from('install')('../reference/api.md?view=full')).toEqual({ status: 'ok', target: { kind: 'page', page: 'api' } });
  });

  it('resolves from where export writes a page that has no file (its path in the tree)', () => {
    expect(fileOf('notes')).toBe('notes.md');
    expect(from('notes')('guides/install.md')).toEqual({ status: 'ok', target: { kind: 'page', page: 'install' } });
    // Above the root is the root (as a browser resolves it against a site served there).
    expect(from('notes')('../guides/install.md')).toEqual({ status: 'ok', target: { kind: 'page', page: 'install' } });
  });

  it('calls broken a link to a missing file, even when a page elsewhere has that slug', () => {
    // axon-server/docker/README.md links to a sibling axon-server.md that does not exist; the
    // root page "Axon Server" has the tree path axon-server and must not answer for it.
    expect(from('docker')('axon-server.md')).toEqual({ status: 'broken', target: { kind: 'url', url: 'axon-server.md' } });
    expect(from('docker')('../README.md')).toEqual({ status: 'ok', target: { kind: 'page', page: 'server' } });
    expect(from('intro')('install.md')).toEqual({ status: 'broken', target: { kind: 'url', url: 'install.md' } });
    expect(from('intro')('../../guides/nowhere.md')).toEqual({ status: 'broken', target: { kind: 'url', url: '../../guides/nowhere.md' } });
    // A group is no page one can open.
    expect(from('intro')('../reference/')).toEqual({ status: 'broken', target: { kind: 'url', url: '../reference/' } });
  });

  it('resolves percent-encoded and relative asset paths to the file of that name', () => {
    const img = { status: 'ok', target: { kind: 'file', file: 'img' } };
    expect(from('intro')('../.gitbook/assets/image%20(1).png')).toEqual(img);
    expect(from('install')('../.gitbook/assets/image (1).png')).toEqual(img);
    // gbctl's import writes assets as .gitbook/assets/NAME from any page.
    expect(from('install')('.gitbook/assets/image%20(1).png')).toEqual(img);
    expect(from('install')('files/image%20(1).png')).toEqual(img);
    expect(from('intro')('../.gitbook/assets/handbook.pdf#page=2')).toEqual({ status: 'ok', target: { kind: 'file', file: 'pdf' } });
    expect(from('intro')('../.gitbook/assets/missing.png')).toEqual({ status: 'broken', target: { kind: 'url', url: '../.gitbook/assets/missing.png' } });
    // One folder too many stays at the root: Git Sync moves a page's file without rewriting its
    // links (`executing/stacked-prs.md` to `using-stacked-prs.md`, its `../../../.gitbook/assets/`
    // kept), and a browser on the site resolves them there.
    expect(from('intro')('../../.gitbook/assets/image%20(1).png')).toEqual(img);
    // A folder too low: uploads are only ever the root's.
    expect(from('intro')('.gitbook/assets/image%20(1).png')).toEqual(img);
    expect(from('intro')('sub/.gitbook/assets/image%20(1).png')).toEqual(img);
    expect(from('intro')('sub/.gitbook/assets/missing.png')).toMatchObject({ status: 'broken' });
  });

  it('resolves page:ID references by id', () => {
    expect(from('intro')('page:install#step-1')).toEqual({ status: 'ok', target: { kind: 'page', page: 'install', anchor: 'step-1' } });
    expect(from('intro')('page:reference')).toEqual({ status: 'ok', target: { kind: 'page', page: 'reference' } });
    expect(from('intro')('page:gone')).toEqual({ status: 'broken', target: { kind: 'url', url: 'page:gone' } });
  });

  it('keeps URLs as they are, in-app under the app address, and skips anchors and other schemes', () => {
    expect(from('intro')('https://example.com/a')).toEqual({ status: 'ok', target: { kind: 'url', url: 'https://example.com/a' } });
    expect(from('intro')('//cdn.example.com/x.js')).toEqual({ status: 'ok', target: { kind: 'url', url: '//cdn.example.com/x.js' } });
    expect(from('intro')(`${APP}s/space/guides`)).toEqual({ status: 'in-app', target: { kind: 'url', url: `${APP}s/space/guides` } });
    for (const t of ['#top', 'mailto:a@example.com', 'tel:+100', 'data:image/png;base64,AA==', '', '   ']) expect(from('intro')(t)).toBeUndefined();
  });
});

import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { PageRecord } from '../../../src/lib/page-record.js';
import { findTargets, linkKey, linkStats, pageTargets, revisionLinks } from '../../../src/server/lib/links.js';
import { htmlUrlReader, type HtmlUrls } from '../../../src/server/lib/links-targets.js';
import { revision, space } from './links-fixture.js';

const APP = 'http://127.0.0.1:9/app/';
let html: HtmlUrls;
beforeAll(async () => {
  html = await htmlUrlReader();
});

const INTRO = [
  'Start with [the install](../guides/install.md#step-2), or [again](../guides/install.md#step-2).',
  '',
  '![shot](../.gitbook/assets/image%20(1).png)',
  '',
  '```sh',
  'curl [not](a-link.md)',
  '```',
  '',
  '[Missing](missing.md) and [elsewhere](https://example.com).',
].join('\n');

const GUIDES = [
  '{% content-ref url="install.md" %}',
  '[install.md](install.md)',
  '{% endcontent-ref %}',
  '',
  '<table data-view="cards"><tbody><tr><td><a href="../.gitbook/assets/image (1).png">cover</a></td></tr></tbody></table>',
].join('\n');

const INSTALL = '{% file src="../.gitbook/assets/handbook.pdf" %}\n\n<img src="../.gitbook/assets/image%20(1).png">\n';

describe('the links of a revision', () => {
  const rev = space({ intro: INTRO, guides: GUIDES, install: INSTALL, notes: `[app](${APP}s/x)` });

  it('lists each page links once per target, pages in tree order, code left out', () => {
    const links = revisionLinks(rev, APP, html);
    expect(links.all.map((l) => [l.page, l.status, l.target])).toEqual([
      ['intro', 'ok', { kind: 'page', page: 'install', anchor: 'step-2' }],
      ['intro', 'ok', { kind: 'file', file: 'img' }],
      ['intro', 'broken', { kind: 'url', url: 'missing.md' }],
      ['intro', 'ok', { kind: 'url', url: 'https://example.com' }],
      ['guides', 'ok', { kind: 'page', page: 'install' }],
      ['guides', 'ok', { kind: 'file', file: 'img' }],
      ['install', 'ok', { kind: 'file', file: 'pdf' }],
      ['install', 'ok', { kind: 'file', file: 'img' }],
      ['notes', 'in-app', { kind: 'url', url: `${APP}s/x` }],
    ]);
    expect(links.ofPage('install').map((l) => l.target)).toEqual([
      { kind: 'file', file: 'pdf' },
      { kind: 'file', file: 'img' },
    ]);
    expect(links.ofPage('server')).toEqual([]);
  });

  it('knows the pages that use a file, through a markdown image, HTML <a>/<img> and {% file %}', () => {
    const links = revisionLinks(rev, APP, html);
    expect(links.backlinks('img')).toEqual(['intro', 'guides', 'install']);
    expect(links.backlinks('pdf')).toEqual(['install']);
    expect(links.backlinks('nope')).toEqual([]);
  });

  it('counts totals and broken links, and the broken ones a change request introduced', () => {
    const base = revisionLinks(rev, APP, html);
    expect(linkStats(base.all)).toEqual({ total: 9, broken: { total: 1, changeRequest: 0 } });
    const changed = space({ intro: `${INTRO}\n\n[new](gone.md)`, guides: GUIDES, install: INSTALL });
    const after = revisionLinks({ ...changed, id: 'rev-2' }, APP, html);
    expect(linkStats(after.all, base.brokenKeys)).toEqual({ total: 9, broken: { total: 2, changeRequest: 1 } });
    expect([...after.brokenKeys]).toContain(linkKey({ page: 'intro', status: 'broken', target: { kind: 'url', url: 'gone.md' } }));
  });

  it('works a revision out once, and a page once for every revision that shares it', () => {
    const first = revisionLinks(rev, APP, html);
    expect(revisionLinks(rev, APP, html)).toBe(first);
    // Another app address classes URLs differently: its own list.
    expect(revisionLinks(rev, 'http://elsewhere/app/', html).all.find((l) => l.page === 'notes')?.status).toBe('ok');

    const intro = rev.pages[0] as (typeof rev.pages)[number];
    const targets = pageTargets(intro, html);
    const next = revision('rev-3', [intro, ...rev.pages.slice(1)], rev.files);
    revisionLinks(next, APP, html);
    expect(pageTargets(intro, html)).toBe(targets);
  });
});

describe("finding a revision's link targets ahead of working its links out", () => {
  it('finds each page once, a slice at a time, letting the event loop turn between slices', async () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 1));
    const pages: PageRecord[] = Array.from({ length: 80 }, (_, i) => ({
      id: `many${i}`,
      title: `Page ${i}`,
      type: 'document',
      markdown: `[next](p${i + 1}.md) and [away](https://example.com/${i})`,
      createdAt: '',
      updatedAt: '',
      pages: [],
    }));
    let turns = 0;
    let stop = false;
    const count = () => setImmediate(() => (stop ? undefined : (turns++, count())));
    count();
    await findTargets(pages, html);
    stop = true;
    vi.restoreAllMocks();
    // One clock reading a page and one a turn: a turn at least every eight pages.
    expect(turns).toBeGreaterThanOrEqual(8);
    for (const p of pages) expect(pageTargets(p, html)).toBe(pageTargets(p, html));
    const before = pages.map((p) => pageTargets(p, html));
    await findTargets(pages, html);
    expect(pages.map((p) => pageTargets(p, html))).toEqual(before);
    expect(pages.every((p, i) => pageTargets(p, html) === before[i])).toBe(true);
  });
});

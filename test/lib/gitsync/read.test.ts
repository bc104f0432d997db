import { describe, expect, it } from 'vitest';
import { readGitSync, type SyncPage } from '../../../src/lib/gitsync/read.js';
import { parseSummary, writeSummary } from '../../../src/lib/gitsync/summary.js';
import { assignPaths } from '../../../src/lib/gitsync/layout.js';

const entries = (files: Record<string, string>) => Object.entries(files).map(([path, text]) => ({ path, bytes: Buffer.from(text) }));
const tree = (pages: SyncPage[]): unknown[] => pages.map((p) => (p.pages.length ? [`${p.kind}:${p.title}`, tree(p.pages)] : `${p.kind}:${p.title}`));

describe('reading a Git Sync folder', () => {
  it('honours root, readme and summary from .gitbook.yaml, and skips what lies outside the root', () => {
    const read = readGitSync(
      entries({
        '.gitbook.yaml': 'root: ./docs/\nstructure:\n  readme: intro.md\n  summary: toc.md\n',
        'docs/intro.md': '# Intro\n',
        'docs/toc.md': '# Contents\n\n* [Setup](setup.md)\n',
        'docs/setup.md': '# Setup\n\nSee the [intro](intro.md#top).\n',
        'src/index.ts': 'export {}\n',
      }),
    );
    expect(tree(read.pages)).toEqual(['document:Intro', 'document:Setup']);
    expect(read.pages[1]?.markdown).toBe('See the [intro](gitbook-page:intro.md#top).');
    expect(read.skipped).toEqual([{ path: 'src/index.ts', reason: 'outside the root "docs" set in .gitbook.yaml' }]);
    expect(read.total).toBe(5);
  });

  it('without SUMMARY.md follows the folders: README.md is the folder page, a top folder without one a group, names in natural order', () => {
    const read = readGitSync(
      entries({
        'README.md': '# Home\n',
        '10-later.md': '# Later\n',
        '2-sooner.md': '# Sooner\n',
        'guides/README.md': '# Guides\n',
        'guides/a.md': '# A\n',
        'api/v1/b.md': '# B\n',
      }),
    );
    expect(tree(read.pages)).toEqual([
      'document:Home',
      'document:Sooner',
      'document:Later',
      ['group:Api', [['document:V1', ['document:B']]]],
      ['document:Guides', ['document:A']],
    ]);
  });

  it('warns about SUMMARY.md entries that are not files, and reads a URL entry as a link page', () => {
    const read = readGitSync(
      entries({
        'SUMMARY.md': '* [Home](README.md)\n* [Gone](gone.md)\n* [Status](https://status.example.com)\n',
        'README.md': '# Home\n',
      }),
    );
    expect(tree(read.pages)).toEqual(['document:Home', 'link:Status']);
    expect(read.warnings).toEqual(['SUMMARY.md lists "gone.md", which is not a markdown page of the folder']);
  });

  it('writes SUMMARY.md back as it reads it', () => {
    const text = '# Table of contents\n\n* [A \\[draft\\]](a.md)\n  * [B](b%20c.md)\n\n## Group\n\n* [C](c/README.md)\n';
    expect(writeSummary(parseSummary(text))).toBe(text);
  });

  it('places pages: their own file when free, README.md first, folders for parents and groups', () => {
    const paths = assignPaths([
      { id: '1', title: 'Welcome', type: 'document' },
      { id: '2', title: 'Guide', type: 'document', pages: [{ id: '3', title: 'Step', type: 'document' }] },
      {
        id: '4',
        title: 'Reference',
        type: 'group',
        pages: [
          { id: '5', title: 'API', type: 'document', path: 'ref/api.md' },
          { id: '6', title: 'API', type: 'document' },
        ],
      },
    ]);
    expect(Object.fromEntries(paths)).toEqual({
      1: 'README.md',
      2: 'guide/README.md',
      3: 'guide/step.md',
      4: 'group:reference',
      5: 'ref/api.md',
      6: 'reference/api.md',
    });
    // The first page is the home page when no page has that file, whatever file it had; not when one has.
    expect(
      assignPaths([
        { id: '1', title: 'Welcome', type: 'document', path: 'welcome.md' },
        { id: '2', title: 'B', type: 'document', path: 'b.md' },
      ]).get('1'),
    ).toBe('README.md');
    expect(
      assignPaths([
        { id: '1', title: 'Intro', type: 'document', path: 'intro.md' },
        { id: '2', title: 'Home', type: 'document', path: 'README.md' },
      ]).get('1'),
    ).toBe('intro.md');
    expect(assignPaths([{ id: '1', title: 'Intro', type: 'document', path: 'intro.md' }], 'intro.md').get('1')).toBe('intro.md');
  });
});

import { describe, expect, it } from 'vitest';
import { buildFolder, type ApiPage } from '../../../src/lib/gitsync/write.js';

const text = (f: Map<string, string | Uint8Array>, p: string) => String(f.get(p));

describe('export from the API alone (no gbctl fields, as the hosted API answers)', () => {
  const pages: ApiPage[] = [
    {
      id: 'a',
      title: 'Welcome',
      type: 'document',
      git: { path: 'README.md' },
      description: 'Start',
      layout: { width: 'wide', title: true, outline: false },
      cover: { ref: { kind: 'file', file: 'f1' }, yPos: 40 },
      markdown: 'See [install](page:b#req) and ![x](.gitbook/assets/shot%20%281%29.png).',
    },
    {
      id: 'g',
      title: 'Get Started',
      type: 'group',
      slug: 'getting-started',
      pages: [
        { id: 'b', title: 'Install', type: 'document', linkTitle: 'Set up', git: { path: 'guides/install.md' }, noIndex: true, markdown: 'Steps.' },
        { id: 'c', title: 'Requirements', type: 'link', target: { kind: 'anchor', page: 'b', anchor: 'req' } },
        { id: 'd', title: 'Status', type: 'link', target: { kind: 'url', url: 'https://status.example.com' } },
      ],
    },
  ];
  const files = [{ id: 'f1', name: 'shot (1).png', git: { path: '.gitbook/assets/shot (1).png' }, bytes: new Uint8Array([1]) }];

  it("writes the platform's layout: front matter from the page's fields, SUMMARY.md with labels, anchors and group anchors, relative links", () => {
    const out = buildFolder({ pages, files });
    expect([...out.keys()].sort()).toEqual(['.gitbook.yaml', '.gitbook/assets/shot (1).png', 'README.md', 'SUMMARY.md', 'guides/install.md']);
    expect(text(out, 'README.md')).toBe(
      '---\ndescription: Start\ncover: .gitbook/assets/shot (1).png\ncoverY: 40\nlayout:\n  width: wide\n  outline:\n    visible: false\n---\n\n# Welcome\n\nSee [install](guides/install.md#req) and ![x](<.gitbook/assets/shot (1).png>).\n',
    );
    expect(text(out, 'guides/install.md')).toBe('---\nnoIndex: true\n---\n\n# Install\n\nSteps.\n');
    expect(text(out, 'SUMMARY.md')).toBe(
      [
        '# Table of contents',
        '',
        '* [Welcome](README.md)',
        '',
        '## Get Started <a href="#getting-started" id="getting-started"></a>',
        '',
        '* [Install](guides/install.md "Set up")',
        '* [Requirements](guides/install.md#req)',
        '* [Status](https://status.example.com)',
        '',
      ].join('\n'),
    );
    expect(text(out, '.gitbook.yaml')).toBe('root: ./\n\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n');
  });

  it('with front matter as it was read, changes only the key whose value the API changed', () => {
    const raw = 'description: Start\ntags:\n  - beta\nlayout:\n  width: wide\n  outline:\n    visible: false';
    const changed = [{ ...(pages[0] as ApiPage), cover: undefined, description: 'Begin here', gitSync: { frontMatter: raw } }];
    const out = buildFolder({ pages: changed, files, gitSync: { root: '', readme: 'README.md', summary: 'SUMMARY.md' } });
    expect(text(out, 'README.md')).toMatch(
      /^---\ndescription: Begin here\ntags:\n {2}- beta\nlayout:\n {2}width: wide\n {2}outline:\n {4}visible: false\n---\n\n# Welcome\n/,
    );
    // The folder had no .gitbook.yaml and nothing needs one.
    expect(out.has('.gitbook.yaml')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { frontMatterFor, splitFrontMatter } from '../../../src/lib/gitsync/frontmatter.js';
import { fileHints, readPageFile, writePageFile } from '../../../src/lib/gitsync/page-file.js';
import { linkFits, resolveLink, rootAsset } from '../../../src/lib/gitsync/spelling.js';
import { parseSummary, writeSummary } from '../../../src/lib/gitsync/summary.js';
import { listTargets, mapTargets } from '../../../src/lib/gitsync/targets.js';

describe('SUMMARY.md', () => {
  const text = [
    '# Table of Contents',
    '',
    '* [GitBook documentation](README.md)',
    '',
    '## Get Started <a href="#getting-started" id="getting-started"></a>',
    '',
    '* [iOS \\(AEP 3.x\\)](ios.md "iOS")',
    '  * [Buttons](create/inline.md#buttons)',
    '  * ```yaml',
    '    props:',
    '      models: false',
    '    type: builtin:openapi',
    '    dependencies:',
    '      spec:',
    '        ref:',
    '          kind: openapi',
    '          spec: gitbook',
    '    ```',
    '',
    '***',
    '',
    '- [Status](<https://status.example.com>)',
  ].join('\n');

  it('reads titles without escapes, labels, anchors, group slugs, code-block entries and the lines between entries', () => {
    const s = parseSummary(text);
    expect(s.header).toBe('# Table of Contents');
    expect(s.end).toBe('');
    expect(s.indent).toBe('  ');
    const [top, group] = s.groups;
    expect(top?.entries.map((e) => e.title)).toEqual(['GitBook documentation']);
    expect(group).toMatchObject({ title: 'Get Started', slug: 'getting-started' });
    const ios = group?.entries[0];
    expect(ios).toMatchObject({ title: 'iOS (AEP 3.x)', link: 'ios.md', label: 'iOS' });
    expect(ios?.children[0]).toMatchObject({ title: 'Buttons', link: 'create/inline.md#buttons' });
    expect(ios?.children[1]?.block).toBe(
      'props:\n  models: false\ntype: builtin:openapi\ndependencies:\n  spec:\n    ref:\n      kind: openapi\n      spec: gitbook',
    );
    expect(group?.entries[1]).toMatchObject({ title: 'Status', link: 'https://status.example.com', before: ['', '***', ''] });
  });

  it('writes it back byte for byte, and writes a changed entry the way Git Sync does', () => {
    const s = parseSummary(text);
    expect(writeSummary(s)).toBe(text);
    const ios = s.groups[1]?.entries[0];
    if (ios) ios.title = 'iOS [new]';
    expect(writeSummary(s)).toContain('\n* [iOS \\[new\\]](ios.md "iOS")\n');
    const plain = parseSummary('* [A](a.md)\n\n## B\n\n* [C](c.md)\n');
    expect(writeSummary({ ...plain, header: undefined })).toBe('# Table of contents\n\n* [A](a.md)\n\n## B\n\n* [C](c.md)\n');
  });
});

describe('page files', () => {
  const cases = [
    '---\ndescription: x\n---\n\n# Title\n\nBody.\n',
    '# Title\nBody right after.',
    '# Title\n\nText with a hard break  \nand more.  \n',
    '# Title\n\n\n\nBody.\n\n\n',
    'No heading here.\n',
    '---\n---\n# Empty front matter\n',
    '# Only a heading',
    '\n\n# Blank lines first\n\nBody\n \n',
  ];

  it('cut into front matter, heading, body and whitespace, and written back the same', () => {
    for (const text of cases) {
      const parts = readPageFile(text);
      const hints = fileHints(parts, 'Title');
      expect(writePageFile({ ...hints, heading: hints.headless ? undefined : (hints.heading ?? 'Title'), body: parts.body }), JSON.stringify(text)).toBe(text);
    }
    expect(readPageFile('# Title\n\nBody.\n')).toMatchObject({ heading: 'Title', body: 'Body.' });
    expect(fileHints(readPageFile('# Title\n\nBody.\n'), 'Title')).toEqual({});
    expect(fileHints(readPageFile('# Title\n\nBody.'), 'Other')).toEqual({ heading: 'Title', end: '' });
  });
});

describe('front matter', () => {
  const raw =
    'description: >-\n  A long description that is\n  folded.\ncover: .gitbook/assets/hero (1).png\ncoverY: 0\ncoverHeight: 461\nlayout:\n  width: wide\n  cover:\n    size: background\n  title:\n    visible: false\ntags:\n  - beta\nname: intro';

  it('reads what the API says of it, and keeps it as written while the settings say the same', () => {
    const { meta } = splitFrontMatter(`---\n${raw}\n---\n`);
    expect(meta).toEqual({
      description: 'A long description that is folded.',
      cover: { path: '.gitbook/assets/hero (1).png', yPos: 0 },
      layout: { width: 'wide', title: false },
    });
    expect(frontMatterFor(meta, raw)).toBe(raw);
  });

  it('sets only the keys whose value changed, keeping unknown keys', () => {
    const { meta } = splitFrontMatter(`---\n${raw}\n---\n`);
    const out = frontMatterFor({ ...meta, description: 'Shorter.', hidden: true, layout: { width: 'wide' } }, raw) as string;
    expect(out).toContain('description: >-\n  Shorter.\n');
    expect(out).toContain('hidden: true');
    expect(out).toContain('  title:\n    visible: true');
    expect(out).toContain('tags:\n  - beta\nname: intro');
    expect(out).toContain('cover: .gitbook/assets/hero (1).png\ncoverY: 0\ncoverHeight: 461');
  });

  it('keeps a cover that names no file of the folder as written', () => {
    const { meta } = splitFrontMatter(`---\n${raw}\n---\n`);
    const { cover: _c, ...rest } = meta;
    expect(frontMatterFor(rest, raw, () => undefined)).toBe(raw);
  });
});

describe('link targets', () => {
  it('finds markdown links with parentheses, block attributes and HTML src/href/srcset, not code', () => {
    const md = [
      '[a](x(1).md) ![b](<y (2).png> "t") `[c](code.md)`',
      '{% file src="../.gitbook/assets/skill.md" %} {% content-ref url="page.md" %}',
      '<figure><img src="../.gitbook/assets/a b.png" alt=""></figure> <a href="other.md">o</a> <source srcset="dark.png">',
      '```',
      '[d](fenced.md)',
      '```',
    ].join('\n');
    expect(listTargets(md).map((t) => `${t.kind}:${t.target}`)).toEqual([
      'markdown:x(1).md',
      'markdown:y (2).png',
      'block:../.gitbook/assets/skill.md',
      'block:page.md',
      'html:../.gitbook/assets/a b.png',
      'html:other.md',
      'html:dark.png',
    ]);
    expect(mapTargets('[a](x.md) ![b](<y (2).png>)', (t) => (t === 'x.md' ? 'z (1).md' : undefined))).toBe('[a](<z (1).md>) ![b](<y (2).png>)');
    // A destination's backslash escapes are the address's characters; the text as written comes beside it.
    const asked: string[] = [];
    const escaped = '![x](a/2018\\_11.png) <img src="b\\_c.png">';
    expect(mapTargets(escaped, (t, _k, written) => void asked.push(`${t} ${written}`))).toBe(escaped);
    expect(asked).toEqual(['a/2018_11.png a/2018\\_11.png', 'b\\_c.png b\\_c.png']);
    expect(mapTargets(escaped, (t) => (t === 'a/2018_11.png' ? 'a/2018_11.png' : undefined))).toBe(escaped);
    // An escaped backtick opens no code span: the link around it is a link.
    expect(listTargets('![ The \\`migration\\` tag](shot.png) and `[code](x.md)`').map((t) => t.target)).toEqual(['shot.png']);
  });

  it('resolves a written link against its file, and says whether it still names a file', () => {
    expect(resolveLink('guides/install.md', '../publish/embedding/#top')).toEqual({ path: 'publish/embedding', fragment: '#top' });
    expect(resolveLink('guides/README.md', './#code')).toEqual({ path: 'guides', fragment: '#code' });
    // Above the root is the root, as a browser resolves it on a site served there: Git Sync
    // writes `../../../.gitbook/assets/…` from a page two folders down.
    expect(resolveLink('a.md', '../../out.md')).toEqual({ path: 'out.md', fragment: '' });
    expect(resolveLink('runbooks/guides/stacked.md', '../../../.gitbook/assets/shot%201.png')).toEqual({ path: '.gitbook/assets/shot 1.png', fragment: '' });
    expect(resolveLink('runbooks/guides/stacked.md', '../../../tools/#top')).toEqual({ path: 'tools', fragment: '#top' });
    expect(linkFits('runbooks/guides/stacked.md', '../../../tools/', 'tools/README.md', '')).toBe(true);
    expect(linkFits('product/specs/compliance.md', '../.gitbook/assets/rohs.pdf', '.gitbook/assets/rohs.pdf', '')).toBe(true);
    expect(rootAsset('product/.gitbook/assets/a/b.png')).toBe('.gitbook/assets/a/b.png');
    expect(rootAsset('.gitbook/assets/b.png')).toBeUndefined();
    expect(rootAsset('product/my.gitbook/assets/b.png')).toBeUndefined();
    expect(linkFits('guides/install.md', '../publish/embedding/', 'publish/embedding/README.md', '')).toBe(true);
    expect(linkFits('guides/install.md', 'image%20(1).png', 'guides/image (1).png', '')).toBe(true);
    expect(linkFits('guides/install.md', 'readme.md#k', 'guides/README.md', '#k')).toBe(true);
    expect(linkFits('guides/install.md', 'other.md', 'guides/install.md', '')).toBe(false);
  });
});

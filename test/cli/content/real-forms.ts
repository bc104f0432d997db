import { truncateSync } from 'node:fs';
import { join } from 'node:path';
import { PNG, writeTree } from '../../helpers/sync-folder.js';

/** A second 1×1 image, so that files differ by their bytes. */
const PNG2 = Buffer.concat([PNG, Buffer.from([0])]);

/**
 * A Git Sync repository in the forms real ones take (GitBook's own docs, a large reference
 * guide): content under `root: ./docs/`, SUMMARY.md with navigation labels, an entry to an
 * anchor, a second entry to a page, a group heading with its anchor, `***`, no final newline;
 * front matter with cover, layout and keys gbctl does not know; asset subfolders, names with
 * spaces and parentheses written percent-encoded and in `<…>`, HTML `<img src>`, a `.md` under
 * `.gitbook/assets` used by `{% file %}`, an orphan upload, settings under `.gitbook/`,
 * trailing double spaces, headings that are not the title, a file outside the root.
 */
export const REAL: Record<string, string | Buffer> = {
  '.gitbook.yaml': 'root: ./docs/\n\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n\nredirects:\n  old/start: ./guides/install.md\n',
  'docs/SUMMARY.md': [
    '# Table of Contents',
    '',
    '* [Welcome](README.md)',
    '',
    '## Get Started <a href="#getting-started" id="getting-started"></a>',
    '',
    '* [Install \\(beta\\)](guides/install.md "Install it")',
    '* [Guides](guides/README.md)',
    '  * [Formatting](guides/formatting.md)',
    '  * [Buttons](guides/formatting.md#buttons)',
    '* [Install again](guides/install.md)',
    '',
    '***',
    '',
    '* [Status](https://status.example.com)',
  ].join('\n'),
  'docs/README.md': [
    '---',
    'description: >-',
    '  Create and publish documentation your users will love, with a description long',
    '  enough to be folded.',
    'cover: .gitbook/assets/hero (1).png',
    'coverY: 0',
    'coverHeight: 461',
    'layout:',
    '  width: wide',
    '  cover:',
    '    visible: true',
    '    size: background',
    '  title:',
    '    visible: false',
    '  tags:',
    '    visible: true',
    'tags:',
    '  - beta',
    'metadata:',
    '  owner: docs-team',
    '---',
    '',
    '# Welcome to the docs',
    '',
    '![](<.gitbook/assets/sub/diagram (2).png>)',
    '',
    'Download the [skill file](.gitbook/assets/skill.md).',
    '',
    '{% file src=".gitbook/assets/skill.md" %}',
    '',
  ].join('\n'),
  'docs/guides/README.md': '# Guides\n\n{% content-ref url="install.md" %}\n[install.md](install.md)\n{% endcontent-ref %}\n\n\n',
  'docs/guides/install.md': [
    '# Install \\(beta\\)',
    '',
    'A line with a hard break  ',
    'and the next line.',
    '',
    'See [the buttons](formatting.md#buttons), [the guides](./) and [home](../README.md).',
    '',
    '<figure><img src="../.gitbook/assets/image (1).png" alt=""><figcaption><p>Shot</p></figcaption></figure>',
    '',
    '![Shot](../.gitbook/assets/image%20(1).png)',
    '',
    '<table data-view="cards"><tbody><tr><td><a href="formatting.md#buttons">Buttons</a></td><td><a href="../.gitbook/assets/hero%20(1).png">hero (1).png</a></td></tr></tbody></table>',
    '',
    '`[not a link](nowhere.md)`',
  ].join('\n'),
  'docs/guides/formatting.md':
    '# Formatting\n\n## Buttons <a href="#buttons" id="buttons"></a>\n\nPress it. The [archive](../.gitbook/assets/huge.zip) is too large.  \n',
  'docs/.gitbook/assets/hero (1).png': PNG,
  'docs/.gitbook/assets/sub/diagram (2).png': PNG2,
  'docs/.gitbook/assets/image (1).png': PNG,
  'docs/.gitbook/assets/skill.md': '# Skill\n\nA file, not a page.\n',
  'docs/.gitbook/assets/orphan.png': PNG2,
  'docs/.gitbook/assets/huge.zip': '',
  'docs/.gitbook/tags.yaml': '- tag: beta\n  label: Beta\n  icon: flask\n',
  'src/index.ts': 'export {};\n',
};

/** The text files of REAL an import keeps, which export must give back byte for byte. */
export const REAL_KEPT = Object.keys(REAL).filter((p) => !['docs/.gitbook/assets/orphan.png', 'docs/.gitbook/assets/huge.zip', 'src/index.ts'].includes(p));

/** Writes REAL under `dir`, with `huge.zip` grown (sparse) past the 100 MB a file may have. */
export function writeReal(dir: string): string {
  writeTree(dir, REAL);
  truncateSync(join(dir, 'docs', '.gitbook', 'assets', 'huge.zip'), 101 * 1024 * 1024);
  return dir;
}

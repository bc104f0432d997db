import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6330c9bdfd1f0004d1027cac0256780000000049454e44ae426082',
  'hex',
);

/** A Git Sync folder as a team keeps one: groups, nesting, every block type, images, cross-links, front matter, redirects. */
export const FOLDER: Record<string, string | Buffer> = {
  '.gitbook.yaml': 'root: ./\n\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n\nredirects:\n  old/setup: getting-started/install.md\n',
  'SUMMARY.md': [
    '# Table of contents',
    '',
    '* [Welcome](README.md)',
    '* [Quick start](quick-start.md)',
    '',
    '## Guides',
    '',
    '* [Getting started](getting-started/README.md)',
    '  * [Install](getting-started/install.md)',
    '    * [On Linux](getting-started/install/linux.md)',
    '* [FAQ](faq.md)',
    '',
    '## Reference',
    '',
    '* [API](reference/api.md)',
    '* [Status page](https://status.example.com)',
    '',
  ].join('\n'),
  'README.md':
    '---\ndescription: Start here\nicon: house\n---\n\n# Welcome\n\n![Logo](.gitbook/assets/logo.png)\n\nRead the [quick start](quick-start.md) or the [FAQ](faq.md#why).\n',
  'quick-start.md': [
    '# Quick start',
    '',
    '1. Install it',
    '2. Run it',
    '3. Read the [install guide](getting-started/install.md#requirements)',
    '',
    '| Step | Time |',
    '| ---- | ---- |',
    '| one  | 1 m  |',
    '',
    '{% hint style="warning" %}',
    'Mind the **gap**.',
    '{% endhint %}',
    '',
  ].join('\n'),
  'getting-started/README.md':
    '---\nlayout:\n  width: wide\n  outline:\n    visible: false\n---\n\n# Getting started\n\n{% content-ref url="install.md" %}\n[install.md](install.md)\n{% endcontent-ref %}\n',
  'getting-started/install.md': [
    '# Install',
    '',
    '## Requirements',
    '',
    '{% tabs %}',
    '{% tab title="npm" %}',
    '```sh',
    'npm install gbctl',
    '```',
    '{% endtab %}',
    '',
    '{% tab title="Source" %}',
    'Clone it.',
    '{% endtab %}',
    '{% endtabs %}',
    '',
    '![Diagram](diagram.png)',
    '',
    'Back to [the welcome page](../README.md).',
    '',
  ].join('\n'),
  'getting-started/diagram.png': PNG,
  'getting-started/install/linux.md':
    '# On Linux\n\n{% code title="install.sh" %}\n```bash\nsudo apt install gbctl\n```\n{% endcode %}\n\nSee [the FAQ](../../faq.md#why).\n',
  'faq.md': '# FAQ\n\n## Why\n\nBecause.\n\n{% embed url="https://www.youtube.com/watch?v=dQw4w9WgXcQ" %}\n',
  'reference/api.md': '# API\n\nSee [Install](../getting-started/install.md).\n',
  '.gitbook/assets/logo.png': PNG,
  'notes.txt': 'scratch notes, in no page\n',
  'drafts/unlisted.md': '# Not in the summary\n',
};

export function writeTree(root: string, files: Record<string, string | Buffer>): string {
  for (const [path, data] of Object.entries(files)) {
    const full = join(root, ...path.split('/'));
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, data);
  }
  return root;
}

/** Every file under `root`, by its path from there with forward slashes, with its bytes. */
export function listFiles(root: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.set(relative(root, full).split(sep).join('/'), readFileSync(full));
    }
  };
  walk(root);
  return out;
}

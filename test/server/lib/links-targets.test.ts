import { beforeAll, describe, expect, it } from 'vitest';
import { htmlUrlReader, writtenTargets, type HtmlUrls } from '../../../src/server/lib/links-targets.js';

let html: HtmlUrls;
beforeAll(async () => {
  html = await htmlUrlReader();
});

const targets = (markdown: string) => writtenTargets(markdown, html).map((t) => t.target);

describe('the targets of a page, found in the parsed document', () => {
  it('finds markdown links and images, reference-style links and autolinks', () => {
    const page = [
      'See [install](guides/install.md#step-2) and ![diagram](.gitbook/assets/diagram.png "A diagram").',
      '',
      'The [reference][ref] and the [collapsed][] forms, and <https://example.com/auto>.',
      '',
      '[ref]: ../reference/README.md',
      '[collapsed]: <spaced name.md>',
      '',
      '![圖](<../.gitbook/assets/資料庫 (1).png>)',
    ].join('\n');
    expect(writtenTargets(page, html)).toEqual([
      { target: 'guides/install.md#step-2', form: 'link' },
      { target: '.gitbook/assets/diagram.png', form: 'image' },
      { target: '../reference/README.md', form: 'link' },
      // As the page spells it, not as markdown-it percent-encodes it.
      { target: 'spaced name.md', form: 'link' },
      { target: 'https://example.com/auto', form: 'link' },
      { target: '../.gitbook/assets/資料庫 (1).png', form: 'image' },
    ]);
  });

  it('finds nothing inside fenced, indented or inline code, nor in a {% code %} block', () => {
    const page = [
      '```md',
      '[fenced](fenced.md)',
      '<a href="fenced.html">x</a>',
      '```',
      '',
      '    [indented](indented.md)',
      '',
      '| span | meaning |',
      '| --- | --- |',
      '| `${ProcessorType}[${name}](${EventClass})` | inline code in a table |',
      '',
      '{% code title="Example" %}',
      '```js',
      'const link = "[block](block.md)";',
      '```',
      '{% endcode %}',
      '',
      'Only [this](real.md) is a link.',
    ].join('\n');
    expect(targets(page)).toEqual(['real.md']);
  });

  it('finds <a href> and <img src> of raw HTML, as in a card table, but not in <pre>/<code>, comments or scripts', () => {
    const page = [
      '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th><th data-hidden data-card-cover data-type="files"></th></tr></thead><tbody>',
      '<tr><td><strong>Install</strong></td><td><a href="guides/install.md">install.md</a></td><td><a href=".gitbook/assets/cover%20(1).png">cover (1).png</a></td></tr>',
      '</tbody></table>',
      '',
      '<figure><img src="../.gitbook/assets/image (2).png" alt=""><figcaption></figcaption></figure>',
      '',
      '<pre><code><a href="in-pre.md">no</a></code></pre>',
      '',
      '<!-- <a href="in-comment.md">no</a> -->',
      '',
      '<script>document.write(\'<a href="in-script.md">no</a>\')</script>',
      '',
      'Inline <a href="inline.md?tab=1&amp;x=2">HTML</a> and <code><a href="in-code.md">no</a></code>, <a id="anchor-only"></a>.',
      '',
      '<picture><source srcset="dark.png 1x, dark@2x.png 2x" media="(prefers-color-scheme: dark)"><img src="light.png"></picture>',
    ].join('\n');
    expect(writtenTargets(page, html)).toEqual([
      { target: 'guides/install.md', form: 'html' },
      { target: '.gitbook/assets/cover%20(1).png', form: 'html' },
      { target: '../.gitbook/assets/image (2).png', form: 'html' },
      // Entities are decoded, as a browser reads the attribute.
      { target: 'inline.md?tab=1&x=2', form: 'html' },
      { target: 'dark.png', form: 'html' },
      { target: 'dark@2x.png', form: 'html' },
      { target: 'light.png', form: 'html' },
    ]);
  });

  it("finds the platform's blocks: embed, content-ref, file, and a mention", () => {
    const page = [
      '{% embed url="https://www.youtube.com/watch?v=abc" %}',
      'A caption',
      '{% endembed %}',
      '',
      '{% content-ref url="../guides/install.md" %}',
      '[install.md](../guides/install.md)',
      '{% endcontent-ref %}',
      '',
      '{% file src=".gitbook/assets/handbook.pdf" %}',
      '',
      'Ask <a data-mention href="../team/README.md">Team</a>.',
    ].join('\n');
    expect(writtenTargets(page, html)).toEqual([
      { target: 'https://www.youtube.com/watch?v=abc', form: 'block' },
      { target: '../guides/install.md', form: 'block' },
      { target: '../guides/install.md', form: 'link' },
      { target: '.gitbook/assets/handbook.pdf', form: 'block' },
      { target: '../team/README.md', form: 'html' },
    ]);
  });

  it('leaves out what markdown-it refuses to link (script URLs) and empty targets', () => {
    expect(targets('[x](javascript:alert(1)) [y]() <a href="">z</a> <a href="  ">w</a>')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { splitSections } from '../../../src/server/lib/search.js';
import { renderHtml } from '../../../src/server/lib/render/markdown.js';

const PAGE = [
  'Intro with **bold**, `code` and a [link](page.md).',
  '',
  '{% hint style="info" %}',
  'A hint about *caching*.',
  '{% endhint %}',
  '',
  '<figure><img src=".gitbook/assets/a.png" alt="x"><figcaption><p>The figure caption</p></figcaption></figure>',
  '',
  '## 1. Install the tool <a href="#install" id="install"></a>',
  '',
  '<table data-view="cards"><thead><tr><th></th></tr></thead><tbody><tr><td><strong>Card text</strong> <select><option>hidden</option></select></td></tr></tbody></table>',
  '',
  'A <mark style="color:red;">red</mark> word<br>and a break.',
  '',
  '{% tabs %}',
  '{% tab title="iOS \\(AEP 3.x\\)" %}',
  '- [x] done item',
  '{% endtab %}',
  '{% endtabs %}',
  '',
  '## Release 4.9',
  '',
  '```js',
  'const x = 1;',
  '```',
].join('\n');

describe('search sections', () => {
  const sections = splitSections('p1', 'Page', PAGE);

  it('are plain text: no block tags, HTML tags or markdown markup', () => {
    expect(sections.map((s) => s.body)).toEqual([
      'Intro with bold, code and a link.\nA hint about caching.\nThe figure caption',
      'Card text\nA red word and a break.\niOS (AEP 3.x)\ndone item',
      'const x = 1;',
    ]);
    for (const s of sections) expect(s.body).not.toMatch(/<\/?[a-z]|\{%|\*\*|\]\(/i);
  });

  it('carry the anchors the rendered page gives its headings', () => {
    expect(sections.map((s) => [s.id, s.title])).toEqual([
      ['p1', 'Page'],
      ['install', '1. Install the tool'],
      ['release-4.9', 'Release 4.9'],
    ]);
    expect(renderHtml(PAGE).headings.map((h) => h.id)).toEqual(['install', 'release-4.9']);
  });
});

import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFRawStream, PDFName, PDFArray, StandardFonts, type PDFFont } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../../../src/server/lib/render/pdf.js';
import { PNG } from '../../../helpers/sync-folder.js';

interface Drawn {
  text: string;
  font: string;
  size: number;
  x: number;
}

/** What each sheet draws: its texts with font, size and position, read from its content streams. */
async function sheets(bytes: Uint8Array): Promise<{ drawn: Drawn[]; raw: boolean }[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((p) => {
    const contents = p.node.Contents();
    const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    const drawn: Drawn[] = [];
    let raw = true;
    for (const ref of refs) {
      const stream = doc.context.lookup(ref as never);
      if (!(stream instanceof PDFRawStream)) {
        raw = false;
        continue;
      }
      const filter = stream.dict.get(PDFName.of('Filter'));
      raw &&= String(filter) === '/FlateDecode';
      const data = (filter ? inflateSync(Buffer.from(stream.contents)) : Buffer.from(stream.contents)).toString('latin1');
      for (const m of data.matchAll(/\/([A-Za-z-]+)-\d+ ([\d.]+) Tf\n[\s\S]*?1 0 0 1 ([\d.]+) [\d.]+ Tm\n<([0-9A-Fa-f]*)> Tj/g)) {
        drawn.push({ font: m[1] as string, size: Number(m[2]), x: Number(m[3]), text: Buffer.from(m[4] as string, 'hex').toString('latin1') });
      }
    }
    return { drawn, raw };
  });
}

const allText = (s: { drawn: Drawn[] }[]) => s.flatMap((p) => p.drawn.map((d) => d.text)).join('|');

const MARKDOWN = [
  '## Steps',
  '',
  '1. First step',
  '2. Second step',
  '3. Third step',
  '',
  '| Name | Value |',
  '| ---- | ----- |',
  '| alpha | 1 |',
  '',
  '![Logo](.gitbook/assets/logo.png)',
  '',
  '{% hint style="warning" %}',
  'Careful.',
  '{% endhint %}',
  '',
  '- a bullet',
].join('\n');

/** Each form Git Sync writes, a few lines of it. */
const FORMS = [
  '<figure><img src="../.gitbook/assets/image%20(1).png" alt="Shot"><figcaption><p>The caption</p></figcaption></figure>',
  '',
  'Open the <picture><source srcset="../.gitbook/assets/dark.svg" media="(prefers-color-scheme: dark)"><img src="../.gitbook/assets/light.svg" alt="menu"></picture> menu, see <a data-mention href="install.md">install.md</a> and a <mark style="color:red;">red</mark> word <i class="fa-globe">:globe:</i>.',
  '',
  '<table data-view="cards"><thead><tr><th></th><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td><strong>Sites</strong></td><td>Publish docs.</td><td><a href="install.md">install.md</a></td></tr></tbody></table>',
  '',
  '<details>',
  '',
  '<summary>More details</summary>',
  '',
  'Inside the block.',
  '',
  '</details>',
  '',
  '{% tabs %}\n{% tab title="iOS \\(AEP 3.x\\)" %}\nFor iOS.\n{% endtab %}\n{% endtabs %}',
  '',
  '{% stepper %}\n{% step %}\nFirst thing.\n{% endstep %}\n\n{% step %}\nSecond thing.\n{% endstep %}\n{% endstepper %}',
  '',
  '{% updates %}\n{% update date="2025-12-25" tags="beta" %}\nNews.\n{% endupdate %}\n{% endupdates %}',
  '',
  '{% columns %}\n{% column %}\nLeft.\n{% endcolumn %}\n\n{% column %}\nRight.\n{% endcolumn %}\n{% endcolumns %}',
  '',
  '{% content-ref url="install.md" %}\n[install.md](install.md)\n{% endcontent-ref %}',
  '',
  'Then read [install.md](install.md "mention") once more.',
  '',
  '{% file src="../.gitbook/assets/rohs.pdf" caption="The declaration" %}',
  '',
  '{% file src="../.gitbook/assets/guide%20(2).pdf" %}\nThe guide.\n{% endfile %}',
  '',
  '{% embed url="https://www.youtube.com/watch?v=x" %}',
  '',
  '- [x] Done',
  '- [ ] To do',
].join('\n');

/** An image's file as the service resolves it, here by its name under `.gitbook/assets/`. */
const imageFile = (src: string) => {
  const m = /\.gitbook\/assets\/([^/?#]+)$/.exec(src);
  return m ? decodeURIComponent(m[1] as string) : undefined;
};
const pngs =
  (...names: string[]) =>
  async (name: string) =>
    names.includes(name) ? { contentType: 'image/png', bytes: PNG } : undefined;

describe('the PDF export', () => {
  it('prints numbered lists numbered, tables as tables, images as images, with no blank page', async () => {
    const pages = Array.from({ length: 3 }, (_, i) => ({ title: `Page ${i + 1}`, markdown: MARKDOWN, depth: 0, imageFile }));
    const bytes = await renderPdf('#1 Docs', 'Change request #1', pages, pngs('logo.png'));
    const s = await sheets(bytes);
    expect(s.length).toBeLessThanOrEqual(2);
    for (const p of s) expect(p.drawn.length).toBeGreaterThan(5);
    const all = allText(s);
    expect(all).toContain('1.|First step|');
    expect(all).toContain('3.|Third step|');
    expect(all).toContain('Name|');
    expect(all).toContain('alpha|');
    expect(all).not.toContain('| Name |');
    expect(all).not.toContain('[Logo]');
    expect(all).not.toContain('[image');
    expect(Buffer.from(bytes).toString('latin1')).toContain('/Subtype /Image');
  });

  it('prints the forms Git Sync writes as the web page shows them, not their source', async () => {
    const titles = (href: string) => (href === 'install.md' ? 'Install the tool' : undefined);
    const bytes = await renderPdf('#2', 'forms', [{ title: 'Forms', markdown: FORMS, depth: 0, linkTitle: titles, imageFile }], pngs('image (1).png'));
    const all = allText(await sheets(bytes));
    for (const want of [
      'The caption',
      'Install the tool',
      'red',
      'Sites',
      'Publish docs.',
      'More details',
      'Inside the block.',
      'iOS (AEP 3.x)',
      'Step 1',
      'Step 2',
      'December 25, 2025 [beta]',
      'Left.',
      'Right.',
      'guide (2).pdf',
      'rohs.pdf',
      'The declaration',
      'www.youtube.com',
      'https://www.youtube.com/watch?v=x',
      '[x]',
      '[ ]',
      'Done',
    ]) {
      expect(all).toContain(want);
    }
    expect(all).not.toMatch(/<\/?[a-z]|\{%|:globe:|install\.md|\\\(/);
    expect(Buffer.from(bytes).toString('latin1')).toContain('/Subtype /Image');
  });

  it('wraps long lines, code and unbroken words included: nothing runs off the sheet', async () => {
    const long = [
      `A paragraph with a word far too long for any line: ${'x'.repeat(300)} and a URL https://example.com/${'segment/'.repeat(40)}.`,
      '',
      '```js',
      `const value = client.call('endpoint', { ${'option: true, '.repeat(30)}});`,
      `    indented('${'y'.repeat(250)}');`,
      '```',
      '',
      `| a | b |\n|---|---|\n| ${'z'.repeat(400)} | short |`,
    ].join('\n');
    const bytes = await renderPdf('#3', 'wrap', [{ title: 'Wrap', markdown: long, depth: 0 }]);
    const doc = await PDFDocument.create();
    const fonts: Record<string, PDFFont> = {
      Helvetica: await doc.embedFont(StandardFonts.Helvetica),
      'Helvetica-Bold': await doc.embedFont(StandardFonts.HelveticaBold),
      'Helvetica-Oblique': await doc.embedFont(StandardFonts.HelveticaOblique),
      Courier: await doc.embedFont(StandardFonts.Courier),
    };
    const drawn = (await sheets(bytes)).flatMap((p) => p.drawn);
    expect(drawn.length).toBeGreaterThan(20);
    for (const d of drawn) {
      const right = d.x + (fonts[d.font] as PDFFont).widthOfTextAtSize(d.text, d.size);
      expect(right, `${d.text.slice(0, 30)}…`).toBeLessThanOrEqual(595 - 56 + 4.5);
      expect(d.x).toBeGreaterThanOrEqual(56 - 0.5);
    }
    const all = drawn.map((d) => d.text).join('');
    expect(all.replace(/\s/g, '')).toContain('x'.repeat(300));
    expect(all.replace(/\s/g, '')).toContain('y'.repeat(250));
    expect(drawn.some((d) => d.font === 'Courier' && d.text.startsWith('    indented'))).toBe(true);
  });

  it('writes each finished sheet compressed as it goes, and embeds an image once however often it is shown', async () => {
    const pages = Array.from({ length: 40 }, (_, i) => ({
      title: `Page ${i}`,
      markdown: `${MARKDOWN}\n\n![Again](.gitbook/assets/logo.png)\n`,
      depth: 0,
      imageFile,
    }));
    const bytes = await renderPdf('#4', 'many', pages, pngs('logo.png'));
    const s = await sheets(bytes);
    expect(s.length).toBeGreaterThan(10);
    for (const p of s) expect(p.raw).toBe(true);
    expect(
      Buffer.from(bytes)
        .toString('latin1')
        .match(/\/Subtype \/Image/g)?.length,
    ).toBe(1);
  });
});

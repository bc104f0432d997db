import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFRawStream, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../../../src/server/lib/render/pdf.js';
import { PNG } from '../../../gitsync/fixture.js';

/** The text each page draws, decoded from its content streams' hex strings. */
async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((p) => {
    const contents = p.node.Contents();
    const refs = contents ? ('asArray' in contents ? (contents as unknown as { asArray(): unknown[] }).asArray() : [contents]) : [];
    let text = '';
    for (const ref of refs) {
      const stream = doc.context.lookup(ref as never) as PDFRawStream;
      const filter = stream.dict.get(PDFName.of('Filter'));
      const raw = Buffer.from(stream.contents);
      const data = (filter ? inflateSync(raw) : raw).toString('latin1');
      for (const m of data.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) text += `${Buffer.from(m[1] as string, 'hex').toString('latin1')}|`;
    }
    return text;
  });
}

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

describe('the PDF export', () => {
  it('prints numbered lists numbered, tables as tables, images as images, with no blank page', async () => {
    const pages = Array.from({ length: 3 }, (_, i) => ({ title: `Page ${i + 1}`, markdown: MARKDOWN, depth: 0 }));
    const bytes = await renderPdf('#1 Docs', 'Change request #1', pages, new Map([['logo.png', { contentType: 'image/png', bytes: PNG }]]));
    const texts = await pageTexts(bytes);
    expect(texts.length).toBeLessThanOrEqual(2);
    for (const t of texts) expect(t.length).toBeGreaterThan(20);
    const all = texts.join('');
    expect(all).toContain('1.|First|');
    expect(all).toContain('3.|Third|');
    expect(all).toContain('Name|');
    expect(all).toContain('alpha|');
    expect(all).not.toContain('| Name |');
    expect(all).not.toContain('[Logo]');
    expect(all).not.toContain('[image');
    expect(Buffer.from(bytes).toString('latin1')).toContain('/Subtype /Image');
  });
});

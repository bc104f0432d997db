import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer, tempDir, type TestServer } from '../../helpers/server.js';
import { formsSite, type FormsSite } from '../web/forms-fixture.js';

let s: TestServer;
let tmp: ReturnType<typeof tempDir>;
let site: FormsSite;
beforeAll(async () => {
  s = await startServer();
  tmp = tempDir('gbctl-pdf-');
  site = await formsSite(s, tmp.dir);
});
afterAll(async () => {
  await s.stop();
  tmp.cleanup();
});

/** The texts a PDF draws, in order, from its compressed content streams. */
async function texts(bytes: Uint8Array): Promise<string> {
  const { PDFDocument, PDFRawStream, PDFArray } = await import('pdf-lib');
  const doc = await PDFDocument.load(bytes);
  let out = '';
  for (const p of doc.getPages()) {
    const c = p.node.Contents();
    for (const ref of c instanceof PDFArray ? c.asArray() : c ? [c] : []) {
      const stream = doc.context.lookup(ref as never);
      if (!(stream instanceof PDFRawStream)) continue;
      const data = inflateSync(Buffer.from(stream.contents)).toString('latin1');
      for (const m of data.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) out += `${Buffer.from(m[1] as string, 'hex').toString('latin1')}|`;
    }
  }
  return out;
}

describe('the PDF of a change request', () => {
  it('prints a Git Sync space as its pages show: mentions and page cards by title, HTML figures with their image', async () => {
    const cr = (await api(s, 'POST', `/spaces/${site.space}/change-requests`, { subject: 'Print' })).body;
    const r = await api(s, 'GET', `/spaces/${site.space}/change-requests/${cr.number as number}/pdf`);
    expect(r.status).toBe(200);
    const bytes = new Uint8Array(await (await fetch(r.body.url as string)).arrayBuffer());
    const all = await texts(bytes);
    expect(all).toContain('The caption');
    expect(all).toContain('see|Steps|');
    expect(all).toContain('iOS (AEP 3.x)');
    expect(all).toContain('December 25, 2025 [beta]');
    expect(all).toContain('handbook (2).pdf');
    expect(all).not.toMatch(/<\/?[a-z]|\{%|steps\.md/);
    // The figure's image and the picture's (percent-encoded names, written in HTML): one image, embedded once.
    expect(
      Buffer.from(bytes)
        .toString('latin1')
        .match(/\/Subtype \/Image/g)?.length,
    ).toBeGreaterThanOrEqual(1);
  });
});

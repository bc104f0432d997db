import { describe, expect, it } from 'vitest';
import type { PageRecord } from '../../../../src/lib/page-record.js';
import type { FileRecord } from '../../../../src/server/model/revision.js';
import { pdfTask, type PdfJob } from '../../../../src/server/lib/render/pdf-job.js';
import { PNG } from '../../../helpers/sync-folder.js';

const page = (id: string, title: string, markdown: string, gitPath: string): PageRecord => ({
  id,
  title,
  type: 'document',
  markdown,
  gitPath,
  createdAt: '',
  updatedAt: '',
  pages: [],
});
const shot: FileRecord = { id: 'f1', name: 'shot.png', contentType: 'image/png', size: PNG.length, createdAt: '', blob: 'b1' } as FileRecord;

function job(pages: PageRecord[], files: FileRecord[] = [], images?: PdfJob['images']): PdfJob {
  return {
    kind: 'pdf',
    title: '#1 Print',
    subtitle: 'a change request',
    revision: 'r1',
    rev: { pages, files },
    pages: pages.map((p) => p.id),
    ...(images ? { images } : {}),
  };
}

const images = (bytes: Uint8Array) =>
  Buffer.from(bytes)
    .toString('latin1')
    .match(/\/Subtype \/Image/g)?.length ?? 0;

describe("a change request's PDF, made on the PDF thread", () => {
  it('asks for the bytes of the images its pages show, then draws them', async () => {
    const pages = [
      page('a', 'Intro', 'See [the guide](guide.md).\n\n![shot](.gitbook/assets/shot.png)\n', 'README.md'),
      page('b', 'Guide', 'Text.\n', 'guide.md'),
    ];
    const first = await pdfTask(job(pages, [shot]));
    expect(first).toEqual({ state: 'need', blobs: ['b1'] });
    const made = await pdfTask(job(pages, [shot], { b1: { contentType: 'image/png', bytes: PNG } }));
    expect(made.state).toBe('ok');
    expect(images((made as { bytes: Uint8Array }).bytes)).toBe(1);
  });

  it('makes a PDF at once when no page shows an image it could draw', async () => {
    const pages = [page('a', 'Intro', 'Only text, and a [link](guide.md).\n', 'README.md')];
    const made = await pdfTask(job(pages, [shot]));
    expect(made.state).toBe('ok');
    expect(images((made as { bytes: Uint8Array }).bytes)).toBe(0);
    const plain = await pdfTask(job(pages));
    expect(plain.state).toBe('ok');
  });

  it('prints an image it was not given as its alt text', async () => {
    const pages = [page('a', 'Intro', '![the screenshot](.gitbook/assets/shot.png)\n', 'README.md')];
    const made = await pdfTask(job(pages, [shot], {}));
    expect(made.state).toBe('ok');
    expect(images((made as { bytes: Uint8Array }).bytes)).toBe(0);
  });
});

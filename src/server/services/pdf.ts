import type { ReadTx } from '../../store/store.js';
import { type Ctx } from '../context.js';
import { badRequest, notFound } from '../http-error.js';
import { flatPages } from '../../lib/flat-pages.js';
import { contentScope } from './revisions.js';
import type { PdfImage } from '../lib/render/pdf.js';
import type { PdfJob } from '../lib/render/pdf-job.js';
import { JobThread } from '../lib/workers/thread.js';
import { blobs } from '../model/revision.js';
import { putTemporaryBlob } from './blobs.js';

/** How long a PDF link works, as the platform's temporary URLs. */
export const PDF_TTL_MS = 60 * 60 * 1000;

/** The pages to print: all, from `page` on (it and the pages after it), or `page` alone; the job that prints them. */
export function pdfJob(tx: ReadTx, c: Ctx, spaceId: string, crId: string, q: { page?: string | undefined; only?: boolean | undefined }): PdfJob {
  const scope = contentScope(c, tx, spaceId, crId);
  const cr = scope.cr as NonNullable<typeof scope.cr>;
  if (q.only && !q.page) throw badRequest('only: give the page to print (page)');
  const docs = flatPages(scope.rev.pages).filter((f) => f.page.type === 'document');
  let chosen = docs;
  if (q.page) {
    const i = docs.findIndex((f) => f.page.id === q.page);
    if (i < 0) throw notFound(`page ${q.page} not found in change request #${cr.number}`);
    chosen = q.only ? [docs[i] as (typeof docs)[number]] : docs.slice(i);
  }
  return {
    kind: 'pdf',
    title: `#${cr.number} ${cr.subject}`.trim(),
    subtitle: `Change request #${cr.number} of space ${scope.space.title} (${cr.status})`,
    revision: scope.rev.id,
    rev: { pages: scope.rev.pages, files: scope.rev.files },
    pages: chosen.map((f) => f.page.id),
  };
}

/** PDFs are made on a thread of their own (see render/pdf-job.ts), one at a time; an idle one ends. */
const thread = new JobThread({ role: 'pdf', idleMs: 30_000, maxHeapMb: 1024 });
const PDF_TIMEOUT_MS = 10 * 60_000;

/** `GET …/pdf`: renders the change request and answers a temporary link to the file. */
export async function changeRequestPdf(c: Ctx, spaceId: string, crId: string, q: { page?: string | undefined; only?: boolean | undefined }) {
  const job = await c.read((tx) => pdfJob(tx, c, spaceId, crId, q));
  let made = await thread.call(job, PDF_TIMEOUT_MS);
  if (made.state === 'need') {
    const blobIds = made.blobs;
    const images = await c.read((tx) => {
      const out: Record<string, PdfImage> = {};
      for (const id of blobIds) {
        const b = tx.get(blobs, id);
        if (b) out[id] = { contentType: b.contentType, bytes: Buffer.from(b.data, 'base64') };
      }
      return out;
    });
    made = await thread.call({ ...job, images }, PDF_TIMEOUT_MS);
  }
  if (made.state !== 'ok') throw new Error('the PDF thread asked for images twice');
  const blob = await putTemporaryBlob(c, made.bytes, 'application/pdf', PDF_TTL_MS);
  return { url: `${c.origin}/_gbctl/blobs/${blob.id}` };
}

/** PDF exports of change requests. */
export const pdfService = { changeRequest: changeRequestPdf };

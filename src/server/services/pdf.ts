import type { ReadTx } from '../../store/store.js';
import { type Ctx } from '../context.js';
import { badRequest, notFound } from '../http-error.js';
import { flattenPages } from '../model/page-tree.js';
import { contentScope } from './revisions.js';
import { renderPdf, type PdfImage } from '../lib/render/pdf.js';
import { blobs } from '../model/revision.js';
import { putTemporaryBlob } from './blobs.js';

/** How long a PDF link works, as the platform's temporary URLs. */
export const PDF_TTL_MS = 60 * 60 * 1000;

/** The pages to print: all, from `page` on (it and the pages after it), or `page` alone. */
export function pdfPages(tx: ReadTx, c: Ctx, spaceId: string, crId: string, q: { page?: string | undefined; only?: boolean | undefined }) {
  const scope = contentScope(c, tx, spaceId, crId);
  const cr = scope.cr as NonNullable<typeof scope.cr>;
  if (q.only && !q.page) throw badRequest('only: give the page to print (page)');
  const flat = flattenPages(scope.rev.pages).filter((f) => f.page.type === 'document');
  let chosen = flat;
  if (q.page) {
    const i = flat.findIndex((f) => f.page.id === q.page);
    if (i < 0) throw notFound(`page ${q.page} not found in change request #${cr.number}`);
    chosen = q.only ? [flat[i] as (typeof flat)[number]] : flat.slice(i);
  }
  // The images the chosen pages show, with their bytes, for the PDF to draw.
  const images = new Map<string, PdfImage>();
  for (const f of scope.rev.files) {
    if (!f.blob || !/^image\/(png|jpeg)$/.test(f.contentType)) continue;
    if (!chosen.some((p) => p.page.markdown.includes(encodeURI(f.name)) || p.page.markdown.includes(f.name))) continue;
    const blob = tx.get(blobs, f.blob);
    if (blob) images.set(f.name, { contentType: f.contentType, bytes: Buffer.from(blob.data, 'base64') });
  }
  return {
    title: `#${cr.number} ${cr.subject}`.trim(),
    subtitle: `Change request #${cr.number} of space ${scope.space.title} (${cr.status})`,
    pages: chosen.map((f) => ({ title: f.page.title, markdown: f.page.markdown, depth: f.path.split('/').length - 1 })),
    images,
  };
}

/** `GET …/pdf`: renders the change request and answers a temporary link to the file. */
export async function changeRequestPdf(c: Ctx, spaceId: string, crId: string, q: { page?: string | undefined; only?: boolean | undefined }) {
  const what = await c.read((tx) => pdfPages(tx, c, spaceId, crId, q));
  const bytes = await renderPdf(what.title, what.subtitle, what.pages, what.images);
  const blob = await putTemporaryBlob(c, bytes, 'application/pdf', PDF_TTL_MS);
  return { url: `${c.origin}/_gbctl/blobs/${blob.id}` };
}

/** PDF exports of change requests. */
export const pdfService = { changeRequest: changeRequestPdf };

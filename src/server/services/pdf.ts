import type { ReadTx } from '../../store/store.js';
import { type Ctx } from '../context.js';
import { badRequest, notFound } from '../http-error.js';
import { flatPages } from '../../lib/flat-pages.js';
import { contentScope } from './revisions.js';
import { renderPdf } from '../lib/render/pdf.js';
import { resolverFor, type RevisionPages } from '../lib/render/resolve.js';
import { blobs } from '../model/revision.js';
import { putTemporaryBlob } from './blobs.js';

/** How long a PDF link works, as the platform's temporary URLs. */
export const PDF_TTL_MS = 60 * 60 * 1000;

/** The pages to print: all, from `page` on (it and the pages after it), or `page` alone. */
export function pdfPages(tx: ReadTx, c: Ctx, spaceId: string, crId: string, q: { page?: string | undefined; only?: boolean | undefined }) {
  const scope = contentScope(c, tx, spaceId, crId);
  const cr = scope.cr as NonNullable<typeof scope.cr>;
  if (q.only && !q.page) throw badRequest('only: give the page to print (page)');
  const flat = flatPages(scope.rev.pages);
  const docs = flat.filter((f) => f.page.type === 'document');
  let chosen = docs;
  if (q.page) {
    const i = docs.findIndex((f) => f.page.id === q.page);
    if (i < 0) throw notFound(`page ${q.page} not found in change request #${cr.number}`);
    chosen = q.only ? [docs[i] as (typeof docs)[number]] : docs.slice(i);
  }
  const revision: RevisionPages = { flat, byId: new Map(flat.map((f) => [f.page.id, f])), byPath: new Map(flat.map((f) => [f.path, f])), rev: scope.rev };
  return {
    title: `#${cr.number} ${cr.subject}`.trim(),
    subtitle: `Change request #${cr.number} of space ${scope.space.title} (${cr.status})`,
    pages: chosen.map((f) => {
      const r = resolverFor(revision, f.page);
      return {
        title: f.page.title,
        markdown: f.page.markdown,
        depth: f.path.split('/').length - 1,
        linkTitle: (href: string) => r.page(href)?.to.page.title,
        imageFile: (src: string) => {
          const file = r.file(src);
          return file?.blob && /^image\/(png|jpeg)$/.test(file.contentType) ? file.blob : undefined;
        },
      };
    }),
  };
}

/** `GET …/pdf`: renders the change request and answers a temporary link to the file. */
export async function changeRequestPdf(c: Ctx, spaceId: string, crId: string, q: { page?: string | undefined; only?: boolean | undefined }) {
  const what = await c.read((tx) => pdfPages(tx, c, spaceId, crId, q));
  const load = (blob: string) =>
    c.read((tx) => {
      const b = tx.get(blobs, blob);
      return b ? { contentType: b.contentType, bytes: Buffer.from(b.data, 'base64') } : undefined;
    });
  const bytes = await renderPdf(what.title, what.subtitle, what.pages, load);
  const blob = await putTemporaryBlob(c, bytes, 'application/pdf', PDF_TTL_MS);
  return { url: `${c.origin}/_gbctl/blobs/${blob.id}` };
}

/** PDF exports of change requests. */
export const pdfService = { changeRequest: changeRequestPdf };

import { flatPages } from '../../../lib/flat-pages.js';
import type { PageRecord } from '../../../lib/page-record.js';
import type { FileRecord } from '../../model/revision.js';
import { documentModel, type Block } from './model.js';
import { renderPdf, type PdfImage, type PdfPage } from './pdf.js';
import { resolverFor, type RevisionPages } from './resolve.js';

/**
 * A change request's PDF, made on a thread of its own (lib/workers): laying out a 1,000-page PDF
 * takes seconds and a heap of its own, which on the thread that answers requests held them up
 * (by its slices' turns, pdf-lib's loading and the collection of that heap: 185-355 ms at a time).
 * The job carries the revision's page tree and files; the images its pages show are asked for
 * by a first answer (`need`), and come with the job again.
 */
export interface PdfJob {
  kind: 'pdf';
  title: string;
  subtitle: string;
  /** The revision printed, and its page tree and files. */
  revision: string;
  rev: { pages: PageRecord[]; files: FileRecord[] };
  /** The pages to print, by id, in order. */
  pages: string[];
  /** The images' bytes, by blob id: those the pages show, once a first answer asked for them. */
  images?: Record<string, PdfImage>;
}

/** The images a PDF shows: pdf-lib embeds PNG and JPEG. */
const PRINTABLE = /^image\/(png|jpeg)$/;

export type PdfJobResult = { state: 'ok'; bytes: Uint8Array } | { state: 'need'; blobs: string[] };

/** The blocks of the pages of the last job that asked for images: its second call reads them here, not again. */
let read: { key: string; models: Block[][] } | undefined;

/** Every image block's `src`, anywhere in a page's blocks (lists, hints, sections…). */
function imageSources(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const n of node) imageSources(n, out);
  else if (node && typeof node === 'object') {
    const o = node as { kind?: unknown; src?: unknown };
    if (o.kind === 'image' && typeof o.src === 'string') out.push(o.src);
    for (const v of Object.values(node)) if (v && typeof v === 'object') imageSources(v, out);
  }
  return out;
}

export async function pdfTask(job: PdfJob): Promise<PdfJobResult> {
  const flat = flatPages(job.rev.pages);
  const revision: RevisionPages = { flat, byId: new Map(flat.map((f) => [f.page.id, f])), byPath: new Map(flat.map((f) => [f.path, f])), rev: job.rev };
  const pages: PdfPage[] = [];
  for (const id of job.pages) {
    const f = revision.byId.get(id);
    if (!f) continue;
    const r = resolverFor(revision, f.page);
    pages.push({
      title: f.page.title,
      markdown: f.page.markdown,
      depth: f.path.split('/').length - 1,
      linkTitle: (href: string) => r.page(href)?.to.page.title,
      imageFile: (src: string) => {
        const file = r.file(src);
        return file?.blob && PRINTABLE.test(file.contentType) ? file.blob : undefined;
      },
    });
  }
  const key = `${job.revision}\n${job.pages.join('\n')}`;
  if (!job.images && job.rev.files.some((f) => f.blob && PRINTABLE.test(f.contentType))) {
    // The pages' blocks are read first, for the images they show, and kept for the second call.
    const models = pages.map((p) => documentModel(p.markdown, p.linkTitle ? { linkTitle: p.linkTitle } : {}));
    const blobs = new Set<string>();
    models.forEach((m, i) => {
      for (const src of imageSources(m)) {
        const blob = pages[i]?.imageFile?.(src);
        if (blob) blobs.add(blob);
      }
    });
    if (blobs.size) {
      read = { key, models };
      return { state: 'need', blobs: [...blobs] };
    }
    models.forEach((m, i) => ((pages[i] as PdfPage).model = m));
  } else if (read?.key === key) {
    read.models.forEach((m, i) => ((pages[i] as PdfPage).model = m));
  }
  read = undefined;
  const images = job.images ?? {};
  const bytes = await renderPdf(job.title, job.subtitle, pages, async (blob) => images[blob]);
  return { state: 'ok', bytes };
}

import type { PDFDocument, PDFPage, PDFRef } from 'pdf-lib';

/** What pdf-lib keeps of a page's drawing until the document is saved: operators, as objects. */
interface Drawing {
  contentStream?: { getUnencodedContents(): Uint8Array };
  contentStreamRef?: PDFRef;
}

/**
 * Compresses a finished sheet's drawing now and lets go of its operators. pdf-lib holds every
 * drawn operator of every page as objects until `save()` (1.9 GB for 934 pages); a sheet that
 * will not be drawn on again is written as the deflated bytes `save()` would write, under the
 * same reference. Drawing on the sheet again starts a new stream beside it.
 */
export function flushPage(doc: PDFDocument, page: PDFPage): void {
  const d = page as unknown as Drawing;
  if (!d.contentStream || !d.contentStreamRef) return;
  doc.context.assign(d.contentStreamRef, doc.context.flateStream(d.contentStream.getUnencodedContents()));
  d.contentStream = undefined;
  d.contentStreamRef = undefined;
}

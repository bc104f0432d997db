export interface PdfPage {
  title: string;
  markdown: string;
  depth: number;
}

/** The standard fonts encode WinAnsi only: keep Latin text, drop what they cannot draw. */
function printable(s: string): string {
  return s.replace(/\t/g, '    ').replace(/[\u2018\u2019]/g, "'").replace(/[\u201C\u201D]/g, '"').replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7E\xA0-\xFF]/g, '').trimEnd();
}

/** Inline markdown as plain text: emphasis and code marks dropped, links as "text (url)". */
function plain(s: string): string {
  return s.replace(/!\[([^\]]*)\]\([^)]*\)/g, '[$1]').replace(/\[([^\]]+)\]\(([^)]+)\)/g, '$1 ($2)').replace(/(\*\*|__|`)/g, '');
}

/** A PDF of the pages: a title page, then each page with its headings, text, lists and code. */
export async function renderPdf(title: string, subtitle: string, pages: PdfPage[]): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(printable(title) || 'Change request');
  doc.setProducer('gbctl');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const mono = await doc.embedFont(StandardFonts.Courier);
  const [W, H, M] = [595, 842, 56];
  let page = doc.addPage([W, H]);
  let y = H - M;
  const newPage = () => {
    page = doc.addPage([W, H]);
    y = H - M;
  };
  const line = (text: string, font = regular, size = 11, indent = 0) => {
    const words = printable(text).split(/(\s+)/);
    let cur = '';
    const flush = () => {
      if (y < M + size) newPage();
      page.drawText(cur, { x: M + indent, y, size, font, color: rgb(0.1, 0.1, 0.1) });
      y -= size * 1.45;
      cur = '';
    };
    for (const w of words) {
      if (cur && font.widthOfTextAtSize(cur + w, size) > W - 2 * M - indent) flush();
      cur += cur || w.trim() ? w : '';
    }
    if (cur.trim() || text.trim() === '') flush();
  };
  line(title || 'Untitled change request', bold, 22);
  line(subtitle, regular, 11);
  for (const p of pages) {
    newPage();
    line(p.title, bold, 18 - Math.min(p.depth, 2) * 2);
    y -= 6;
    let code = false;
    for (const raw of p.markdown.split(/\r?\n/)) {
      if (/^(```|~~~)/.test(raw)) {
        code = !code;
        continue;
      }
      if (code) {
        line(raw || ' ', mono, 9, 12);
        continue;
      }
      const h = /^(#{1,6})\s+(.*)$/.exec(raw);
      if (h) {
        y -= 4;
        line(plain(h[2] as string), bold, Math.max(11, 16 - (h[1] as string).length * 1.5));
      } else if (/^\s*([-*+]|\d+[.)])\s+/.test(raw)) line(`- ${plain(raw.replace(/^\s*([-*+]|\d+[.)])\s+/, ''))}`, regular, 11, 10);
      else if (raw.trim() === '') y -= 5;
      else line(plain(raw.replace(/^>\s?/, '')));
    }
  }
  return doc.save();
}


import type { PDFDocument, PDFFont, PDFImage, PDFPage } from 'pdf-lib';
import { documentModel, type Block, type Run } from './model.js';

export interface PdfPage {
  title: string;
  markdown: string;
  depth: number;
}

/** An image file of the revision, by the name pages refer to it with. */
export interface PdfImage {
  contentType: string;
  bytes: Uint8Array;
}

/** The standard fonts encode WinAnsi only: keep Latin text, drop what they cannot draw. */
function printable(s: string): string {
  return s.replace(/\t/g, '    ').replace(/[\u2018\u2019]/g, "'").replace(/[\u201C\u201D]/g, '"').replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7E\xA0-\xFF\u2022]/g, '');
}

const [W, H, M] = [595, 842, 56];
const HINT_COLOURS: Record<string, [number, number, number]> = {
  info: [0.2, 0.43, 0.86], warning: [1, 0.6, 0], danger: [0.98, 0.17, 0.21], success: [0, 0.79, 0.31],
};

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
  mono: PDFFont;
}

/** Lays blocks out down the pages, breaking to a new page only when the next line does not fit. */
class Layout {
  page: PDFPage;
  y = H - M;
  constructor(
    private doc: PDFDocument,
    private fonts: Fonts,
    private rgb: typeof import('pdf-lib').rgb,
    private images: Map<string, PDFImage>,
  ) {
    this.page = doc.addPage([W, H]);
  }

  need(height: number): void {
    if (this.y - height < M) {
      this.page = this.doc.addPage([W, H]);
      this.y = H - M;
    }
  }

  private font(r: Run): PDFFont {
    return r.code ? this.fonts.mono : r.bold ? this.fonts.bold : r.italic ? this.fonts.italic : this.fonts.regular;
  }

  /** Word-wrapped runs in a box of `width` at `x`; returns the lines drawn (or that would be, with `dry`). */
  text(runs: Run[], x: number, width: number, size: number, opts: { dry?: boolean; top?: number } = {}): number {
    const words: { text: string; font: PDFFont; link: boolean }[] = [];
    for (const r of runs) {
      for (const w of printable(r.text).split(/(\s+)/)) if (w) words.push({ text: w, font: this.font(r), link: !!r.href });
    }
    const lines: (typeof words)[] = [[]];
    let used = 0;
    for (const w of words) {
      const line = lines[lines.length - 1] as typeof words;
      const ww = w.font.widthOfTextAtSize(w.text, size);
      if (/^\s+$/.test(w.text)) {
        if (line.length) {
          line.push(w);
          used += ww;
        }
        continue;
      }
      if (used + ww > width && line.length) {
        while (line.length && /^\s+$/.test((line[line.length - 1] as { text: string }).text)) line.pop();
        lines.push([w]);
        used = ww;
      } else {
        line.push(w);
        used += ww;
      }
    }
    const lead = size * 1.4;
    if (opts.dry) return lines.length;
    let y = opts.top ?? this.y;
    for (const line of lines) {
      if (opts.top === undefined) {
        this.need(lead);
        y = this.y;
      }
      let cx = x;
      for (const w of line) {
        this.page.drawText(w.text, { x: cx, y: y - size, size, font: w.font, color: w.link ? this.rgb(0.2, 0.43, 0.86) : this.rgb(0.1, 0.1, 0.1) });
        cx += w.font.widthOfTextAtSize(w.text, size);
      }
      if (opts.top === undefined) this.y -= lead;
      else y -= lead;
    }
    return lines.length;
  }

  blocks(list: Block[], x: number, width: number): void {
    for (const b of list) this.block(b, x, width);
  }

  block(b: Block, x: number, width: number): void {
    switch (b.kind) {
      case 'heading': {
        const size = [0, 17, 14.5, 12.5, 11.5, 11, 11][b.level] ?? 11;
        this.need(size * 3);
        this.y -= size * 0.5;
        this.text(b.runs.map((r) => ({ ...r, bold: true })), x, width, size);
        this.y -= 2;
        return;
      }
      case 'paragraph':
        this.text(b.runs, x, width, 10.5);
        this.y -= 5;
        return;
      case 'list':
        b.items.forEach((item, n) => {
          const marker = b.ordered ? `${b.start + n}.` : '\u2022';
          this.need(15);
          this.page.drawText(marker, { x: x + 4, y: this.y - 10.5, size: 10.5, font: this.fonts.regular, color: this.rgb(0.1, 0.1, 0.1) });
          const [first, ...rest] = item;
          if (first?.kind === 'paragraph') {
            this.text(first.runs, x + 22, width - 22, 10.5);
            this.blocks(rest, x + 22, width - 22);
          } else this.blocks(item, x + 22, width - 22);
        });
        this.y -= 4;
        return;
      case 'code': {
        if (b.title) this.text([{ text: b.title, bold: true }], x, width, 9);
        for (const line of b.text.split('\n')) {
          this.need(12);
          this.page.drawRectangle({ x: x - 4, y: this.y - 12, width: width + 8, height: 12, color: this.rgb(0.96, 0.97, 0.98) });
          this.text([{ text: line || ' ', code: true }], x + 4, width - 8, 9);
          this.y += 9 * 1.4 - 12;
        }
        this.y -= 8;
        return;
      }
      case 'quote':
      case 'hint':
      case 'tab': {
        const colour = b.kind === 'hint' ? (HINT_COLOURS[b.style] ?? HINT_COLOURS.info) : [0.6, 0.6, 0.6];
        const top = this.y;
        const startPage = this.page;
        if (b.kind === 'tab') this.text([{ text: b.title, bold: true }], x + 12, width - 12, 10);
        this.blocks(b.blocks, x + 12, width - 12);
        const [r, g, bl] = colour as [number, number, number];
        if (this.page === startPage) this.page.drawRectangle({ x, y: this.y + 4, width: 3, height: top - this.y - 4, color: this.rgb(r, g, bl) });
        this.y -= 4;
        return;
      }
      case 'embed':
        this.text([{ text: 'Embedded: ', bold: true }, { text: b.url, href: b.url }], x, width, 10.5);
        this.y -= 5;
        return;
      case 'rule':
        this.need(12);
        this.page.drawLine({ start: { x, y: this.y - 6 }, end: { x: x + width, y: this.y - 6 }, thickness: 0.5, color: this.rgb(0.8, 0.8, 0.8) });
        this.y -= 12;
        return;
      case 'image':
        this.image(b.src, b.alt, x, width);
        return;
      case 'table':
        this.table(b.header, b.rows, x, width);
        return;
    }
  }

  image(src: string, alt: string, x: number, width: number): void {
    const name = (() => {
      const m = /(?:^|\/)(?:\.gitbook\/assets|files)\/([^/?#]+)$/.exec(src.replace(/^\.?\//, ''));
      try {
        return m ? decodeURIComponent(m[1] as string) : undefined;
      } catch {
        return m?.[1];
      }
    })();
    const img = name ? this.images.get(name) : undefined;
    if (!img) {
      this.text([{ text: `[image: ${alt || src}]`, italic: true }], x, width, 9.5);
      return;
    }
    const scale = Math.min(1, width / img.width, (H - 2 * M) / 2 / img.height);
    const w = Math.max(img.width * scale, 8);
    const h = Math.max(img.height * scale, 8);
    this.need(h + 6);
    this.page.drawImage(img, { x, y: this.y - h, width: w, height: h });
    this.y -= h + 8;
  }

  table(header: Run[][], rows: Run[][][], x: number, width: number): void {
    const cols = Math.max(header.length, ...rows.map((r) => r.length), 1);
    const cw = width / cols;
    const size = 9.5;
    const lead = size * 1.4;
    const draw = (cells: Run[][], bold: boolean) => {
      const runs = (c: Run[] | undefined) => (c ?? []).map((r) => (bold ? { ...r, bold: true } : r));
      const lines = Math.max(1, ...Array.from({ length: cols }, (_, i) => this.text(runs(cells[i]), 0, cw - 8, size, { dry: true })));
      const h = lines * lead + 6;
      this.need(h);
      for (let i = 0; i < cols; i++) {
        const cx = x + i * cw;
        if (bold) this.page.drawRectangle({ x: cx, y: this.y - h, width: cw, height: h, color: this.rgb(0.96, 0.96, 0.96) });
        this.page.drawRectangle({ x: cx, y: this.y - h, width: cw, height: h, borderColor: this.rgb(0.8, 0.8, 0.8), borderWidth: 0.6 });
        this.text(runs(cells[i]), cx + 4, cw - 8, size, { top: this.y - 3 });
      }
      this.y -= h;
    };
    if (header.length) draw(header, true);
    for (const r of rows) draw(r, false);
    this.y -= 8;
  }
}

/**
 * A PDF of the pages: the title, then each page with its headings, text, ordered and bulleted
 * lists, tables, code, hints and images, flowing from page to page (a new sheet only when the
 * next line does not fit, so none is blank).
 */
export async function renderPdf(title: string, subtitle: string, pages: PdfPage[], images: Map<string, PdfImage> = new Map()): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(printable(title) || 'Change request');
  doc.setProducer('gbctl');
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
  const embedded = new Map<string, PDFImage>();
  for (const [name, f] of images) {
    try {
      if (f.contentType === 'image/png') embedded.set(name, await doc.embedPng(f.bytes));
      else if (f.contentType === 'image/jpeg') embedded.set(name, await doc.embedJpg(f.bytes));
    } catch {
      // An unreadable image is printed as its alt text.
    }
  }
  const L = new Layout(doc, fonts, rgb, embedded);
  const width = W - 2 * M;
  L.text([{ text: title || 'Untitled change request', bold: true }], M, width, 22);
  L.text([{ text: subtitle }], M, width, 11);
  L.y -= 16;
  for (const p of pages) {
    L.need(80);
    L.y -= 10;
    L.text([{ text: p.title, bold: true }], M, width, 19 - Math.min(p.depth, 2) * 2);
    L.y -= 4;
    L.blocks(documentModel(p.markdown), M, width);
  }
  return doc.save();
}

import type { PDFDocument, PDFFont, PDFImage, PDFPage } from 'pdf-lib';
import { documentModel, type Block, type ModelOptions, type Run } from './model.js';
import { flushPage } from './pdf-stream.js';
import { printable, W, H, M, HINT_COLOURS, type Fonts, type Word, type Line } from './pdf-style.js';

export interface PdfPage {
  title: string;
  markdown: string;
  depth: number;
  /** Titles of the pages its links point at (mentions and page cards show them). */
  linkTitle?: ModelOptions['linkTitle'];
  /** The file an image's `src` names, as the page's links resolve (an id the loader knows). */
  imageFile?: (src: string) => string | undefined;
  /** Its blocks, when they were read already (else read from `markdown`). */
  model?: Block[];
}

/** The bytes of an image file of the revision. */
export interface PdfImage {
  contentType: string;
  bytes: Uint8Array;
}

/** Lays blocks out down the pages, breaking to a new page only when the next line does not fit. */
class Layout {
  page: PDFPage;
  y = H - M;
  constructor(
    private doc: PDFDocument,
    private fonts: Fonts,
    private rgb: typeof import('pdf-lib').rgb,
    private image: (name: string) => Promise<PDFImage | undefined>,
  ) {
    this.page = doc.addPage([W, H]);
  }

  /** A new sheet when `height` does not fit; the finished one's drawing is compressed and let go. */
  need(height: number): void {
    if (this.y - height < M) {
      flushPage(this.doc, this.page);
      this.page = this.doc.addPage([W, H]);
      this.y = H - M;
    }
  }

  finish(): void {
    flushPage(this.doc, this.page);
  }

  private font(r: Run): PDFFont {
    return r.code ? this.fonts.mono : r.bold ? this.fonts.bold : r.italic ? this.fonts.italic : this.fonts.regular;
  }

  /**
   * Runs broken into lines of at most `width`: at spaces, and inside a word (a URL, a long
   * identifier) where it is wider than the line; `\n` starts a line. With `pre`, spaces are kept
   * as written (code), the first ones of a line included.
   */
  lines(runs: Run[], width: number, size: number, pre = false): Line[] {
    const out: Line[] = [[]];
    let used = 0;
    const add = (w: Word) => {
      (out[out.length - 1] as Line).push(w);
      used += w.width;
    };
    const newLine = () => {
      const line = out[out.length - 1] as Line;
      if (!pre) while (line.length && !line[line.length - 1]?.text.trim()) line.pop();
      out.push([]);
      used = 0;
    };
    for (const r of runs) {
      if (r.text === '\n') {
        newLine();
        continue;
      }
      const font = this.font(r);
      for (const piece of printable(r.text).split(/(\s+)/)) {
        if (!piece) continue;
        if (!piece.trim()) {
          // Spaces: a line break in them starts a line; code keeps the spaces after it (indentation).
          const parts = piece.split('\n');
          parts.forEach((sp, k) => {
            if (k > 0) newLine();
            if (sp && (pre || (out[out.length - 1] as Line).length)) add({ text: sp, font, link: !!r.href, width: font.widthOfTextAtSize(sp, size) });
          });
          continue;
        }
        const w: Word = { text: piece, font, link: !!r.href, width: font.widthOfTextAtSize(piece, size) };
        if (used + w.width <= width) {
          add(w);
          continue;
        }
        if (w.width <= width) {
          newLine();
          add(w);
          continue;
        }
        // A word wider than a whole line (a URL, a long identifier) is cut where each line ends.
        let rest = piece;
        while (font.widthOfTextAtSize(rest, size) > width - used) {
          const room = width - used;
          let n = Math.floor((rest.length * room) / font.widthOfTextAtSize(rest, size));
          while (n > 0 && font.widthOfTextAtSize(rest.slice(0, n), size) > room) n--;
          if (n === 0 && !(out[out.length - 1] as Line).length) n = 1;
          if (n > 0) add({ ...w, text: rest.slice(0, n), width: font.widthOfTextAtSize(rest.slice(0, n), size) });
          newLine();
          rest = rest.slice(n);
        }
        if (rest) add({ ...w, text: rest, width: font.widthOfTextAtSize(rest, size) });
      }
    }
    if (out.length > 1 && !(out[out.length - 1] as Line).length) out.pop();
    return out;
  }

  /** Draws lines from the current position, each moving down and breaking the page as needed. */
  draw(lines: Line[], x: number, size: number, opts: { top?: number; background?: [number, number, number]; bgX?: number; bgWidth?: number } = {}): void {
    const lead = size * 1.4;
    let y = opts.top ?? this.y;
    for (const line of lines) {
      if (opts.top === undefined) {
        this.need(lead);
        y = this.y;
      }
      if (opts.background) {
        const [r, g, b] = opts.background;
        this.page.drawRectangle({ x: opts.bgX ?? x, y: y - lead, width: opts.bgWidth ?? 0, height: lead, color: this.rgb(r, g, b) });
      }
      // Words of one style are drawn as one string: each drawing operation costs objects and bytes.
      let cx = x;
      for (let i = 0; i < line.length;) {
        const first = line[i] as Word;
        let text = '';
        let width = 0;
        for (; i < line.length && (line[i] as Word).font === first.font && (line[i] as Word).link === first.link; i++) {
          text += (line[i] as Word).text;
          width += (line[i] as Word).width;
        }
        if (text.trim())
          this.page.drawText(text.trimEnd(), {
            x: cx,
            y: y - size,
            size,
            font: first.font,
            color: first.link ? this.rgb(0.2, 0.43, 0.86) : this.rgb(0.1, 0.1, 0.1),
          });
        cx += width;
      }
      if (opts.top === undefined) this.y -= lead;
      else y -= lead;
    }
  }

  text(runs: Run[], x: number, width: number, size: number): number {
    const lines = this.lines(runs, width, size);
    this.draw(lines, x, size);
    return lines.length;
  }

  async blocks(list: Block[], x: number, width: number): Promise<void> {
    for (const b of list) await this.block(b, x, width);
  }

  async block(b: Block, x: number, width: number): Promise<void> {
    switch (b.kind) {
      case 'heading': {
        const size = [0, 17, 14.5, 12.5, 11.5, 11, 11][b.level] ?? 11;
        this.need(size * 3);
        this.y -= size * 0.5;
        this.text(
          b.runs.map((r) => ({ ...r, bold: true })),
          x,
          width,
          size,
        );
        this.y -= 2;
        return;
      }
      case 'paragraph':
        this.text(b.runs, x, width, 10.5);
        this.y -= 5;
        return;
      case 'list':
        for (const [n, item] of b.items.entries()) {
          const task = b.tasks?.[n];
          const marker = task ? (task === 'done' ? '[x]' : '[ ]') : b.ordered ? `${b.start + n}.` : '\u2022';
          this.need(15);
          this.page.drawText(marker, {
            x: x + 2,
            y: this.y - 10.5,
            size: 10.5,
            font: task ? this.fonts.mono : this.fonts.regular,
            color: this.rgb(0.1, 0.1, 0.1),
          });
          const [first, ...rest] = item;
          if (first?.kind === 'paragraph') {
            this.text(first.runs, x + 24, width - 24, 10.5);
            await this.blocks(rest, x + 24, width - 24);
          } else await this.blocks(item, x + 24, width - 24);
        }
        this.y -= 4;
        return;
      case 'code': {
        if (b.title) this.text([{ text: b.title, bold: true }], x, width, 9);
        const lines = this.lines([{ text: b.text || ' ', code: true }], width - 8, 9, true);
        this.draw(lines, x + 4, 9, { background: [0.96, 0.97, 0.98], bgX: x - 4, bgWidth: width + 8 });
        this.y -= 8;
        return;
      }
      case 'quote':
      case 'hint':
      case 'section': {
        const colour = b.kind === 'hint' ? (HINT_COLOURS[b.style] ?? HINT_COLOURS.info) : [0.6, 0.6, 0.6];
        const top = this.y;
        const startPage = this.page;
        if (b.kind === 'section' && b.title.length) this.text(b.title, x + 12, width - 12, 10.5);
        await this.blocks(b.blocks, x + 12, width - 12);
        const [r, g, bl] = colour as [number, number, number];
        if (this.page === startPage) this.page.drawRectangle({ x, y: this.y + 4, width: 3, height: top - this.y - 4, color: this.rgb(r, g, bl) });
        this.y -= 4;
        return;
      }
      case 'card': {
        const size = 10;
        const title = this.lines([{ text: b.title, bold: true, ...(b.href ? { href: b.href } : {}) }], width - 16, size);
        const rest = b.lines.flatMap((l) => this.lines(l, width - 16, 9));
        const h = (title.length * size + rest.length * 9) * 1.4 + 10;
        if (h < H - 2 * M) this.need(h);
        const top = this.y;
        const startPage = this.page;
        this.y -= 5;
        this.draw(title, x + 8, size);
        this.draw(rest, x + 8, 9);
        this.y -= 5;
        if (this.page === startPage)
          this.page.drawRectangle({ x, y: this.y, width, height: top - this.y, borderColor: this.rgb(0.82, 0.82, 0.82), borderWidth: 0.6 });
        this.y -= 6;
        return;
      }
      case 'rule':
        this.need(12);
        this.page.drawLine({ start: { x, y: this.y - 6 }, end: { x: x + width, y: this.y - 6 }, thickness: 0.5, color: this.rgb(0.8, 0.8, 0.8) });
        this.y -= 12;
        return;
      case 'image':
        await this.picture(b, x, width);
        return;
      case 'table':
        this.table(b.header, b.rows, x, width);
        return;
    }
  }

  /** Where the page being laid out finds its images' files. */
  imageFile: (src: string) => string | undefined = () => undefined;

  async picture(b: Extract<Block, { kind: 'image' }>, x: number, width: number): Promise<void> {
    const file = this.imageFile(b.src);
    const img = file ? await this.image(file) : undefined;
    if (!img) {
      // An icon in a sentence that cannot be drawn is left out; a picture of its own says what it shows.
      if (!b.inline && (b.alt || b.caption)) this.text([{ text: `[image: ${b.alt || 'picture'}]`, italic: true }], x, width, 9.5);
      if (b.caption)
        this.text(
          b.caption.map((r) => ({ ...r, italic: true })),
          x,
          width,
          9,
        );
      return;
    }
    const scale = Math.min(1, width / img.width, (H - 2 * M) / 2 / img.height);
    const w = Math.max(img.width * scale, 8);
    const h = Math.max(img.height * scale, 8);
    this.need(h + 6);
    this.page.drawImage(img, { x, y: this.y - h, width: w, height: h });
    this.y -= h + 4;
    if (b.caption)
      this.text(
        b.caption.map((r) => ({ ...r, italic: true })),
        x,
        width,
        9,
      );
    this.y -= 4;
  }

  table(header: Run[][], rows: Run[][][], x: number, width: number): void {
    const cols = Math.max(header.length, ...rows.map((r) => r.length), 1);
    const cw = width / cols;
    const size = 9.5;
    const lead = size * 1.4;
    const row = (cells: Run[][], bold: boolean) => {
      const runs = (c: Run[] | undefined) => (c ?? []).map((r) => (bold ? { ...r, bold: true } : r));
      const laid = Array.from({ length: cols }, (_, i) => this.lines(runs(cells[i]), cw - 8, size));
      const h = Math.max(1, ...laid.map((l) => l.length)) * lead + 6;
      if (h > H - 2 * M) {
        // A row taller than a sheet: its cells one after another, flowing over the sheets.
        for (const l of laid) this.draw(l, x + 4, size);
        this.y -= 6;
        return;
      }
      this.need(h);
      for (let i = 0; i < cols; i++) {
        const cx = x + i * cw;
        if (bold) this.page.drawRectangle({ x: cx, y: this.y - h, width: cw, height: h, color: this.rgb(0.96, 0.96, 0.96) });
        this.page.drawRectangle({ x: cx, y: this.y - h, width: cw, height: h, borderColor: this.rgb(0.8, 0.8, 0.8), borderWidth: 0.6 });
        this.draw(laid[i] as Line[], cx + 4, size, { top: this.y - 3 });
      }
      this.y -= h;
    };
    if (header.length) row(header, true);
    for (const r of rows) row(r, false);
    this.y -= 8;
  }
}

/**
 * A PDF of the pages: the title, then each page with its headings, text, lists (task lists
 * ticked), tables, cards, code, hints, tabs, steps, updates and images, flowing from sheet to
 * sheet (a new sheet only when the next line does not fit, so none is blank). Pages are read
 * one at a time and each finished sheet is compressed at once, so what is held grows with the
 * size of the finished file, not with the drawing of every sheet; an image is embedded once,
 * the first time a page shows it.
 */
/**
 * The PDF of the pages. `load` reads an image file's bytes when a page first shows it (each is
 * embedded once, then only its reference is kept), so images are never all held at once.
 */
export async function renderPdf(
  title: string,
  subtitle: string,
  pages: Iterable<PdfPage>,
  load: (file: string) => Promise<PdfImage | undefined> = async () => undefined,
): Promise<Uint8Array> {
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
  const embedded = new Map<string, Promise<PDFImage | undefined>>();
  const image = (name: string) => {
    let hit = embedded.get(name);
    if (!hit) {
      hit = (async () => {
        const f = await load(name);
        if (!f) return undefined;
        try {
          const img = f.contentType === 'image/png' ? await doc.embedPng(f.bytes) : f.contentType === 'image/jpeg' ? await doc.embedJpg(f.bytes) : undefined;
          // Written into the document now, so the decoded pixels are not held until the end.
          await img?.embed();
          return img;
        } catch {
          return undefined; // an unreadable image is printed as its alt text
        }
      })();
      embedded.set(name, hit);
    }
    return hit;
  };
  const L = new Layout(doc, fonts, rgb, image);
  const width = W - 2 * M;
  L.text([{ text: title || 'Untitled change request', bold: true }], M, width, 22);
  L.text([{ text: subtitle }], M, width, 11);
  L.y -= 16;
  for (const p of pages) {
    L.need(80);
    L.y -= 10;
    L.text([{ text: p.title, bold: true }], M, width, 19 - Math.min(p.depth, 2) * 2);
    L.y -= 4;
    L.imageFile = p.imageFile ?? (() => undefined);
    await L.blocks(p.model ?? documentModel(p.markdown, p.linkTitle ? { linkTitle: p.linkTitle } : {}), M, width);
  }
  L.finish();
  return doc.save();
}

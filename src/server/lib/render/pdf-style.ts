import type { PDFFont } from 'pdf-lib';

/* The PDF's page and type: A4 in points with its margin, the hints' colours, the text the standard fonts can draw. */

/** The standard fonts encode WinAnsi only: keep Latin text, drop what they cannot draw. */
export function printable(s: string): string {
  return s
    .replace(/\t/g, '    ')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7E\xA0-\xFF\u2022\n]/g, '');
}

export const [W, H, M] = [595, 842, 56];
export const HINT_COLOURS: Record<string, [number, number, number]> = {
  info: [0.2, 0.43, 0.86],
  warning: [1, 0.6, 0],
  danger: [0.98, 0.17, 0.21],
  success: [0, 0.79, 0.31],
};

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
  mono: PDFFont;
}

export type Word = { text: string; font: PDFFont; link: boolean; width: number };
export type Line = Word[];

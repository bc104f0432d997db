import stringWidth from 'string-width';

/** Printable ASCII: one column a character, measured without string-width's regular expressions. */
const ASCII = /^[\x20-\x7e]*$/;

/** Columns a cell takes on a terminal: wide characters count two, combining marks none. */
export function displayWidth(text: string): number {
  return ASCII.test(text) ? text.length : stringWidth(text);
}

/**
 * Rows as columns side by side, each padded to its widest cell, a space either side and two
 * between, under a header line: the borderless table a person reads in a terminal. Cells are one
 * line each, already made safe for the terminal; `style` decorates a header's text without
 * changing its width (bold).
 */
export function layoutTable(head: string[], rows: string[][], style: (text: string) => string = (t) => t): string {
  const widths = head.map(displayWidth);
  const cellWidths = rows.map((r) =>
    r.map((c, i) => {
      const w = displayWidth(c);
      if (w > (widths[i] ?? 0)) widths[i] = w;
      return w;
    }),
  );
  const line = (cells: string[], w: number[], styled: (t: string) => string) =>
    cells.map((c, i) => ` ${styled(c)}${' '.repeat((widths[i] ?? 0) - (w[i] ?? 0))} `).join('  ');
  const lines = [line(head, head.map(displayWidth), style)];
  rows.forEach((r, j) => lines.push(line(r, cellWidths[j] ?? [], (t) => t)));
  return lines.join('\n');
}

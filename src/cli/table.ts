/** Printable ASCII: one column a character. */
const ASCII = /^[\x20-\x7e]*$/;

/** Columns a text takes on a terminal: wide characters count two, combining marks none. */
export type Width = (text: string) => number;

/**
 * A measure of the widths of `texts`: their length when every one is printable ASCII, string-width
 * otherwise. It is loaded only then: required at start-up with its four modules, it cost every
 * command about 2.5% of its instructions.
 */
export async function widthFor(texts: readonly string[]): Promise<Width> {
  if (texts.every((t) => ASCII.test(t))) return (t) => t.length;
  const { default: stringWidth } = await import('string-width');
  return (t) => (ASCII.test(t) ? t.length : stringWidth(t));
}

/**
 * Rows as columns side by side, each padded to its widest cell, a space either side and two
 * between, under a header line: the borderless table a person reads in a terminal. Cells are one
 * line each, already made safe for the terminal; `style` decorates a header's text without
 * changing its width (bold).
 */
export function layoutTable(head: string[], rows: string[][], width: Width, style: (text: string) => string = (t) => t): string {
  const headWidths = head.map(width);
  const widths = [...headWidths];
  const cellWidths = rows.map((r) =>
    r.map((c, i) => {
      const w = width(c);
      if (w > (widths[i] ?? 0)) widths[i] = w;
      return w;
    }),
  );
  const line = (cells: string[], w: number[], styled: (t: string) => string) =>
    cells.map((c, i) => ` ${styled(c)}${' '.repeat((widths[i] ?? 0) - (w[i] ?? 0))} `).join('  ');
  const lines = [line(head, headWidths, style)];
  rows.forEach((r, j) => lines.push(line(r, cellWidths[j] ?? [], (t) => t)));
  return lines.join('\n');
}

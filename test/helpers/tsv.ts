/** How a reader of gbctl's tab-separated rows undoes their escaping (see `gbctl help formatting`). */
export function tsvUnescape(field: string): string {
  return field.replace(/\\(?:([\\tnr])|x([0-9a-f]{2})|u([0-9a-f]{4}))/g, (_, c: string | undefined, x: string | undefined, u: string | undefined) => {
    if (x) return String.fromCharCode(parseInt(x, 16));
    if (u) return String.fromCharCode(parseInt(u, 16));
    return c === 't' ? '\t' : c === 'n' ? '\n' : c === 'r' ? '\r' : '\\';
  });
}

/** `field<TAB>value` lines as an object of unescaped values. */
export function tsvRecordOf(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const cells = line.split('\t');
        if (cells.length !== 2) throw new Error(`not a field<TAB>value line: ${JSON.stringify(line)}`);
        return [tsvUnescape(cells[0] as string), tsvUnescape(cells[1] as string)];
      }),
  );
}

/** A control or bidirectional character that should never reach a terminal raw (as src/cli/terminal-text.ts lists them). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

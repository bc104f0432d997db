/**
 * Finds the records of a snapshot's `tables` object in its bytes without building them: for each
 * table, each record's id and where its JSON text lies. A large store is then held as ids and
 * file positions, and a record is parsed when it is read (see rows.ts).
 */

/** The records of one table: parallel lists of ids and byte ranges in the scanned buffer. */
export interface ScannedTable {
  name: string;
  ids: string[];
  starts: number[];
  ends: number[];
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const NEWLINE = 0x0a;
/** `{"id":"`, how a record written with its id first begins. */
const ID_FIRST = Buffer.from('{"id":"');

export class ScanError extends Error {}

function isSpace(c: number | undefined): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function skipSpace(b: Buffer, i: number): number {
  while (isSpace(b[i])) i++;
  return i;
}

/** Index just past the string that starts at `i` (a quote). */
function skipString(b: Buffer, i: number): number {
  let at = i + 1;
  for (;;) {
    const q = b.indexOf(QUOTE, at);
    if (q < 0) throw new ScanError(`an unterminated string at byte ${i}`);
    let slashes = 0;
    while (b[q - 1 - slashes] === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return q + 1;
    at = q + 1;
  }
}

/** Index just past the JSON value that starts at `i`. */
function skipValue(b: Buffer, i: number): number {
  const c = b[i];
  if (c === QUOTE) return skipString(b, i);
  if (c === OPEN_BRACE || c === OPEN_BRACKET) {
    let depth = 0;
    for (let j = i; j < b.length;) {
      const d = b[j] as number;
      if (d === QUOTE) {
        j = skipString(b, j);
        continue;
      }
      if (d === OPEN_BRACE || d === OPEN_BRACKET) depth++;
      else if (d === CLOSE_BRACE || d === CLOSE_BRACKET) {
        depth--;
        if (depth === 0) return j + 1;
      }
      j++;
    }
    throw new ScanError(`an unterminated object or list at byte ${i}`);
  }
  let j = i;
  while (j < b.length && b[j] !== COMMA && b[j] !== CLOSE_BRACE && b[j] !== CLOSE_BRACKET && !isSpace(b[j])) j++;
  if (j === i) throw new ScanError(`a value was expected at byte ${i}`);
  return j;
}

function expect(b: Buffer, i: number, c: number, what: string): number {
  if (b[i] !== c) throw new ScanError(`${what} was expected at byte ${i}`);
  return i + 1;
}

function stringAt(b: Buffer, start: number, end: number): string {
  const raw = b.subarray(start, end);
  return raw.includes(BACKSLASH) ? (JSON.parse(raw.toString('utf8')) as string) : raw.toString('utf8', 1, raw.length - 1);
}

/** The id of the record (an object) spanning `start` to `end`. */
function recordId(b: Buffer, start: number, where: string): string {
  let i = skipSpace(b, start + 1);
  while (b[i] !== CLOSE_BRACE) {
    if (b[i] !== QUOTE) throw new ScanError(`a key was expected at byte ${i} in ${where}`);
    const keyEnd = skipString(b, i);
    const isId = keyEnd - i === 4 && b[i + 1] === 0x69 && b[i + 2] === 0x64;
    i = skipSpace(b, expect(b, skipSpace(b, keyEnd), COLON, '":"'));
    const valueEnd = skipValue(b, i);
    if (isId) {
      if (b[i] !== QUOTE) break;
      const id = stringAt(b, i, valueEnd);
      if (id !== '') return id;
      break;
    }
    i = skipSpace(b, valueEnd);
    if (b[i] === COMMA) i = skipSpace(b, i + 1);
    else if (b[i] !== CLOSE_BRACE) throw new ScanError(`"," or "}" was expected at byte ${i} in ${where}`);
  }
  throw new ScanError(`${where} is not a record with a string id`);
}

/**
 * Scans the `tables` object whose text runs from `start` to `end` (exclusive): every table a
 * list of records, every record an object with a non-empty string id, no id twice in a table.
 */
export function scanTables(b: Buffer, start: number, end: number): ScannedTable[] {
  const out: ScannedTable[] = [];
  let i = expect(b, skipSpace(b, start), OPEN_BRACE, '"{"');
  i = skipSpace(b, i);
  while (b[i] !== CLOSE_BRACE) {
    if (b[i] !== QUOTE) throw new ScanError(`a table name was expected at byte ${i}`);
    const nameEnd = skipString(b, i);
    const t: ScannedTable = { name: stringAt(b, i, nameEnd), ids: [], starts: [], ends: [] };
    const seen = new Set<string>();
    i = skipSpace(b, expect(b, skipSpace(b, nameEnd), COLON, '":"'));
    i = skipSpace(b, expect(b, i, OPEN_BRACKET, `a list for table "${t.name}"`));
    while (b[i] !== CLOSE_BRACKET) {
      const where = `tables.${t.name}.${t.ids.length}`;
      if (b[i] !== OPEN_BRACE) throw new ScanError(`${where} is not a record`);
      const rowEnd = skipValue(b, i);
      const id = recordId(b, i, where);
      if (seen.has(id)) throw new ScanError(`table "${t.name}" holds id "${id}" twice`);
      seen.add(id);
      t.ids.push(id);
      t.starts.push(i);
      t.ends.push(rowEnd);
      i = skipSpace(b, rowEnd);
      if (b[i] === COMMA) i = skipSpace(b, i + 1);
      else if (b[i] !== CLOSE_BRACKET) throw new ScanError(`"," or "]" was expected at byte ${i} in table "${t.name}"`);
    }
    out.push(t);
    i = skipSpace(b, i + 1);
    if (b[i] === COMMA) i = skipSpace(b, i + 1);
    else if (b[i] !== CLOSE_BRACE) throw new ScanError(`"," or "}" was expected at byte ${i}`);
  }
  if (skipSpace(b, i + 1) !== end) throw new ScanError(`unexpected text after the tables at byte ${i + 1}`);
  return out;
}

/** The id of a record that begins `{"id":"…"` with no escape in it; undefined otherwise. */
function leadingId(b: Buffer, start: number): string | undefined {
  if (b.compare(ID_FIRST, 0, ID_FIRST.length, start, start + ID_FIRST.length) !== 0) return undefined;
  const from = start + ID_FIRST.length;
  const q = b.indexOf(QUOTE, from);
  if (q <= from) return undefined;
  for (let j = from; j < q; j++) if (b[j] === BACKSLASH) return undefined;
  return b.toString('utf8', from, q);
}

/**
 * The same as scanTables for the layout gbctl writes, one record a line:
 * `{\n"name":[\n{…},\n{…}\n],\n"other":[\n{…}\n]\n}`. A record's line needs only one search
 * for its end, and its id is read from its start. Answers undefined for any other layout (a
 * store written before this layout, or by hand), which scanTables reads.
 */
export function scanRecordLines(b: Buffer, start: number, end: number): ScannedTable[] | undefined {
  const lines = new RecordLines();
  for (let i = start; i <= end;) {
    let lineEnd = b.indexOf(NEWLINE, i);
    if (lineEnd < 0 || lineEnd > end) lineEnd = end;
    if (!lines.line(b, i, lineEnd)) return undefined;
    i = lineEnd + 1;
  }
  return lines.done();
}

/**
 * scanRecordLines a line at a time, for text read in pieces: each line is given with the offset
 * of its buffer in the text, and the positions noted are offsets in the text.
 */
export class RecordLines {
  private readonly tables: ScannedTable[] = [];
  private t: ScannedTable | undefined;
  private seen = new Set<string>();
  private phase: 'open' | 'tables' | 'closed' = 'open';

  /** Takes the line b[i, lineEnd), its newline left out; false when it is not in gbctl's layout. */
  line(b: Buffer, i: number, lineEnd: number, base = 0): boolean {
    if (this.phase !== 'tables') {
      if (this.phase === 'closed' || b[i] !== OPEN_BRACE || lineEnd !== i + 1) return false;
      this.phase = 'tables';
      return true;
    }
    const t = this.t;
    if (!t) {
      if (b[i] === CLOSE_BRACE && lineEnd === i + 1) {
        this.phase = 'closed';
        return true;
      }
      if (b[i] !== QUOTE || b[lineEnd - 1] !== OPEN_BRACKET || b[lineEnd - 2] !== COLON) return false;
      this.t = { name: stringAt(b, i, lineEnd - 2), ids: [], starts: [], ends: [] };
      this.seen = new Set();
    } else if (b[i] === CLOSE_BRACKET) {
      if (lineEnd !== i + 1 && !(lineEnd === i + 2 && b[i + 1] === COMMA)) return false;
      this.tables.push(t);
      this.t = undefined;
    } else {
      const rowEnd = b[lineEnd - 1] === COMMA ? lineEnd - 1 : lineEnd;
      if (b[i] !== OPEN_BRACE || b[rowEnd - 1] !== CLOSE_BRACE) return false;
      const id = leadingId(b, i) ?? recordId(b, i, `tables.${t.name}.${t.ids.length}`);
      if (this.seen.has(id)) throw new ScanError(`table "${t.name}" holds id "${id}" twice`);
      this.seen.add(id);
      t.ids.push(id);
      t.starts.push(base + i);
      t.ends.push(base + rowEnd);
    }
    return true;
  }

  /** The tables, when the lines given ended where the layout does; undefined otherwise. */
  done(): ScannedTable[] | undefined {
    return this.phase === 'closed' ? this.tables : undefined;
  }
}

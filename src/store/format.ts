import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from './crc32.js';
import type { Op, Row } from './store.js';

/**
 * On disk a store is two files:
 * - the snapshot, `store.json`: `{"format":"gbctl-store","version":3,"generation":G,"seq":N,
 *   "checksum":"sha1:…","tables":{…}}`, the data as of journal record N; the checksum covers
 *   the header's fields (format, version, generation, seq: see headerText) and the text of
 *   `tables` as gbctl wrote it, so an edit by anything else shows, a raised `seq` included;
 * - the journal, `store.json.journal`: JSON lines, a header `{"format":"gbctl-journal",
 *   "version":3,"generation":G}` naming the snapshot it follows, then one line per committed
 *   write transaction `{"seq":N+1,"crc":"xxxxxxxx","ops":[…]}`, the crc (CRC-32) covering the
 *   text of `ops`.
 * Format 2 was the same but for a checksum over `tables` alone; it is rewritten on open.
 */
export const STORE_FORMAT = 'gbctl-store';
export const JOURNAL_FORMAT = 'gbctl-journal';
export const STORE_VERSION = 3;
/** The format whose checksum covers only the tables: read, and migrated on open for writing. */
export const TABLES_ONLY_CHECKSUM_VERSION = 2;

export const journalPath = (path: string) => `${path}.journal`;
export const lockPath = (path: string) => `${path}.lock`;

export const newGeneration = () => randomBytes(8).toString('hex');

export interface SnapshotHeader {
  generation: string;
  seq: number;
}

const TABLES_KEY = ',"tables":';

/** A snapshot's text with its tables on one line, as gbctl wrote them before one record a line. */
export function encodeSnapshot(h: SnapshotHeader, tables: Record<string, Row[]>): string {
  const body = JSON.stringify(tables);
  const { head, tail } = snapshotParts(h, [Buffer.from(body)]);
  return `${head}${body}${tail}`;
}

/**
 * Where the text of `tables` lies in a snapshot's bytes: after the `"tables":` key, up to the
 * closing brace (trailing white space, an editor's final newline, aside).
 */
export function tablesRange(buf: Buffer): { start: number; end: number } | undefined {
  const start = tablesStart(buf);
  const end = tablesEnd(buf);
  return start === undefined || end === undefined ? undefined : { start, end };
}

/** Where the text of `tables` begins in a snapshot's first bytes. */
export function tablesStart(head: Buffer): number | undefined {
  const at = head.indexOf(TABLES_KEY);
  return at < 0 ? undefined : at + TABLES_KEY.length;
}

/** Where the text of `tables` ends in a snapshot's last bytes: before its closing brace and any white space after it. */
export function tablesEnd(tail: Buffer): number | undefined {
  let end = tail.length;
  while (end > 0 && (tail[end - 1] === 0x0a || tail[end - 1] === 0x0d || tail[end - 1] === 0x20 || tail[end - 1] === 0x09)) end--;
  return tail[end - 1] === 0x7d ? end - 1 : undefined;
}

/**
 * The header's fields as the checksum covers them: fixed order, one JSON text, so that any
 * change to where the snapshot says it stands (its generation, its seq) breaks the checksum.
 */
function headerText(version: number, generation: unknown, seq: unknown): string {
  return JSON.stringify([STORE_FORMAT, version, generation, seq]);
}

/** The checksum of a snapshot of `version`, taken over its tables' text piece by piece. */
export function checksummer(version: number, generation: unknown, seq: unknown): { update(b: Uint8Array): void; digest(): string } {
  const hash = createHash('sha1');
  if (version > TABLES_ONLY_CHECKSUM_VERSION) hash.update(`${headerText(version, generation, seq)}\n`);
  return {
    update: (b) => void hash.update(b),
    digest: () => `sha1:${hash.digest('hex')}`,
  };
}

function checksumOf(version: number, generation: unknown, seq: unknown, tables: Iterable<Uint8Array>): string {
  const sum = checksummer(version, generation, seq);
  for (const b of tables) sum.update(b);
  return sum.digest();
}

/**
 * Whether a snapshot's text is what gbctl wrote: its recorded checksum matches its header and
 * tables as they stand (format 2: its tables only).
 */
export function snapshotIntact(buf: Buffer, head: Record<string, unknown> | undefined): boolean {
  if (!head || typeof head.checksum !== 'string' || typeof head.version !== 'number') return false;
  if (head.version < TABLES_ONLY_CHECKSUM_VERSION) return false;
  const r = tablesRange(buf);
  return !!r && checksumOf(head.version, head.generation, head.seq, [buf.subarray(r.start, r.end)]) === head.checksum;
}

/** The header of a snapshot: its text up to `"tables":`, closed and parsed. */
export function snapshotHeader(buf: Buffer): Record<string, unknown> | undefined {
  const at = buf.indexOf(TABLES_KEY);
  if (at < 0 || at > 4096) return undefined;
  try {
    const h: unknown = JSON.parse(`${buf.toString('utf8', 0, at)}}`);
    return h && typeof h === 'object' && !Array.isArray(h) ? (h as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A snapshot's text in parts, given the tables' text already made: the header with the tables'
 * checksum, then the tables, then the closing brace.
 */
export function snapshotParts(h: SnapshotHeader, tables: Buffer[]): { head: string; tail: string } {
  return { head: snapshotHead(h, checksumOf(STORE_VERSION, h.generation, h.seq, tables)), tail: SNAPSHOT_TAIL };
}

export const SNAPSHOT_TAIL = '}';

function snapshotHead(h: SnapshotHeader, checksum: string): string {
  const head = JSON.stringify({ format: STORE_FORMAT, version: STORE_VERSION, generation: h.generation, seq: h.seq, checksum });
  return `${head.slice(0, -1)}${TABLES_KEY}`;
}

/**
 * A snapshot's header before its tables are written, and the header they make once written:
 * the checksum is taken as they go, and the header's length does not depend on its value, so
 * that it can be written in its place last.
 */
export function snapshotHeadStream(h: SnapshotHeader): { placeholder: Buffer; update(b: Uint8Array): void; head(): Buffer; checksum(): string } {
  const sum = checksummer(STORE_VERSION, h.generation, h.seq);
  const placeholder = Buffer.from(snapshotHead(h, `sha1:${'0'.repeat(40)}`));
  let digest: string | undefined;
  const checksum = () => (digest ??= sum.digest());
  return {
    placeholder,
    update: sum.update,
    checksum,
    head: () => {
      const head = Buffer.from(snapshotHead(h, checksum()));
      if (head.length !== placeholder.length) throw new Error('snapshot header changed length');
      return head;
    },
  };
}

export function encodeJournalHeader(generation: string): string {
  return `${JSON.stringify({ format: JOURNAL_FORMAT, version: STORE_VERSION, generation })}\n`;
}

const crcHex = (s: string) => crc32(s).toString(16).padStart(8, '0');

export function encodeRecord(seq: number, ops: Op[]): string {
  const body = JSON.stringify(ops);
  return `{"seq":${seq},"crc":"${crcHex(body)}","ops":${body}}\n`;
}

export interface JournalRecord {
  seq: number;
  ops: Op[];
  /** 1-based line number in the journal. */
  line: number;
}

const RECORD = /^\{"seq":(\d+),"crc":"([0-9a-f]{8})","ops":/;

/**
 * One journal line (its bytes, without the end of line) as a record, or why it is not one. The
 * checksum is taken over the bytes as they are and the text decoded once, for JSON.parse: a
 * store's journal can hold megabytes in a single transaction.
 */
export function parseRecord(bytes: Buffer, line: number): JournalRecord | string {
  const m = RECORD.exec(bytes.toString('latin1', 0, Math.min(bytes.length, 64)));
  if (!m || bytes[bytes.length - 1] !== 0x7d) return 'not a journal record';
  const body = bytes.subarray(m[0].length, bytes.length - 1);
  if (crc32(body) !== Number.parseInt(m[2] as string, 16)) return 'checksum mismatch';
  let ops: unknown;
  try {
    ops = JSON.parse(body.toString('utf8'));
  } catch {
    return 'not valid JSON';
  }
  if (!Array.isArray(ops) || !ops.every(isOp)) return 'not a list of put/delete operations';
  return { seq: Number(m[1]), ops: ops as Op[], line };
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export function isOp(v: unknown): v is Op {
  if (!isRecord(v) || typeof v.table !== 'string') return false;
  if (v.op === 'put') return isRecord(v.row) && typeof v.row.id === 'string' && v.row.id !== '';
  return v.op === 'delete' && typeof v.id === 'string';
}

export interface JournalHeader {
  version: number;
  generation: string;
}

export function parseJournalHeader(text: string): JournalHeader | string {
  let h: unknown;
  try {
    h = JSON.parse(text);
  } catch {
    return 'the header line is not valid JSON';
  }
  const o = h as { format?: unknown; version?: unknown; generation?: unknown };
  if (!o || typeof o !== 'object' || o.format !== JOURNAL_FORMAT) return `the header line does not say "format": "${JOURNAL_FORMAT}"`;
  if (typeof o.version !== 'number' || typeof o.generation !== 'string') return 'the header line has no version or generation';
  return { version: o.version, generation: o.generation };
}

export interface ParsedJournal {
  header?: JournalHeader;
  records: JournalRecord[];
  /** Byte offset just past the last good line. */
  end: number;
  /** Lines read up to `end`. */
  lines: number;
  /**
   * A last line without its end of line: a write interrupted before it was acknowledged (the
   * end of line is a record's last byte, synced with it).
   */
  tail?: { line: number; offset: number; reason: string };
  /**
   * A complete line that is not a good record: damage, even as the last line, since a record
   * that reached its end of line may have been acknowledged.
   */
  damage?: { line: number; offset: number; reason: string };
}

/**
 * Reads journal lines from `buf` (the file's bytes from `offset`, which starts line
 * `firstLine`; the header when `offset` is 0). Stops at the first bad line.
 */
export function parseJournal(buf: Buffer, offset: number, firstLine: number): ParsedJournal {
  const out: ParsedJournal = { records: [], end: offset, lines: firstLine - 1 };
  let pos = 0;
  while (pos < buf.length) {
    const nl = buf.indexOf(0x0a, pos);
    const line = out.lines + 1;
    if (nl < 0) {
      out.tail = { line, offset: offset + pos, reason: 'a partial record (no end of line)' };
      return out;
    }
    const parsed = offset + pos === 0 ? parseJournalHeader(buf.toString('utf8', pos, nl)) : parseRecord(buf.subarray(pos, nl), line);
    if (typeof parsed === 'string') {
      out.damage = { line, offset: offset + pos, reason: parsed };
      return out;
    }
    if ('generation' in parsed) out.header = parsed;
    else out.records.push(parsed);
    pos = nl + 1;
    out.end = offset + pos;
    out.lines = line;
  }
  return out;
}

import { closeSync, fdatasyncSync, fstatSync, ftruncateSync, openSync } from 'node:fs';
import { crc32 } from './crc32.js';
import { StoreDamage, StoreError } from './errors.js';
import { readFrom, stampOf, writeAll, writeFileDurably, type FileStamp, type HeldFile } from './files.js';
import { encodeJournalHeader, encodeRecord, parseJournal, STORE_VERSION, type JournalRecord } from './format.js';
import type { Op } from './store.js';

/** How far this process has read a journal file (see format.ts for its lines), and what it saw there. */
export interface JournalPos {
  ino: number;
  /** Byte offset just past the last line read. */
  offset: number;
  lines: number;
  /** The snapshot generation its header names; undefined for an empty file. */
  generation: string | undefined;
  /** The file's modification time when this process last read or wrote it. */
  mtimeMs: number;
  /** The header line as read or written: its length and CRC-32 (0 and 0 before there is one). */
  head: { length: number; crc: number };
  /** The last line read or written (its last TAIL_BYTES at most): where it begins, and its CRC-32. */
  tail: { at: number; crc: number };
}

/** How much of the last line a position keeps the checksum of (see journal-check.ts). */
export const TAIL_BYTES = 64 * 1024;

/** The tail of a position whose last line, from `lineAt` to `end`, lies in `buf` (which begins at file offset `from`). */
export function tailOf(buf: Buffer, from: number, lineAt: number, end: number): JournalPos['tail'] {
  const at = Math.max(lineAt, end - TAIL_BYTES);
  return { at, crc: crc32(buf.subarray(at - from, end - from)) };
}

/** The position of a journal that holds its header alone, as written (stamped `st`). */
export function headerPos(st: FileStamp, generation: string): JournalPos {
  const header = Buffer.from(encodeJournalHeader(generation));
  const crc = crc32(header);
  return { ino: st.ino, offset: st.size, lines: 1, generation, mtimeMs: st.mtimeMs, head: { length: header.length, crc }, tail: { at: 0, crc } };
}

/** A line the journal cannot go past. */
interface BadLine {
  line: number;
  /** Byte offset where the line begins. */
  offset: number;
  reason: string;
}

/** What a journal holds past a position. */
export type JournalRead =
  /** Nothing to apply: no journal (pos undefined), nothing new, or an empty file. */
  | { kind: 'settled'; pos: JournalPos | undefined }
  /** Replaced between its stat and its read: read again. */
  | { kind: 'changing' }
  /** Lines read: the records, where reading stopped, and the bad line it stopped at if any. */
  | { kind: 'lines'; pos: JournalPos; records: JournalRecord[]; tail?: BadLine; damage?: BadLine };

/**
 * Reads the journal past `pos`: only what was appended when it is the same file grown, else
 * all of it (another process compacted, or this one has not read it yet).
 */
export function readJournal(file: string, pos: JournalPos | undefined): JournalRead {
  const st = stampOf(file);
  if (!st) return { kind: 'settled', pos: undefined };
  if (pos && pos.ino === st.ino && st.size === pos.offset) return { kind: 'settled', pos };
  const incremental = !!pos && pos.ino === st.ino && st.size > pos.offset;
  const from = incremental ? (pos as JournalPos).offset : 0;
  const read = readFrom(file, from);
  if (!read) return { kind: 'changing' };
  const parsed = parseJournal(read.buf, from, incremental ? (pos as JournalPos).lines + 1 : 1);
  if (!incremental && !parsed.header) {
    if (read.buf.length === 0)
      return {
        kind: 'settled',
        pos: {
          ino: read.stamp.ino,
          offset: 0,
          lines: 0,
          generation: undefined,
          mtimeMs: read.stamp.mtimeMs,
          head: { length: 0, crc: 0 },
          tail: { at: 0, crc: 0 },
        },
      };
    throw journalDamaged(file, 1, parsed.damage?.reason ?? parsed.tail?.reason ?? 'no header line', 0);
  }
  if (parsed.header && parsed.header.version > STORE_VERSION) {
    throw new StoreDamage(
      `${file} has format version ${parsed.header.version}, newer than this gbctl understands (${STORE_VERSION}); it was left untouched: upgrade gbctl`,
    );
  }
  const generation = incremental ? (pos as JournalPos).generation : parsed.header?.generation;
  const tail = parsed.lastAt === undefined ? (pos as JournalPos).tail : tailOf(read.buf, from, parsed.lastAt, parsed.end);
  const head = incremental ? (pos as JournalPos).head : headOf(read.buf);
  return {
    kind: 'lines',
    pos: { ino: read.stamp.ino, offset: parsed.end, lines: parsed.lines, generation, mtimeMs: read.stamp.mtimeMs, head, tail },
    records: parsed.records,
    ...(parsed.tail ? { tail: parsed.tail } : {}),
    ...(parsed.damage ? { damage: parsed.damage } : {}),
  };
}

/** The header line of a journal's bytes (from its start), as a position keeps it. */
function headOf(buf: Buffer): JournalPos['head'] {
  const length = buf.indexOf(0x0a) + 1;
  return { length, crc: crc32(buf.subarray(0, length)) };
}

/**
 * A bad line in a journal, and what to do about it. `consequence` says what it stops: a load, by
 * default; what a read-only look shows.
 */
export function journalDamaged(
  file: string,
  line: number,
  reason: string,
  offset?: number,
  consequence = "it cannot be loaded; the store's files were left untouched",
): StoreDamage {
  const at = offset === undefined ? '' : `, at byte offset ${offset},`;
  return new StoreDamage(
    `${file} is damaged at line ${line} (${reason})${at} and ${consequence}. ` +
      'Restore the files from a backup, or repair or remove that line by hand (records after it depend on it).',
  );
}

/** Cuts the journal back to `size` bytes, durably: drops a torn last record. */
export function truncateJournal(file: string, size: number): void {
  const fd = openSync(file, 'r+');
  try {
    ftruncateSync(fd, size);
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Writes a journal holding only its header, naming the snapshot `generation` it follows. */
export function startJournal(file: string, generation: string): JournalPos {
  return headerPos(writeFileDurably(file, [encodeJournalHeader(generation)]), generation);
}

/** A record appended: its size in bytes, the tail it leaves (see JournalPos) and the file's time after it. */
export interface Appended {
  bytes: number;
  tail: JournalPos['tail'];
  mtimeMs: number;
}

/** The journal held open for appending, across writes, for as long as it is the same file. */
export class JournalAppender {
  private open: { fd: number; ino: number } | undefined;

  constructor(readonly file: string) {}

  /** The journal as held open (for reading too: see journalChange's `held`); undefined until attached. */
  get held(): HeldFile | undefined {
    return this.open;
  }

  /** Opens the journal read as `pos`, unless already open; fails when the file was replaced since. */
  attach(pos: JournalPos): void {
    if (this.open?.ino === pos.ino) return;
    this.close();
    const fd = openSync(this.file, 'a+');
    const ino = fstatSync(fd).ino;
    this.open = { fd, ino };
    if (ino !== pos.ino) throw new StoreDamage(`${this.file} was replaced while gbctl held the store's lock, by something other than gbctl`);
  }

  /**
   * Appends record `seq` and waits for it to reach the disk. On failure the file is cut back to
   * `offset`, where the record began, and nothing was written. The sync runs on the main thread:
   * handing it to libuv's thread pool cost a lone writer a sixth to a fifth of its creates a second
   * (waking a pool thread and being woken back), and bought concurrent writers and readers
   * nothing measurable, the requests that arrive meanwhile joining the next batch either way.
   */
  async append(offset: number, seq: number, ops: Op[]): Promise<Appended> {
    const fd = (this.open as { fd: number }).fd;
    const buf = Buffer.from(encodeRecord(seq, ops));
    try {
      writeAll(fd, buf);
      fdatasyncSync(fd);
      return { bytes: buf.length, tail: tailOf(buf, offset, offset, offset + buf.length), mtimeMs: fstatSync(fd).mtimeMs };
    } catch (e) {
      try {
        ftruncateSync(fd, offset);
      } catch {
        // the torn record is dropped on the next load
      }
      throw new StoreError(`cannot write the store journal ${this.file}: ${(e as Error).message}; the write was not applied`);
    }
  }

  close(): void {
    if (this.open) closeSync(this.open.fd);
    this.open = undefined;
  }
}

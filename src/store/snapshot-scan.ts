import { readInto } from './files.js';
import { checksummer, snapshotHeader, STORE_VERSION, tablesEnd, tablesStart } from './format.js';
import { RecordLines, type ScannedTable } from './scan.js';

/** The snapshot is read in pieces of this size (a longer record line gets a larger one). */
const PIECE_BYTES = 1024 * 1024;
/** A snapshot's header is within its first bytes, as snapshotHeader looks for it. */
export const HEAD_BYTES = 8192;

/** A snapshot gbctl wrote, as it stands: its header and where each of its records lies in the file. */
export interface ScannedSnapshot {
  head: Record<string, unknown>;
  generation: string;
  seq: number;
  tables: ScannedTable[];
}

/**
 * Reads a snapshot of the current format in gbctl's layout (one record a line) a piece at a
 * time, noting each record's id and place and taking its checksum as it goes, so that opening
 * a store holds a piece of it in memory, not all of it. Answers undefined for any other file
 * (another version or layout, a checksum that does not hold), which is then read whole.
 */
export function scanSnapshot(fd: number, size: number, pieceBytes = PIECE_BYTES): ScannedSnapshot | undefined {
  const first = Buffer.allocUnsafe(Math.min(size, HEAD_BYTES));
  const headBytes = first.subarray(0, readInto(fd, first, 0));
  const head = snapshotHeader(headBytes);
  if (head?.version !== STORE_VERSION || typeof head.generation !== 'string' || !Number.isInteger(head.seq) || typeof head.checksum !== 'string')
    return undefined;
  const start = tablesStart(headBytes);
  const tailAt = Math.max(0, size - 64);
  const last = Buffer.allocUnsafe(size - tailAt);
  const tailEnd = tablesEnd(last.subarray(0, readInto(fd, last, tailAt)));
  if (start === undefined || tailEnd === undefined || tailAt + tailEnd < start) return undefined;
  const end = tailAt + tailEnd;

  const sum = checksummer(STORE_VERSION, head.generation, head.seq);
  const lines = new RecordLines();
  let buf = Buffer.allocUnsafe(Math.min(pieceBytes, end - start + 1));
  // buf holds the text from offset `base`: `held` bytes, the first `lineAt - base` of them taken.
  let base = start;
  let held = 0;
  let lineAt = start;
  for (let pos = start; pos < end;) {
    if (held === buf.length) {
      const kept = base + held - lineAt;
      const next = kept * 2 > buf.length ? Buffer.allocUnsafe(buf.length * 2) : buf;
      buf.copy(next, 0, lineAt - base, held);
      buf = next;
      base = lineAt;
      held = kept;
    }
    const got = readInto(fd, buf.subarray(held, held + Math.min(buf.length - held, end - pos)), pos);
    if (got === 0) return undefined;
    sum.update(buf.subarray(held, held + got));
    held += got;
    pos += got;
    for (;;) {
      const i = lineAt - base;
      let nl = buf.indexOf(0x0a, i);
      if (nl < 0 || nl >= held) {
        if (pos < end) break;
        nl = held;
      }
      if (!lines.line(buf, i, nl, base)) return undefined;
      lineAt = base + nl + 1;
      if (lineAt > end) break;
    }
  }
  const tables = lines.done();
  if (!tables || sum.digest() !== head.checksum) return undefined;
  return { head, generation: head.generation, seq: head.seq as number, tables };
}

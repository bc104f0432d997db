import { closeSync, fstatSync, statSync } from 'node:fs';
import { crc32 } from './crc32.js';
import { openIfExists, readInto, type HeldFile } from './files.js';
import { parseJournal } from './format.js';
import type { JournalPos } from './journal.js';

/**
 * Whether a journal this process follows is still the file it read and wrote. A gbctl process
 * only ever appends to a journal, cuts off a torn record past the last complete one, or replaces
 * it together with its snapshot (compaction, import, reset); anything else (a file cut short,
 * replaced alone, removed, or rewritten in place) was done by something other than gbctl, and
 * appending after it would bury the damage under acknowledged writes.
 *
 * What is checked, cheaply: the file's inode, that it is not shorter than what was read, and
 * that its header line and the last line read are byte for byte what they were (their CRC-32),
 * whenever the file's size or time changed, and always when `verify` (before appending). A file
 * of the same size whose time changed is read whole and each record checked against its own
 * checksum: a change to an earlier record while others append is found when the store is next
 * opened.
 *
 * Answers the position (its time brought up to date) when the file is as it was, with at most
 * records appended, and whether any were (`grown`: the one look at the file tells, so a reader
 * need not look again to learn there is nothing new); else what is wrong with it.
 */
export function journalChange(file: string, pos: JournalPos, verify: boolean, held?: HeldFile): { pos: JournalPos; grown: boolean } | string {
  const at = journalState(file, pos, verify, held);
  return typeof at === 'string' ? at : { pos: at.pos, grown: at.size > pos.offset };
}

/**
 * `held`: the journal as this process holds it open (the appender's), read instead of opening it
 * again when it is the file the name leads to: a writer's check before each append then costs
 * one look at the name and the two reads.
 */
function journalState(file: string, pos: JournalPos, verify: boolean, held: HeldFile | undefined): { pos: JournalPos; size: number } | string {
  const st = statSync(file, { throwIfNoEntry: false });
  if (!st) return 'it was removed';
  if (!st.isFile()) return `it was replaced by ${st.isDirectory() ? 'a folder' : 'something that is not a file'}`;
  if (st.ino !== pos.ino) return 'it was replaced by another file';
  if (st.size < pos.offset) return `it was cut short, to ${st.size} bytes, where gbctl had read or written ${pos.offset}`;
  const untouched = st.size === pos.offset && st.mtimeMs === pos.mtimeMs;
  if (untouched && !verify) return { pos, size: st.size };
  const kept = held?.ino === pos.ino ? held.fd : undefined;
  const fd = kept ?? openIfExists(file);
  if (fd === undefined) return 'it was removed';
  try {
    if (kept === undefined && fstatSync(fd).ino !== pos.ino) return 'it was replaced by another file';
    if (!sameBytes(fd, 0, pos.head.length, pos.head.crc)) return 'its header line (line 1) is not what gbctl read or wrote';
    if (!sameBytes(fd, pos.tail.at, pos.offset - pos.tail.at, pos.tail.crc)) {
      return `its last line (line ${pos.lines}, from byte offset ${pos.tail.at}) is not what gbctl read or wrote there`;
    }
    if (st.size > pos.offset || untouched) return { pos, size: st.size };
    const changed = changedLine(fd, pos);
    return changed ?? { pos: { ...pos, mtimeMs: st.mtimeMs }, size: st.size };
  } finally {
    if (kept === undefined) closeSync(fd);
  }
}

/** Whether the `length` bytes at `at` have the CRC-32 `crc`. */
function sameBytes(fd: number, at: number, length: number, crc: number): boolean {
  const buf = Buffer.allocUnsafe(length);
  return readInto(fd, buf, at) === length && crc32(buf) === crc;
}

/** The first line up to the position that is not a good record in sequence, if any. */
function changedLine(fd: number, pos: JournalPos): string | undefined {
  const buf = Buffer.allocUnsafe(pos.offset);
  if (readInto(fd, buf, 0) < pos.offset) return 'it was cut short while being read';
  const parsed = parseJournal(buf, 0, 1);
  const bad = parsed.damage ?? parsed.tail;
  if (bad) return `line ${bad.line}, at byte offset ${bad.offset}, changed in place (${bad.reason})`;
  if (parsed.lines !== pos.lines) return `it holds ${parsed.lines} lines where gbctl had read or written ${pos.lines}`;
  let seq = parsed.records[0]?.seq ?? 0;
  for (const r of parsed.records) {
    if (r.seq !== seq) return `line ${r.line}, at byte offset ${r.at}, changed in place (record ${r.seq} where record ${seq} was)`;
    seq++;
  }
  return undefined;
}

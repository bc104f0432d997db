import { mkdirSync, readFileSync, renameSync, rmSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { journalChange } from '../../src/store/journal-check.js';
import { JournalAppender, readJournal, startJournal, type JournalPos } from '../../src/store/journal.js';
import { tempDir } from '../helpers/server.js';

const tmp = tempDir('gbctl-journal-check-');
afterAll(() => tmp.cleanup());
let n = 0;
const fresh = () => join(tmp.dir, `j${++n}.journal`);
const put = (id: string) => [{ op: 'put' as const, table: 'notes', row: { id, text: `note ${id}` } }];

/**
 * A journal of `records` records as this process wrote them, and its position; `open`: its
 * appender left open, as a server's is between writes.
 */
async function written(records = 3, open = false): Promise<{ file: string; pos: JournalPos; appender: JournalAppender }> {
  const file = fresh();
  let pos = startJournal(file, 'gen1');
  const appender = new JournalAppender(file);
  appender.attach(pos);
  for (let seq = 1; seq <= records; seq++) {
    const a = await appender.append(pos.offset, seq, put(`n${seq}`));
    pos = { ...pos, offset: pos.offset + a.bytes, lines: pos.lines + 1, tail: a.tail, mtimeMs: a.mtimeMs };
  }
  if (!open) appender.close();
  return { file, pos, appender };
}

/** Replaces `from` with `to` (same length) in place, and moves the file's time on as an editor would. */
function editInPlace(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to), { flag: 'r+' });
  utimesSync(file, new Date(), new Date(Date.now() + 5000));
}

describe('a journal followed by this process, looked at again', () => {
  it('is as it was: unread, or verified, the position comes back', async () => {
    const { file, pos } = await written();
    expect(journalChange(file, pos, false)).toEqual({ pos, grown: false });
    expect(journalChange(file, pos, true)).toEqual({ pos, grown: false });
  });

  it('as it was read (not written) by this process: the same', async () => {
    const { file } = await written();
    const read = readJournal(file, undefined);
    if (read.kind !== 'lines') throw new Error('expected lines');
    expect(journalChange(file, read.pos, true)).toEqual({ pos: read.pos, grown: false });
  });

  it('with records appended by another writer: the position comes back, to read on from', async () => {
    const { file, pos } = await written();
    const other = new JournalAppender(file);
    other.attach(pos);
    await other.append(pos.offset, 4, put('n4'));
    other.close();
    expect(journalChange(file, pos, true)).toEqual({ pos, grown: true });
    expect(journalChange(file, pos, false)).toEqual({ pos, grown: true });
  });

  it('cut short', async () => {
    const { file, pos } = await written();
    truncateSync(file, pos.offset - 10);
    expect(journalChange(file, pos, false)).toBe(`it was cut short, to ${pos.offset - 10} bytes, where gbctl had read or written ${pos.offset}`);
  });

  it('its last line changed in place', async () => {
    const { file, pos } = await written();
    editInPlace(file, 'note n3', 'note X3');
    expect(journalChange(file, pos, false)).toBe(`its last line (line 4, from byte offset ${pos.tail.at}) is not what gbctl read or wrote there`);
  });

  it('an earlier line changed in place, the size the same: each record is checked', async () => {
    const { file, pos } = await written();
    editInPlace(file, 'note n2', 'note X2');
    expect(journalChange(file, pos, false)).toMatch(/^line 3, at byte offset \d+, changed in place \(checksum mismatch\)$/);
  });

  it('its header changed', async () => {
    const { file, pos } = await written();
    editInPlace(file, 'gen1', 'gen2');
    expect(journalChange(file, pos, true)).toBe('its header line (line 1) is not what gbctl read or wrote');
  });

  it('replaced by another file, a folder, or removed', async () => {
    const { file, pos } = await written();
    const copy = `${file}.copy`;
    writeFileSync(copy, readFileSync(file));
    renameSync(copy, file);
    expect(journalChange(file, pos, false)).toBe('it was replaced by another file');
    rmSync(file);
    expect(journalChange(file, pos, false)).toBe('it was removed');
    mkdirSync(file);
    expect(journalChange(file, pos, false)).toBe('it was replaced by a folder');
  });
});

describe('looked at through the file a writer of this process holds open', () => {
  const held = () => written(2, true);

  it('verifies the header and last line through it, and finds them changed in place', async () => {
    const { file, pos, appender } = await held();
    expect(appender.held?.ino).toBe(pos.ino);
    expect(journalChange(file, pos, true, appender.held)).toEqual({ pos, grown: false });
    editInPlace(file, 'note n2', 'note X2');
    expect(journalChange(file, pos, true, appender.held)).toBe(`its last line (line 3, from byte offset ${pos.tail.at}) is not what gbctl read or wrote there`);
    appender.close();
  });

  it('does not read it once the name leads to another file: that is a replacement', async () => {
    const { file, pos, appender } = await held();
    const copy = `${file}.copy`;
    writeFileSync(copy, readFileSync(file));
    renameSync(copy, file);
    expect(journalChange(file, pos, true, appender.held)).toBe('it was replaced by another file');
    appender.close();
  });

  it('opens the file afresh when the one held is another (an older generation)', async () => {
    const { file, pos, appender } = await held();
    const other = { fd: appender.held?.fd as number, ino: pos.ino + 1 };
    editInPlace(file, 'gen1', 'gen2');
    expect(journalChange(file, pos, true, other)).toBe('its header line (line 1) is not what gbctl read or wrote');
    appender.close();
  });
});

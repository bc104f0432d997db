import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeRecord } from '../../src/store/format.js';
import { JournalAppender, readJournal, startJournal, truncateJournal, type JournalPos } from '../../src/store/journal.js';
import { tempDir } from '../helpers/server.js';

const tmp = tempDir('gbctl-store-journal-');
afterAll(() => tmp.cleanup());
let n = 0;
const fresh = () => join(tmp.dir, `j${++n}.journal`);
const put = (id: string) => [{ op: 'put' as const, table: 'notes', row: { id } }];

describe('journal reading', () => {
  it('reads a whole journal, then only what was appended since', async () => {
    const file = fresh();
    expect(readJournal(file, undefined)).toEqual({ kind: 'settled', pos: undefined });
    const start = startJournal(file, 'gen1');
    const appender = new JournalAppender(file);
    appender.attach(start);
    const first = await appender.append(start.offset, 1, put('a'));
    const all = readJournal(file, undefined);
    expect(all).toMatchObject({ kind: 'lines', pos: { offset: start.offset + first.bytes, lines: 2, generation: 'gen1' }, records: [{ seq: 1, line: 2 }] });
    const pos = (all as { pos: JournalPos }).pos;
    expect(readJournal(file, pos)).toEqual({ kind: 'settled', pos });
    await appender.append(pos.offset, 2, put('b'));
    appender.close();
    expect(readJournal(file, pos)).toMatchObject({ kind: 'lines', pos: { lines: 3, generation: 'gen1' }, records: [{ seq: 2, line: 3, ops: put('b') }] });
  });

  it('takes an empty file for a journal not yet begun', () => {
    const file = fresh();
    writeFileSync(file, '');
    expect(readJournal(file, undefined)).toMatchObject({ kind: 'settled', pos: { offset: 0, lines: 0, generation: undefined } });
  });

  it('tells a torn last record from damage further up, and cuts the torn one off', () => {
    const file = fresh();
    startJournal(file, 'g');
    appendFileSync(file, encodeRecord(1, put('a')));
    appendFileSync(file, encodeRecord(2, put('b')).slice(0, 20));
    const torn = readJournal(file, undefined);
    expect(torn).toMatchObject({ kind: 'lines', records: [{ seq: 1 }], tail: { line: 3, reason: 'a partial record (no end of line)' } });
    const end = (torn as { pos: JournalPos }).pos.offset;
    truncateJournal(file, end);
    expect(readFileSync(file).length).toBe(end);
    appendFileSync(file, 'not a record\n');
    appendFileSync(file, encodeRecord(2, put('b')));
    expect(readJournal(file, undefined)).toMatchObject({ damage: { line: 3, reason: 'not a journal record' } });
  });

  it('refuses a journal without a header, or of a newer version, naming the file', () => {
    const file = fresh();
    writeFileSync(file, encodeRecord(1, put('a')));
    expect(() => readJournal(file, undefined)).toThrow(`${file} is damaged at line 1`);
    writeFileSync(file, '{"format":"gbctl-journal","version":9,"generation":"g"}\n');
    expect(() => readJournal(file, undefined)).toThrow(/format version 9, newer than this gbctl understands/);
  });
});

describe('journal appending', () => {
  it('refuses to append to a journal replaced since it was read', () => {
    const file = fresh();
    const old = startJournal(file, 'g1');
    startJournal(file, 'g2');
    const appender = new JournalAppender(file);
    expect(() => appender.attach(old)).toThrow(/was replaced while gbctl held the store's lock/);
    appender.close();
  });
});

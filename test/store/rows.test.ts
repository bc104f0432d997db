import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JsonFileStore } from '../../src/store/json-file-store.js';
import { releaseSavepoint } from '../../src/store/savepoint.js';
import { ScanError, scanRecordLines, scanTables } from '../../src/store/scan.js';
import { tablesRange } from '../../src/store/format.js';
import { table } from '../../src/store/store.js';
import { tempDir } from '../helpers/server.js';

interface Note {
  id: string;
  text: string;
  tags?: string[];
}
const notes = table<Note>('notes');
const tmp = tempDir('gbctl-store-rows-');
afterAll(() => tmp.cleanup());
let seq = 0;
const open = (path = join(tmp.dir, `rows-${++seq}.json`)) => JsonFileStore.open(path, { warn: () => {} });
/** Whether the store reads its records from its snapshot file rather than holding them. */
const readsFromFile = (s: JsonFileStore) => (s as unknown as { state: { file?: unknown } }).state.file !== undefined;

function scan(text: string) {
  const b = Buffer.from(text);
  return scanTables(b, 0, b.length).map((t) => ({ name: t.name, ids: t.ids, rows: t.starts.map((at, i) => b.toString('utf8', at, t.ends[i])) }));
}

describe('snapshot scan', () => {
  it('finds each record and its id, whatever the spacing, key order, nesting and escapes', () => {
    const text = ' { "a" : [ {"x":{"id":"inner","q":"}]"},"id":"one"} , {"id":"t\\"wo","n":[1,{"y":"\\\\"}]} ],"b":[],"c\\u0041":[{"id":"\\u00e9t\\u00e9"}] } ';
    expect(scan(text)).toEqual([
      { name: 'a', ids: ['one', 't"wo'], rows: ['{"x":{"id":"inner","q":"}]"},"id":"one"}', '{"id":"t\\"wo","n":[1,{"y":"\\\\"}]}'] },
      { name: 'b', ids: [], rows: [] },
      { name: 'cA', ids: ['été'], rows: ['{"id":"\\u00e9t\\u00e9"}'] },
    ]);
  });

  it.each([
    ['a record without an id', '{"a":[{"x":1}]}', /not a record with a string id/],
    ['an empty id', '{"a":[{"id":""}]}', /not a record with a string id/],
    ['a record that is not an object', '{"a":[1]}', /not a record/],
    ['an id twice in a table', '{"a":[{"id":"x"},{"id":"x"}]}', /holds id "x" twice/],
    ['an unterminated string', '{"a":[{"id":"x}]}', /unterminated/],
    ['text after the tables', '{"a":[]} x', /unexpected text/],
  ])('refuses %s', (_, text, message) => {
    expect(() => scan(text)).toThrow(ScanError);
    expect(() => scan(text)).toThrow(message);
  });
});

describe('snapshot layout', () => {
  it('is one record a line, found the same way by the line scan and the general scan', async () => {
    const s = open();
    const others = table<{ id: string; n?: number; first?: string }>('others');
    await s.write((tx) => {
      tx.put(notes, { id: 'plain', text: 'a "quoted" line\nand \\ more' });
      tx.put(notes, { id: 'esc"aped', text: 'é' });
      tx.put(others, { first: 'not the id', id: 'later', n: 1 });
    });
    await s.compact();
    const buf = readFileSync(s.path);
    const lines = buf.toString('utf8').split('\n');
    expect(lines.filter((l) => l.startsWith('{"id":"plain"') || l.startsWith('{"first"'))).toHaveLength(2);
    const r = tablesRange(buf) as { start: number; end: number };
    const byLines = scanRecordLines(buf, r.start, r.end);
    expect(byLines).toBeDefined();
    expect(byLines).toEqual(scanTables(buf, r.start, r.end));
    expect(byLines?.map((t) => t.ids)).toEqual([['plain', 'esc"aped'], ['later']]);
    await s.close();
  });

  it('is told apart from other layouts, which the general scan reads', () => {
    const b = Buffer.from('{"a":[{"id":"x"}]}');
    expect(scanRecordLines(b, 0, b.length)).toBeUndefined();
    const odd = Buffer.from('{\n"a":[\n{"id":"x"},\n  {"id":"y"}\n]\n}');
    expect(scanRecordLines(odd, 0, odd.length)).toBeUndefined();
    expect(scanTables(odd, 0, odd.length).map((t) => t.ids)).toEqual([['x', 'y']]);
    const twice = Buffer.from('{\n"a":[\n{"id":"x"},\n{"id":"x"}\n]\n}');
    expect(() => scanRecordLines(twice, 0, twice.length)).toThrow(/holds id "x" twice/);
  });
});

describe('records read from the snapshot file', () => {
  it('are read on demand after a reopen and after a compaction, and stay right through updates', async () => {
    const path = join(tmp.dir, `rows-${++seq}.json`);
    const s = open(path);
    await s.write((tx) => {
      for (let i = 0; i < 300; i++) tx.put(notes, { id: `n${i}`, text: `note ${i} é`, tags: [`t${i % 3}`] });
    });
    await s.compact();
    expect(readsFromFile(s)).toBe(true);
    expect(await s.read((tx) => tx.get(notes, 'n7'))).toEqual({ id: 'n7', text: 'note 7 é', tags: ['t1'] });
    await s.write((tx) => {
      tx.put(notes, { id: 'n7', text: 'changed' });
      tx.delete(notes, 'n8');
      tx.put(notes, { id: 'extra', text: 'new' });
    });
    await s.close();

    const again = open(path);
    expect(readsFromFile(again)).toBe(true);
    const all = await again.read((tx) => tx.all(notes));
    expect(all).toHaveLength(300);
    expect(all.slice(6, 9).map((n) => n.id)).toEqual(['n6', 'n7', 'n9']);
    expect(all.at(-1)).toEqual({ id: 'extra', text: 'new' });
    expect(await again.read((tx) => tx.get(notes, 'n7')?.text)).toBe('changed');
    expect(await again.read((tx) => tx.where(notes, 'text', 'note 299 é').map((n) => n.id))).toEqual(['n299']);
    await again.close();
  });

  it('are copied into a compaction exactly as they were written', async () => {
    const s = open();
    await s.write((tx) => tx.put(notes, { id: 'a', text: 'x\u2028y "q" \\ \u{1f600}' }));
    await s.compact();
    const before = readFileSync(s.path, 'utf8');
    await s.compact();
    const after = readFileSync(s.path, 'utf8');
    const tablesOf = (t: string) => t.slice(t.indexOf(',"tables":'));
    expect(tablesOf(after)).toBe(tablesOf(before));
    expect(await s.read((tx) => tx.get(notes, 'a')?.text)).toBe('x\u2028y "q" \\ \u{1f600}');
    await s.close();
  });

  it('come back to a savepoint however the files changed since, and only what differs is written', async () => {
    const s = open();
    await s.write((tx) => {
      for (let i = 0; i < 50; i++) tx.put(notes, { id: `n${i}`, text: `v${i}` });
    });
    await s.compact();
    await s.write((tx) => tx.put(notes, { id: 'n1', text: 'journaled' }));
    const sp = await s.savepoint();
    await s.write((tx) => {
      tx.put(notes, { id: 'n2', text: 'later' });
      tx.delete(notes, 'n3');
      tx.put(notes, { id: 'added', text: 'later' });
    });
    await s.compact();
    await s.write((tx) => tx.put(notes, { id: 'n1', text: 'later too' }));
    await s.restoreSavepoint(sp);
    const rows = await s.read((tx) => tx.all(notes));
    expect(rows).toHaveLength(50);
    expect(rows.find((n) => n.id === 'n1')?.text).toBe('journaled');
    expect(rows.find((n) => n.id === 'n2')?.text).toBe('v2');
    expect(rows.find((n) => n.id === 'n3')?.text).toBe('v3');
    const journal = readFileSync(s.journalFile, 'utf8').trim().split('\n');
    const lastOps = (JSON.parse(journal.at(-1) as string) as { ops: { op: string; id?: string; row?: { id: string } }[] }).ops;
    expect(lastOps.map((o) => `${o.op} ${o.id ?? o.row?.id}`).sort()).toEqual(['delete added', 'put n1', 'put n2', 'put n3']);
    releaseSavepoint(sp);
    await s.close();
  });

  it('refuse to read from a snapshot changed in place under the store, with a message', async () => {
    const s = open();
    await s.write((tx) => tx.put(notes, { id: 'a', text: 'some text' }));
    await s.compact();
    const text = readFileSync(s.path, 'utf8');
    // Same size, so the change goes unseen until the record is read.
    const rec = '{"id":"a","text":"some text"}';
    writeFileSync(s.path, text.replace(rec, `${rec.slice(0, -1)} `));
    const st = s as unknown as { state: { get(table: string, id: string): unknown } };
    expect(() => st.state.get('notes', 'a')).toThrow(/changed under gbctl/);
    await s.close();
  });
});

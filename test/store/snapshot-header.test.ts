import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StoreError } from '../../src/store/errors.js';
import { encodeRecord, STORE_VERSION } from '../../src/store/format.js';
import { JsonFileStore } from '../../src/store/json-file-store.js';
import { table } from '../../src/store/store.js';
import { tempDir } from '../helpers/server.js';

const notes = table<{ id: string; text: string }>('notes');
const tmp = tempDir('gbctl-snapshot-header-');
afterAll(() => tmp.cleanup());
let n = 0;
const fresh = () => join(tmp.dir, `s${++n}.json`);

function open(path: string) {
  const warnings: string[] = [];
  return { store: JsonFileStore.open(path, { warn: (m) => warnings.push(m) }), warnings };
}
const ids = (s: JsonFileStore) => s.read((tx) => tx.all(notes).map((r) => r.id));

describe('the snapshot checksum covers its header', () => {
  it('refuses a snapshot whose seq was raised by hand instead of hiding the journaled writes', async () => {
    const path = fresh();
    const { store } = open(path);
    for (let i = 0; i < 3; i++) await store.write((tx) => tx.put(notes, { id: `n${i}`, text: '' }));
    await store.close();
    const text = readFileSync(path, 'utf8');
    expect(text).toContain('"seq":0');
    writeFileSync(path, text.replace('"seq":0', '"seq":2'));
    expect(() => open(path)).toThrow(StoreError);
    expect(() => open(path)).toThrow(/changed by something other than gbctl/);
  });

  it('migrates a format-2 snapshot on open, keeping its journal, and reads it as before', async () => {
    const path = fresh();
    const tables = JSON.stringify({ notes: [{ id: 'a', text: '' }] });
    const sum = `sha1:${createHash('sha1').update(tables).digest('hex')}`;
    writeFileSync(path, `{"format":"gbctl-store","version":2,"generation":"g2","seq":0,"checksum":"${sum}","tables":${tables}}`);
    writeFileSync(
      `${path}.journal`,
      `{"format":"gbctl-journal","version":2,"generation":"g2"}\n${encodeRecord(1, [{ op: 'put', table: 'notes', row: { id: 'b' } }])}`,
    );
    const { store, warnings } = open(path);
    expect(await ids(store)).toEqual(['a', 'b']);
    expect(warnings.join('\n')).toMatch(/migrated the store .* from format version 2 to 3/);
    await store.write((tx) => tx.put(notes, { id: 'c', text: '' }));
    await store.close();
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ version: STORE_VERSION, generation: 'g2', seq: 0 });
    expect(await ids(open(path).store)).toEqual(['a', 'b', 'c']);
  });
});

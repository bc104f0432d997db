import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StoreReadOnly } from '../../src/store/errors.js';
import { encodeRecord } from '../../src/store/format.js';
import { JsonFileStore, type JsonFileStoreOptions } from '../../src/store/json-file-store.js';
import { table } from '../../src/store/store.js';
import { tempDir } from '../helpers/server.js';

const notes = table<{ id: string; text: string }>('notes');
const tmp = tempDir('gbctl-changed-under-');
afterAll(() => tmp.cleanup());
let n = 0;
const fresh = () => join(tmp.dir, `s${++n}.json`);

function open(path: string, opts: JsonFileStoreOptions = {}) {
  const warnings: string[] = [];
  return { store: JsonFileStore.open(path, { warn: (m) => warnings.push(m), ...opts }), warnings };
}
const ids = (s: JsonFileStore) => s.read((tx) => tx.all(notes).map((r) => r.id));
const bytes = (path: string) => [path, `${path}.journal`].map((p) => (existsSync(p) ? readFileSync(p, 'utf8') : undefined));

/** A store open in this process with three writes journaled. */
async function running() {
  const path = fresh();
  const opened = open(path);
  for (let i = 1; i <= 3; i++) await opened.store.write((tx) => tx.put(notes, { id: `n${i}`, text: `note ${i}` }));
  return { path, ...opened };
}

function editInPlace(file: string, from: string, to: string): void {
  writeFileSync(file, readFileSync(file, 'utf8').replace(from, to), { flag: 'r+' });
  utimesSync(file, new Date(), new Date(Date.now() + 5000));
}

describe('a journal changed under a running store by something other than gbctl', () => {
  it('an earlier record edited in place: writes stop with what was found, reads go on, nothing more is written', async () => {
    const { path, store, warnings } = await running();
    editInPlace(`${path}.journal`, 'note 2', 'note X');
    const after = bytes(path);
    const write = store.write((tx) => tx.put(notes, { id: 'n4', text: '' }));
    await expect(write).rejects.toThrow(StoreReadOnly);
    await expect(write).rejects.toThrow(
      new RegExp(
        `^gbctl stopped writing to the store ${path}: ${path}\\.journal changed under gbctl: line 3, at byte offset \\d+, changed in place \\(checksum mismatch\\)\\. .*restart this process\\. Until it is restarted`,
      ),
    );
    expect(await ids(store)).toEqual(['n1', 'n2', 'n3']);
    expect(await store.read((tx) => tx.get(notes, 'n2')?.text)).toBe('note 2');
    await expect(store.write((tx) => tx.put(notes, { id: 'n5', text: '' }))).rejects.toThrow(/stopped writing/);
    await expect(store.compact()).rejects.toThrow(/stopped writing/);
    expect(store.writesRefused).toMatch(/changed under gbctl/);
    expect(warnings.filter((w) => w.includes('stopped writing'))).toHaveLength(1);
    await store.close();
    expect(bytes(path)).toEqual(after);
  });

  it('cut short, or a line appended that is not a good record: the same', async () => {
    const cut = await running();
    truncateSync(`${cut.path}.journal`, statSync(`${cut.path}.journal`).size - 5);
    await expect(cut.store.write((tx) => tx.put(notes, { id: 'x', text: '' }))).rejects.toThrow(/changed under gbctl: it was cut short, to \d+ bytes/);
    expect(await ids(cut.store)).toEqual(['n1', 'n2', 'n3']);
    await cut.store.close();

    const added = await running();
    writeFileSync(`${added.path}.journal`, encodeRecord(4, [{ op: 'put', table: 'notes', row: { id: 'n4' } }]).replace('n4', 'n5'), { flag: 'a' });
    const after = bytes(added.path);
    await expect(added.store.write((tx) => tx.put(notes, { id: 'x', text: '' }))).rejects.toThrow(
      /stopped writing .*is damaged at line 5 \(checksum mismatch\)/,
    );
    await added.store.close();
    expect(bytes(added.path)).toEqual(after);
  });

  it('is told from another gbctl writing and compacting the same files, which changes nothing', async () => {
    const { path, store } = await running();
    const other = open(path, { compactBytes: 600 }).store;
    for (let i = 0; i < 10; i++) await other.write((tx) => tx.put(notes, { id: `o${i}`, text: 'x'.repeat(50) }));
    await other.close();
    await store.write((tx) => tx.put(notes, { id: 'mine', text: '' }));
    expect(store.writesRefused).toBeUndefined();
    expect((await ids(store)).length).toBe(14);
    await store.close();
  });
});

describe('a store that cannot be written here', () => {
  it('marked read-only (chmod a-w) is opened read-only by "auto": reads answer, writes are refused, no file is touched', async () => {
    const path = fresh();
    const w = open(path).store;
    await w.write((tx) => tx.put(notes, { id: 'a', text: '' }));
    await w.close();
    chmodSync(path, 0o444);
    const before = bytes(path);
    try {
      const { store } = open(path, { readOnly: 'auto' });
      expect(store.openedReadOnly).toBe(`its snapshot ${path} is marked read-only for everyone (mode 0444)`);
      expect(await ids(store)).toEqual(['a']);
      await expect(store.write((tx) => tx.put(notes, { id: 'b', text: '' }))).rejects.toThrow(
        `the store ${path} is read-only (its snapshot ${path} is marked read-only for everyone (mode 0444)): it answers reads and refuses writes`,
      );
      await expect(store.savepoint()).rejects.toThrow(StoreReadOnly);
      await store.close();
      expect(existsSync(`${path}.lock`)).toBe(false);
      expect(bytes(path)).toEqual(before);
    } finally {
      chmodSync(path, 0o644);
    }
    expect(open(path, { readOnly: 'auto' }).store.openedReadOnly).toBeUndefined();
  });

  it('a folder nobody may write: the same, and so is its journal', async () => {
    const dir = join(tmp.dir, 'ro');
    const path = join(dir, 'store.json');
    mkdirSync(dir);
    const w = open(path).store;
    await w.write((tx) => tx.put(notes, { id: 'a', text: '' }));
    await w.close();
    chmodSync(`${path}.journal`, 0o444);
    expect(open(path, { readOnly: 'auto' }).store.openedReadOnly).toBe(`its journal ${path}.journal is marked read-only for everyone (mode 0444)`);
    chmodSync(dir, 0o555);
    try {
      expect(open(path, { readOnly: 'auto' }).store.openedReadOnly).toBe(`its folder ${dir} is marked read-only for everyone (mode 0555)`);
    } finally {
      chmodSync(dir, 0o755);
    }
  });

  it('opened read-only over a torn last record: reads what is whole, notes it, leaves it', async () => {
    const { path, store } = await running();
    await store.close();
    writeFileSync(`${path}.journal`, encodeRecord(4, [{ op: 'put', table: 'notes', row: { id: 'n4' } }]).slice(0, 20), { flag: 'a' });
    const before = bytes(path);
    const ro = open(path, { readOnly: true, readOnlyWhy: 'asked' }).store;
    expect(await ids(ro)).toEqual(['n1', 'n2', 'n3']);
    expect(ro.notes.join('\n')).toMatch(/a torn last record at line 5 .*dropped when gbctl next writes/);
    await expect(ro.write((tx) => tx.put(notes, { id: 'x', text: '' }))).rejects.toThrow(`the store ${path} is read-only (asked)`);
    await ro.close();
    expect(bytes(path)).toEqual(before);
  });
});

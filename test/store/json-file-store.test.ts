import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JsonFileStore, type JsonFileStoreOptions } from '../../src/store/json-file-store.js';
import { StoreError } from '../../src/store/errors.js';
import { encodeRecord, encodeSnapshot, STORE_VERSION } from '../../src/store/format.js';
import { table } from '../../src/store/store.js';
import { validateDocument } from '../../src/store/validate.js';
import { tempDir } from '../helpers/server.js';

interface Note {
  id: string;
  text: string;
}
const notes = table<Note>('notes');

const tmp = tempDir('gbctl-store-file-');
afterAll(() => tmp.cleanup());
let n = 0;
const fresh = () => join(tmp.dir, `s${++n}.json`);

function open(path: string, opts: JsonFileStoreOptions = {}) {
  const warnings: string[] = [];
  const store = JsonFileStore.open(path, { warn: (m) => warnings.push(m), ...opts });
  return { store, warnings };
}

async function seeded(count: number, opts: JsonFileStoreOptions = {}) {
  const path = fresh();
  const { store } = open(path, opts);
  for (let i = 0; i < count; i++) await store.write((tx) => tx.put(notes, { id: `n${i}`, text: `note ${i}` }));
  await store.close();
  return path;
}

const ids = (s: JsonFileStore) => s.read((tx) => tx.all(notes).map((r) => r.id));
const other = table<Note>('otherNotes');

/** A store of 300 notes in each of two tables: a compaction of it takes several steps. */
async function twoTables(): Promise<{ path: string; store: JsonFileStore }> {
  const path = fresh();
  const { store } = open(path);
  await store.write((tx) => {
    for (let i = 0; i < 300; i++) {
      tx.put(notes, { id: `n${i}`, text: `note ${i}` });
      tx.put(other, { id: `o${i}`, text: `other ${i}` });
    }
  });
  return { path, store };
}
const files = (path: string) => [path, `${path}.journal`].map((p) => ({ p, bytes: readFileSync(p, 'utf8'), mtime: statSync(p).mtimeMs }));

describe('journal', () => {
  it('appends one record per write and does not rewrite the snapshot', async () => {
    const path = await seeded(1);
    const before = statSync(path);
    const { store } = open(path);
    await store.write((tx) => tx.put(notes, { id: 'x', text: 'x' }));
    expect(statSync(path).mtimeMs).toBe(before.mtimeMs);
    const lines = readFileSync(`${path}.journal`, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[2] as string)).toMatchObject({ seq: 2, ops: [{ op: 'put', table: 'notes', row: { id: 'x' } }] });
  });

  it('drops a torn last record (partial line) with a warning, and truncates it', async () => {
    const path = await seeded(3);
    const good = readFileSync(`${path}.journal`, 'utf8');
    appendFileSync(`${path}.journal`, encodeRecord(4, [{ op: 'put', table: 'notes', row: { id: 'torn' } }]).slice(0, 30));
    const { store, warnings } = open(path);
    expect(await ids(store)).toEqual(['n0', 'n1', 'n2']);
    expect(warnings.join('\n')).toMatch(/dropped a torn last record at line 5 of .*journal \(a partial record/);
    expect(readFileSync(`${path}.journal`, 'utf8')).toBe(good);
    await store.write((tx) => tx.put(notes, { id: 'after', text: '' }));
    expect(await ids(open(path).store)).toEqual(['n0', 'n1', 'n2', 'after']);
  });

  it('refuses a complete last record whose checksum does not match, naming file and offset, files untouched', async () => {
    // A record that reached its end of line was synced whole, and may have been acknowledged:
    // dropping it as torn would lose a write and the evidence with it.
    const path = await seeded(2);
    const j = `${path}.journal`;
    const offset = readFileSync(j).length;
    appendFileSync(j, encodeRecord(3, [{ op: 'put', table: 'notes', row: { id: 'bad' } }]).replace('"bad"', '"bax"'));
    const before = files(path);
    expect(() => open(path)).toThrow(StoreError);
    expect(() => open(path)).toThrow(`${j} is damaged at line 4 (checksum mismatch), at byte offset ${offset},`);
    // Read-only, it shows the records before the bad line, says so, and refuses writes.
    const ro = open(path, { readOnly: true }).store;
    expect(await ids(ro)).toEqual(['n0', 'n1']);
    expect(ro.notes.join('\n')).toContain(`${j} is damaged at line 4 (checksum mismatch), at byte offset ${offset}, and what is shown stops before it`);
    await expect(ro.write((tx) => tx.put(notes, { id: 'x', text: '' }))).rejects.toThrow(/read-only/);
    expect(files(path)).toEqual(before);
  });

  it('refuses to load a journal damaged in the middle, naming file and line, and leaves the files untouched', async () => {
    const path = await seeded(4);
    const j = `${path}.journal`;
    const lines = readFileSync(j, 'utf8').split('\n');
    lines[2] = (lines[2] as string).replace('note 1', 'note X');
    writeFileSync(j, lines.join('\n'));
    const before = files(path);
    expect(() => open(path)).toThrow(StoreError);
    expect(() => open(path)).toThrow(new RegExp(`${j.replace(/[.]/g, '\\.')} is damaged at line 3 \\(checksum mismatch\\)`));
    expect(files(path)).toEqual(before);
  });

  it('refuses a journal with a missing record', async () => {
    const path = await seeded(4);
    const j = `${path}.journal`;
    const lines = readFileSync(j, 'utf8').split('\n');
    lines.splice(2, 1);
    writeFileSync(j, lines.join('\n'));
    expect(() => open(path)).toThrow(/line 3 \(record 3 follows record 1: records are missing\)/);
  });

  it('never loads a damaged snapshot as an empty store', async () => {
    const path = await seeded(2);
    writeFileSync(path, '');
    expect(() => open(path)).toThrow(/not valid JSON.*left untouched/);
    expect(readFileSync(path, 'utf8')).toBe('');
  });

  it('compacts past the bound into a new snapshot and an empty journal, and reloads the same data', async () => {
    const path = await seeded(0);
    const { store } = open(path, { compactBytes: 2000 });
    for (let i = 0; i < 40; i++) await store.write((tx) => tx.put(notes, { id: `c${i}`, text: 'y'.repeat(100) }));
    await store.close();
    expect(statSync(`${path}.journal`).size).toBeLessThan(2000 + 300);
    const snap = JSON.parse(readFileSync(path, 'utf8')) as { version: number; seq: number; tables: { notes: unknown[] } };
    expect(snap.version).toBe(STORE_VERSION);
    expect(snap.tables.notes.length).toBeGreaterThan(10);
    expect(await ids(open(path).store)).toEqual(Array.from({ length: 40 }, (_, i) => `c${i}`));
  });

  it('takes an eighth of the snapshot as the bound, up to the ceiling a command process gives', async () => {
    // A snapshot of about 80 KB: its eighth (10 KB) is past what the writes below add.
    const path = await seeded(0);
    const big = open(path, { compactBytes: 1 }).store;
    for (let i = 0; i < 400; i++) await big.write((tx) => tx.put(notes, { id: `s${i}`, text: 'z'.repeat(180) }));
    await big.close();
    const writeSome = async (opts: JsonFileStoreOptions) => {
      const { store } = open(path, opts);
      for (let i = 0; i < 30; i++) await store.write((tx) => tx.put(notes, { id: `w${i}`, text: 'y'.repeat(150) }));
      await store.close();
      return statSync(`${path}.journal`).size;
    };
    expect(statSync(path).size).toBeGreaterThan(70_000);
    expect(await writeSome({ compactBytes: 1000 })).toBeGreaterThan(4000);
    expect(await writeSome({ compactBytes: 1000, journalCeiling: 2000 })).toBeLessThan(2000 + 300);
  });

  it('compacts a journal past the idle bound once no write came for a while, and one under it not', async () => {
    const path = await seeded(1);
    const journal = () => statSync(`${path}.journal`).size;
    const written = () => statSync(path).mtimeMs;
    // The write bound (the eighth, a server's) is far off; the idle one is 2,000 bytes.
    const { store } = open(path, { compactBytes: 1e9, idleCompact: { afterMs: 60, compactBytes: 2000 } });
    await store.compact();
    const before = written();
    await store.write((tx) => tx.put(notes, { id: 'small', text: 'x' }));
    await new Promise((r) => setTimeout(r, 300));
    expect(written()).toBe(before);
    expect(journal()).toBeGreaterThan(0);
    for (let i = 0; i < 30; i++) await store.write((tx) => tx.put(notes, { id: `i${i}`, text: 'y'.repeat(100) }));
    expect(journal()).toBeGreaterThan(2000);
    for (const end = Date.now() + 5000; written() === before && Date.now() < end;) await new Promise((r) => setTimeout(r, 20));
    await store.close();
    expect(written()).not.toBe(before);
    expect(journal()).toBeLessThan(300);
    expect(await ids(open(path).store)).toEqual(['n0', 'small', ...Array.from({ length: 30 }, (_, i) => `i${i}`)]);
  });

  it('leaves to another process a journal it compacted meanwhile, and stops waiting when closed', async () => {
    const path = await seeded(0);
    // Long enough for b to open and compact before a's wait ends, however slow the machine.
    const idle = { afterMs: 500, compactBytes: 2000 };
    const past = () => new Promise((r) => setTimeout(r, idle.afterMs + 300));
    const a = open(path, { compactBytes: 1e9, idleCompact: idle }).store;
    for (let i = 0; i < 30; i++) await a.write((tx) => tx.put(notes, { id: `a${i}`, text: 'y'.repeat(100) }));
    const b = open(path).store;
    await b.compact();
    const snapshot = statSync(path).mtimeMs;
    await past();
    // a's wait ended: it found the journal empty and wrote no snapshot of its own.
    expect(statSync(path).mtimeMs).toBe(snapshot);
    await b.close();
    for (let i = 0; i < 30; i++) await a.write((tx) => tx.put(notes, { id: `b${i}`, text: 'y'.repeat(100) }));
    await a.close();
    await past();
    expect(statSync(`${path}.journal`).size).toBeGreaterThan(2000);
  });

  it('answers a read asked while it compacts, before the compaction ends; a write asked meanwhile waits for it', async () => {
    const { path, store } = await twoTables();
    const compacted = store.compact().then(() => 'compacted');
    // A turn of the event loop: the compaction is under way, between two of its steps.
    await new Promise((r) => setImmediate(r));
    const read = store.read((tx) => tx.count(notes)).then((n) => `read ${n}`);
    expect(await Promise.race([compacted, read])).toBe('read 300');
    const write = store.write((tx) => tx.put(notes, { id: 'late', text: 'after' })).then(() => 'written');
    expect(await Promise.race([compacted, write])).toBe('compacted');
    await write;
    expect(await store.read((tx) => tx.count(notes))).toBe(301);
    await store.close();
    const again = open(path).store;
    expect(await again.read((tx) => [tx.count(notes), tx.count(other), tx.get(notes, 'late')?.text])).toEqual([301, 300, 'after']);
    await again.close();
  });

  it('answers the reads asked while a compaction waited its turn once it starts, not after it', async () => {
    const { store } = await twoTables();
    // A write under way, a compaction queued behind it, a read asked after both.
    const written = store.write((tx) => tx.put(notes, { id: 'first', text: 'before the compaction' }));
    const compacted = store.compact().then(() => 'compacted');
    const read = store.read((tx) => tx.get(notes, 'first')?.text).then((t) => `read ${t}`);
    expect(await Promise.race([compacted, read])).toBe('read before the compaction');
    await Promise.all([written, compacted]);
    await store.close();
  });

  it('answers the reads held for a compaction that fails, in their turn', async () => {
    const path = await seeded(3);
    const { store } = open(path, { readOnly: true });
    const compacted = store.compact().then(
      () => 'compacted',
      (e: Error) => e.message,
    );
    const read = store.read((tx) => tx.count(notes));
    expect(await compacted).toMatch(/read-only/);
    expect(await read).toBe(3);
    await store.close();
  });

  it('loads after a compaction interrupted between the snapshot and the journal renames', async () => {
    const path = await seeded(3);
    const oldJournal = readFileSync(`${path}.journal`, 'utf8');
    const { store } = open(path);
    await store.compact();
    writeFileSync(`${path}.journal`, oldJournal); // the old journal, as if the second rename never happened
    const again = open(path).store;
    expect(await ids(again)).toEqual(['n0', 'n1', 'n2']);
    await again.write((tx) => tx.put(notes, { id: 'n3', text: '' }));
    expect(await ids(open(path).store)).toEqual(['n0', 'n1', 'n2', 'n3']);
  });

  it('sees writes and compactions made through another instance before each read and write', async () => {
    const path = await seeded(1);
    const a = open(path).store;
    const b = open(path, { compactBytes: 1 }).store;
    await b.write((tx) => tx.put(notes, { id: 'fromB', text: '' }));
    expect(await ids(a)).toEqual(['n0', 'fromB']);
    await a.write((tx) => tx.put(notes, { id: 'fromA', text: '' }));
    await b.write((tx) => tx.put(notes, { id: 'fromB2', text: '' }));
    await b.close(); // b compacted after each write
    expect(await ids(a)).toEqual(['n0', 'fromB', 'fromA', 'fromB2']);
    await a.write((tx) => tx.put(notes, { id: 'fromA2', text: '' }));
    expect(await ids(open(path).store)).toEqual(['n0', 'fromB', 'fromA', 'fromB2', 'fromA2']);
  });
});

describe('hand edits', () => {
  const editTitle = (path: string) => writeFileSync(path, readFileSync(path, 'utf8').replace('note 0', 'edited by hand'));

  it('refuses to open an edited snapshot, says how to proceed, and changes nothing', async () => {
    const path = await seeded(2);
    await open(path).store.compact();
    editTitle(path);
    const before = files(path);
    expect(() => open(path)).toThrow(/changed by something other than gbctl.*will not overwrite it.*store compact --force.*store import FILE/);
    expect(files(path)).toEqual(before);
  });

  it("does not count an editor's final newline as a change", async () => {
    const path = await seeded(1);
    await open(path).store.compact();
    appendFileSync(path, '\n');
    expect(await ids(open(path).store)).toEqual(['n0']);
  });

  it('stops a running store from writing over an edit made while it was open', async () => {
    const path = await seeded(1);
    const { store } = open(path);
    await store.compact();
    editTitle(path);
    await expect(store.write((tx) => tx.put(notes, { id: 'z', text: '' }))).rejects.toThrow(/changed by something other than gbctl/);
    // From then on it reads what it had read, and refuses every write with what it found.
    expect(await store.read((tx) => tx.count(notes))).toBe(1);
    await expect(store.write((tx) => tx.put(notes, { id: 'y', text: '' }))).rejects.toThrow(
      /stopped writing to the store .*changed by something other than gbctl/,
    );
    expect(store.writesRefused).toMatch(/stopped writing/);
    expect(readFileSync(path, 'utf8')).toContain('edited by hand');
  });

  it('with force, keeps the edit, replays the journal over it and rewrites the checksum', async () => {
    const path = await seeded(1);
    const first = open(path).store;
    await first.compact();
    await first.write((tx) => tx.put(notes, { id: 'later', text: 'journaled' }));
    editTitle(path);
    const { store, warnings } = open(path, { force: true });
    expect(await store.read((tx) => tx.all(notes).map((r) => r.text))).toEqual(['edited by hand', 'journaled']);
    expect(warnings.join()).toContain('accepted the changes');
    expect(await open(path).store.read((tx) => tx.get(notes, 'n0')?.text)).toBe('edited by hand');
  });
});

describe('format versions', () => {
  it('migrates a version 1 store explicitly: a message, a backup, then the current format', async () => {
    const path = fresh();
    const v1 = JSON.stringify({ format: 'gbctl-store', version: 1, tables: { notes: [{ id: 'old', text: 'from v1' }] } });
    writeFileSync(path, v1);
    const { store, warnings } = open(path);
    expect(warnings.join()).toMatch(/migrated the store .* from format version 1 to 3 .*kept as .*\.v1\.bak/);
    expect(readFileSync(`${path}.v1.bak`, 'utf8')).toBe(v1);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ version: STORE_VERSION, tables: { notes: [{ id: 'old' }] } });
    await store.write((tx) => tx.put(notes, { id: 'new', text: '' }));
    expect(await ids(open(path).store)).toEqual(['old', 'new']);
  });

  it('refuses a newer snapshot or journal version, leaving the files untouched', async () => {
    const path = fresh();
    const newer = JSON.stringify({ format: 'gbctl-store', version: STORE_VERSION + 1, tables: {} });
    writeFileSync(path, newer);
    expect(() => open(path)).toThrow(
      new RegExp(`format version ${STORE_VERSION + 1}, newer than this gbctl understands \\(${STORE_VERSION}\\).*upgrade gbctl`),
    );
    expect(readFileSync(path, 'utf8')).toBe(newer);
    const other = await seeded(1);
    const j = readFileSync(`${other}.journal`, 'utf8');
    writeFileSync(`${other}.journal`, j.replace(`"version":${STORE_VERSION}`, '"version":9'));
    expect(() => open(other)).toThrow(/journal has format version 9/);
  });

  it('rejects documents that are not stores, or hold bad records', () => {
    expect(() => validateDocument({ tables: {} }, 'f.json', true)).toThrow(/not a gbctl store/);
    expect(() => validateDocument({ format: 'gbctl-store', version: 2, tables: { a: [{ id: 1 }] } }, 'f.json', true)).toThrow(/tables\.a\.0\.id/);
    expect(() => validateDocument({ format: 'gbctl-store', version: 2, tables: { a: [{ id: 'x' }, { id: 'x' }] } }, 'f.json', true)).toThrow(
      /holds id "x" twice/,
    );
    expect(validateDocument({ format: 'gbctl-store', version: 2, tables: { a: [{ id: 'x', more: [1] }] } }, 'f.json', true).tables.a).toHaveLength(1);
  });

  it('writes snapshots that verify and carry their version', () => {
    const text = encodeSnapshot({ generation: 'g', seq: 4 }, { a: [{ id: 'x' }] });
    expect(JSON.parse(text)).toMatchObject({
      format: 'gbctl-store',
      version: STORE_VERSION,
      generation: 'g',
      seq: 4,
      checksum: expect.stringMatching(/^sha1:/),
    });
  });
});

describe('lock', () => {
  it('takes over the lock of a process that is gone, with a message', async () => {
    const path = await seeded(1);
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => dead.once('exit', r));
    writeFileSync(`${path}.lock`, JSON.stringify({ pid: dead.pid, host: hostname(), start: '', at: new Date().toISOString(), nonce: 'dead' }));
    const { store, warnings } = open(path);
    await store.write((tx) => tx.put(notes, { id: 'w', text: '' }));
    expect(warnings.join()).toMatch(new RegExp(`took over the lock .* from process ${dead.pid} .*no longer running`));
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('waits for a live holder and then fails naming it', async () => {
    const path = await seeded(1);
    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      writeFileSync(`${path}.lock`, JSON.stringify({ pid: live.pid, host: hostname(), start: '', at: '2026-01-01T00:00:00.000Z', nonce: 'live' }));
      const { store } = open(path, { lockTimeoutMs: 200 });
      await expect(store.write((tx) => tx.put(notes, { id: 'w', text: '' }))).rejects.toThrow(
        new RegExp(`busy: process ${live.pid} on host .* has held ${path.replace(/[.]/g, '\\.')}\\.lock .*--endpoint`),
      );
      expect(readFileSync(`${path}.lock`, 'utf8')).toContain('"live"');
    } finally {
      live.kill('SIGKILL');
    }
  });
});

describe('writes of one process under way together', () => {
  it('are committed as one journal record with one sync, every one durable when answered', async () => {
    const path = fresh();
    const { store } = open(path);
    await store.write((tx) => tx.put(notes, { id: 'first', text: '' }));
    const lines = () => readFileSync(`${path}.journal`, 'utf8').trimEnd().split('\n').length;
    const before = lines();
    const written = await Promise.all(Array.from({ length: 20 }, (_, i) => store.write((tx) => tx.put(notes, { id: `c${i}`, text: `${tx.count(notes)}` }))));
    expect(written.map((w) => w.text)).toEqual(Array.from({ length: 20 }, (_, i) => `${i + 1}`));
    expect(lines()).toBe(before + 1);
    await store.close();
    const again = open(path).store;
    expect(await ids(again)).toHaveLength(21);
    await again.close();
  });

  it('leave nothing in memory that the files did not take: the view reads them afresh', async () => {
    const { FileView } = await import('../../src/store/file-view.js');
    const path = await seeded(3);
    const view = new FileView(path, `${path}.journal`, false, () => {});
    view.sync('read-only');
    view.state.apply([{ op: 'put', table: 'notes', row: { id: 'never-written' } }]);
    expect(view.state.size('notes')).toBe(4);
    view.discard();
    view.sync('read-only');
    expect(view.state.all('notes').map((r) => r.id)).toEqual(['n0', 'n1', 'n2']);
    view.state.file?.release();
  });
});

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSnapshot, tablesText, writeSnapshot, type PlacedTable } from '../../src/store/snapshot.js';
import { State } from '../../src/store/state.js';
import type { Row } from '../../src/store/store.js';
import { tempDir } from '../helpers/server.js';

const tmp = tempDir('gbctl-snapshot-');
afterAll(() => tmp.cleanup());

const MiB = 1024 * 1024;
const note = (id: string, text: string): Row => ({ id, text }) as Row;
/** About 3.5 MiB of records in two tables, one of them much larger than the others. */
function bigState<S extends State>(state: S): S {
  const puts = [];
  for (let i = 0; i < 6000; i++) puts.push({ op: 'put' as const, table: 'notes', row: note(`n${i}`, `note ${i} `.repeat(60)) });
  puts.push({ op: 'put' as const, table: 'files', row: note('f0', 'x'.repeat(200_000)) });
  puts.push({ op: 'put' as const, table: 'files', row: note('f1', 'small') });
  state.apply(puts);
  return state;
}

/** Counts the records whose text has been asked for, to see how far a writer has read. */
class CountingState extends State {
  asked = 0;
  override *textSteps(name: string, fn: (id: string, text: Buffer) => void): Generator<void, void> {
    yield* super.textSteps(name, (id, text) => {
      this.asked++;
      fn(id, text);
    });
  }
}

describe('a snapshot is written a piece at a time', () => {
  it('makes its text in pieces of about a mebibyte, reading the records only as far as the piece asked for', () => {
    const state = bigState(new CountingState());
    const sizes: number[] = [];
    let askedAtFirst = -1;
    tablesText(state, [], (p) => {
      if (askedAtFirst < 0) askedAtFirst = state.asked;
      sizes.push(p.length);
    });
    expect(askedAtFirst).toBeLessThan(3000);
    expect(sizes.length).toBeGreaterThanOrEqual(3);
    for (const s of sizes) expect(s).toBeLessThan(MiB + 200_100);
    expect(state.asked).toBe(6002);
  });

  it('places every record where its text is, and the pieces together are the tables', () => {
    const state = bigState(new State());
    const placed: PlacedTable[] = [];
    const pieces: Buffer[] = [];
    tablesText(state, placed, (p) => pieces.push(p));
    const text = Buffer.concat(pieces);
    const tables = JSON.parse(text.toString('utf8')) as Record<string, Row[]>;
    expect(Object.keys(tables)).toEqual(['notes', 'files']);
    expect(tables.notes).toHaveLength(6000);
    for (const t of placed) {
      t.ids.forEach((id, i) => {
        const row = JSON.parse(text.subarray(t.starts[i], t.ends[i]).toString('utf8')) as Row;
        expect(row.id).toBe(id);
      });
    }
  });

  it('writes a snapshot that reads back intact, its checksum taken over all the pieces', () => {
    const path = join(tmp.dir, 'big.json');
    const state = bigState(new State());
    const written = writeSnapshot(path, 7, state);
    const read = readSnapshot(path);
    expect(read?.intact).toBe(true);
    if (!read || !('rows' in read.data)) throw new Error('expected the snapshot to be read from its file');
    expect(read.data.seq).toBe(7);
    expect(read.data.generation).toBe(written.generation);
    const again = new State(read.data.rows);
    expect(again.get('files', 'f0')).toEqual({ id: 'f0', text: 'x'.repeat(200_000) });
    expect(again.dump()).toEqual(state.dump());
    read.data.rows.release();
    written.rows?.release();
  });
});

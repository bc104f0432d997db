import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeSnapshot, tablesRange } from '../../src/store/format.js';
import { scanTables } from '../../src/store/scan.js';
import { scanSnapshot } from '../../src/store/snapshot-scan.js';
import { writeSnapshot } from '../../src/store/snapshot.js';
import { State } from '../../src/store/state.js';
import type { Row } from '../../src/store/store.js';
import { tempDir } from '../helpers/server.js';

const tmp = tempDir('gbctl-snapshot-scan-');
afterAll(() => tmp.cleanup());
let n = 0;
const fresh = () => join(tmp.dir, `s${++n}.json`);

/** A deterministic random number generator, so that a failure can be replayed. */
function rng(seed: number) {
  let x = seed;
  return () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

function randomTables(seed: number): Record<string, Row[]> {
  const rand = rng(seed);
  const tables: Record<string, Row[]> = {};
  for (const name of ['spaces', 'comments', 'files']) {
    const rows: Row[] = [];
    const count = Math.floor(rand() * 40);
    for (let i = 0; i < count; i++) {
      const text = 'é"\\\n{}[],'.repeat(Math.floor(rand() * 30));
      rows.push({ id: `${name[0]}${i}${rand() < 0.1 ? '"q' : ''}`, text, nested: { list: [i, text.length] } } as Row);
    }
    tables[name] = rows;
  }
  return tables;
}

function written(tables: Record<string, Row[]>): string {
  const path = fresh();
  writeSnapshot(path, 3, State.fromDump({ tables })).rows?.release();
  return path;
}

function scanFile(path: string, pieceBytes?: number) {
  const fd = openSync(path, 'r');
  try {
    return scanSnapshot(fd, readFileSync(path).length, pieceBytes);
  } finally {
    closeSync(fd);
  }
}

describe('reading a snapshot a piece at a time', () => {
  it('finds every record where the whole-file scan does, whatever the size of the pieces, over random stores', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const path = written(randomTables(seed));
      const buf = readFileSync(path);
      const r = tablesRange(buf) as { start: number; end: number };
      const whole = scanTables(buf, r.start, r.end);
      for (const piece of [7, 64, 333, 4096, 1024 * 1024]) {
        const scanned = scanFile(path, piece);
        expect(scanned, `seed ${seed}, pieces of ${piece}`).toBeDefined();
        expect(scanned?.tables).toEqual(whole);
        expect(scanned?.seq).toBe(3);
      }
    }
  });

  it('reads a record longer than a piece', () => {
    const path = written({ files: [{ id: 'big', text: 'x'.repeat(5000) } as Row, { id: 'small' }] });
    expect(scanFile(path, 100)?.tables.map((t) => t.ids)).toEqual([['big', 'small']]);
  });

  it('leaves to the whole-file read a snapshot changed by hand, in another layout, cut short or of another version', () => {
    const path = written({ notes: [{ id: 'a', text: 'one' } as Row] });
    const text = readFileSync(path, 'utf8');
    const edited = fresh();
    writeFileSync(edited, text.replace('"one"', '"two"'));
    expect(scanFile(edited)).toBeUndefined();
    const oneLine = fresh();
    writeFileSync(oneLine, encodeSnapshot({ generation: 'g', seq: 0 }, { notes: [{ id: 'a' }] }));
    expect(scanFile(oneLine)).toBeUndefined();
    const cut = fresh();
    writeFileSync(cut, text.slice(0, text.length - 10));
    expect(scanFile(cut)).toBeUndefined();
    const older = fresh();
    writeFileSync(older, text.replace('"version":3', '"version":2'));
    expect(scanFile(older)).toBeUndefined();
  });
});

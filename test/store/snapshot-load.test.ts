import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSnapshot, type LoadMode } from '../../src/store/snapshot-load.js';
import { writeBase } from '../../src/store/snapshot.js';
import { tempDir } from '../helpers/server.js';

const tmp = tempDir('gbctl-store-load-');
afterAll(() => tmp.cleanup());
let n = 0;
const fresh = () => join(tmp.dir, `s${++n}.json`);
const v1 = JSON.stringify({ format: 'gbctl-store', version: 1, tables: { notes: [{ id: 'old' }] } });

function load(path: string, mode: LoadMode, force = false) {
  const warnings: string[] = [];
  const notes: string[] = [];
  return { r: loadSnapshot(path, mode, { force, warn: (m) => warnings.push(m), notes: { note: (t: string) => void notes.push(t) } }), warnings, notes };
}

describe('loading a snapshot', () => {
  it('reads one gbctl wrote in place, in any mode', () => {
    const path = fresh();
    writeBase(path, 3, { notes: [{ id: 'a' }] });
    for (const mode of ['locked', 'unlocked', 'read-only'] as const) {
      const { r } = load(path, mode);
      expect(r).toMatchObject({ loaded: { seq: 3, edited: false } });
      if (typeof r === 'object' && 'state' in r) {
        expect(r.state.file).toBeDefined();
        r.state.file?.release();
      }
    }
  });

  it('migrates an older format only holding the lock; read-only, in memory with a note', () => {
    const path = fresh();
    writeFileSync(path, v1);
    expect(load(path, 'unlocked').r).toBe('need-lock');
    const lenient = load(path, 'read-only');
    expect(lenient.r).toMatchObject({ loaded: { version: 1 } });
    expect(lenient.notes.join()).toMatch(/format version 1: it will be migrated/);
    expect(readFileSync(path, 'utf8')).toBe(v1);
    const locked = load(path, 'locked');
    expect(locked.r).toMatchObject({ loaded: { version: 3, seq: 0 } });
    expect(locked.warnings.join()).toMatch(/migrated the store/);
    expect(existsSync(`${path}.v1.bak`)).toBe(true);
  });

  it('refuses an edited snapshot unless forced or only read', () => {
    const path = fresh();
    writeBase(path, 0, { notes: [{ id: 'before' }] });
    writeFileSync(path, readFileSync(path, 'utf8').replace('before', 'after!'));
    expect(load(path, 'locked').r).toMatchObject({ rejected: { error: { message: expect.stringMatching(/changed by something other than gbctl/) } } });
    expect(load(path, 'unlocked', true).r).toBe('need-lock');
    expect(load(path, 'locked', true).r).toMatchObject({ loaded: { edited: true } });
    const lenient = load(path, 'read-only');
    expect(lenient.r).toMatchObject({ loaded: { edited: true } });
    expect(lenient.notes.join()).toMatch(/changed outside gbctl/);
  });

  it('answers retry when the file is gone between its stat and its read', () => {
    expect(load(fresh(), 'locked').r).toBe('retry');
  });
});

import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StoreError } from '../../src/store/errors.js';
import { JsonFileStore } from '../../src/store/json-file-store.js';
import { lockProblem } from '../../src/store/lock-errors.js';
import { table } from '../../src/store/store.js';
import { tempDir } from '../helpers/server.js';

const notes = table<{ id: string }>('notes');
const tmp = tempDir('gbctl-lock-errors-');
afterAll(() => tmp.cleanup());
let n = 0;
const fresh = () => join(tmp.dir, `s${++n}.json`);

/** An error as node:fs raises it. */
function fsError(code: string, syscall: string, path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: failed, ${syscall} '${path}'`), { code, syscall, path });
}

describe("the store's lock, when it cannot be taken, is named with what to do", () => {
  it('a folder where the lock file goes: names it and says to remove it, and writes nothing', async () => {
    const path = fresh();
    const store = JsonFileStore.open(path);
    await store.write((tx) => tx.put(notes, { id: 'a' }));
    const journal = readFileSync(`${path}.journal`, 'utf8');
    mkdirSync(`${path}.lock`);
    const write = store.write((tx) => tx.put(notes, { id: 'b' }));
    await expect(write).rejects.toThrow(StoreError);
    await expect(write).rejects.toThrow(
      `cannot take the store's lock ${path}.lock: it is a folder, where gbctl keeps a lock file while it writes to the store. No gbctl made it: remove it`,
    );
    expect(readFileSync(`${path}.journal`, 'utf8')).toBe(journal);
    await store.close();
  });

  it('a symbolic link there is no holder either', async () => {
    const path = fresh();
    const store = JsonFileStore.open(path);
    symlinkSync(join(tmp.dir, 'elsewhere'), `${path}.lock`);
    await expect(store.write((tx) => tx.put(notes, { id: 'a' }))).rejects.toThrow(`cannot take the store's lock ${path}.lock: it is a symbolic link`);
    await store.close();
  });

  it('system errors name the lock file, the cause, and that reading needs no lock', () => {
    const lock = '/data/store.json.lock';
    const rofs = lockProblem(fsError('EROFS', 'open', '/data/store.json.lock.1234'), 'take', lock) as Error;
    expect(rofs).toBeInstanceOf(StoreError);
    expect(rofs.message).toMatch(
      /^cannot take the store's lock \/data\/store\.json\.lock: \/data is on a read-only file system \(EROFS\)\. .*"gbctl serve --read-only"/,
    );
    const perm = lockProblem(fsError('EACCES', 'link', '/data/store.json.lock.1234'), 'take', lock) as Error;
    expect(perm.message).toContain('this user may not create or remove files in /data (EACCES)');
    const other = lockProblem(fsError('EACCES', 'open', lock), 'release', lock) as Error;
    expect(other.message).toMatch(
      /^cannot release the store's lock \/data\/store\.json\.lock: this user may not read it \(EACCES\): it was made by another user's gbctl/,
    );
    const unknown = lockProblem(fsError('EIO', 'write', lock), 'take', lock) as Error;
    expect(unknown.message).toMatch(/^cannot take the store's lock \/data\/store\.json\.lock: .*\(EIO, write\)\.$/);
    const notFs = new TypeError('x');
    expect(lockProblem(notFs, 'take', lock)).toBe(notFs);
  });
});

import { existsSync, linkSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileLock } from '../../src/store/lock.js';
import { tempDir } from '../helpers/server.js';

const tmp = tempDir('gbctl-lock-');
afterAll(() => tmp.cleanup());
let n = 0;

function newLock(): { lock: FileLock; path: string; warnings: string[] } {
  const path = join(tmp.dir, `s${++n}.json.lock`);
  const warnings: string[] = [];
  return { lock: new FileLock(path, (m) => warnings.push(m), 500), path, warnings };
}

/** The holder's own file beside the lock (`<lock>.<pid>.<nonce>`). */
const ownFiles = (path: string) => readdirSync(tmp.dir).filter((f) => f.startsWith(`${path.split('/').pop()}.${process.pid}.`));

describe('FileLock', () => {
  it('is taken by linking its own file, and let go by removing the link', () => {
    const { lock, path } = newLock();
    lock.acquireSync();
    const [own] = ownFiles(path);
    expect(statSync(path).ino).toBe(statSync(join(tmp.dir, own as string)).ino);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    expect(existsSync(path)).toBe(false);
    lock.dispose();
    expect(ownFiles(path)).toEqual([]);
  });

  it('writes its own file again when it was removed from under it, and takes the lock', async () => {
    const { lock, path } = newLock();
    await lock.acquire();
    lock.release();
    for (const f of ownFiles(path)) unlinkSync(join(tmp.dir, f));
    await lock.acquire();
    expect(lock.held).toBe(true);
    const [own] = ownFiles(path);
    expect(statSync(path).ino).toBe(statSync(join(tmp.dir, own as string)).ino);
    lock.release();
    expect(existsSync(path)).toBe(false);
    lock.dispose();
  });

  it('leaves in place a lock file that is no longer its own when it lets go', () => {
    const { lock, path } = newLock();
    lock.acquireSync();
    // Another holder's file in its place, with the same contents: only the link tells them apart.
    const copy = readFileSync(path);
    unlinkSync(path);
    const other = `${path}.other`;
    writeFileSync(other, copy);
    linkSync(other, path);
    lock.release();
    expect(existsSync(path)).toBe(true);
    expect(statSync(path).ino).toBe(statSync(other).ino);
    lock.dispose();
    expect(existsSync(path)).toBe(true);
  });
});

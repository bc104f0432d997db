import { utimesSync, writeFileSync, existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JsonFileStore } from '../../src/store/json-file-store.js';
import { table } from '../../src/store/store.js';
import { tempDir } from '../helpers/server.js';

const notes = table<{ id: string }>('notes');
const tmp = tempDir('gbctl-stale-lock-');
afterAll(() => tmp.cleanup());
let n = 0;

/** A file as a crash leaves it: written a while ago. */
function leave(path: string, text: string): void {
  writeFileSync(path, text);
  const past = new Date(Date.now() - 60_000);
  utimesSync(path, past, past);
}

/** A lock held by a process that is gone (a pid no process has). */
const deadHolder = () => JSON.stringify({ pid: 2 ** 22 + 7, host: hostname(), start: '1', at: new Date().toISOString(), nonce: 'deadbeefdeadbeef' });

async function writesWithin(path: string): Promise<string[]> {
  const warnings: string[] = [];
  const store = JsonFileStore.open(path, { warn: (m) => warnings.push(m), lockTimeoutMs: 1500 });
  await store.write((tx) => tx.put(notes, { id: 'x' }));
  await store.close();
  return warnings;
}

describe('every stale lock form is recovered with a message', () => {
  const cases: [string, (lock: string) => void, RegExp][] = [
    ['an empty lock file', (lock) => leave(lock, ''), /took over the lock .* whose contents cannot be read/],
    ['a lock file with unreadable contents', (lock) => leave(lock, '{"pid": 12'), /took over the lock .* whose contents cannot be read/],
    ["an empty .lock.break beside a dead holder's lock", (lock) => (leave(lock, deadHolder()), leave(`${lock}.break`, '')), /removed .*\.lock\.break/],
    [
      "a half-written .lock.break beside a dead holder's lock",
      (lock) => (leave(lock, deadHolder()), leave(`${lock}.break`, '{"pid":1')),
      /removed .*\.lock\.break/,
    ],
  ];
  for (const [what, make, message] of cases) {
    it(`takes over ${what}`, async () => {
      const path = join(tmp.dir, `s${++n}.json`);
      make(`${path}.lock`);
      const warnings = await writesWithin(path);
      expect(warnings.join('\n')).toMatch(message);
      expect(existsSync(`${path}.lock`)).toBe(false);
      expect(existsSync(`${path}.lock.break`)).toBe(false);
    });
  }
});

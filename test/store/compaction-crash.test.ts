import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { JsonFileStore } from '../../src/store/json-file-store.js';
import { tempDir } from '../helpers/server.js';

const CHILD = fileURLToPath(new URL('./writer.child.mjs', import.meta.url));
const tmp = tempDir('gbctl-compaction-crash-');
afterAll(() => tmp.cleanup());

/** Runs a child that compacts the store over and over, and kills it `afterMs` after it is ready. */
function compactAndKill(path: string, afterMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, 'compact', path], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.startsWith('ready\n') && afterMs >= 0) {
        setTimeout(() => child.kill('SIGKILL'), afterMs);
        afterMs = -1;
      }
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`compactor ended by itself (${code}): ${err}`))));
  });
}

it('removes on the next open the temp files compactions killed midway leave behind, saying how much was freed', { timeout: 60_000 }, async () => {
  const path = join(tmp.dir, 'store.json');
  const bulk = { name: 'bulk' };
  let leftBehind = 0;
  const messages: string[] = [];
  for (let round = 0; round < 12; round++) {
    await compactAndKill(path, 20 + Math.floor(Math.random() * 150));
    leftBehind += readdirSync(tmp.dir).filter((f) => f.endsWith('.tmp')).length;
    const store = JsonFileStore.open(path, { warn: (m) => messages.push(m) });
    expect(await store.read((tx) => tx.all(bulk).length)).toBe(2000);
    await store.close();
    // A killed holder's lock stays until a writer takes it over; anything else is a leftover.
    const extra = readdirSync(tmp.dir).filter(
      (f) => f !== 'store.json' && f !== 'store.json.journal' && f !== 'store.json.index' && !f.startsWith('store.json.lock'),
    );
    expect(extra, `round ${round}: files left beside the store`).toEqual([]);
  }
  // Most kills land while a snapshot-sized temp file is being written.
  expect(leftBehind).toBeGreaterThan(0);
  expect(messages.join('\n')).toMatch(/removed \d+ temp files? left beside .*store\.json by an interrupted write or compaction \([\d.]+ (MiB|bytes) freed\)/);
  for (const m of messages) expect(m).toMatch(/removed \d+ temp file|took over the lock/);
});

import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.js';
import { serverResources } from '../../src/registry.js';
import { mintAdminToken } from '../../src/server/admin/accounts.js';
import { FakeClock, randomIds } from '../../src/server/env.js';
import { orgs } from '../../src/server/model/org.js';
import { StoreError } from '../../src/store/errors.js';
import { JsonFileStore } from '../../src/store/json-file-store.js';
import { table } from '../../src/store/store.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';

const notes = table<{ id: string }>('notes');
const tmp = tempDir('gbctl-fs-errors-');
afterAll(() => tmp.cleanup());
let n = 0;
const fresh = () => join(tmp.dir, `s${++n}.json`);

/** A store with one write, whose journal is then made a folder: every later read or write fails on it. */
async function brokenJournal(): Promise<string> {
  const path = fresh();
  const store = JsonFileStore.open(path);
  await store.write((tx) => tx.put(notes, { id: 'a' }));
  await store.close();
  rmSync(`${path}.journal`);
  mkdirSync(`${path}.journal`);
  return path;
}

describe('file-system errors name the file and the reason', () => {
  it('a store path that is a folder', () => {
    const path = fresh();
    mkdirSync(path);
    expect(() => JsonFileStore.open(path)).toThrow(StoreError);
    expect(() => JsonFileStore.open(path)).toThrow(`${path}: illegal operation on a directory (EISDIR`);
  });

  it('answers 503 with that message from the server, not a 500', async () => {
    const path = fresh();
    const store = JsonFileStore.open(path);
    const env = { store, clock: new FakeClock(), ids: randomIds, origin: '', translations: 'translation' as const };
    const token = await mintAdminToken(env);
    const org = (await store.read((tx) => tx.all(orgs)))[0]?.id as string;
    rmSync(`${path}.journal`);
    mkdirSync(`${path}.journal`);
    const res = await createApp(env, serverResources).handle({
      method: 'POST',
      url: `/v1/orgs/${org}/spaces`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"title":"x"}',
    });
    // Replaced under the running store: it stops writing, says what it found, and reads go on.
    expect(res.status).toBe(503);
    expect(String(res.body)).toContain(`gbctl stopped writing to the store ${path}: ${path}.journal changed under gbctl: it was replaced by a folder`);
    const read = await createApp(env, serverResources).handle({ method: 'GET', url: `/v1/orgs/${org}/spaces`, headers: { authorization: `Bearer ${token}` } });
    expect(read.status).toBe(200);
    await store.close().catch(() => undefined);
  });

  it('ends a CLI command with exit 1 and the message, not "server or network" (8)', async () => {
    const path = await brokenJournal();
    const r = await runCli(['spaces', 'create', '--title', 'x', '--store', path]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${path}.journal: illegal operation on a directory (EISDIR`);
    expect(r.stderr).not.toMatch(/internal error|HTTP 5/);
  });
});

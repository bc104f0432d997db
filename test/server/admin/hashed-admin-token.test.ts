import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addMember, addOrg, addToken, addUser } from '../../../src/server/admin/accounts.js';
import { FakeClock, randomIds } from '../../../src/server/env.js';
import { meta } from '../../../src/server/model/org.js';
import { JsonFileStore } from '../../../src/store/json-file-store.js';
import { runCli } from '../../helpers/cli.js';
import { api, spawnServe, tempDir } from '../../helpers/server.js';

const tmp = tempDir('gbctl-admin-token-');
afterAll(() => tmp.cleanup());

/** Everything the store's files hold, beside it included (snapshot, journal, backups). */
const filesText = (dir: string) => readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8')).join('\n');

describe('the admin token is stored hashed', () => {
  it('a new store keeps no plaintext token: not in the snapshot, the journal, or store export', async () => {
    const dir = join(tmp.dir, 'fresh');
    const file = join(dir, 'store.json');
    expect((await runCli(['spaces', 'create', '--title', 'One', '--store', file])).code).toBe(0);
    const token = (await runCli(['local', 'token', '--store', file])).stdout.trim();
    expect(token).toMatch(/^gb_local_/);
    const exported = await runCli(['store', 'export', '-', '--store', file]);
    expect(exported.stdout).toContain('"localUser"');
    for (const text of [filesText(dir), exported.stdout]) {
      expect(text).not.toContain(token);
      expect(text).not.toMatch(/gb_local_/);
      expect(text).not.toContain('"localToken"');
    }
    // The minted token works against a server over the same file.
    const s = await spawnServe(file);
    try {
      expect((await api({ url: s.url, token }, 'GET', '/orgs')).status).toBe(200);
    } finally {
      await s.stop();
    }
  });

  it('serve never prints a token, on a new store or an old one, and says how to get one', { timeout: 20_000 }, async () => {
    const file = join(tmp.dir, 'served', 'store.json');
    for (const run of ['new', 'again']) {
      const s = await spawnServe(file);
      try {
        expect(s.stderr(), run).not.toMatch(/gb_local_|shown once/);
        expect(s.stderr(), run).toContain(`token: run "gbctl local token --store ${file}" to mint an admin token`);
        // The way it names works: a minted token is accepted (spawnServe mints one so).
        expect((await api({ url: s.url, token: s.token }, 'GET', '/orgs')).status).toBe(200);
      } finally {
        await s.stop();
      }
    }
    expect(filesText(join(tmp.dir, 'served'))).not.toMatch(/gb_local_\w{20}/);
  });

  it('migrates a store holding the admin token in plaintext on open: the token still works, no file holds it', { timeout: 20_000 }, async () => {
    const dir = join(tmp.dir, 'legacy');
    const file = join(dir, 'store.json');
    const store = JsonFileStore.open(file);
    const env = { store, clock: new FakeClock(), ids: randomIds };
    const secret = await store.write((tx) => {
      const user = addUser(env, tx, 'Local Admin', 'admin@localhost');
      const org = addOrg(env, tx, 'Local Organization');
      addMember(env, tx, org.id, user.id, 'admin');
      const s = addToken(env, tx, user.id, 'local default');
      tx.put(meta, { id: 'localToken', value: s });
      tx.put(meta, { id: 'defaultOrganization', value: org.id });
      return s;
    });
    await store.close();
    expect(filesText(dir)).toContain(secret);
    const listed = await runCli(['spaces', 'list', '--store', file]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(filesText(dir)).not.toContain(secret);
    const s = await spawnServe(file);
    try {
      expect((await api({ url: s.url, token: secret }, 'GET', '/orgs')).status).toBe(200);
    } finally {
      await s.stop();
    }
  });
});

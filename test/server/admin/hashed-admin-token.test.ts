import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
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
const filesText = (dir: string) =>
  readdirSync(dir)
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');

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

  /** A format-1 store as gbctl wrote it then: the whole dataset in one file, the admin token in plaintext beside its hash. */
  function formatOneStore(secret: string): string {
    const at = '2025-01-01T00:00:00.000Z';
    return JSON.stringify({
      format: 'gbctl-store',
      version: 1,
      tables: {
        users: [{ id: 'u1', displayName: 'Local Admin', email: 'admin@localhost', createdAt: at }],
        organizations: [{ id: 'o1', title: 'Local Organization', createdAt: at }],
        memberships: [{ id: 'o1:u1', organization: 'o1', user: 'u1', role: 'admin', joinedAt: at }],
        tokens: [{ id: createHash('sha256').update(secret).digest('hex'), user: 'u1', label: 'local default', createdAt: at }],
        meta: [
          { id: 'localToken', value: secret },
          { id: 'defaultOrganization', value: 'o1' },
        ],
      },
    });
  }

  it(
    'migrating a format-1 store keeps its backup without the plaintext token; the token still works, and the backup still opens as the admin',
    { timeout: 30_000 },
    async () => {
      const dir = join(tmp.dir, 'format-1');
      mkdirSync(dir, { recursive: true });
      const file = join(dir, 'store.json');
      const secret = 'gb_local_formatOneSecretValue0123456789';
      writeFileSync(file, formatOneStore(secret));
      const listed = await runCli(['orgs', 'list', '--store', file]);
      expect(listed.code, listed.stderr).toBe(0);
      expect(existsSync(`${file}.v1.bak`)).toBe(true);
      expect(filesText(dir)).not.toContain(secret);
      const backup = JSON.parse(readFileSync(`${file}.v1.bak`, 'utf8'));
      expect(backup).toMatchObject({ format: 'gbctl-store', version: 1 });
      expect(backup.tables.meta).toContainEqual({ id: 'localUser', value: 'u1' });
      expect(backup.tables.tokens).toHaveLength(1);
      const s = await spawnServe(file);
      try {
        expect((await api({ url: s.url, token: secret }, 'GET', '/orgs')).status).toBe(200);
      } finally {
        await s.stop();
      }
      // The backup, put back in place, opens as the same admin with the same token.
      const restored = join(tmp.dir, 'format-1-restored', 'store.json');
      mkdirSync(join(tmp.dir, 'format-1-restored'));
      writeFileSync(restored, readFileSync(`${file}.v1.bak`));
      const again = await spawnServe(restored);
      try {
        expect((await api({ url: again.url, token: secret }, 'GET', '/orgs')).body.items.map((o: { id: string }) => o.id)).toEqual(['o1']);
      } finally {
        await again.stop();
      }
    },
  );

  it('rewrites a backup that still holds the plaintext token when the store is next opened', { timeout: 20_000 }, async () => {
    const dir = join(tmp.dir, 'old-backup');
    const file = join(dir, 'store.json');
    expect((await runCli(['spaces', 'list', '--store', file])).code).toBe(0);
    const secret = 'gb_local_leftInAnOldBackup0123456789';
    writeFileSync(`${file}.v1.bak`, formatOneStore(secret));
    const opened = await runCli(['spaces', 'list', '--store', file]);
    expect(opened.code).toBe(0);
    expect(opened.stderr).toContain(`removed the plaintext admin token from the backup ${file}.v1.bak`);
    expect(filesText(dir)).not.toContain(secret);
    expect(JSON.parse(readFileSync(`${file}.v1.bak`, 'utf8')).tables.meta).toContainEqual({ id: 'localUser', value: 'u1' });
  });
});

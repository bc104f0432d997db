import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock, randomIds } from '../../../src/server/env.js';
import { hashToken } from '../../../src/server/model/org.js';
import { ensureSeeded } from '../../../src/server/admin/accounts.js';
import { userFromToken } from '../../../src/server/services/orgs.js';
import {
  createOrg,
  createToken,
  createUser,
  findToken,
  listMembers,
  listTokens,
  listUsers,
  removeMember,
  revokeToken,
  setMember,
} from '../../../src/server/admin/local-admin.js';
import { HttpError } from '../../../src/server/http-error.js';
import { JsonFileStore } from '../../../src/store/json-file-store.js';
import { MemoryStore } from '../../../src/store/memory-store.js';
import { runCli } from '../../helpers/cli.js';
import { api, startServer, tempDir, type TestServer } from '../../helpers/server.js';

/*
 * `gbctl local …` run as the built CLI against a store file, while a server (in this process)
 * serves the same file: what the commands change is what the server enforces.
 */

const ID = /^[A-Za-z0-9]{20}$/;

describe('gbctl local users, orgs, members and tokens', () => {
  let tmp: ReturnType<typeof tempDir>;
  let file: string;
  let store: JsonFileStore;
  let s: TestServer;
  const gb = (...args: string[]) => runCli([...args, '--store', file]);

  beforeAll(async () => {
    tmp = tempDir('gbctl-local-');
    file = join(tmp.dir, 'store.json');
    store = JsonFileStore.open(file);
    s = await startServer({ store });
  });
  afterAll(async () => {
    await s.stop();
    await store.close();
    tmp.cleanup();
  });

  let org: string;
  let ada: string;
  let secret: string;

  it('adds an organization and a user, printing their ids on stdout and a message on stderr', async () => {
    const o = await gb('local', 'orgs', 'add', '--title', 'Acme');
    expect(o.code, o.stderr).toBe(0);
    org = o.stdout.trim();
    expect(org).toMatch(ID);
    expect(o.stderr).toContain('Acme');
    const u = await gb('local', 'users', 'add', '--name', 'Ada', '--email', 'ada@example.com', '--json');
    expect(u.code, u.stderr).toBe(0);
    const user = JSON.parse(u.stdout) as { id: string; displayName: string; email: string; memberships: unknown[] };
    expect(user).toMatchObject({ displayName: 'Ada', email: 'ada@example.com', memberships: [] });
    ada = user.id;
    expect(ada).toMatch(ID);
  });

  it('creates a token with a role; the secret is printed once and the server takes it at once', async () => {
    const t = await gb('local', 'tokens', 'create', '--user', 'ada@example.com', '--org', 'Acme', '--role', 'read', '--label', 'ci');
    expect(t.code, t.stderr).toBe(0);
    secret = t.stdout.trim();
    expect(secret).toMatch(/^gb_local_\S{20,}$/);
    expect(t.stderr).toMatch(/"ci".*read/);
    const as = { url: s.url, token: secret };
    const orgs = await api(as, 'GET', '/orgs');
    expect(orgs.status).toBe(200);
    expect(orgs.body.items.map((x: { id: string; title: string }) => [x.id, x.title])).toEqual([[org, 'Acme']]);
    expect((await api(as, 'GET', `/orgs/${org}/spaces`)).status).toBe(200);
    expect((await api(as, 'POST', `/orgs/${org}/spaces`, { title: 'No' })).status).toBe(403);
    // not a member of the store's default organization
    expect((await api(as, 'GET', `/orgs/${s.org}/spaces`)).status).toBe(404);
  });

  it('stores only the hash of a secret', () => {
    const text = readdirSync(tmp.dir)
      .map((n) => readFileSync(join(tmp.dir, n), 'utf8'))
      .join('\n');
    expect(text).toContain(hashToken(secret));
    expect(text).not.toContain(secret);
  });

  it('changes a role, and the same token gets the new rights', async () => {
    const m = await gb('local', 'members', 'add', '--org', org, '--user', ada, '--role', 'create', '--json');
    expect(m.code, m.stderr).toBe(0);
    expect(JSON.parse(m.stdout)).toMatchObject({ organization: org, user: ada, role: 'create', previousRole: 'read' });
    expect(m.stderr).toContain('from "read" to "create"');
    const made = await api({ url: s.url, token: secret }, 'POST', `/orgs/${org}/spaces`, { title: 'Yes' });
    expect(made.status).toBe(201);
    expect(made.body.permissions).toMatchObject({ edit: true, admin: false });
  });

  it('lists users, organizations and tokens, never a secret', async () => {
    const users = JSON.parse((await gb('local', 'users', 'list', '--json')).stdout) as { id: string; memberships: { organization: string; role: string }[] }[];
    expect(users.find((u) => u.id === ada)?.memberships).toEqual([{ organization: org, role: 'create' }]);
    // The store's admin created Acme, so is its admin too.
    expect(users.find((u) => u.id !== ada)?.memberships).toEqual([
      { organization: s.org, role: 'admin' },
      { organization: org, role: 'admin' },
    ]);
    const orgs = JSON.parse((await gb('local', 'orgs', 'list', '--json')).stdout) as { id: string; members: number; default: boolean }[];
    expect(orgs.map((o) => [o.id, o.members, o.default])).toEqual([
      [s.org, 1, true],
      [org, 2, false],
    ]);
    const tokensJson = await gb('local', 'tokens', 'list', '--json', 'label,user,local');
    expect(JSON.parse(tokensJson.stdout)).toEqual([
      { label: 'local admin', user: users.find((u) => u.id !== ada)?.id, local: true },
      { label: 'ci', user: ada, local: false },
    ]);
    const text = await gb('local', 'tokens', 'list');
    expect(text.code).toBe(0);
    expect(
      text.stdout
        .trim()
        .split('\n')
        .map((l) => l.split('\t')[1]),
    ).toEqual(['local admin', 'ci']);
    for (const out of [tokensJson.stdout, text.stdout, (await gb('local', 'tokens', 'list', '--json')).stdout]) {
      expect(out).not.toContain(secret);
      expect(out).not.toContain(s.token);
    }
  });

  it('revokes a token by label: the server answers 401 to it from then on', async () => {
    // Off a terminal, revoking needs --yes, and without it nothing is revoked.
    const refused = await gb('local', 'tokens', 'revoke', 'ci');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('refusing to revoke token "ci" without confirmation');
    expect((await api({ url: s.url, token: secret }, 'GET', '/orgs')).status).toBe(200);
    const r = await gb('local', 'tokens', 'revoke', 'ci', '--yes');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Revoked token "ci"');
    const res = await api({ url: s.url, token: secret }, 'GET', '/orgs');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe(401);
  });

  it('refuses bad input with the documented exit codes and a message on stderr', async () => {
    const cases: [string[], number, RegExp][] = [
      [['local', 'members', 'add', '--org', org, '--user', 'nobody@example.com', '--role', 'read'], 5, /no user "nobody@example.com"/],
      [['local', 'members', 'add', '--org', org, '--user', ada, '--role', 'owner'], 2, /"owner" is not a role/],
      [['local', 'members', 'add', '--user', ada, '--role', 'read'], 2, /--org is required/],
      [['local', 'tokens', 'create', '--user', ada, '--role', 'read'], 2, /--role needs --org/],
      [['local', 'users', 'add', '--name', 'Again', '--email', 'ADA@example.com'], 6, /already has the email/],
    ];
    for (const [args, code, message] of cases) {
      const r = await gb(...args);
      expect(r.code, args.join(' ')).toBe(code);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
    }
  });

  it('says in its help that it is local only', async () => {
    const r = await runCli(['local', 'tokens', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Local only/);
    expect(r.stdout).toMatch(/not\s+part of the platform API/);
    for (const sub of ['create', 'list', 'revoke']) expect(r.stdout).toContain(sub);
  });
});

describe('local-admin service', () => {
  const env = () => ({ store: new MemoryStore(), clock: new FakeClock(), ids: randomIds, origin: '', translations: 'translation' as const });

  it('finds tokens by id, unique id prefix, label or secret, and revokes them', async () => {
    const e = env();
    await ensureSeeded(e);
    const { user, a, b } = await e.store.write((tx) => {
      const u = createUser(e, tx, { name: 'Bo' });
      return { user: u, a: createToken(e, tx, { user: u.id, label: 'a' }), b: createToken(e, tx, { user: u.id }) };
    });
    expect(b.label).toBe('token-1');
    await e.store.read((tx) => {
      expect(findToken(tx, a.id).label).toBe('a');
      expect(findToken(tx, a.id.slice(0, 10)).label).toBe('a');
      expect(findToken(tx, a.secret).label).toBe('a');
      expect(findToken(tx, 'token-1').id).toBe(b.id);
      expect(() => findToken(tx, a.id.slice(0, 7))).toThrow(HttpError);
      expect(listTokens(tx, user.id).map((t) => t.label)).toEqual(['a', 'token-1']);
    });
    // Used before it is revoked: its hash is then among the recent ones, and still answers nobody after.
    expect((await e.store.read((tx) => userFromToken(tx, b.secret)))?.id).toBe(user.id);
    await e.store.write((tx) => revokeToken(tx, b.secret));
    expect(await e.store.read((tx) => userFromToken(tx, b.secret))).toBeUndefined();
    expect((await e.store.read((tx) => userFromToken(tx, a.secret)))?.id).toBe(user.id);
    await expect(e.store.write((tx) => createToken(e, tx, { user: user.id, label: 'a' }))).rejects.toThrow(/already labelled "a"/);
  });

  it("keeps the embedded CLI's admin in its organization", async () => {
    const e = env();
    await ensureSeeded(e);
    const [me] = await e.store.read((tx) => listUsers(tx));
    const org = (await e.store.read((tx) => listMembers(tx)))[0]?.organization as string;
    await expect(e.store.write((tx) => setMember(e, tx, { org, user: me?.id as string, role: 'edit' }))).rejects.toThrow(/lock the CLI out/);
    await expect(e.store.write((tx) => removeMember(tx, { org, user: me?.id as string }))).rejects.toThrow(/lock the CLI out/);
    // another organization is theirs to leave
    const other = await e.store.write((tx) => createOrg(e, tx, { title: 'Other' }));
    await e.store.write((tx) => setMember(e, tx, { org: other.id, user: me?.id as string, role: 'admin' }));
    await e.store.write((tx) => removeMember(tx, { org: 'Other', user: me?.id as string }));
    expect(await e.store.read((tx) => listMembers(tx, other.id))).toEqual([]);
  });

  it('validates names, emails, roles and ambiguous titles', async () => {
    const e = env();
    await ensureSeeded(e);
    await expect(e.store.write((tx) => createUser(e, tx, { name: '  ' }))).rejects.toThrow(/must not be empty/);
    await expect(e.store.write((tx) => createUser(e, tx, { name: 'X', email: 'not-an-email' }))).rejects.toThrow(/not an email/);
    const u = await e.store.write((tx) => createUser(e, tx, { name: 'X' }));
    await e.store.write((tx) => createOrg(e, tx, { title: 'Twin' }));
    await e.store.write((tx) => createOrg(e, tx, { title: 'Twin' }));
    await expect(e.store.write((tx) => setMember(e, tx, { org: 'Twin', user: u.id, role: 'read' }))).rejects.toThrow(/2 organizations are titled "Twin"/);
    await expect(e.store.write((tx) => createToken(e, tx, { user: u.id, org: 'Local Organization' }))).rejects.toThrow(/not a member/);
  });
});

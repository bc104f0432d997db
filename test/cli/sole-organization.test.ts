import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, addOrg, addToken, addUser } from '../../src/server/admin/accounts.js';
import { runCli } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.stop());

describe('over HTTP with no organization given', () => {
  it("uses the token's user's only organization", async () => {
    const env = { GITBOOK_ENDPOINT: s.url, GITBOOK_TOKEN: s.token };
    const created = await runCli(['spaces', 'create', '--title', 'Solo', '--json', 'id'], { env });
    expect(created.code, created.stderr).toBe(0);
    const listed = await runCli(['spaces', 'list', '--json', 'title'], { env });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('Solo');
  });

  it('with several, is still a usage error, listing them', async () => {
    const token = await s.env.store.write((tx) => {
      const u = addUser(s.env, tx, 'Two orgs');
      const a = addOrg(s.env, tx, 'Alpha');
      const b = addOrg(s.env, tx, 'Beta');
      addMember(s.env, tx, a.id, u.id, 'admin');
      addMember(s.env, tx, b.id, u.id, 'admin');
      return addToken(s.env, tx, u.id, 'two');
    });
    const r = await runCli(['spaces', 'list'], { env: { GITBOOK_ENDPOINT: s.url, GITBOOK_TOKEN: token } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/belongs to several: .*\(Alpha\).*\(Beta\)/);
    expect(r.stderr).toContain('--org');
  });

  it('with none, says so', async () => {
    const token = await s.env.store.write((tx) => addToken(s.env, tx, addUser(s.env, tx, 'Nobody').id, 'none'));
    const r = await runCli(['spaces', 'list'], { env: { GITBOOK_ENDPOINT: s.url, GITBOOK_TOKEN: token } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('belongs to none');
  });
});

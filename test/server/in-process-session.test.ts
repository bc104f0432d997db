import { afterAll, describe, expect, it } from 'vitest';
import { inProcessTransport } from '../../src/client/transport.js';
import { serverResources } from '../../src/registry.js';
import { openEmbedded } from '../../src/server/embedded.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';
import { join } from 'node:path';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

const get = (path: string, headers: Record<string, string> = {}) => ({ method: 'GET', url: path, headers });

describe("the embedded CLI's in-process session", () => {
  it("acts as the store's admin with no secret, and only with this app's own session object", async () => {
    const e = await openEmbedded(serverResources, { path: join(tmp.dir, 'a.json'), origin: 'http://gbctl.local' });
    try {
      const mine = await e.app.handle({ ...get('/v1/user'), session: e.session });
      expect(mine.status).toBe(200);
      expect(JSON.parse(mine.body.toString())).toMatchObject({ id: e.user });
      // A look-alike object, another store's session, or none: no caller.
      const forged = await e.app.handle({ ...get('/v1/user'), session: { user: e.user } });
      expect(forged.status).toBe(401);
      expect((await e.app.handle(get('/v1/user'))).status).toBe(401);
      // A token sent with it is what counts.
      const wrongToken = await e.app.handle({ ...get('/v1/user', { authorization: 'Bearer gb_nope' }), session: e.session });
      expect(wrongToken.status).toBe(401);
      // Through the in-process transport, as the CLI sends.
      const viaTransport = await inProcessTransport(e.app, e.session).send({ method: 'GET', path: '/v1/user', headers: {} });
      expect(viaTransport.status).toBe(200);
    } finally {
      await e.close();
    }
  });

  it('makes its secret only when asked (a read-only server hands it to its client), and the secret then works', async () => {
    const e = await openEmbedded(serverResources, { path: join(tmp.dir, 'b.json'), origin: 'http://gbctl.local' });
    try {
      expect(e.env.sessions?.size).toBe(0);
      const token = e.token;
      expect(token).toMatch(/^gb_session_[\w-]{43}$/);
      expect(e.token).toBe(token);
      expect(e.env.sessions?.size).toBe(1);
      // Held by its hash only.
      expect([...(e.env.sessions?.keys() ?? [])].join()).not.toContain(token);
      expect((await e.app.handle(get('/v1/user', { authorization: `Bearer ${token}` }))).status).toBe(200);
    } finally {
      await e.close();
    }
  });

  it('gives `auth token` nothing to print: it says where a token for a server comes from', async () => {
    const store = join(tmp.dir, 'c.json');
    const r = await runCli(['auth', 'token', '--store', store]);
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('the embedded store needs no token');
    expect(r.stderr).toContain('gbctl local token');
    const status = await runCli(['auth', 'status', '--store', store, '--json']);
    expect(JSON.parse(status.stdout)).toMatchObject({ token: { source: expect.stringContaining('none needed') as unknown } });
  });
});

import { chmodSync, existsSync, readFileSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, spawnCli } from '../helpers/cli.js';
import { api, spawnServe, tempDir, type ServeProcess } from '../helpers/server.js';

const tmp = tempDir('gbctl-serve-store-');
afterAll(() => tmp.cleanup());
let n = 0;
const fresh = () => join(tmp.dir, `s${++n}.json`);

const files = (path: string) => [path, `${path}.journal`].map((p) => ({ p, bytes: readFileSync(p, 'utf8'), mtime: statSync(p).mtimeMs }));
const titles = async (s: { url: string; token: string }, org: string) =>
  ((await api(s, 'GET', `/orgs/${org}/spaces`)).body.items as { title: string }[]).map((i) => i.title);
const control = (s: { url: string; token: string }, path: string) =>
  fetch(`${s.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${s.token}` } });

/** A store made by the CLI holding one space, with a token of its admin minted while it could be written. */
async function storeWithSpace(title: string): Promise<{ path: string; token: string }> {
  const path = fresh();
  expect((await runCli(['spaces', 'create', '--title', title, '--store', path])).code).toBe(0);
  const token = (await runCli(['local', 'token', '--store', path])).stdout.trim();
  return { path, token };
}

/** Serve with --write-env, answering the server with the token the file carries. */
async function serveWithEnv(path: string, extra: string[] = []): Promise<ServeProcess & { envToken: string }> {
  const env = `${path}.env`;
  const s = await spawnServe(path, ['--write-env', env, ...extra], { mint: false });
  const envToken = (/^GITBOOK_TOKEN=(.*)$/m.exec(readFileSync(env, 'utf8')) as RegExpExecArray)[1] as string;
  return { ...s, envToken };
}

describe('serve, when its journal is changed under it by another process', () => {
  it('edited in place: the next write is 503 saying what happened and what to do, reads go on, the files keep only the edit', async () => {
    const path = fresh();
    const s = await spawnServe(path);
    try {
      expect((await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'One' })).status).toBe(201);
      const journal = `${path}.journal`;
      const good = readFileSync(journal);
      expect(good.toString()).toContain('"One"');
      writeFileSync(journal, good.toString().replace('"One"', '"Owe"'), { flag: 'r+' });
      utimesSync(journal, new Date(), new Date(Date.now() + 5000));
      const edited = files(path);

      const refused = await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'Two' });
      expect(refused.status).toBe(503);
      expect(Object.keys(refused.body)).toEqual(['error']);
      expect(refused.body.error.code).toBe(503);
      expect(refused.body.error.message).toMatch(
        new RegExp(
          `^gbctl stopped writing to the store ${path}: ${path}\\.journal changed under gbctl: (its last line \\(line \\d+, from byte offset \\d+\\) is not what gbctl read or wrote there|line \\d+, at byte offset \\d+, changed in place \\(checksum mismatch\\))\\.`,
        ),
      );
      expect(refused.body.error.message).toContain(`"gbctl store info --store ${path}" shows what the files hold now`);
      expect(refused.body.error.message).toContain('restart this process');
      // The warning goes to stderr as the 503 goes out: it may arrive after the answer.
      await expect.poll(() => s.stderr(), { timeout: 5000 }).toContain(`gbctl: gbctl stopped writing to the store ${path}`);

      // Reads answer from what it had read; writes stay refused; nothing more reaches the files.
      expect(await titles(s, s.org)).toEqual(['One']);
      expect((await api(s, 'DELETE', `/spaces/${(await api(s, 'GET', `/orgs/${s.org}/spaces`)).body.items[0].id}`)).status).toBe(503);
      expect((await control(s, '/_gbctl/reset')).status).toBe(503);
      expect(files(path)).toEqual(edited);
    } finally {
      expect(await s.stop()).toBe(0);
    }
    // With the journal put back, the store holds everything acknowledged, and takes writes again.
    writeFileSync(`${path}.journal`, readFileSync(`${path}.journal`, 'utf8').replace('"Owe"', '"One"'));
    const again = await spawnServe(path);
    try {
      expect(await titles(again, again.org)).toEqual(['One']);
      expect((await api(again, 'POST', `/orgs/${again.org}/spaces`, { title: 'Two' })).status).toBe(201);
    } finally {
      await again.stop();
    }
  });

  it('cut short: 503 naming the sizes, and the store left as it was cut', async () => {
    const path = fresh();
    const s = await spawnServe(path);
    try {
      expect((await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'One' })).status).toBe(201);
      truncateSync(`${path}.journal`, statSync(`${path}.journal`).size - 3);
      const cut = files(path);
      const refused = await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'Two' });
      expect(refused.status).toBe(503);
      expect(refused.body.error.message).toMatch(/journal changed under gbctl: it was cut short, to \d+ bytes, where gbctl had read or written \d+\./);
      expect(await titles(s, s.org)).toEqual(['One']);
      expect(files(path)).toEqual(cut);
    } finally {
      await s.stop();
    }
  });
});

describe('serve on a store that cannot be written', () => {
  it('chmod a-w: starts read-only with a warning, reads work, writes are 503, no file is touched; the embedded CLI reads it too', async () => {
    const { path, token } = await storeWithSpace('Kept');
    chmodSync(path, 0o444);
    chmodSync(`${path}.journal`, 0o444);
    const before = files(path);
    try {
      const s = await serveWithEnv(path);
      try {
        expect(s.stderr()).toContain(`warning: serving the store read-only, since its snapshot ${path} is marked read-only for everyone (mode 0444)`);
        for (const t of [token, s.envToken]) {
          const as = { url: s.url, token: t };
          expect(await titles(as, s.org)).toEqual(['Kept']);
          const refused = await api(as, 'POST', `/orgs/${s.org}/spaces`, { title: 'New' });
          expect(refused.status).toBe(503);
          expect(refused.body).toEqual({
            error: {
              code: 503,
              message: `the store ${path} is read-only (its snapshot ${path} is marked read-only for everyone (mode 0444)): it answers reads and refuses writes`,
            },
          });
        }
        expect((await control({ url: s.url, token }, '/_gbctl/reset')).status).toBe(503);
      } finally {
        expect(await s.stop()).toBe(0);
      }
      const list = await spawnCli(['spaces', 'list', '--store', path]);
      expect(list.code, list.stderr).toBe(0);
      expect(list.stdout).toContain('Kept');
      const exported = await spawnCli(['store', 'export', '-', '--store', path]);
      expect(exported.code, exported.stderr).toBe(0);
      expect(exported.stdout).toContain('"Kept"');
      const write = await spawnCli(['spaces', 'create', '--title', 'New', '--store', path]);
      expect(write.code).toBe(1);
      expect(write.stderr).toContain(`the store ${path} is read-only (its snapshot ${path} is marked read-only for everyone (mode 0444))`);
      expect(files(path)).toEqual(before);
      expect(existsSync(`${path}.lock`)).toBe(false);
    } finally {
      chmodSync(path, 0o644);
      chmodSync(`${path}.journal`, 0o644);
    }
  });

  it('--read-only: says so, answers reads, refuses every write (503), and writes nothing', async () => {
    const { path, token } = await storeWithSpace('Fixture');
    const before = files(path);
    const s = await serveWithEnv(path, ['--read-only']);
    try {
      expect(s.stderr()).toContain('read-only (--read-only): the store is read and never written');
      expect(s.stderr()).not.toContain('warning: serving the store read-only');
      const as = { url: s.url, token: s.envToken };
      expect(await titles(as, s.org)).toEqual(['Fixture']);
      expect(await titles({ url: s.url, token }, s.org)).toEqual(['Fixture']);
      const refused = await api(as, 'POST', `/orgs/${s.org}/spaces`, { title: 'New' });
      expect(refused).toMatchObject({
        status: 503,
        body: { error: { code: 503, message: `the store ${path} is read-only (started with --read-only): it answers reads and refuses writes` } },
      });
      expect((await control(as, '/_gbctl/reset')).status).toBe(503);
    } finally {
      expect(await s.stop()).toBe(0);
    }
    expect(files(path)).toEqual(before);
  });

  it('--read-only over a store that does not exist fails to start, saying why', async () => {
    const path = fresh();
    const r = await spawnCli(['serve', '--read-only', '--port', '0', '--store', path]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`the store ${path} holds no organization and admin yet, and they cannot be made: it is read-only (started with --read-only)`);
    expect(existsSync(path)).toBe(false);
  });
});

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { spawnServe, tempDir } from '../helpers/server.js';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

/** Stops a detached server by its pid and waits until it is gone. */
async function stopPid(pid: number): Promise<void> {
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 200; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server ${pid} did not stop`);
}

function parseEnv(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .trim()
      .split('\n')
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

describe('gbctl serve for CI in one step', () => {
  it('writes an env file and a JSON ready file (mode 0600) whose token works, and never prints the token', async () => {
    const store = join(tmp.dir, 'ci.json');
    const writeEnv = join(tmp.dir, 'gbctl.env');
    const ready = join(tmp.dir, 'ready.json');
    const s = await spawnServe(store, ['--write-env', writeEnv, '--ready-file', ready]);
    try {
      const env = parseEnv(readFileSync(writeEnv, 'utf8'));
      expect(Object.keys(env)).toEqual(['GITBOOK_ENDPOINT', 'GITBOOK_TOKEN', 'GITBOOK_ORGANIZATION']);
      expect(env).toMatchObject({ GITBOOK_ENDPOINT: s.url, GITBOOK_ORGANIZATION: s.org });
      expect(statSync(writeEnv).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(ready, 'utf8'))).toEqual({ url: s.url, organization: s.org, token: env.GITBOOK_TOKEN });
      expect(statSync(ready).mode & 0o777).toBe(0o600);
      expect(s.stderr()).not.toContain(env.GITBOOK_TOKEN);
      expect(s.stderr()).toContain(`environment: ${writeEnv}`);

      // The whole CI recipe: source the file, then gbctl needs nothing else.
      const script = `set -euo pipefail; set -a; . '${writeEnv}'; set +a; node '${join(process.cwd(), 'bin/gbctl.js')}' spaces create --title CI >/dev/null; node '${join(process.cwd(), 'bin/gbctl.js')}' emulator snapshot ci`;
      const out = execFileSync('bash', ['-c', script], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: tmp.dir, CI: 'true' } });
      expect(out).toBe('ci\n');
      const who = await spawnCli(['whoami', '--json'], { env: { GITBOOK_ENDPOINT: env.GITBOOK_ENDPOINT, GITBOOK_TOKEN: env.GITBOOK_TOKEN } });
      expect(who.code, who.stderr).toBe(0);
      expect(JSON.parse(who.stdout)).toMatchObject({ user: { displayName: 'Local Admin' }, organization: s.org });
    } finally {
      await s.stop();
    }
    // A restart mints a new token and revokes the last one: tokens do not pile up.
    const first = parseEnv(readFileSync(writeEnv, 'utf8')).GITBOOK_TOKEN;
    const again = await spawnServe(store, ['--write-env', writeEnv]);
    try {
      const second = parseEnv(readFileSync(writeEnv, 'utf8')).GITBOOK_TOKEN;
      expect(second).not.toBe(first);
      const tokens = await spawnCli(['local', 'tokens', 'list', '--json', '--store', store]);
      expect((JSON.parse(tokens.stdout) as { label: string }[]).filter((t) => t.label === 'serve write-env')).toHaveLength(1);
    } finally {
      await again.stop();
    }
  });

  it('serve --detach returns once it listens, with the environment on stdout or in --write-env, and the server stays up', async () => {
    const store = join(tmp.dir, 'detached.json');
    const r = await spawnCli(['serve', '--detach', '--port', '0', '--store', store]);
    expect(r.code, r.stderr).toBe(0);
    const pid = Number((/\(pid (\d+); stop it with: kill \1\)/.exec(r.stderr) as RegExpExecArray)[1]);
    try {
      const env = parseEnv(r.stdout);
      expect(Object.keys(env)).toEqual(['GITBOOK_ENDPOINT', 'GITBOOK_TOKEN', 'GITBOOK_ORGANIZATION']);
      expect(r.stderr).not.toContain(env.GITBOOK_TOKEN);
      const log = (/^log: (.+)$/m.exec(r.stderr) as RegExpExecArray)[1] as string;
      expect(existsSync(log)).toBe(true);
      // Ready at once: no polling before the first request.
      const who = await spawnCli(['whoami', '--json'], { env });
      expect(who.code, who.stderr).toBe(0);
      expect(JSON.parse(who.stdout)).toMatchObject({ organization: env.GITBOOK_ORGANIZATION });

      const writeEnv = join(tmp.dir, 'detached.env');
      const pidFile = join(tmp.dir, 'detached2.pid');
      const second = await spawnCli([
        'serve',
        '--detach',
        '--port',
        '0',
        '--store',
        join(tmp.dir, 'detached2.json'),
        '--write-env',
        writeEnv,
        '--log-file',
        join(tmp.dir, 'detached2.log'),
        '--pid-file',
        pidFile,
      ]);
      expect(second.code, second.stderr).toBe(0);
      const pid2 = Number((/\(pid (\d+);/.exec(second.stderr) as RegExpExecArray)[1]);
      expect(readFileSync(pidFile, 'utf8')).toBe(`${pid2}\n`);
      try {
        const env2 = parseEnv(readFileSync(writeEnv, 'utf8'));
        expect(second.stdout).toBe(`listening on ${env2.GITBOOK_ENDPOINT}\n`);
        expect((await spawnCli(['spaces', 'list'], { env: env2 })).code).toBe(0);
        expect(readFileSync(join(tmp.dir, 'detached2.log'), 'utf8')).toContain(`listening on ${env2.GITBOOK_ENDPOINT}`);
      } finally {
        await stopPid(pid2);
      }
      expect(existsSync(pidFile)).toBe(false);
    } finally {
      await stopPid(pid);
      rmSync((/^log: (.+)$/m.exec(r.stderr) as RegExpExecArray)[1] as string, { force: true });
    }
  });

  it("serve --detach fails with the server's own error and exit code when it cannot start", async () => {
    const broken = join(tmp.dir, 'broken.json');
    writeFileSync(broken, '{broken');
    const foreground = await spawnCli(['serve', '--port', '0', '--store', broken]);
    const logs = join(tmp.dir, 'logs');
    mkdirSync(logs);
    const detached = await spawnCli(['serve', '--detach', '--port', '0', '--store', broken], { env: { TMPDIR: logs } });
    expect(detached.code).toBe(foreground.code);
    expect(detached.code).not.toBe(0);
    expect(detached.stderr).toBe(foreground.stderr);
    expect(detached.stdout).toBe('');
    // The log it named itself holds nothing the error does not say: it is not left behind.
    expect(readdirSync(logs)).toEqual([]);
  });

  it('a busy port is exit 8 naming the port, in the foreground and detached', async () => {
    const busy = createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
    const port = String((busy.address() as { port: number }).port);
    try {
      for (const extra of [[], ['--detach']]) {
        const r = await spawnCli(['serve', ...extra, '--port', port, '--store', join(tmp.dir, 'busy.json')]);
        expect(r.code, extra.join(' ')).toBe(8);
        expect(r.stderr).toContain(`port ${port} on 127.0.0.1 is in use`);
      }
    } finally {
      busy.close();
    }
  });

  it('keeps the plain ready file a URL, and refuses a file in a missing folder before starting', async () => {
    const ready = join(tmp.dir, 'ready');
    const s = await spawnServe(join(tmp.dir, 'plain.json'), ['--ready-file', ready]);
    await s.stop();
    expect(readFileSync(ready, 'utf8')).toBe(`${s.url}\n`);
    const bad = await spawnCli(['serve', '--port', '0', '--store', join(tmp.dir, 'x.json'), '--write-env', join(tmp.dir, 'no', 'such', 'env')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--write-env');
  });

  it("points --env-file (Node.js's own flag, which it lets through when the file exists) to --write-env", async () => {
    const existing = join(tmp.dir, 'existing.env');
    writeFileSync(existing, '');
    const r = await spawnCli(['serve', '--port', '0', '--store', join(tmp.dir, 'y.json'), '--env-file', existing]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--write-env');
  });

  it('lists the controls and the emulator commands in serve --help', async () => {
    const h = await spawnCli(['serve', '--help']);
    for (const s of [
      '/_gbctl/clock',
      '/_gbctl/snapshots',
      '/_gbctl/reset',
      '/_gbctl/faults',
      '/_gbctl/requests',
      'gbctl emulator clock',
      'gbctl emulator faults',
      '--write-env',
    ])
      expect(h.stdout).toContain(s);
  });

  it('reports the commit the build was made from', async () => {
    const r = await spawnCli(['version', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const v = JSON.parse(r.stdout) as { commit: string | null; node: string };
    expect(v.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(v.node).toBe(process.version);
  });
});

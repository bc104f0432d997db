import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tsvRecordOf } from '../helpers/tsv.js';
import { startServer, tempDir, type TestServer } from '../helpers/server.js';

const tmp = tempDir();
let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.stop();
  tmp.cleanup();
});

describe('gbctl whoami', () => {
  it('names the user, organization and store on the embedded store', async () => {
    const store = join(tmp.dir, 'who.json');
    const r = await runCli(['whoami', '--json'], { env: { GBCTL_DATA: store } });
    expect(r.code, r.stderr).toBe(0);
    const me = JSON.parse(r.stdout) as { user: { displayName: string }; organization: string; backend: unknown };
    expect(me.user.displayName).toBe('Local Admin');
    expect(me.organization).toEqual(expect.any(String));
    expect(me.backend).toEqual({ kind: 'embedded', store });
    const text = await runCli(['whoami'], { env: { GBCTL_DATA: store }, tty: true });
    expect(text.stdout).toContain(`embedded store ${store}`);
    expect(text.stdout).toContain(me.organization);
    const piped = tsvRecordOf((await runCli(['whoami'], { env: { GBCTL_DATA: store } })).stdout);
    expect(piped.organization).toBe(me.organization);
    expect(JSON.parse(piped.backend as string)).toEqual(me.backend);
  });

  it('names the endpoint over HTTP, and the organization even when none is configured', async () => {
    const r = await runCli(['whoami', '--json'], { env: { GITBOOK_ENDPOINT: s.url, GITBOOK_TOKEN: s.token } });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ organization: s.org, backend: { kind: 'http', endpoint: s.url } });
  });

  it('fails with exit 4 on a refused token, and 2 on an unknown --json field before connecting', async () => {
    expect((await runCli(['whoami'], { env: { GITBOOK_ENDPOINT: s.url, GITBOOK_TOKEN: 'nope' } })).code).toBe(4);
    const bad = await runCli(['whoami', '--json', 'nope'], { env: { GITBOOK_ENDPOINT: 'http://127.0.0.1:1' } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('valid fields: user, organization, backend');
  });
});

describe('gbctl version', () => {
  it('prints the version, the commit (unknown from source) and Node', async () => {
    const r = await runCli(['version', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const v = JSON.parse(r.stdout) as { version: string; commit: string | null; node: string };
    expect(v).toMatchObject({ version: expect.stringMatching(/^\d+\.\d+\.\d+/), node: process.version });
    expect((await runCli(['version'])).stdout).toContain(`Node.js ${process.version}`);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../helpers/run-cli.js';
import { api, startServer, tempDir, type TestServer } from '../../helpers/server.js';
import { FOLDER, writeTree } from '../../helpers/sync-folder.js';

/*
 * A server answers with the paths export writes to (a page's git.path, a file's name and
 * git.path). Here a proxy in front of a real gbctl serve rewrites the revision it answers, as a
 * hostile or broken server could, and export must write nothing outside its folder.
 */

interface Rev {
  pages: { id: string; title: string; type: string; git?: { path: string }; pages?: Rev['pages'] }[];
  files: { id: string; name: string; downloadURL: string; git?: { path?: string } }[];
}
type Rewrite = (rev: Rev, origin: string) => void;

const ABS = `/tmp/gbctl-export-abs-${process.pid}.png`;
let tmp: ReturnType<typeof tempDir>;
let s: TestServer;
let space: string;
let rewrite: Rewrite = () => {};
let proxy: Server;
let proxyUrl: string;

beforeAll(async () => {
  tmp = tempDir('gbctl-export-paths-');
  s = await startServer();
  space = (await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'Target' })).body.id as string;
  const dir = writeTree(join(tmp.dir, 'src'), FOLDER);
  const pushed = await runCliInProcess(['content', 'push', dir, space, '--direct'], {
    env: { GITBOOK_ENDPOINT: s.url, GITBOOK_TOKEN: s.token, GITBOOK_ORGANIZATION: s.org, GBCTL_CONFIG_DIR: join(tmp.dir, 'config') },
  });
  expect(pushed.code, pushed.stderr).toBe(0);
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const up = await fetch(`${s.url}${req.url}`, {
          method: req.method,
          headers: { authorization: req.headers.authorization ?? '', accept: req.headers.accept ?? '*/*' },
        });
        let body: Buffer = Buffer.from(await up.arrayBuffer());
        if (req.method === 'GET' && /^\/v1\/spaces\/[^/]+\/content(\?|$)/.test(req.url ?? '') && up.ok) {
          const rev = JSON.parse(body.toString()) as Rev;
          // Downloads go through the proxy: it is the server gbctl talks to.
          for (const f of rev.files) f.downloadURL = f.downloadURL.replace(s.url, proxyUrl);
          rewrite(rev, proxyUrl);
          body = Buffer.from(JSON.stringify(rev));
        }
        res.writeHead(up.status, { 'content-type': up.headers.get('content-type') ?? 'application/octet-stream' });
        res.end(body);
      })();
    });
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => proxy.close(() => r()));
  await s.stop();
  tmp.cleanup();
});

let n = 0;
/** A fresh export folder with an "outside" folder beside it, and gbctl run through the proxy. */
async function exportWith(change: Rewrite, prepare: (dir: string, outside: string) => void = () => {}) {
  const base = join(tmp.dir, `case${n++}`);
  const dir = join(base, 'out');
  const outside = join(base, 'outside');
  mkdirSync(outside, { recursive: true });
  prepare(dir, outside);
  rewrite = change;
  const env = { GITBOOK_ENDPOINT: proxyUrl, GITBOOK_TOKEN: s.token, GITBOOK_ORGANIZATION: s.org, GBCTL_CONFIG_DIR: join(tmp.dir, 'config') };
  const r = await runCliInProcess(['content', 'export', space, dir, '--force'], { env });
  const json = await runCliInProcess(['content', 'export', space, dir, '--force', '--json'], { env });
  rewrite = () => {};
  return { r, json: JSON.parse(json.stdout || '{}') as { files?: string[]; skipped?: { path: string; reason: string }[] }, dir, base, outside };
}

/** Every name under `base`, other than in the export folder itself. */
const strays = (base: string) =>
  readdirSync(base, { recursive: true })
    .map(String)
    .filter((p) => p !== 'out' && !p.startsWith('out/') && p !== 'outside');
/** A page's or file's path in the folder, as the server answers it (with the blob id the schema asks for). */
const setPath = (x: { git?: { oid?: string; path?: string } } | undefined, path: string) => {
  if (x) x.git = { oid: '0', ...x.git, path };
};

describe('content export, when the server names paths that leave the folder', () => {
  it('writes the rest as it is when nothing is wrong', async () => {
    const { r, dir, base } = await exportWith(() => {});
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('✓ Wrote');
    expect(existsSync(join(dir, 'SUMMARY.md'))).toBe(true);
    expect(strays(base)).toEqual([]);
  });

  it.each([
    [
      'an asset name with ..',
      (rev: Rev) => Object.assign(rev.files[0] as object, { name: '../../../evil.png', git: undefined }),
      '.gitbook/assets/../../../evil.png',
      '".." in the path',
    ],
    ['an absolute file path', (rev: Rev) => setPath(rev.files[0], ABS), ABS, 'an absolute path'],
    ['a drive letter', (rev: Rev) => setPath(rev.files[0], 'C:/Windows/evil.png'), 'C:/Windows/evil.png', 'a drive letter'],
    ['a reserved asset name', (rev: Rev) => setPath(rev.files[0], '.gitbook/assets/nul.png'), '.gitbook/assets/nul.png', 'a name Windows reserves'],
    ['a .git path', (rev: Rev) => setPath(rev.files[0], '.git/hooks/post-checkout'), '.git/hooks/post-checkout', 'a .git folder'],
  ])('%s: not written, named with its reason, exit 1', async (_what, change, path, reason) => {
    const { r, json, base } = await exportWith(change);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`skipped ${path}: `);
    expect(r.stderr).not.toContain('✓');
    expect(json.skipped?.find((x) => x.path === path)?.reason).toContain(reason);
    expect(strays(base)).toEqual([]);
    expect(existsSync(ABS)).toBe(false);
  });

  it.each([
    ['..', '../../evil.md'],
    ['an absolute path', '/tmp/evil.md'],
    ['a drive letter', 'C:/evil.md'],
    ['a reserved name', 'docs/CON.md'],
  ])('a page path with %s: the page is written at the path its title gives, inside the folder', async (_what, path) => {
    const { r, dir, base } = await exportWith((rev) =>
      setPath(
        rev.pages.find((p) => p.title === 'Quick start'),
        path,
      ),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(dir, 'quick-start.md'), 'utf8')).toContain('# Quick start');
    expect(strays(base)).toEqual([]);
    expect(existsSync('/tmp/evil.md')).toBe(false);
  });

  it('a symlinked folder in the export folder that leads outside: nothing written through it', async () => {
    const { r, json, outside } = await exportWith(
      () => {},
      (dir, out) => {
        mkdirSync(join(dir, '.gitbook'), { recursive: true });
        symlinkSync(out, join(dir, '.gitbook', 'assets'));
      },
    );
    expect(r.code).toBe(1);
    expect(readdirSync(outside)).toEqual([]);
    expect(json.skipped?.map((x) => x.path)).toEqual(expect.arrayContaining(['.gitbook/assets/logo.png']));
    expect(json.skipped?.every((x) => x.reason.includes('symbolic link'))).toBe(true);
  });

  it('a symlinked file in the export folder that leads outside: the outside file is untouched', async () => {
    const { r, outside, dir } = await exportWith(
      () => {},
      (d, out) => {
        mkdirSync(d, { recursive: true });
        writeFileSync(join(out, 'precious'), 'keep me');
        symlinkSync(join(out, 'precious'), join(d, 'README.md'));
      },
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('skipped README.md: a symbolic link');
    expect(readFileSync(join(outside, 'precious'), 'utf8')).toBe('keep me');
    expect(lstatSync(join(dir, 'README.md')).isSymbolicLink()).toBe(true);
  });

  it.each([
    ['plain http to another host', 'http://169.254.169.254/latest/meta-data/', 'neither on the server gbctl talks to nor an https URL'],
    ['https to a loopback address', 'https://127.0.0.1:1/secret', 'which gbctl does not download from'],
    ['https to a private address', 'https://10.0.0.1/secret', 'which gbctl does not download from'],
  ])('a download URL of %s is not fetched: the file is named as left out', async (_what, url, reason) => {
    const { r, json } = await exportWith((rev) => Object.assign(rev.files[0] as object, { downloadURL: url }));
    expect(r.code).toBe(1);
    const name = json.skipped?.find((x) => x.reason.includes(url));
    expect(name?.reason).toContain(reason);
  });

  it('escapes control characters of content names in what it prints', async () => {
    const { r } = await exportWith((rev) => Object.assign(rev.files[0] as object, { name: '../\x1b]0;owned\x07\x1b[2J.png', git: undefined }));
    expect(r.code).toBe(1);
    expect(r.stderr).not.toContain('\x1b');
    expect(r.stderr).toContain('\\x1b]0;owned\\x07\\x1b[2J.png');
  });
});

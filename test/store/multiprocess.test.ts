import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultOrganization } from '../../src/server/admin/accounts.js';
import { JsonFileStore } from '../../src/store/json-file-store.js';
import { runCli } from '../helpers/cli.js';
import { api, spawnServe, tempDir } from '../helpers/server.js';

const CHILD = fileURLToPath(new URL('./writer.child.mjs', import.meta.url));
const tmp = tempDir('gbctl-store-multi-');
afterAll(() => tmp.cleanup());

const WRITES = 200;

/** The embedded app in a child process, as the CLI runs it, creating `count` spaces. */
function embeddedWriter(path: string, token: string, org: string, count: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, 'api', path, token, org, String(count)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`embedded writer exited ${code}: ${err}`));
      resolve(
        out
          .split('\n')
          .filter((l) => l.startsWith('space '))
          .map((l) => l.slice(6)),
      );
    });
  });
}

/** Real CLI invocations, one after another. */
async function cliWriter(path: string, count: number, tag: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const r = await runCli(['spaces', 'create', '--title', `${tag} ${i}`, '--json', 'id', '--store', path]);
    expect(r.code, r.stderr).toBe(0);
    ids.push((JSON.parse(r.stdout) as { id: string }).id);
  }
  return ids;
}

/** Every id written is in the store once, the store loads, and nothing else appeared. */
async function checkStore(path: string, written: string[], before: number) {
  const exported = join(tmp.dir, `export-${Date.now()}.json`);
  const r = await runCli(['store', 'export', exported, '--store', path]);
  expect(r.code, r.stderr).toBe(0);
  const doc = JSON.parse(readFileSync(exported, 'utf8')) as { tables: Record<string, { id: string }[]> };
  for (const [name, rows] of Object.entries(doc.tables)) expect(new Set(rows.map((x) => x.id)).size, `duplicate ids in ${name}`).toBe(rows.length);
  const spaces = new Set((doc.tables.spaces ?? []).map((s) => s.id));
  expect(new Set(written).size).toBe(written.length);
  expect(written.filter((id) => !spaces.has(id))).toEqual([]);
  expect(spaces.size).toBe(before + written.length);
  const info = await runCli(['store', 'info', '--store', path, '--jq', '.tables.spaces']);
  expect(info.code, info.stderr).toBe(0);
  expect(info.stdout).toBe(`${before + written.length}\n`);
}

describe('several processes on one store', () => {
  it('a gbctl serve and the embedded CLI writing concurrently lose nothing', { timeout: 90_000 }, async () => {
    const path = join(tmp.dir, 'serve.json');
    const server = await spawnServe(path);
    try {
      const overHttp = async () => {
        const ids: string[] = [];
        const worker = async (w: number) => {
          for (let i = w; i < WRITES; i += 3) {
            const res = await api(server, 'POST', `/orgs/${server.org}/spaces`, { title: `http ${i}` });
            expect(res.status, JSON.stringify(res.body)).toBe(201);
            ids.push(res.body.id as string);
          }
        };
        await Promise.all([0, 1, 2].map(worker));
        return ids;
      };
      const results = await Promise.all([overHttp(), embeddedWriter(path, server.token, server.org, WRITES), cliWriter(path, 3, 'cli')]);
      // The server sees the others' writes too.
      const listed = await api(server, 'GET', `/orgs/${server.org}/spaces?limit=1`);
      expect(listed.body.count).toBe(2 * WRITES + 3);
      expect(await server.stop()).toBe(0);
      await checkStore(path, results.flat(), 0);
    } finally {
      await server.stop('SIGKILL');
    }
  });

  it('two embedded CLIs writing concurrently lose nothing', { timeout: 90_000 }, async () => {
    const path = join(tmp.dir, 'two.json');
    const token = (await runCli(['local', 'token', '--store', path])).stdout.trim();
    const store = JsonFileStore.open(path);
    const org = (await store.read((tx) => defaultOrganization(tx))) as string;
    await store.close();
    const results = await Promise.all([embeddedWriter(path, token, org, WRITES), embeddedWriter(path, token, org, WRITES), cliWriter(path, 3, 'cli')]);
    await checkStore(path, results.flat(), 0);
  });
});

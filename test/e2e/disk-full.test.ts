import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { spawnServe, tempDir } from '../helpers/server.js';

// A write the disk refuses, for real: the built gbctl runs under a limit on the size of the
// files it writes (ulimit -f), so that appending a large record to the journal fails (EFBIG)
// as it would on a full disk.
const tmp = tempDir('gbctl-disk-full-');
afterAll(() => tmp.cleanup());
const LIMIT_KIB = 16;
const big = 'x'.repeat(60_000);
const noCache = { GBCTL_NO_CODE_CACHE: '1' };

describe('a write the disk refuses', () => {
  it('fails the command with the reason and applies nothing; the store takes the next write', async () => {
    const store = join(tmp.dir, 'cli.json');
    const created = await spawnCli(['spaces', 'create', '--title', 'Docs', '--json', 'id', '--store', store]);
    expect(created.code, created.stderr).toBe(0);
    const { id } = JSON.parse(created.stdout) as { id: string };
    const journal = `${store}.journal`;
    const before = statSync(journal).size;

    const refused = await spawnCli(['comments', 'create', id, '--markdown', '-', '--store', store], { input: big, fileSizeKiB: LIMIT_KIB, env: noCache });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/cannot write the store journal .*(EFBIG|too large).*the write was not applied/);
    expect(statSync(journal).size).toBe(before);

    const next = await spawnCli(['comments', 'create', id, '--markdown', 'small', '--store', store], { fileSizeKiB: LIMIT_KIB, env: noCache });
    expect(next.code, next.stderr).toBe(0);
    const listed = await spawnCli(['comments', 'list', id, '--json', 'body', '--store', store]);
    expect(JSON.parse(listed.stdout)).toEqual([{ body: { markdown: 'small' } }]);
  });

  it('answers 503 from serve for the writes of the batch it was in, keeps every write it acknowledged, and takes the next', async () => {
    const store = join(tmp.dir, 'serve.json');
    const s = await spawnServe(store, [], { fileSizeKiB: LIMIT_KIB });
    try {
      const headers = { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' };
      const space = await fetch(`${s.url}/v1/orgs/${s.org}/spaces`, { method: 'POST', headers, body: JSON.stringify({ title: 'Docs' }) });
      expect(space.status).toBe(201);
      const { id } = (await space.json()) as { id: string };
      const post = (markdown: string) => fetch(`${s.url}/v1/spaces/${id}/comments`, { method: 'POST', headers, body: JSON.stringify({ body: { markdown } }) });

      const texts = [big, 'small 1', 'small 2', 'small 3'];
      const answers = await Promise.all(texts.map(post));
      const kept: string[] = [];
      for (const [i, res] of answers.entries()) {
        const body = (await res.json()) as { error?: { code: number; message: string } };
        if (res.ok) kept.push(texts[i] as string);
        else {
          expect(res.status).toBe(503);
          expect(body.error?.message).toMatch(/the write was not applied/);
        }
      }
      expect(kept).not.toContain(big);
      expect((await post('after')).ok).toBe(true);
      kept.push('after');

      const listed = await fetch(`${s.url}/v1/spaces/${id}/comments?limit=100`, { headers });
      const served = ((await listed.json()) as { items: { body: { markdown: string } }[] }).items.map((c) => c.body.markdown);
      expect(served.sort()).toEqual([...kept].sort());
      expect(await s.stop()).toBe(0);

      const fromDisk = await spawnCli(['comments', 'list', id, '--json', 'body', '--store', store]);
      expect((JSON.parse(fromDisk.stdout) as { body: { markdown: string } }[]).map((c) => c.body.markdown).sort()).toEqual([...kept].sort());
    } finally {
      await s.stop();
    }
  });
});

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startControlled, type ControlledServer } from '../helpers/controlled-server.js';
import { tempDir } from '../helpers/server.js';

const tmp = tempDir();
// Any bytes will do: the point is that they come back unchanged, NUL and high bytes included.
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 255, 254, 10, 13]);
let docs: string;
let s: ControlledServer;

beforeAll(async () => {
  docs = join(tmp.dir, 'docs');
  mkdirSync(docs);
  writeFileSync(join(docs, 'index.md'), '# Home\n\n![logo](logo.png)\n');
  writeFileSync(join(docs, 'logo.png'), PNG);
  s = await startControlled();
});
afterAll(async () => {
  await s.stop();
  tmp.cleanup();
});

/** A space with the folder imported, and the id of its one file. */
async function spaceWithFile(env: Record<string, string>): Promise<{ space: string; file: string }> {
  const created = await runCli(['spaces', 'create', '--title', 'Assets', '--json', 'id'], { env });
  expect(created.code, created.stderr).toBe(0);
  const space = (JSON.parse(created.stdout) as { id: string }).id;
  const imported = await runCli(['content', 'import', space, '--url', pathToFileURL(docs).href, '--source', 'markdown'], { env });
  expect(imported.code, imported.stderr).toBe(0);
  const files = await runCli(['content', 'files', space, '--json', 'id'], { env });
  const list = JSON.parse(files.stdout) as { id: string }[] | { items: { id: string }[] };
  const first = (Array.isArray(list) ? list : list.items)[0] as { id: string };
  return { space, file: first.id };
}

describe('gbctl content file --output', () => {
  it('saves the bytes from the embedded store, and will not replace a file without --force', async () => {
    const env = { GBCTL_DATA: join(tmp.dir, 'embedded.json') };
    const { space, file } = await spaceWithFile(env);
    const out = join(tmp.dir, 'logo.png');
    const r = await runCli(['content', 'file', space, file, '--output', out], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(out)).toEqual(PNG);

    writeFileSync(out, 'mine');
    const refused = await runCli(['content', 'file', space, file, '--output', out, '--debug'], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--force');
    // Refused before anything is sent: no request in the trace.
    expect(refused.stderr).not.toMatch(/^GET /m);
    expect(readFileSync(out, 'utf8')).toBe('mine');
    const forced = await runCli(['content', 'file', space, file, '--output', out, '--force', '--json'], { env });
    expect(forced.code, forced.stderr).toBe(0);
    expect(JSON.parse(forced.stdout)).toMatchObject({ file: out, bytes: PNG.length, id: file });
    expect(readFileSync(out)).toEqual(PNG);
  });

  it('saves the bytes from gbctl serve', async () => {
    const { space, file } = await spaceWithFile(s.env);
    const out = join(tmp.dir, 'served.png');
    const r = await runCli(['content', 'file', space, file, '--output', out], { env: s.env });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(out)).toEqual(PNG);
  });
});

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../src/cli/manifest.js';
import { endpointById } from '../../src/contract/index.js';
import { sourceManifest } from '../../src/manifest-source.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';

const tmp = tempDir();
const env = { GBCTL_DATA: join(tmp.dir, 'store.json'), GBCTL_CONFIG_DIR: join(tmp.dir, 'config') };
let manifest: Manifest;
const gb = async (...args: string[]) => {
  const r = await runCli(args, { env });
  if (r.code !== 0) throw new Error(`${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
};
beforeAll(async () => {
  manifest = await sourceManifest();
});
afterAll(() => tmp.cleanup());

/** The arguments that make each write of no answer body succeed, set up as it needs. */
const RUN: Record<string, () => Promise<string[]>> = {
  'content.template': async () => [await gb('spaces', 'create', '--title', 'T', '--jq', '.id'), '--id', 'getting-started'],
  'translations.run': async () => {
    const space = await gb('spaces', 'create', '--title', 'Source', '--jq', '.id');
    return [await gb('translations', 'create', '--language', 'fr', '--source-space', space, '--source-language', 'en', '--jq', '.id')];
  },
};

describe('every write says what it did', () => {
  it('a write whose answer has no body says so on stderr, without a terminal too', async () => {
    const silent = manifest.commands.filter((c) => c.mutating && !c.destructive && !endpointById(c.id)?.response);
    expect(silent.map((c) => c.id).sort()).toEqual(Object.keys(RUN).sort());
    for (const c of silent) {
      const r = await runCli([c.noun, c.verb, ...(await (RUN[c.id] as () => Promise<string[]>)())], { env });
      expect(r.code, `${c.noun} ${c.verb}: ${r.stderr}`).toBe(0);
      expect(r.stdout, `${c.noun} ${c.verb}`).toBe('');
      expect(r.stderr, `${c.noun} ${c.verb}`).toMatch(/^✓ \S.+\n$/);
    }
  });
});

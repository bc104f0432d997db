import type { Manifest } from './cli/manifest.js';
import { deriveManifest } from './cli/manifest.js';
import { catalogue } from './contract/index.js';
import { allOverlays } from './registry.js';
import { BESPOKE } from '../commands/index.js';
import { NOUNS } from '../commands/overlays/nouns.js';

/**
 * The command tree as the source says it now: the catalogue, every overlay and every bespoke
 * command's summary. The build writes it to dist/manifest.json; tests that run the CLI in
 * process use it directly, so they never see a stale build.
 */
export async function sourceManifest(): Promise<Manifest> {
  const [overlays, bespoke] = await Promise.all([allOverlays(), Promise.all(BESPOKE.map(async (b) => ({ name: b.name, summary: (await b.load()).summary })))]);
  return deriveManifest(
    catalogue,
    overlays,
    bespoke.map((b) => (b.summary ? b : { name: b.name })),
    NOUNS,
  );
}

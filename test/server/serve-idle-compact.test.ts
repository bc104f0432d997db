import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverResources } from '../../src/registry.js';
import { COMMAND_COMPACT_BYTES, SERVER_IDLE_COMPACT } from '../../src/server/embedded.js';
import { startServer } from '../../src/server/serve.js';
import { table } from '../../src/store/store.js';
import { tempDir } from '../helpers/server.js';

const tmp = tempDir('gbctl-serve-idle-');
afterAll(() => tmp.cleanup());
const filler = table<{ id: string; text: string }>('idleFiller');

describe('gbctl serve, once writes stop', () => {
  it("folds its journal down to a command's bound, so that the commands beside it replay little", async () => {
    const path = join(tmp.dir, 'store.json');
    const s = await startServer(serverResources, { path, host: '127.0.0.1', port: 0, fileUrls: false, privateUrls: false, warn: () => {} });
    try {
      const journal = () => statSync(`${path}.journal`).size;
      for (let i = 0; i < 40; i++) await s.embedded.store.write((tx) => tx.put(filler, { id: `f${i}`, text: 'x'.repeat(8 * 1024) }));
      // Past a command's bound, under the server's own (4 MiB): no write compacted it.
      expect(journal()).toBeGreaterThan(COMMAND_COMPACT_BYTES);
      const end = Date.now() + SERVER_IDLE_COMPACT.afterMs + 10_000;
      while (journal() > COMMAND_COMPACT_BYTES && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      expect(journal()).toBeLessThan(1024);
      expect(await s.embedded.store.read((tx) => tx.count(filler))).toBe(40);
    } finally {
      await s.stop(0);
    }
  }, 20_000);
});

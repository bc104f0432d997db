import { EMBEDDED_ORIGIN } from '../lib/embedded-origin.js';
import { makeCtx } from './context.js';
import { openEmbedded } from './embedded.js';
import { users } from './model/org.js';
import type { ServerResources } from './resources.js';
import { createSpaceRecord } from './services/spaces.js';

/** Fills a store file with `count` spaces in one transaction (benchmarks and large fixtures). */
export async function seedSpaces(resources: ServerResources, path: string, count: number): Promise<void> {
  const e = await openEmbedded(resources, { path, origin: EMBEDDED_ORIGIN });
  try {
    await e.store.write((tx) => {
      const c = makeCtx(e.env, 'create', tx.all(users)[0]);
      for (let i = 0; i < count; i++) createSpaceRecord(c, tx, e.organization, { title: `Space ${i + 1}` });
    });
  } finally {
    await e.close();
  }
}

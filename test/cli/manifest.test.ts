import { describe, expect, it } from 'vitest';
import { endpointById } from '../../src/contract/index.js';
import { itemSchema } from '../../src/contract/response-fields.js';
import { sourceManifest } from '../../src/manifest-source.js';

describe('the command tree', () => {
  it('makes list commands (paging flags, --format) of exactly the endpoints that answer a list of items', async () => {
    const { commands } = await sourceManifest();
    for (const c of commands) {
      const e = endpointById(c.id);
      expect(e, c.id).toBeDefined();
      expect(c.list, `${c.noun} ${c.verb}`).toBe(itemSchema(e?.response) !== undefined && !!e?.query?.shape && 'page' in e.query.shape);
    }
    // The PDF's `page` is the page it starts from, not a page token: no --limit, --all or --format there.
    expect(commands.find((c) => c.noun === 'change-requests' && c.verb === 'export')?.list).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { Client } from '../../../src/client/client.js';
import type { Transport, WireRequest } from '../../../src/client/transport.js';
import { readSpace } from '../../../commands/content/read-space.js';

const page = (i: number, markdown?: string) => ({
  id: `pg${i}`,
  title: `Page ${i}`,
  type: 'document',
  slug: `p${i}`,
  path: `p${i}`,
  pages: [],
  ...(markdown === undefined ? {} : { markdown }),
});

/** A server's answers: the revision given, and each page's markdown after a turn of the event loop; the most requests under way at once is counted. */
function server(pages: object[]): Transport & { asked: string[]; most: () => number } {
  const asked: string[] = [];
  let running = 0;
  let most = 0;
  return {
    target: 'https://api.example.test',
    asked,
    most: () => most,
    async send(req: WireRequest) {
      asked.push(req.path);
      most = Math.max(most, ++running);
      await new Promise((r) => setImmediate(r));
      running--;
      const one = /\/content\/page\/(pg\d+)\?format=markdown/.exec(req.path);
      const body = one ? { id: one[1], markdown: `# ${String(one[1])}\n` } : { id: 'rev', pages, files: [] };
      return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    },
  };
}

describe('readSpace', () => {
  it('asks for the markdown of pages the revision gave without it, a few at a time', async () => {
    const t = server(Array.from({ length: 20 }, (_, i) => page(i)));
    const seen: number[] = [];
    const got = await readSpace(new Client({ transport: t, parseResponses: false }), { spaceId: 'S' }, (done) => seen.push(done));
    expect(got.pages.map((p) => p.markdown)).toEqual(Array.from({ length: 20 }, (_, i) => `# pg${i}\n`));
    expect(t.asked.filter((p) => p.includes('/content/page/'))).toHaveLength(20);
    expect(t.most()).toBeGreaterThan(1);
    expect(t.most()).toBeLessThanOrEqual(8);
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('takes the markdown a revision gives with its pages, asking nothing more', async () => {
    const t = server([page(0, 'zero'), page(1, ''), page(2)]);
    const got = await readSpace(new Client({ transport: t, parseResponses: false }), { spaceId: 'S' }, () => {});
    expect(got.pages.map((p) => p.markdown)).toEqual(['zero', '', '# pg2\n']);
    expect(t.asked.filter((p) => p.includes('/content/page/'))).toEqual(['/v1/spaces/S/content/page/pg2?format=markdown']);
  });
});

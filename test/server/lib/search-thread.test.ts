import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serverResources } from '../../../src/registry.js';
import { openEmbedded, type Embedded } from '../../../src/server/embedded.js';
import { INDEX_FORMAT, MAX_KEPT } from '../../../src/server/lib/search-files.js';
import { flushSearch, searchCounts } from '../../../src/server/lib/search-thread.js';
import { tempDir } from '../../helpers/server.js';
import { writeTree } from '../../helpers/sync-folder.js';

let tmp: ReturnType<typeof tempDir>;
let open: Embedded[] = [];
beforeEach(() => {
  tmp = tempDir('gbctl-search-kept-');
  open = [];
});
afterEach(async () => {
  for (const e of open) await e.close();
  tmp.cleanup();
});

const storeFile = () => join(tmp.dir, 'store.json');
const keptDir = () => `${storeFile()}.cache/search`;
const kept = () =>
  readdirSync(keptDir())
    .filter((n) => n.endsWith('.json'))
    .sort();

async function opened(preloadSearch = false): Promise<Embedded> {
  const e = await openEmbedded(serverResources, { path: storeFile(), origin: '', fileUrls: true, preloadSearch });
  open.push(e);
  return e;
}

async function close(e: Embedded): Promise<void> {
  open = open.filter((x) => x !== e);
  await e.close();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test convenience: answers are checked field by field
async function call(e: Embedded, method: string, path: string, body?: unknown): Promise<any> {
  const res = await e.app.handle({
    method,
    url: `/v1${path}`,
    headers: { authorization: `Bearer ${e.token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = JSON.parse(String(res.body) || 'null');
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${String(res.body)}`);
  return json;
}

/** A space of three pages, imported. */
async function space(e: Embedded, name: string): Promise<string> {
  const root = writeTree(join(tmp.dir, name), {
    'README.md': '# Welcome\n\nStart with the quickstart guide.\n',
    'install.md': '# Install\n\nRun the installer.\n\n## Requirements\n\nA quokka and a kettle.\n',
    'faq.md': '# FAQ\n\nQuestions about the quokka.\n',
    'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n* [Install](install.md)\n* [FAQ](faq.md)\n',
  });
  const id = (await call(e, 'POST', `/orgs/${e.organization}/spaces`, { title: name })).id as string;
  await call(e, 'POST', `/spaces/${id}/content/import`, { url: pathToFileURL(root).href, source: 'markdown' });
  return id;
}

const titles = (r: { items: { title: string }[] }) => r.items.map((i) => i.title);

/** Rewrites every section text of the kept index of `space`: what a search then finds shows which index answered. */
function tamper(space: string, from: string, to: string): void {
  const name = kept().find((n) => n.startsWith(`${space}.`)) as string;
  const file = join(keptDir(), name);
  writeFileSync(file, readFileSync(file, 'utf8').replaceAll(from, to));
}

describe('search indexes kept beside the store', () => {
  it("keeps a space's index on disk, named by its revision, and a server that starts answers from it", async () => {
    const e = await opened();
    const id = await space(e, 'Handbook');
    expect(titles(await call(e, 'GET', `/spaces/${id}/search?query=quokka`)).sort()).toEqual(['FAQ', 'Install']);
    const rev = (await call(e, 'GET', `/spaces/${id}`)).revision as string;
    await close(e);
    expect(kept()).toEqual([`${id}.${rev}.json`]);
    const file = JSON.parse(readFileSync(join(keptDir(), `${id}.${rev}.json`), 'utf8'));
    expect(file).toMatchObject({ format: 'gbctl-search-index', version: INDEX_FORMAT, space: id, data: { revision: rev } });

    // The word is rewritten in the kept index only: found, it was the kept index that answered.
    tamper(id, 'kettle', 'samovar');
    const again = await opened(true);
    expect(titles(await call(again, 'GET', `/spaces/${id}/search?query=samovar`))).toEqual(['Install']);
    const hit = (await call(again, 'GET', `/spaces/${id}/search?query=samovar`)).items[0];
    expect(hit.sections[0]).toMatchObject({ title: 'Requirements', body: 'A quokka and a samovar.' });
  });

  it('answers a repeated query and its next pages from the hits it found, and searches again once the content changed', async () => {
    const e = await opened();
    const id = await space(e, 'Handbook');
    const first = await call(e, 'GET', `/spaces/${id}/search?query=quokka&limit=1`);
    const before = searchCounts.queries;
    const second = await call(e, 'GET', `/spaces/${id}/search?query=quokka&limit=1&page=${first.next.page}`);
    expect(titles(first).concat(titles(second)).sort()).toEqual(['FAQ', 'Install']);
    expect(await call(e, 'GET', `/spaces/${id}/search?query=quokka&limit=1`)).toEqual(first);
    expect(searchCounts.queries).toBe(before);

    const root = writeTree(join(tmp.dir, 'changed'), {
      'README.md': '# Welcome\n\nA quokka greets you.\n',
      'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n',
    });
    await call(e, 'POST', `/spaces/${id}/content/import`, { url: pathToFileURL(root).href, source: 'markdown' });
    expect(titles(await call(e, 'GET', `/spaces/${id}/search?query=quokka`))).toEqual(['Welcome']);
    expect(searchCounts.queries).toBe(before + 1);
  });

  it('shows a page of results again without reading its texts from the search thread, and the new texts once the content changed', async () => {
    const e = await opened();
    const id = await space(e, 'Handbook');
    const read = searchCounts.bodies;
    const first = await call(e, 'GET', `/spaces/${id}/search?query=quokka`);
    expect(searchCounts.bodies - read).toBe(2);
    // The same page, and another query showing the same sections: their texts are held.
    expect(await call(e, 'GET', `/spaces/${id}/search?query=quokka`)).toEqual(first);
    const kettle = await call(e, 'GET', `/spaces/${id}/search?query=kettle`);
    expect(kettle.items[0].sections[0].body).toBe('A quokka and a kettle.');
    expect(searchCounts.bodies - read).toBe(2);

    const pages = (await call(e, 'GET', `/spaces/${id}/content/pages`)).pages as { id: string; title: string }[];
    const install = pages.find((p) => p.title === 'Install') as { id: string };
    const cr = await call(e, 'POST', `/spaces/${id}/change-requests`, { subject: 'kettle' });
    const markdown = '# Install\n\nRun the installer.\n\n## Requirements\n\nA quokka and a copper kettle.\n';
    await call(e, 'PATCH', `/spaces/${id}/change-requests/${cr.id}/gbctl/pages/${install.id}`, { markdown });
    await call(e, 'POST', `/spaces/${id}/change-requests/${cr.id}/merge`);
    const after = await call(e, 'GET', `/spaces/${id}/search?query=kettle`);
    expect(after.items[0].sections[0].body).toBe('A quokka and a copper kettle.');
    expect(searchCounts.bodies - read).toBe(3);
  });

  it('moves a kept index forward to the revision the space has now, by the pages that changed', async () => {
    const e = await opened();
    const id = await space(e, 'Handbook');
    await call(e, 'GET', `/spaces/${id}/search?query=quokka`);
    await close(e);
    tamper(id, 'kettle', 'samovar');
    // Content changes while no server holds the index.
    const edit = await opened();
    const pages = (await call(edit, 'GET', `/spaces/${id}/content/pages`)).pages as { id: string; title: string }[];
    const faq = pages.find((p) => p.title === 'FAQ') as { id: string };
    const cr = await call(edit, 'POST', `/spaces/${id}/change-requests`, { subject: 'FAQ' });
    await call(edit, 'PATCH', `/spaces/${id}/change-requests/${cr.id}/gbctl/pages/${faq.id}`, { markdown: 'Nothing about marsupials.' });
    await call(edit, 'POST', `/spaces/${id}/change-requests/${cr.id}/merge`);
    const rev = (await call(edit, 'GET', `/spaces/${id}`)).revision as string;
    await close(edit);

    const e2 = await opened(true);
    // The unchanged page is answered from the kept index (its rewritten word), the changed one afresh.
    expect(titles(await call(e2, 'GET', `/spaces/${id}/search?query=samovar`))).toEqual(['Install']);
    expect(titles(await call(e2, 'GET', `/spaces/${id}/search?query=marsupials`))).toEqual(['FAQ']);
    expect(titles(await call(e2, 'GET', `/spaces/${id}/search?query=quokka`))).toEqual(['Install']);
    await close(e2);
    expect(kept()).toEqual([`${id}.${rev}.json`]);
  });

  it('builds afresh over a kept index that cannot be read or was written by another indexing, and replaces it', async () => {
    const e = await opened();
    const id = await space(e, 'Handbook');
    await call(e, 'GET', `/spaces/${id}/search?query=quokka`);
    await close(e);
    const [name] = kept();
    const file = join(keptDir(), name as string);
    const good = readFileSync(file, 'utf8');

    writeFileSync(file, good.replaceAll('kettle', 'samovar').replace(`"version":${INDEX_FORMAT}`, `"version":${INDEX_FORMAT + 1}`));
    let again = await opened(true);
    expect(titles(await call(again, 'GET', `/spaces/${id}/search?query=samovar`))).toEqual([]);
    expect(titles(await call(again, 'GET', `/spaces/${id}/search?query=kettle`))).toEqual(['Install']);
    await close(again);
    expect(JSON.parse(readFileSync(file, 'utf8')).version).toBe(INDEX_FORMAT);

    writeFileSync(file, good.slice(0, Math.floor(good.length / 2)));
    again = await opened(true);
    expect(titles(await call(again, 'GET', `/spaces/${id}/search?query=kettle`))).toEqual(['Install']);
    await close(again);
    expect(readFileSync(file, 'utf8')).toBe(good);
  });

  it('answers other requests while an index is built on the search thread, and builds it once for concurrent searches', async () => {
    const e = await opened();
    const words = (i: number) => Array.from({ length: 40_000 }, (_, k) => `w${(i * 7 + k * 13) % 5000}`).join(' ');
    const root = writeTree(join(tmp.dir, 'long'), Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`p${i}.md`, `# Page ${i}\n\n${words(i)}\n`])));
    const id = (await call(e, 'POST', `/orgs/${e.organization}/spaces`, { title: 'Long' })).id as string;
    await call(e, 'POST', `/spaces/${id}/content/import`, { url: pathToFileURL(root).href, source: 'markdown' });
    const at = (t0: number) => performance.now() - t0;
    const handed = searchCounts.texts;
    const t0 = performance.now();
    const searches = Array.from({ length: 3 }, () => call(e, 'GET', `/spaces/${id}/search?query=w17`).then(() => at(t0)));
    const others: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t1 = performance.now();
      await call(e, 'GET', `/spaces/${id}`);
      others.push(at(t1));
    }
    const answeredBy = at(t0);
    const took = await Promise.all(searches);
    // The other requests were answered while the index was being built, each at once.
    expect(Math.min(...took)).toBeGreaterThan(answeredBy);
    for (const ms of others) expect(ms).toBeLessThan(200);
    const found = await call(e, 'GET', `/spaces/${id}/search?query=w17&limit=2`);
    expect(found.count).toBe(6);
    expect(searchCounts.texts - handed).toBe(6);
  });

  it(`keeps the indexes of at most ${MAX_KEPT} spaces, the most recently searched`, async () => {
    const e = await opened();
    const ids: string[] = [];
    for (let i = 0; i < MAX_KEPT + 2; i++) {
      ids.push(await space(e, `Space ${i}`));
      await call(e, 'GET', `/spaces/${ids[i]}/search?query=quokka`);
      // Written once it has not moved for a while, or when the store closes: now, here.
      await flushSearch();
    }
    const spaces = kept().map((n) => n.split('.')[0]);
    expect(spaces).toHaveLength(MAX_KEPT);
    expect(spaces.sort()).toEqual(ids.slice(2).sort());
  }, 60_000);
});

import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { zipSync, strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer, tempDir, type TestServer } from '../../helpers/server.js';
import { publishedErrors } from '../../helpers/published-schema.js';
import { allPages, componentErrors, newSpace, operationErrors } from '../../helpers/editing.js';

let s: TestServer;
let tmp: ReturnType<typeof tempDir>;
beforeAll(async () => {
  s = await startServer();
  tmp = tempDir('gbctl-editing-');
});
afterAll(async () => {
  await s.stop();
  tmp.cleanup();
});

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** A real markdown folder: a root README, a guides folder with its README, a page, an image and a stray file. */
function markdownFolder(name: string): string {
  const root = join(tmp.dir, name);
  mkdirSync(join(root, 'guides'), { recursive: true });
  writeFileSync(join(root, 'README.md'), '# Welcome\n\nStart with the [install guide](guides/install.md).\n');
  writeFileSync(join(root, 'guides', 'README.md'), '# Guides\n\nAll the guides.\n');
  writeFileSync(
    join(root, 'guides', 'install.md'),
    '---\ntitle: Installing\ndescription: How to install\n---\n\n## Requirements\n\nNode 20.\n\n![diagram](./diagram.png)\n\n[missing](nowhere.md)\n',
  );
  writeFileSync(join(root, 'guides', 'diagram.png'), PNG);
  writeFileSync(join(root, 'notes.txt'), 'not imported');
  return root;
}

async function revisionOf(spaceId: string): Promise<string> {
  return (await api(s, 'GET', `/spaces/${spaceId}`)).body.revision as string;
}

describe('space content', () => {
  it('starts a new space with one empty revision', async () => {
    const id = await newSpace(s);
    const r = await api(s, 'GET', `/spaces/${id}/content`);
    expect(r.status).toBe(200);
    expect(componentErrors('Revision', r.body)).toBeUndefined();
    expect(r.body).toMatchObject({ object: 'revision', type: 'edits', parents: [], pages: [], files: [] });
    expect(r.body.id).toBe(await revisionOf(id));
  });

  it('applies a template as a new revision, and refuses an unknown one', async () => {
    const id = await newSpace(s);
    const before = await revisionOf(id);
    const bad = await api(s, 'POST', `/spaces/${id}/content/template`, { id: 'no-such-template' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/unknown template "no-such-template".*getting-started/);
    expect(await revisionOf(id)).toBe(before);

    const ok = await api(s, 'POST', `/spaces/${id}/content/template`, { id: 'getting-started' });
    expect(ok.status).toBe(201);
    expect(ok.body).toBeUndefined();
    const rev = (await api(s, 'GET', `/spaces/${id}/content`)).body;
    expect(rev.parents).toEqual([before]);
    expect(rev.pages.map((p: { title: string }) => p.title)).toEqual(['Welcome', 'Quickstart', 'FAQ']);
    expect(rev.pages.map((p: { path: string }) => p.path)).toEqual(['welcome', 'quickstart', 'faq']);
    expect(componentErrors('Revision', rev)).toBeUndefined();
  });

  it('computes pages from an OpenAPI reference and skips them with computed=false', async () => {
    const id = await newSpace(s);
    const wrong = await api(s, 'POST', `/spaces/${id}/content/template`, {
      id: 'api-reference',
      params: { contentRefs: { spec: { kind: 'file', file: 'x' } } },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toMatch(/contentRefs\.spec/);
    expect(
      (
        await api(s, 'POST', `/spaces/${id}/content/template`, {
          id: 'api-reference',
          params: { contentRefs: { spec: { kind: 'openapi', spec: 'petstore' } } },
        })
      ).status,
    ).toBe(201);
    const all = await api(s, 'GET', `/spaces/${id}/content/pages`);
    expect(operationErrors('listPages', all.body)).toBeUndefined();
    const computed = all.body.pages.find((p: { type: string }) => p.type === 'computed');
    expect(computed.computed).toMatchObject({ type: 'builtin:openapi', dependencies: { spec: { ref: { kind: 'openapi', spec: 'petstore' } } } });
    const without = await api(s, 'GET', `/spaces/${id}/content/pages?computed=false`);
    expect(without.body.pages.map((p: { type: string }) => p.type)).toEqual(['document', 'document']);
    expect((await api(s, 'GET', `/spaces/${id}/content/page/${computed.id}?computed=false`)).status).toBe(404);
  });

  it('shows one page as markdown or as a document, with or without git metadata', async () => {
    const id = await newSpace(s);
    await api(s, 'POST', `/spaces/${id}/content/template`, { id: 'getting-started' });
    const quick = (await api(s, 'GET', `/spaces/${id}/content/pages`)).body.pages[1];
    const md = await api(s, 'GET', `/spaces/${id}/content/page/${quick.id}?format=markdown`);
    expect(md.status).toBe(200);
    expect(componentErrors('RevisionPage', md.body)).toBeUndefined();
    expect(md.body.markdown).toContain('## Install');
    expect(md.body.git.path).toBe('quickstart.md');
    const doc = await api(s, 'GET', `/spaces/${id}/content/page/${quick.id}?format=document&metadata=false`);
    expect(componentErrors('RevisionPage', doc.body)).toBeUndefined();
    expect(doc.body.markdown).toBeUndefined();
    expect(doc.body.git).toBeUndefined();
    const types = doc.body.document.nodes.map((n: { type: string }) => n.type);
    expect(types).toEqual(['heading-2', 'paragraph', 'heading-2', 'list-ordered']);
    expect((await api(s, 'GET', `/spaces/${id}/content/page/nope`)).status).toBe(404);
    expect((await api(s, 'GET', `/spaces/${id}/content/page/${quick.id}?format=html`)).status).toBe(400);
  });
});

describe('import', () => {
  it('imports a markdown folder: one page per file, the folder tree as the page tree, images as files', async () => {
    const id = await newSpace(s);
    const root = markdownFolder('docs');
    const r = await api(s, 'POST', `/spaces/${id}/content/import`, { url: pathToFileURL(root).href, source: 'markdown' });
    expect(r.status).toBe(201);
    expect(operationErrors('importContent', r.body)).toBeUndefined();
    expect(r.body).toMatchObject({ importedResources: 4, totalResources: 5 });
    expect(r.body.revision).toBe(await revisionOf(id));

    const pages = (await api(s, 'GET', `/spaces/${id}/content/pages`)).body.pages;
    expect(componentErrors('Revision', (await api(s, 'GET', `/spaces/${id}/content`)).body)).toBeUndefined();
    expect(pages.map((p: { title: string }) => p.title)).toEqual(['Welcome', 'Guides']);
    expect(pages[1].pages.map((p: { title: string; path: string; description: string }) => [p.title, p.path, p.description])).toEqual([
      ['Installing', 'guides/install', 'How to install'],
    ]);
    const install = pages[1].pages[0];
    expect(install.markdown).toContain('![diagram](.gitbook/assets/diagram.png)');
    expect(install.markdown).not.toContain('title: Installing');

    const files = await api(s, 'GET', `/spaces/${id}/content/files`);
    expect(operationErrors('listFiles', files.body)).toBeUndefined();
    expect(files.body.items.map((f: { name: string; contentType: string; size: number }) => [f.name, f.contentType, f.size])).toEqual([
      ['diagram.png', 'image/png', PNG.length],
    ]);
    const file = files.body.items[0];
    const one = await api(s, 'GET', `/spaces/${id}/content/files/${file.id}`);
    expect(publishedErrors('RevisionFile', one.body)).toBeUndefined();
    const download = await fetch(one.body.downloadURL);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await api(s, 'GET', `/spaces/${id}/content/files/nope`)).status).toBe(404);

    const back = await api(s, 'GET', `/spaces/${id}/content/files/${file.id}/backlinks`);
    expect(back.status).toBe(200);
    expect(back.body.items.map((l: { page: { id: string } }) => l.page.id)).toEqual([install.id]);
    expect(operationErrors('listSpaceFileBacklinks', back.body)).toBeUndefined();

    const links = await api(s, 'GET', `/spaces/${id}/content/page/${install.id}/links`);
    expect(links.body.items.map((l: { status: string }) => l.status).sort()).toEqual(['broken', 'ok']);
    expect(links.body.stats).toEqual({ total: 2, broken: { total: 1, changeRequest: 0 } });
    expect(operationErrors('listPageLinksInSpace', links.body)).toBeUndefined();
    const spaceLinks = await api(s, 'GET', `/spaces/${id}/links`);
    expect(spaceLinks.body.stats.total).toBeGreaterThanOrEqual(2);
    expect(operationErrors('listSpaceLinks', spaceLinks.body)).toBeUndefined();
    const broken = await api(s, 'GET', `/spaces/${id}/content/page/${install.id}/links?status=broken`);
    expect(broken.body.items).toHaveLength(1);
    expect(broken.body.items[0].targetReference).toMatchObject({ kind: 'url' });
    expect(broken.body.items[0].locationReferences[0]).toMatchObject({
      kind: 'page',
      page: { id: install.id },
      space: { id },
      organization: { object: 'organization' },
    });
    expect((await api(s, 'GET', `/spaces/${id}/content/page/nope/links`)).status).toBe(404);
  });

  it('adds a single markdown file as a page, in the space and in a change request; merging keeps the others and their comments', async () => {
    const id = await newSpace(s);
    const root = markdownFolder('single');
    const one = await api(s, 'POST', `/spaces/${id}/content/import`, { url: pathToFileURL(join(root, 'README.md')).href, source: 'markdown' });
    expect(one.status).toBe(201);
    const [welcome] = (await api(s, 'GET', `/spaces/${id}/content/pages`)).body.pages;
    expect(welcome).toMatchObject({ title: 'Welcome', path: '' });
    const comment = await api(s, 'POST', `/spaces/${id}/comments`, { page: welcome.id, body: { markdown: 'Before the merge' } });
    expect(comment.status).toBe(200);

    const cr = (await api(s, 'POST', `/spaces/${id}/change-requests`, { subject: 'Add the install guide' })).body;
    writeFileSync(join(root, 'install.md'), '# Install\n\nSteps.\n');
    expect(
      (await api(s, 'POST', `/spaces/${id}/change-requests/${cr.id}/content/import`, { url: pathToFileURL(join(root, 'install.md')).href, source: 'markdown' }))
        .status,
    ).toBe(201);
    const inCr = (await api(s, 'GET', `/spaces/${id}/change-requests/${cr.id}/content/pages`)).body.pages;
    expect(inCr.map((p: { id: string; title: string }) => [p.id, p.title])).toEqual([
      [welcome.id, 'Welcome'],
      [expect.any(String), 'Install'],
    ]);
    expect((await api(s, 'POST', `/spaces/${id}/change-requests/${cr.id}/merge`)).status).toBe(200);

    const after = (await api(s, 'GET', `/spaces/${id}/content/pages`)).body.pages;
    expect(after.map((p: { title: string; path: string }) => [p.title, p.path])).toEqual([
      ['Welcome', ''],
      ['Install', 'install'],
    ]);
    expect(after[0].id).toBe(welcome.id);
    expect((await api(s, 'GET', `/spaces/${id}/comments/${comment.body.id}`)).status).toBe(200);
    expect((await api(s, 'POST', `/spaces/${id}/comments`, { page: welcome.id, body: { markdown: 'After the merge' } })).status).toBe(200);

    // The same file again, changed: the page of that path is updated, not added.
    writeFileSync(join(root, 'install.md'), '# Install\n\nNew steps.\n');
    await api(s, 'POST', `/spaces/${id}/content/import`, { url: pathToFileURL(join(root, 'install.md')).href, source: 'markdown' });
    const updated = (await api(s, 'GET', `/spaces/${id}/content/pages`)).body.pages;
    expect(updated.map((p: { id: string }) => p.id)).toEqual(after.map((p: { id: string }) => p.id));
    expect(updated[1].markdown).toBe('New steps.');

    // Two single files whose images share a name but not their bytes: the second takes a name of its own.
    mkdirSync(join(root, 'a'));
    mkdirSync(join(root, 'b'));
    writeFileSync(join(root, 'a', 'shot.md'), '# Shot A\n\n![a](shot.png)\n');
    writeFileSync(join(root, 'a', 'shot.png'), PNG);
    writeFileSync(join(root, 'b', 'other.md'), '# Shot B\n\n![b](shot.png)\n');
    writeFileSync(join(root, 'b', 'shot.png'), Buffer.concat([PNG, Buffer.from([1])]));
    await api(s, 'POST', `/spaces/${id}/content/import`, { url: pathToFileURL(join(root, 'a', 'shot.md')).href, source: 'markdown' });
    await api(s, 'POST', `/spaces/${id}/content/import`, { url: pathToFileURL(join(root, 'b', 'other.md')).href, source: 'markdown' });
    const shots = (await api(s, 'GET', `/spaces/${id}/content/files`)).body.items;
    expect(shots.map((f: { name: string; size: number }) => [f.name, f.size])).toEqual([
      ['shot.png', PNG.length],
      ['shot-2.png', PNG.length + 1],
    ]);
    const b = (await api(s, 'GET', `/spaces/${id}/content/pages`)).body.pages.find((p: { title: string }) => p.title === 'Shot B');
    expect(b.markdown).toBe('![b](.gitbook/assets/shot-2.png)');

    // A single HTML file adds its page too.
    writeFileSync(join(root, 'about.html'), '<html><head><title>About us</title></head><body><p>We write docs.</p></body></html>');
    expect((await api(s, 'POST', `/spaces/${id}/content/import`, { url: pathToFileURL(join(root, 'about.html')).href, source: 'html' })).status).toBe(201);
    const withHtml = (await api(s, 'GET', `/spaces/${id}/content/pages`)).body.pages;
    expect(withHtml.map((p: { title: string; path: string }) => [p.title, p.path])).toEqual([
      ['Welcome', ''],
      ['Install', 'install'],
      ['Shot A', 'shot'],
      ['Shot B', 'other'],
      ['About us', 'about-us'],
    ]);
  });

  it('imports a zip of the same folder', async () => {
    const id = await newSpace(s);
    const zipPath = join(tmp.dir, 'docs.zip');
    writeFileSync(
      zipPath,
      zipSync({
        'docs/README.md': strToU8('# Welcome\n\nHello.'),
        'docs/guides/README.md': strToU8('# Guides\n'),
        'docs/guides/install.md': strToU8('# Install\n\nSteps.'),
      }),
    );
    const r = await api(s, 'POST', `/spaces/${id}/content/import`, { url: pathToFileURL(zipPath).href, source: 'zip' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ importedResources: 3, totalResources: 3 });
    const pages = (await api(s, 'GET', `/spaces/${id}/content/pages`)).body.pages;
    expect(allPages(pages).map((p) => p.path)).toEqual(['', 'guides', 'guides/install']);
  });

  it('answers 400 saying which for unreachable, unsupported or unreadable sources, and changes nothing', async () => {
    const id = await newSpace(s);
    const before = await revisionOf(id);
    const missing = await api(s, 'POST', `/spaces/${id}/content/import`, { url: pathToFileURL(join(tmp.dir, 'missing')).href, source: 'markdown' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/^url: cannot read .*no such file/);
    const docx = await api(s, 'POST', `/spaces/${id}/content/import`, { url: 'https://example.com/a.docx', source: 'docx' });
    expect(docx.status).toBe(400);
    expect(docx.body.error.message).toMatch(/^source: "docx"/);
    const onlyText = join(tmp.dir, 'text-only');
    mkdirSync(onlyText);
    writeFileSync(join(onlyText, 'a.txt'), 'x');
    const empty = await api(s, 'POST', `/spaces/${id}/content/import`, { url: pathToFileURL(onlyText).href, source: 'markdown' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch(/no markdown/);
    const binary = join(tmp.dir, 'binary.md');
    writeFileSync(binary, Buffer.from([0xff, 0xfe, 0x00, 0xc3]));
    const unreadable = await api(s, 'POST', `/spaces/${id}/content/import`, { url: pathToFileURL(binary).href, source: 'markdown' });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.error.message).toMatch(/not readable UTF-8/);
    const refused = await api(s, 'POST', `/spaces/${id}/content/import`, { url: 'http://127.0.0.1:9/nothing', source: 'html' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/^url: cannot reach/);
    expect(await revisionOf(id)).toBe(before);
  });

  it('imports a website over http: one page per HTML document, converted to markdown', async () => {
    const site: Server = createServer((req, res) => {
      const pages: Record<string, string> = {
        '/': '<html><head><title>Home</title></head><body><h1>Home</h1><p>Read <a href="/about">about us</a>.</p></body></html>',
        '/about': '<html><head><title>About</title></head><body><h1>About</h1><p>We <strong>build</strong> things.</p><a href="/">home</a></body></html>',
      };
      const body = pages[req.url ?? ''];
      res.writeHead(body ? 200 : 404, { 'content-type': 'text/html' }).end(body ?? 'not found');
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    try {
      const id = await newSpace(s);
      const r = await api(s, 'POST', `/spaces/${id}/content/import`, { url: `${origin}/`, source: 'website' });
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({ importedResources: 2, totalResources: 2 });
      const pages = (await api(s, 'GET', `/spaces/${id}/content/pages`)).body.pages;
      expect(pages.map((p: { title: string }) => p.title)).toEqual(['Home', 'About']);
      expect(pages[1].markdown).toBe('We **build** things.\n\n[home](/)');
      const gone = await api(s, 'POST', `/spaces/${id}/content/import`, { url: `${origin}/missing`, source: 'html' });
      expect(gone.status).toBe(400);
      expect(gone.body.error.message).toMatch(/answered HTTP 404/);
    } finally {
      await new Promise((r) => site.close(r));
    }
  });
});

describe('search', () => {
  it('finds pages by title and text, with matching sections, ranked and paginated', async () => {
    const id = await newSpace(s);
    await api(s, 'POST', `/spaces/${id}/content/template`, { id: 'getting-started' });
    const r = await api(s, 'GET', `/spaces/${id}/search?query=install`);
    expect(r.status).toBe(200);
    expect(operationErrors('searchSpaceContent', r.body)).toBeUndefined();
    expect(r.body.items[0]).toMatchObject({ title: 'Quickstart', path: 'quickstart' });
    expect(r.body.items[0].sections[0]).toMatchObject({ id: 'install', title: 'Install', path: 'quickstart#install', body: 'Install the product.' });

    const many = await api(s, 'GET', `/spaces/${id}/search?query=quickstart`);
    expect(many.body.items[0].title).toBe('Quickstart');
    expect(many.body.items.map((p: { title: string }) => p.title).sort()).toEqual(['FAQ', 'Quickstart', 'Welcome']);
    const first = await api(s, 'GET', `/spaces/${id}/search?query=quickstart&limit=1`);
    expect(first.body.items).toHaveLength(1);
    const second = await api(s, 'GET', `/spaces/${id}/search?query=quickstart&limit=1&page=${first.body.next.page}`);
    expect(second.body.items[0].title).toBe(many.body.items[1].title);
    expect((await api(s, 'GET', `/spaces/${id}/search?query=zebra`)).body.items).toEqual([]);
    expect((await api(s, 'GET', `/spaces/${id}/search?query=${'x'.repeat(513)}`)).status).toBe(400);
    expect((await api(s, 'GET', `/spaces/${id}/search`)).status).toBe(400);
    expect((await api(s, 'GET', `/spaces/nope/search?query=x`)).status).toBe(404);
  });
});

/** A Git Sync folder with each form links take in real spaces. */
function linkedFolder(name: string): string {
  const root = join(tmp.dir, name);
  const write = (path: string, text: string | Buffer) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('README.md', '# Welcome\n\nRead the [introduction](intro/README.md).\n');
  write(
    'intro/README.md',
    [
      '# Introduction',
      '',
      'Go to <a href="../guides/install.md#step-2">step 2</a> of the install.',
      '',
      '```md',
      '[in code](nowhere.md)',
      '```',
      '',
      '| Span | What |',
      '| --- | --- |',
      '| `${Type}[${name}](${EventClass})` | a span name |',
      '',
      '![shot](../.gitbook/assets/image%20(1).png)',
      '',
      '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th><th data-hidden data-card-cover data-type="files"></th></tr></thead><tbody><tr><td><strong>Install</strong></td><td><a href="../guides/install.md">install.md</a></td><td><a href="../.gitbook/assets/cover%20(2).png">cover (2).png</a></td></tr></tbody></table>',
      '',
      '{% content-ref url="../guides/install.md" %}',
      '[install.md](../guides/install.md)',
      '{% endcontent-ref %}',
    ].join('\n'),
  );
  write('guides/README.md', '# Guides\n');
  write(
    'guides/install.md',
    '# Install\n\n## Step 2\n\n{% file src="../.gitbook/assets/handbook.pdf" %}\n\n<img src="../.gitbook/assets/cover%20(2).png" alt="">\n',
  );
  // Its sibling axon-server.md does not exist; the root page "Axon Server" has the path axon-server.
  write('axon-server/README.md', '# Axon Server\n');
  write('axon-server/docker/README.md', '# Docker\n\nSee [compose](axon-server.md#compose) and [the server](../README.md).\n');
  for (const f of ['image (1).png', 'cover (2).png', 'handbook.pdf']) write(`.gitbook/assets/${f}`, PNG);
  return root;
}

describe('links', () => {
  it('finds every form of link a page holds, none in code, each resolved from the page file, broken when it names nothing', async () => {
    const id = await newSpace(s);
    expect((await api(s, 'POST', `/spaces/${id}/content/import`, { url: pathToFileURL(linkedFolder('linked')).href, source: 'markdown' })).status).toBe(201);
    const pages = allPages((await api(s, 'GET', `/spaces/${id}/content/pages`)).body.pages);
    const idOf = (title: string) => (pages.find((p) => p.title === title) as { id: string }).id;
    const files = (await api(s, 'GET', `/spaces/${id}/content/files`)).body.items as { id: string; name: string }[];
    const fileId = (name: string) => (files.find((f) => f.name === name) as { id: string }).id;

    const all = await api(s, 'GET', `/spaces/${id}/links?limit=1000`);
    expect(all.status).toBe(200);
    expect(operationErrors('listSpaceLinks', all.body)).toBeUndefined();
    type Ref = { kind: string; page?: { id: string; path: string }; file?: { name: string }; url?: string; internalLocation?: { anchor: string } };
    const shown = (r: Ref) =>
      r.kind === 'page'
        ? `page ${r.page?.path}${r.internalLocation ? `#${r.internalLocation.anchor}` : ''}`
        : r.kind === 'file'
          ? `file ${r.file?.name}`
          : `url ${r.url}`;
    const rows = (all.body.items as { status: string; targetReference: Ref; locationReferences: Ref[] }[]).map(
      (l) => `${l.locationReferences.map(shown).join()} -> ${l.status} ${shown(l.targetReference)}`,
    );
    expect(rows).toEqual([
      'page  -> ok page intro',
      'page axon-server/docker -> broken url axon-server.md#compose',
      'page axon-server/docker -> ok page axon-server',
      'page guides/install -> ok file handbook.pdf',
      'page guides/install -> ok file cover (2).png',
      'page intro -> ok file image (1).png',
      'page intro -> ok page guides/install',
      'page intro -> ok page guides/install#step-2',
      'page intro -> ok file cover (2).png',
    ]);
    expect(all.body.stats).toEqual({ total: 9, broken: { total: 1, changeRequest: 0 } });

    const broken = await api(s, 'GET', `/spaces/${id}/links?status=broken`);
    expect(broken.body.items.map((l: { locationReferences: { page: { id: string } }[] }) => l.locationReferences[0]?.page.id)).toEqual([idOf('Docker')]);
    expect(broken.body.stats).toEqual(all.body.stats);
    expect((await api(s, 'GET', `/spaces/${id}/links?status=in-app`)).body.items).toEqual([]);
    const intro = await api(s, 'GET', `/spaces/${id}/content/page/${idOf('Introduction')}/links?status=ok&limit=2`);
    expect(intro.body.items).toHaveLength(2);
    expect(intro.body.stats).toEqual({ total: 4, broken: { total: 0, changeRequest: 0 } });

    const backlinks = async (name: string) =>
      (await api(s, 'GET', `/spaces/${id}/content/files/${fileId(name)}/backlinks`)).body.items.map((l: { page: { id: string } }) => l.page.id);
    expect(await backlinks('cover (2).png')).toEqual([idOf('Install'), idOf('Introduction')]);
    expect(await backlinks('image (1).png')).toEqual([idOf('Introduction')]);
    expect(await backlinks('handbook.pdf')).toEqual([idOf('Install')]);
  });

  it('answers a page of 1,000 links with references, not the revision, in well under a megabyte', async () => {
    const root = join(tmp.dir, 'thousand');
    // An import reads at most 1,000 files: the index and 999 pages, and one link out.
    const n = 999;
    const name = (i: number) => `part-${String(Math.floor(i / 100)).padStart(2, '0')}/page-${String(i).padStart(4, '0')}.md`;
    // Each page a few kilobytes of text: a reference that embedded pages would show it.
    const body = (i: number) => `# Page ${i}\n\n${'Some text about this topic. '.repeat(100)}\n`;
    for (let i = 0; i < n; i++) {
      mkdirSync(join(root, name(i), '..'), { recursive: true });
      writeFileSync(join(root, name(i)), body(i));
    }
    writeFileSync(
      join(root, 'README.md'),
      `# Index\n\n${Array.from({ length: n }, (_, i) => `- [Page ${i}](${name(i)})`).join('\n')}\n- [More](https://example.com/more)\n`,
    );
    const id = await newSpace(s);
    expect((await api(s, 'POST', `/spaces/${id}/content/import`, { url: pathToFileURL(root).href, source: 'markdown' })).status).toBe(201);
    const index = (await api(s, 'GET', `/spaces/${id}/content/pages`)).body.pages[0] as { id: string; title: string };
    expect(index.title).toBe('Index');

    const res = await fetch(`${s.url}/v1/spaces/${id}/content/page/${index.id}/links?limit=1000`, { headers: { authorization: `Bearer ${s.token}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    const body1000 = JSON.parse(text);
    expect(body1000.items).toHaveLength(1000);
    expect(body1000.next).toBeUndefined();
    expect(Buffer.byteLength(text)).toBeLessThan(500_000);
    expect(text).not.toContain('Some text about this topic');
    expect(body1000.items[0].locationReferences[0].versionContext).toEqual({ type: 'revision', revision: { object: 'revision', id: await revisionOf(id) } });
    expect(operationErrors('listPageLinksInSpace', body1000)).toBeUndefined();
    const space = await api(s, 'GET', `/spaces/${id}/links?limit=1000`);
    expect(space.status).toBe(200);
    expect(space.body.stats).toEqual({ total: 1000, broken: { total: 0, changeRequest: 0 } });
  });
});

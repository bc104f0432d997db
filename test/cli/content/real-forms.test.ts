import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../helpers/run-cli.js';
import { tempDir } from '../../helpers/server.js';
import { componentErrors } from '../../helpers/editing.js';
import { listFiles } from '../../helpers/sync-folder.js';
import { REAL, REAL_KEPT, writeReal } from './real-forms.js';

let tmp: ReturnType<typeof tempDir>;
let env: Record<string, string>;
let space: string;
let answer: { revision: string; importedResources: number; totalResources: number; skipped: { path: string; reason: string }[] };
beforeAll(async () => {
  tmp = tempDir('gbctl-real-');
  env = { GBCTL_DATA: join(tmp.dir, 'store.json'), GBCTL_CONFIG_DIR: join(tmp.dir, 'config') };
  space = (await json('spaces', 'create', '--title', 'Real')).id as string;
  answer = await json('content', 'import', space, '--path', writeReal(join(tmp.dir, 'repo')));
});
afterAll(() => tmp.cleanup());

async function gb(...args: string[]) {
  const r = await runCliInProcess(args, { env });
  if (r.code !== 0) throw new Error(`gbctl ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  return r;
}
const json = async (...args: string[]) => JSON.parse((await gb(...args, '--json')).stdout);

interface P {
  id: string;
  title: string;
  type: string;
  path?: string;
  slug?: string;
  linkTitle?: string;
  description?: string;
  target?: Record<string, string>;
  href?: string;
  git?: { path: string };
  urls?: { app: string };
  updatedAt: string;
  cover?: { ref: { kind: string; file: string }; yPos: number };
  layout?: Record<string, unknown>;
  gitSync?: Record<string, unknown>;
  pages?: P[];
}
const flat = (ps: P[]): P[] => ps.flatMap((p) => [p, ...flat(p.pages ?? [])]);
const revision = async () =>
  json('content', 'revision', space) as Promise<{ id: string; pages: P[]; files: { id: string; name: string; git: { path: string } }[] }>;
const byTitle = async (title: string) => flat((await revision()).pages).find((p) => p.title === title) as P;

describe('a Git Sync repository in its real forms', () => {
  it('lists what it left out, each with its reason, and counts it', () => {
    expect(answer.skipped).toEqual([
      { path: 'src/index.ts', reason: 'outside the root "docs" set in .gitbook.yaml' },
      { path: 'docs/.gitbook/assets/huge.zip', reason: 'larger than 100 MB, the limit for one file' },
      { path: 'docs/.gitbook/assets/orphan.png', reason: 'an upload no page uses' },
    ]);
    expect(answer.totalResources).toBe(Object.keys(REAL).length);
    expect(answer.importedResources).toBe(Object.keys(REAL).length - 3);
  });

  it('titles pages by their SUMMARY.md text, labels them by its quoted title, keeps anchor and repeated entries as link pages', async () => {
    const rev = await revision();
    expect(componentErrors('Revision', rev)).toBeUndefined();
    const { pages } = rev;
    const shape = (ps: P[]): unknown[] => ps.map((p) => [p.type, p.title, ...(p.pages?.length ? [shape(p.pages)] : [])]);
    expect(shape(pages)).toEqual([
      ['document', 'Welcome'],
      [
        'group',
        'Get Started',
        [
          ['document', 'Install (beta)'],
          [
            'document',
            'Guides',
            [
              ['document', 'Formatting'],
              ['link', 'Buttons'],
            ],
          ],
          ['link', 'Install again'],
          ['link', 'Status'],
        ],
      ],
    ]);
    const all = flat(pages);
    const install = all.find((p) => p.title === 'Install (beta)') as P;
    const formatting = all.find((p) => p.title === 'Formatting') as P;
    expect(install.linkTitle).toBe('Install it');
    expect(all.find((p) => p.title === 'Buttons')?.target).toEqual({ kind: 'anchor', anchor: 'buttons', page: formatting.id });
    expect(all.find((p) => p.title === 'Install again')?.target).toEqual({ kind: 'page', page: install.id });
    expect(all.find((p) => p.title === 'Status')?.target).toEqual({ kind: 'url', url: 'https://status.example.com' });
    const group = pages[1] as P;
    expect([group.slug, group.path]).toEqual(['getting-started', 'getting-started']);
  });

  it('gives pages the paths and URLs of their files', async () => {
    const all = flat((await revision()).pages).filter((p) => p.type === 'document');
    expect(all.map((p) => [p.title, p.path, p.git?.path])).toEqual([
      ['Welcome', '', 'README.md'],
      ['Install (beta)', 'guides/install', 'guides/install.md'],
      ['Guides', 'guides', 'guides/README.md'],
      ['Formatting', 'guides/formatting', 'guides/formatting.md'],
    ]);
    expect((all[1] as P).urls?.app).toMatch(new RegExp(`/s/${space}/guides/install$`));
    const got = await gb('pages', 'get', space, 'guides/formatting', '--format', 'markdown');
    expect(got.stdout).toContain('Press it.');
  });

  it("keeps front matter settings in the API and the file's own heading beside the page", async () => {
    const { files } = await revision();
    const welcome = await byTitle('Welcome');
    const hero = files.find((f) => f.name === 'hero (1).png');
    expect(welcome.description).toBe('Create and publish documentation your users will love, with a description long enough to be folded.');
    expect(welcome.cover).toEqual({ ref: { kind: 'file', file: hero?.id }, yPos: 0 });
    expect(welcome.layout).toMatchObject({ width: 'wide', title: false, cover: true });
    expect(welcome.gitSync).toMatchObject({ heading: 'Welcome to the docs' });
    expect((await byTitle('Install (beta)')).gitSync).toMatchObject({ heading: 'Install \\(beta\\)' });
  });

  it('keeps files where they were, a .md under .gitbook/assets included, and links pages to them and to each other', async () => {
    const { files } = await revision();
    expect(files.map((f) => [f.name, f.git.path]).sort()).toEqual([
      ['diagram (2).png', '.gitbook/assets/sub/diagram (2).png'],
      ['hero (1).png', '.gitbook/assets/hero (1).png'],
      ['image (1).png', '.gitbook/assets/image (1).png'],
      ['skill.md', '.gitbook/assets/skill.md'],
    ]);
    const formatting = await byTitle('Formatting');
    const install = (await gb('pages', 'get', space, 'guides/install', '--format', 'markdown')).stdout;
    expect(install).toContain(`[the buttons](page:${formatting.id}#buttons)`);
    expect(install).toContain('<img src=".gitbook/assets/image%20%281%29.png"');
    expect(install).toContain('![Shot](.gitbook/assets/image%20%281%29.png)');
    expect(install).toContain('`[not a link](nowhere.md)`');
    expect(install).toContain(`<a href="page:${formatting.id}#buttons">Buttons</a>`);
    expect(install).toContain('<a href=".gitbook/assets/hero%20%281%29.png">');
    const links = (await json('content', 'links', space, (await byTitle('Install (beta)')).id)) as { status: string; targetReference: unknown }[];
    const ok = links.filter((l) => l.status === 'ok').map((l) => JSON.stringify(l.targetReference));
    const image = files.find((f) => f.name === 'image (1).png') as { id: string };
    for (const id of [formatting.id, image.id])
      expect(
        ok.some((t) => t.includes(`"${id}"`)),
        id,
      ).toBe(true);
    // As rows: where each link points (a file by name, a page by path and anchor) and the pages it stands in.
    const rows = (await gb('spaces', 'links', space, '--all')).stdout
      .trimEnd()
      .split('\n')
      .map((l) => l.split('\t'));
    const inInstall = (kind: string, target: string) =>
      rows.some(([status, k, t, where]) => status === 'ok' && k === kind && t === target && (where ?? '').split(', ').includes('guides/install'));
    expect(inInstall('file', 'image (1).png'), JSON.stringify(rows)).toBe(true);
    expect(inInstall('page', `${formatting.path}#buttons`), JSON.stringify(rows)).toBe(true);
    expect(rows.every((r) => r.length === 4 && !r.join('').includes('{'))).toBe(true);
    const back = (await gb('content', 'backlinks', space, image.id)).stdout.trimEnd().split('\n');
    expect(back).toContain(`guides/install\t${(await byTitle('Install (beta)')).title}\t${(await byTitle('Install (beta)')).id}`);
  });

  it('exports every file it kept byte for byte: root, SUMMARY.md, front matter, headings, spellings, whitespace, settings', async () => {
    const out = join(tmp.dir, 'out');
    await gb('content', 'export', space, out);
    const back = listFiles(out);
    for (const path of REAL_KEPT) expect(back.get(path)?.equals(Buffer.from(REAL[path] as string | Buffer)), path).toBe(true);
    expect([...back.keys()].sort()).toEqual([...REAL_KEPT].sort());
  });

  it('re-imported unchanged, changes nothing: same revision, same updatedAt', async () => {
    const before = await revision();
    const again = await json('content', 'import', space, '--url', pathToFileURL(join(tmp.dir, 'repo')).href, '--source', 'markdown');
    expect(again.revision).toBe(before.id);
    const after = await revision();
    expect(flat(after.pages).map((p) => [p.id, p.updatedAt])).toEqual(flat(before.pages).map((p) => [p.id, p.updatedAt]));
  });
});

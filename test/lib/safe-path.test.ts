import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathProblem, PathRefused, SafeRoot, writeFileAtomic } from '../../src/lib/safe-path.js';
import { tempDir } from '../helpers/server.js';

let tmp: ReturnType<typeof tempDir>;
beforeAll(() => {
  tmp = tempDir('gbctl-safe-path-');
});
afterAll(() => tmp.cleanup());

let n = 0;
/** A fresh root, with a folder beside it standing for "outside". */
function fresh(): { root: string; outside: string } {
  const base = join(tmp.dir, `case${n++}`);
  mkdirSync(join(base, 'root'), { recursive: true });
  mkdirSync(join(base, 'outside'), { recursive: true });
  return { root: join(base, 'root'), outside: join(base, 'outside') };
}

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof PathRefused) return e.reason;
    throw e;
  }
  throw new Error('not refused');
}

describe('pathProblem', () => {
  it.each([
    ['../evil.md', '".." in the path'],
    ['docs/../../evil.md', '".." in the path'],
    ['/etc/passwd', 'an absolute path'],
    ['C:/Windows/evil.md', 'a drive letter'],
    ['c:evil.md', 'a drive letter'],
    ['docs\\..\\evil.md', 'a backslash'],
    ['docs//x.md', 'an empty folder name'],
    ['./x.md', '"." in the path'],
    ['a\0b.md', 'a NUL character'],
    ['a\x1bb.md', 'a control character'],
    ['.git/hooks/pre-commit', 'a .git folder'],
    ['docs/.GIT/config', 'a .git folder'],
    ['.g\u200cit/config', 'a .git folder'],
    ['GIT~1/config', 'a .git folder'],
    ['CON', 'reserves for a device'],
    ['docs/nul.md', 'reserves for a device'],
    ['aux.tar.gz', 'reserves for a device'],
    ['COM1.png', 'reserves for a device'],
    ['what?.md', 'a character Windows does not allow'],
    ['trailing./x.md', 'ending in a dot or a space'],
    [`${'é'.repeat(128)}.md`, 'a name longer than 255 bytes'],
    [`${'a/'.repeat(2100)}x.md`, 'a path longer than 4096 bytes'],
    ['', 'an empty path'],
  ])('refuses %j', (path, reason) => {
    expect(pathProblem(path)).toContain(reason);
  });

  it.each([
    'README.md',
    'getting-started/install.md',
    '.gitbook/assets/image (1).png',
    'café/über.md',
    'a'.repeat(255),
    'console.md',
    'com10.md',
    '.github/x',
    'v1.2/notes.md',
    '日本語/ページ.md',
  ])('takes %j', (path) => {
    expect(pathProblem(path)).toBeUndefined();
  });
});

describe('SafeRoot', () => {
  it('writes a file whole, making the folders on the way, and leaves no temporary file', async () => {
    const { root } = fresh();
    const r = await SafeRoot.open(root);
    await r.write('a/b/c.md', 'one');
    await r.write('a/b/c.md', 'two');
    expect(readFileSync(join(root, 'a/b/c.md'), 'utf8')).toBe('two');
    expect(readdirSync(join(root, 'a/b'))).toEqual(['c.md']);
    expect(await r.read('a/b/c.md')).toEqual({ size: 3, bytes: Buffer.from('two') });
    expect(await r.read('a/b/c.md', 2)).toEqual({ size: 3 });
  });

  it.each(['../evil.md', '/tmp/evil.md', 'C:/evil.md', 'docs\\..\\..\\evil.md'])('refuses to write or read %j, and nothing is written', async (path) => {
    const { root, outside } = fresh();
    const r = await SafeRoot.open(root);
    expect(await refusal(r.write(path, 'x'))).toBeTruthy();
    expect(await refusal(r.read(path))).toBeTruthy();
    expect(readdirSync(root)).toEqual([]);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('does not write through a symlinked folder that leads outside the root', async () => {
    const { root, outside } = fresh();
    symlinkSync(outside, join(root, 'assets'));
    const r = await SafeRoot.open(root);
    expect(await refusal(r.write('assets/evil.png', 'x'))).toContain('symbolic link');
    expect(await refusal(r.write('assets/deeper/evil.png', 'x'))).toContain('symbolic link');
    expect(readdirSync(outside)).toEqual([]);
  });

  it('refuses a symlinked file that leads outside the root and never writes through it', async () => {
    const { root, outside } = fresh();
    writeFileSync(join(outside, 'secret'), 'kept');
    mkdirSync(join(root, 'docs'));
    symlinkSync(join(outside, 'secret'), join(root, 'docs', 'page.md'));
    const r = await SafeRoot.open(root);
    expect(await refusal(r.write('docs/page.md', 'x'))).toContain('symbolic link');
    expect(readFileSync(join(outside, 'secret'), 'utf8')).toBe('kept');
  });

  it('replaces a symlinked file that stays inside the root: the link goes, its target is untouched', async () => {
    const { root } = fresh();
    writeFileSync(join(root, 'real.md'), 'real');
    symlinkSync(join(root, 'real.md'), join(root, 'alias.md'));
    const r = await SafeRoot.open(root);
    await r.write('alias.md', 'new');
    expect(lstatSync(join(root, 'alias.md')).isSymbolicLink()).toBe(false);
    expect(readFileSync(join(root, 'alias.md'), 'utf8')).toBe('new');
    expect(readFileSync(join(root, 'real.md'), 'utf8')).toBe('real');
  });

  it('follows a symlinked folder that stays inside the root', async () => {
    const { root } = fresh();
    mkdirSync(join(root, 'v2'));
    symlinkSync(join(root, 'v2'), join(root, 'latest'));
    const r = await SafeRoot.open(root);
    await r.write('latest/page.md', 'x');
    expect(readFileSync(join(root, 'v2/page.md'), 'utf8')).toBe('x');
  });

  it('refuses to read through a link (file or folder) that leads outside, and a FIFO, without blocking', async () => {
    const { root, outside } = fresh();
    writeFileSync(join(outside, 'secret'), 'secret');
    symlinkSync(join(outside, 'secret'), join(root, 'page.md'));
    symlinkSync(outside, join(root, 'assets'));
    execFileSync('mkfifo', [join(root, 'pipe.md')]);
    const r = await SafeRoot.open(root);
    expect(await refusal(r.read('page.md'))).toContain('symbolic link');
    expect(await refusal(r.read('assets/secret'))).toContain('symbolic link');
    expect(await refusal(r.read('pipe.md'))).toBe('not a regular file');
  });

  it('refuses a dangling link that would lead outside', async () => {
    const { root, outside } = fresh();
    symlinkSync(join(outside, 'not-yet'), join(root, 'page.md'));
    const r = await SafeRoot.open(root);
    expect(await refusal(r.write('page.md', 'x'))).toContain('symbolic link');
    expect(existsSync(join(outside, 'not-yet'))).toBe(false);
  });

  it('writeFileAtomic replaces a link planted at the name instead of writing through it', async () => {
    const { root, outside } = fresh();
    writeFileSync(join(outside, 'target'), 'kept');
    symlinkSync(join(outside, 'target'), join(root, 'handoff.json'));
    await writeFileAtomic(join(root, 'handoff.json'), '{}');
    expect(lstatSync(join(root, 'handoff.json')).isFile()).toBe(true);
    expect(readFileSync(join(outside, 'target'), 'utf8')).toBe('kept');
  });

  it('over generated names: a name it takes is written inside the root, one it refuses is not written at all', async () => {
    const { root, outside } = fresh();
    const r = await SafeRoot.open(root);
    const real = realpathSync(root);
    // Components drawn from what hostile content would use, mixed with ordinary names.
    const part = fc.oneof(
      fc.constantFrom('..', '.', '', 'C:', 'c:', 'CON', 'nul.md', '.git', '.GIT', 'x\\..\\y', '~', '.gitbook', 'assets', 'a b', 'é', '..%2f', '...'),
      fc.string({ minLength: 1, maxLength: 12 }),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }),
    );
    const rel = fc
      .tuple(fc.constantFrom('', '/', 'C:/', 'C:'), fc.array(part, { minLength: 1, maxLength: 4 }))
      .map(([lead, parts]) => `${lead}${parts.join('/')}`);
    await fc.assert(
      fc.asyncProperty(rel, async (path) => {
        const problem = pathProblem(path);
        let wrote = false;
        try {
          await r.write(path, 'x');
          wrote = true;
        } catch (e) {
          if (!(e instanceof PathRefused)) {
            // A name taken as a file where an earlier run made it a folder (or the reverse).
            if (!['EISDIR', 'ENOTDIR', 'EEXIST'].includes((e as NodeJS.ErrnoException).code ?? '')) throw e;
          }
        }
        if (problem) expect(wrote).toBe(false);
        if (wrote) {
          const at = realpathSync(join(root, ...path.split('/')));
          expect(at.startsWith(`${real}/`)).toBe(true);
        }
        expect(readdirSync(outside)).toEqual([]);
      }),
      { numRuns: 400, seed: 20261125 },
    );
    expect(readdirSync(join(root, '..')).sort()).toEqual(['outside', 'root']);
  });
});

describe('writeFileAtomicSync (handoff files, --output)', () => {
  it('replaces a link planted at the name, never writes through it, keeps the mode asked and leaves no temporary file', async () => {
    const { writeFileAtomicSync } = await import('../../src/lib/safe-path.js');
    const { root, outside } = fresh();
    writeFileSync(join(outside, 'bashrc'), 'kept');
    symlinkSync(join(outside, 'bashrc'), join(root, 'gbctl.env'));
    writeFileAtomicSync(join(root, 'gbctl.env'), 'GITBOOK_TOKEN=secret\n', 0o600);
    expect(readFileSync(join(outside, 'bashrc'), 'utf8')).toBe('kept');
    expect(lstatSync(join(root, 'gbctl.env')).isFile()).toBe(true);
    expect(lstatSync(join(root, 'gbctl.env')).mode & 0o777).toBe(0o600);
    expect(readdirSync(root)).toEqual(['gbctl.env']);
  });

  it('does not write through a link planted at the temporary name a process id would predict', async () => {
    const { writeFileAtomicSync } = await import('../../src/lib/safe-path.js');
    const { root, outside } = fresh();
    writeFileSync(join(outside, 'target'), 'kept');
    symlinkSync(join(outside, 'target'), join(root, `ready.json.${process.pid}.tmp`));
    writeFileAtomicSync(join(root, 'ready.json'), '{}');
    expect(readFileSync(join(outside, 'target'), 'utf8')).toBe('kept');
    expect(readFileSync(join(root, 'ready.json'), 'utf8')).toBe('{}');
  });
});

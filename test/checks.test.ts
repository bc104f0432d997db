import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/server.js';

const CHECKS = fileURLToPath(new URL('../scripts/checks.mjs', import.meta.url));
const tmp = tempDir('gbctl-checks-');
afterAll(() => tmp.cleanup());

/** Runs scripts/checks.mjs on `names` in a folder whose package.json has `scripts`. */
function checks(scripts: Record<string, string>, names: string[]) {
  const dir = mkdtempSync(join(tmp.dir, 'pkg-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'probe', version: '1.0.0', private: true, scripts }));
  const r = spawnSync(process.execPath, [CHECKS, ...names], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, dir };
}

const node = (code: string) => `node -e ${JSON.stringify(code)}`;

describe('scripts/checks.mjs (what npm test runs before vitest)', () => {
  it('runs the scripts side by side: one waits for a file only the next one writes', { skip: availableParallelism() < 2 }, () => {
    const r = checks(
      {
        waits: node(
          "const fs=require('fs');const t=Date.now();(function w(){if(fs.existsSync('b.flag'))return;if(Date.now()-t>20000){console.error('never saw b.flag');process.exit(1)}setTimeout(w,20)})()",
        ),
        writes: node("require('fs').writeFileSync('b.flag','')"),
      },
      ['waits', 'writes'],
    );
    expect(r.out).toMatch(/✓ waits \(/);
    expect(r.out).toMatch(/✓ writes \(/);
    expect(r.code).toBe(0);
  });

  it('exits 1 when one fails, prints that one output, and still runs the rest', () => {
    const r = checks(
      {
        bad: node("console.error('the reason it failed');process.exit(3)"),
        good: node("console.log('quiet on success');require('fs').writeFileSync('good.flag','')"),
        later: node("require('fs').writeFileSync('later.flag','')"),
      },
      ['bad', 'good', 'later'],
    );
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/✗ bad \([\d.]+ s, exit 3\)/);
    expect(r.out).toContain('  the reason it failed');
    expect(r.out).not.toContain('quiet on success');
    expect(existsSync(join(r.dir, 'good.flag'))).toBe(true);
    expect(existsSync(join(r.dir, 'later.flag'))).toBe(true);
    expect(r.out).toMatch(/✓ later \(/);
  });

  it('refuses to run nothing', () => {
    const r = checks({}, []);
    expect(r.code).toBe(2);
  });
});

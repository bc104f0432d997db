import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';

const FILES = { bash: 'completions/gbctl.bash', zsh: 'completions/_gbctl', fish: 'completions/gbctl.fish' } as const;
const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe('shell completions', () => {
  for (const [shell, file] of Object.entries(FILES)) {
    it(`${shell}: the checked-in file is what "gbctl completion ${shell}" prints (run "npm run gen" when stale)`, async () => {
      const r = await runCli(['completion', shell]);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('spaces');
      expect(r.stdout).toContain('restore');
      expect(readFileSync(file, 'utf8')).toBe(r.stdout);
    });

    it(`${shell}: the script parses in ${shell}`, () => {
      const path = join(tmp.dir, `completion.${shell}`);
      writeFileSync(path, readFileSync(file, 'utf8'));
      expect(() => execFileSync(shell, ['-n', path], { stdio: 'pipe' })).not.toThrow();
    });
  }

  it('bash completes nouns and verbs', () => {
    const script = `source ${FILES.bash}; COMP_WORDS=(gbctl spaces res); COMP_CWORD=2; _gbctl; echo "\${COMPREPLY[@]}"`;
    expect(execFileSync('bash', ['-c', script], { encoding: 'utf8' }).trim()).toBe('restore');
  });

  it('refuses an unknown shell with exit 2', async () => {
    expect((await runCli(['completion', 'tcsh'])).code).toBe(2);
  });
});

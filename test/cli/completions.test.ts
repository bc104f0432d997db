import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { treeOf, type CompletionNode } from '../../src/cli/completion.js';
import { makeCli } from '../../src/cli/deps.js';
import { buildProgram } from '../../src/cli/program.js';
import { cliDeps } from '../../src/main.js';
import { sourceManifest } from '../../src/manifest-source.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/server.js';
import { needs } from '../helpers/tools.js';

const FILES = { bash: 'completions/gbctl.bash', zsh: 'completions/_gbctl', fish: 'completions/gbctl.fish' } as const;
type Shell = keyof typeof FILES;
const have: Record<Shell, boolean> = {
  bash: needs('bash', 'apt-get install bash'),
  zsh: needs('zsh', 'apt-get install zsh'),
  fish: needs('fish', 'apt-get install fish'),
};
const tmp = tempDir();
afterAll(() => tmp.cleanup());

/** The words typed so far; the last is the word being completed ('' after a space). */
type Line = string[];
const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * Completes every line in one run of the shell, through the function the script installs:
 * bash's _gbctl with COMP_WORDS/COMP_CWORD set, zsh's _gbctl with words/CURRENT set and
 * compadd/_describe capturing what it offers, fish's own `complete -C`. Each answer is a list
 * of candidates, with their descriptions (zsh and fish) after a tab.
 */
function complete(shell: Shell, lines: Line[]): string[][] {
  const input = join(tmp.dir, `lines.${shell}`);
  const script = join(tmp.dir, `run.${shell}`);
  const file = join(process.cwd(), FILES[shell]);
  if (shell === 'bash') {
    writeFileSync(input, lines.map((l) => l.map(sq).join(' ')).join('\n') + '\n');
    writeFileSync(
      script,
      `source ${sq(file)}\nwhile IFS= read -r line; do eval "COMP_WORDS=($line)"; COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _gbctl; printf '%s\\n' "\${COMPREPLY[@]}"; echo '<end>'; done < ${sq(input)}\n`,
    );
  } else if (shell === 'zsh') {
    writeFileSync(input, lines.map((l) => l.map(sq).join(' ')).join('\n') + '\n');
    writeFileSync(
      script,
      [
        'compdef() { :; }',
        // What the completion system would show: _describe's 'name:description' entries, compadd's words.
        '_describe() { local a; shift 3; for a in "$@"; do [[ $a == -- ]] && continue; for e in "${(@P)a}"; do print -r -- "${${e%%:*}//\\\\/}"$\'\\t\'"${e#*[^\\\\]:}"; done; done; }',
        'compadd() { [[ $1 == -- ]] && shift; print -rl -- "$@"; }',
        "_files() { print -r -- '<files>'; }",
        `source ${sq(file)}`,
        `while IFS= read -r line; do words=("\${(@Q)\${(z)line}}"); CURRENT=\${#words}; _gbctl; print -r -- '<end>'; done < ${sq(input)}`,
      ].join('\n'),
    );
  } else {
    writeFileSync(input, lines.map((l) => l.join(' ')).join('\n') + '\n');
    writeFileSync(script, `source ${sq(file)}\nwhile read -l line\n  complete -C "$line"\n  echo '<end>'\nend < ${sq(input)}\n`);
  }
  const out = execFileSync(shell, shell === 'zsh' ? ['-f', script] : [script], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const answers = out
    .split('<end>\n')
    .slice(0, -1)
    .map((a) => a.split('\n').filter(Boolean));
  expect(answers.length).toBe(lines.length);
  return answers;
}

const words = (answer: string[], prefix = '') =>
  answer
    .map((a) => a.split('\t')[0] as string)
    .filter((w) => w.startsWith(prefix))
    .sort();

let tree: CompletionNode;
beforeAll(async () => {
  const sink = { write: () => true, isTTY: false } as unknown as NodeJS.WritableStream;
  tree = treeOf(await buildProgram(makeCli({ stdout: sink, stderr: sink, stdinIsTTY: false, env: {}, readStdin: () => '' }, cliDeps(await sourceManifest()))));
});

/** Every command with its path. */
function nodes(n: CompletionNode, path: string[] = []): { path: string[]; node: CompletionNode }[] {
  return [{ path, node: n }, ...n.children.flatMap((c) => nodes(c, [...path, c.name]))];
}

describe('shell completions', () => {
  for (const [shell, file] of Object.entries(FILES) as [Shell, string][]) {
    it(`${shell}: the checked-in file is what "gbctl completion ${shell}" prints (run "npm run gen" when stale)`, async () => {
      const r = await runCli(['completion', shell]);
      expect(r.code).toBe(0);
      expect(readFileSync(file, 'utf8')).toBe(r.stdout);
    });

    describe.skipIf(!have[shell])(`${shell}, driven through its own completion function`, () => {
      it('parses', () => {
        expect(() => execFileSync(shell, ['-n', file], { stdio: 'pipe' })).not.toThrow();
      });

      it('offers the subcommands at every level of nesting, after global flags too', () => {
        const groups = nodes(tree).filter((x) => x.node.children.length);
        expect(groups.map((g) => g.path.join(' '))).toContain('local tokens');
        const lines: Line[] = [
          ...groups.map((g) => ['gbctl', ...g.path, '']),
          ['gbctl', '--store', 'x.json', 'spaces', ''],
          ['gbctl', '--endpoint', 'http://h', '--no-color', 'local', 'tokens', ''],
          ['gbctl', 'spaces', 'res'],
        ];
        const got = complete(shell, lines);
        groups.forEach((g, i) => expect(words(got[i] as string[]), g.path.join(' ')).toEqual(g.node.children.map((c) => c.name).sort()));
        const spaces = tree.children.find((c) => c.name === 'spaces') as CompletionNode;
        expect(words(got[groups.length] as string[])).toEqual(spaces.children.map((c) => c.name).sort());
        expect(words(got[groups.length + 1] as string[])).toEqual(['create', 'list', 'revoke']);
        expect(words(got[groups.length + 2] as string[], 'res')).toEqual(['restore']);
      });

      it("offers every option's accepted values (enums from the schemas, option choices)", () => {
        const cases = nodes(tree).flatMap(({ path, node }) =>
          node.options.filter((o) => o.choices && o.long).map((o) => ({ path, flag: o.long as string, choices: o.choices as string[] })),
        );
        const flags = cases.map((c) => `${c.path.join(' ')} ${c.flag}`);
        for (const want of ['spaces list --format', 'sites create --visibility', 'api endpoints --origin']) expect(flags).toContain(want);
        const got = complete(
          shell,
          cases.map((c) => ['gbctl', ...c.path, c.flag, '']),
        );
        cases.forEach((c, i) => expect(words(got[i] as string[]), `${c.path.join(' ')} ${c.flag}`).toEqual([...c.choices].sort()));
        // After global flags and in the middle of a line alike.
        const [mid] = complete(shell, [['gbctl', '--store', 'x', 'spaces', 'list', '--format', 'ts']]);
        expect(words(mid as string[], 'ts')).toEqual(['tsv']);
      });

      it('offers the options of the command reached, and the global ones', () => {
        const [opts] = complete(shell, [['gbctl', 'spaces', 'list', '--']]);
        const offered = words(opts as string[]);
        for (const f of ['--format', '--all', '--limit', '--store', '--json', '--jq']) expect(offered).toContain(f);
        expect(offered).not.toContain('--visibility-value');
      });

      it.skipIf(shell === 'bash')('keeps every description whole: apostrophes, colons and quotes included', () => {
        const groups = nodes(tree).filter((x) => x.node.children.length);
        const got = complete(
          shell,
          groups.map((g) => ['gbctl', ...g.path, '']),
        );
        let checked = 0;
        groups.forEach((g, i) => {
          const shown = new Map((got[i] as string[]).map((l) => [l.split('\t')[0], l.split('\t').slice(1).join('\t')]));
          for (const c of g.node.children) {
            if (!c.description) continue;
            expect(shown.get(c.name), `${g.path.join(' ')} ${c.name}`).toBe(c.description);
            checked++;
          }
        });
        expect(checked).toBeGreaterThan(100);
        const tricky = nodes(tree).filter((x) => /'/.test(x.node.description) && /:/.test(x.node.description));
        expect(tricky.length).toBeGreaterThan(0);
      });
    });
  }

  it('refuses an unknown shell with exit 2', async () => {
    expect((await runCli(['completion', 'tcsh'])).code).toBe(2);
  });
});

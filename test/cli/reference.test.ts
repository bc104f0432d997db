import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const FILE = 'docs/commands.md';

describe('the command reference', () => {
  it(`${FILE} is what "gbctl reference" prints (run "npm run gen" when stale)`, async () => {
    const r = await runCli(['reference']);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(FILE, 'utf8')).toBe(r.stdout);
  });

  it('has every command, with its description, options and examples', async () => {
    const text = (await runCli(['reference'])).stdout;
    const walk = async (words: string[]): Promise<string[]> => {
      const help = (await runCli([...words, '--help'])).stdout;
      const block = /\nCommands:\n([\s\S]*?)(\n\n|$)/.exec(help)?.[1] ?? '';
      const subs = [...block.matchAll(/^ {2}([a-z][\w-]*)/gm)].map((m) => m[1] as string).filter((n) => n !== 'help');
      const nested = await Promise.all(subs.map((s) => walk([...words, s])));
      return [words.join(' '), ...nested.flat()];
    };
    for (const noun of ['spaces', 'emulator', 'local']) {
      for (const cmd of await walk([noun])) expect(text, cmd).toContain(`\n### gbctl ${cmd}\n`);
    }
    const section = text.slice(text.indexOf('\n### gbctl spaces create\n'), text.indexOf('\n### gbctl spaces delete\n'));
    expect(section).toContain('Create a space');
    expect(section).toContain('| `--title <value>` |');
    expect(section).toMatch(/```sh\ngbctl spaces create --title/);
    expect(text).toContain('| `--data <@file\\|-\\|json>` |');
  });
});

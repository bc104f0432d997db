import type { Command } from 'commander';
import type { Cli } from '../../src/cli/deps.js';
import { usageError } from '../../src/cli/exit-codes.js';
import { ClockAnswer, parseDuration } from '../../src/server/controls/index.js';
import { control, examples, opts, show } from './control.js';
import { printsJson } from '../../src/cli/output-flags.js';

interface ClockFlags {
  advance?: string;
  set?: string;
  freeze?: boolean;
  unfreeze?: boolean;
}

/** The body of POST /_gbctl/clock, checked here so that a bad value sends nothing. */
function change(f: ClockFlags): Record<string, unknown> | undefined {
  if (f.freeze && f.unfreeze) throw usageError('--freeze and --unfreeze contradict each other', 'give one');
  const body: Record<string, unknown> = {};
  if (f.set !== undefined) {
    if (Number.isNaN(new Date(f.set).getTime())) throw usageError(`--set: "${f.set}" is not a date-time`, 'e.g. 2026-05-01T00:00:00Z');
    body.set = f.set;
  }
  if (f.advance !== undefined) {
    if (parseDuration(f.advance) === undefined)
      throw usageError(`--advance: "${f.advance}" is not a duration`, 'give milliseconds or a duration such as 7d, 36h, 15m, 90s');
    body.advance = f.advance;
  }
  if (f.freeze) body.freeze = true;
  if (f.unfreeze) body.freeze = false;
  return Object.keys(body).length ? body : undefined;
}

export function registerClock(parent: Command, cli: Cli): void {
  printsJson(parent.command('clock'), ['now', 'frozen'])
    .description("Show the server's clock, or move, set, freeze or unfreeze it")
    .option('--advance <duration>', 'move it forward (or back, with a minus): 7d, 36h, 15m, 90s or milliseconds')
    .option('--set <date-time>', 'set it to this instant (ISO 8601)')
    .option('--freeze', 'stop it: every request sees the same time until --unfreeze')
    .option('--unfreeze', 'let it run again from where it stands')
    .addHelpText('after', examples('gbctl emulator clock', 'gbctl emulator clock --advance 8d', 'gbctl emulator clock --set 2026-05-01T00:00:00Z --freeze'))
    .action(async (f: ClockFlags, cmd: Command) => {
      const o = opts(cmd);
      const body = change(f);
      const state = await control(cli, o, body ? 'POST' : 'GET', 'clock', ClockAnswer, body);
      await show(cli, o, state, (s) => {
        const c = s;
        return `${c.now}${c.frozen ? ' (frozen)' : ''}`;
      });
    });
}

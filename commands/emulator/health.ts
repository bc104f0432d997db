import type { Command } from 'commander';
import type { Cli } from '../../src/cli/deps.js';
import { HealthAnswer, type Health } from '../../src/server/controls/index.js';
import { control, examples, opts, show } from './control.js';
import { printsJson } from '../../src/cli/output-flags.js';

export const healthLine = (v: Health) =>
  `${v.status}: gbctl ${v.version}, up ${(v.uptimeMs / 1000).toFixed(0)}s, ${(v.rssBytes / 1048576).toFixed(0)} MiB resident${v.jit ? ', --jit' : ''}`;

export const HEALTH_FIELDS = Object.keys(HealthAnswer.shape);

export function registerHealth(parent: Command, cli: Cli): void {
  printsJson(parent.command('health'), HEALTH_FIELDS)
    .description('Check that the server answers now: its status, version, uptime and memory (exit 8 at once when it cannot be reached; no retries)')
    .addHelpText('after', examples('gbctl emulator health', 'gbctl emulator wait --timeout 30s   # to wait for a server that is starting'))
    .action(async (_f: unknown, cmd: Command) => {
      const o = opts(cmd);
      const h = await control(cli, o, 'GET', 'health', HealthAnswer, undefined, { retry: false });
      await show(cli, o, h, healthLine);
    });
}

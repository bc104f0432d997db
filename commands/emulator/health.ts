import type { Command } from 'commander';
import type { Cli } from '../../src/cli/deps.js';
import { control, examples, opts, show } from './control.js';
import { printsJson } from '../../src/cli/output-flags.js';

interface Health {
  status: string;
  version: string;
  uptimeMs: number;
  jit: boolean;
  rssBytes: number;
}

export function registerHealth(parent: Command, cli: Cli): void {
  printsJson(parent.command('health'), ['status', 'version', 'uptimeMs', 'jit', 'rssBytes'])
    .description('Check that the server answers: its status, version, uptime and memory (exit 8 when it cannot be reached)')
    .addHelpText('after', examples('gbctl emulator health', 'until gbctl emulator health --no-retry >/dev/null 2>&1; do sleep 0.2; done'))
    .action(async (_f: unknown, cmd: Command) => {
      const o = opts(cmd);
      const h = await control(cli, o, 'GET', 'health');
      await show(cli, o, h, (x) => {
        const v = x as Health;
        return `${v.status}: gbctl ${v.version}, up ${(v.uptimeMs / 1000).toFixed(0)}s, ${(v.rssBytes / 1048576).toFixed(0)} MiB resident${v.jit ? ', --jit' : ''}`;
      });
    });
}

import type { Command } from 'commander';
import type { Cli } from '../../src/cli/deps.js';
import { usageError } from '../../src/cli/exit-codes.js';
import { itemsOf, LoggedRequestAnswer, type LoggedRequest } from '../../src/server/controls/index.js';
import { control, examples, opts, show } from './control.js';
import { keysOf, printsJson } from '../../src/cli/output-flags.js';

export function registerRequests(parent: Command, cli: Cli): void {
  printsJson(parent.command('requests'), keysOf<LoggedRequest>({ time: true, method: true, path: true, status: true, ms: true, endpoint: true }))
    .description('List the most recent requests the server answered (time, method, path, status, duration, endpoint), oldest first')
    .option('--limit <n>', 'at most this many (the server keeps the last 1000)', '100')
    .option('--clear', 'forget the requests logged so far')
    .addHelpText('after', examples('gbctl emulator requests --limit 5', "gbctl emulator requests --json --jq '.[] | select(.status >= 500)'"))
    .action(async (f: { limit: string; clear?: boolean }, cmd: Command) => {
      const o = opts(cmd);
      if (f.clear) {
        await control(cli, o, 'DELETE', 'requests', itemsOf(LoggedRequestAnswer));
        cli.io.stderr.write('✓ Cleared the request log\n');
        return;
      }
      const limit = Number(f.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw usageError(`--limit: "${f.limit}" is not a whole number from 1 to 1000`);
      const list = await control(cli, o, 'GET', `requests?limit=${limit}`, itemsOf(LoggedRequestAnswer));
      await show(cli, o, list.items, (items) => items.map((r) => [r.time, r.method, r.path, r.status, `${r.ms}ms`, r.endpoint ?? ''].join('\t')).join('\n'));
    });
}

import type { Command } from 'commander';
import type { Cli } from '../../src/cli/deps.js';
import { ApiError, NetworkError } from '../../src/client/errors.js';
import { explainAuthFailure } from '../../src/cli/errors.js';
import { CliError, Exit, exitForStatus, usageError } from '../../src/cli/exit-codes.js';
import { parseDuration } from '../../src/cli/global-flags.js';
import { printsJson } from '../../src/cli/output-flags.js';
import { HealthAnswer } from '../../src/server/controls/index.js';
import { answerOf, checkServed, examples, opts, show } from './control.js';
import { HEALTH_FIELDS, healthLine } from './health.js';

/** Between two probes: short, so a job goes on soon after the server listens, and fixed, never backing off. */
const INTERVAL_MS = 100;
/** One probe's longest wait for an answer (less when the deadline is nearer, but never less than MIN_PROBE_MS). */
const PROBE_MS = 2000;
const MIN_PROBE_MS = 250;

/**
 * The --timeout given, wherever on the line: the root command takes a --timeout of its own (a
 * request's, in seconds) and, reading options anywhere, takes this one's value before it can.
 */
function waitTimeout(cmd: Command): string {
  for (let c: Command | null = cmd; c; c = c.parent) {
    if (c.getOptionValueSource('timeout') === 'cli') return String(c.getOptionValue('timeout'));
  }
  return '30s';
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function registerWait(parent: Command, cli: Cli): void {
  printsJson(parent.command('wait'), HEALTH_FIELDS)
    .description('Wait until the server answers /_gbctl/health (exit 0), or fail at the deadline (exit 8) without ever hanging')
    .option('--timeout <duration>', 'how long to wait in all: 30s, 2m, 500ms, or seconds (default: 30s)')
    .addHelpText(
      'after',
      `
Probes GET /_gbctl/health of the configured server every ${INTERVAL_MS} ms, each probe once (no
retries, no backoff) and for at most ${PROBE_MS / 1000} s. A refused or reset connection, a 5xx
or no answer yet means "not yet"; the health answer means ready (exit 0, the health on stdout).
A server that answers but refuses the token fails at once (exit 4), and so does one without
the controls (exit 5: it is not gbctl serve). At the deadline: exit 8, with what the last
probe met.
${examples(
  'gbctl emulator wait --timeout 30s',
  'GITBOOK_ENDPOINT=http://gbctl:7700 gbctl emulator wait --timeout 1m   # a server in another container, GITBOOK_TOKEN set',
)}`,
    )
    .action(async (_f: unknown, cmd: Command) => {
      const o = opts(cmd);
      const raw = waitTimeout(cmd);
      const total = parseDuration(raw);
      if (total === undefined || total <= 0) throw usageError(`--timeout: "${raw}" is not a duration (30s, 2m, 500ms, or seconds)`);
      const endpoint = checkServed(cli, o);
      const deadline = Date.now() + total;
      let last = 'no probe answered';
      for (;;) {
        // Each probe gets a fair chance to be answered, even the last one before the deadline.
        const budget = Math.min(PROBE_MS, Math.max(deadline - Date.now(), MIN_PROBE_MS));
        // The client's own timeout is whole seconds: at least one; the race below keeps to the budget.
        const conn = await cli.connect({ ...o, timeout: String(Math.ceil(budget / 1000)), retries: '0' });
        let timer: NodeJS.Timeout | undefined;
        try {
          const probe = conn.client.send({ method: 'GET', path: '/_gbctl/health', headers: { accept: 'application/json' } }, { idempotent: false });
          const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), budget)));
          const res = await Promise.race([probe, late]);
          probe.catch(() => undefined);
          if (res !== 'late') {
            const health = answerOf(HealthAnswer, 'GET /_gbctl/health', res.body);
            await show(cli, o, health, (x) => `ready: ${endpoint} answers (${healthLine(x)})`);
            return;
          }
          last = `no answer within ${(budget / 1000).toFixed(1)} s`;
        } catch (e) {
          if (e instanceof ApiError && (e.status === 401 || e.status === 403)) {
            throw explainAuthFailure(new ApiError(e.status, `${endpoint} is up, but ${e.message}`, e.method, e.url), conn.resolved.sources.token);
          }
          if (e instanceof ApiError && e.status < 500) {
            throw new CliError(
              `${endpoint} answers, but not as gbctl serve: GET /_gbctl/health was ${e.status} (${e.message})`,
              exitForStatus(e.status),
              'point GITBOOK_ENDPOINT (or --endpoint) at a gbctl serve',
            );
          }
          if (!(e instanceof ApiError) && !(e instanceof NetworkError)) throw e;
          last = e instanceof ApiError ? `HTTP ${e.status} (${e.message})` : e.message;
        } finally {
          clearTimeout(timer);
          await conn.close();
        }
        if (Date.now() + INTERVAL_MS >= deadline) break;
        await sleep(INTERVAL_MS);
      }
      throw new CliError(
        `${endpoint} was not ready within ${raw}: ${last}`,
        Exit.server,
        'is gbctl serve starting? Its own output says why it stopped, if it did',
      );
    });
}

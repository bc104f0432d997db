import type { Command } from 'commander';
import { describeIssues } from '../../src/contract/issues.js';
import type { Cli } from '../../src/cli/deps.js';
import { usageError } from '../../src/cli/exit-codes.js';
import { readBodyData } from '../../src/cli/read-input.js';
import { DeletedAnswer, FaultRule, itemsOf, ListedFault, Named, type Listed } from '../../src/server/controls/index.js';
import { control, examples, opts, show, type ControlOpts } from './control.js';
import { printsJson } from '../../src/cli/output-flags.js';
import { objectFields } from '../../src/contract/response-fields.js';

interface FaultFlags {
  path?: string;
  method?: string;
  status?: string;
  latency?: string;
  retryAfter?: string;
  resetConnection?: boolean;
  message?: string;
  count?: string;
  probability?: string;
  remove?: string;
  clear?: boolean;
}

/** The flag that says each field of a rule, for messages. */
const FLAG: Record<string, string> = {
  path: '--path',
  method: '--method',
  status: '--status',
  latencyMs: '--latency',
  retryAfter: '--retry-after',
  reset: '--reset-connection',
  message: '--message',
  count: '--count',
  probability: '--probability',
};

function num(flag: string, v: string): number {
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n)) throw usageError(`${flag}: "${v}" is not a number`);
  return n;
}

/** `200` or `100-300` (a random delay between the two). */
function latency(v: string): number | [number, number] {
  const range = /^(\d+)-(\d+)$/.exec(v.trim());
  if (range) return [Number(range[1]), Number(range[2])];
  return num('--latency', v);
}

/** The rule the flags (or --data) describe, checked before anything is sent. */
function rule(f: FaultFlags, o: ControlOpts, readStdin: () => string): Record<string, unknown> {
  const fromData = typeof o.data === 'string' ? (readBodyData(o.data, readStdin) as Record<string, unknown>) : {};
  const r: Record<string, unknown> = { ...fromData };
  if (f.path !== undefined) r.path = f.path;
  if (f.method !== undefined) r.method = f.method.toUpperCase();
  if (f.status !== undefined) r.status = num('--status', f.status);
  if (f.latency !== undefined) r.latencyMs = latency(f.latency);
  if (f.retryAfter !== undefined) r.retryAfter = num('--retry-after', f.retryAfter);
  if (f.resetConnection) r.reset = true;
  if (f.message !== undefined) r.message = f.message;
  if (f.count !== undefined) r.count = num('--count', f.count);
  if (f.probability !== undefined) r.probability = num('--probability', f.probability);
  const checked = FaultRule.safeParse(r);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const field = issue?.path[0] === undefined ? undefined : String(issue.path[0]);
    if (field === undefined)
      throw usageError('a rule needs --status, --latency or --reset-connection (status, latencyMs or reset in --data)', 'see "gbctl emulator faults --help"');
    // The schema's words for the problem (bounds said as "at most …"), under the flag's name.
    const said = describeIssues(checked.error, { limit: 1 }).replace(/^[\w.]+: /, '');
    throw usageError(`${FLAG[field] ?? field}: ${said}`, 'see "gbctl emulator faults --help"');
  }
  return r;
}

const adding = (f: FaultFlags) =>
  [f.path, f.method, f.status, f.latency, f.retryAfter, f.resetConnection, f.message, f.count, f.probability].some((v) => v !== undefined);

function line(r: Listed): string {
  const what = [
    r.status !== undefined ? `status ${r.status}` : '',
    r.latencyMs !== undefined ? `latency ${Array.isArray(r.latencyMs) ? r.latencyMs.join('-') : r.latencyMs}ms` : '',
    r.reset ? 'reset' : '',
  ]
    .filter(Boolean)
    .join(', ');
  return [r.id, r.method, r.path, what, `${r.hits} hits`, r.remaining !== undefined ? `${r.remaining} left` : ''].join('\t').replace(/\t+$/, '');
}

export function registerFaults(parent: Command, cli: Cli): void {
  printsJson(parent.command('faults'), ['id', ...objectFields(FaultRule), 'hits', 'remaining'])
    .description('List the fault rules; add one (delay, fail, rate-limit or cut off matching requests); remove one or all')
    .option('--path <pattern>', 'add a rule for this path: * matches one segment, ** any number, e.g. "/v1/spaces/*"')
    .option('--method <method>', 'only this method (GET, POST, PUT, PATCH, DELETE; default any)')
    .option('--status <code>', 'answer with this error status (400-599), e.g. 503 or 429')
    .option('--latency <ms>', 'delay by this many milliseconds, or a random delay in a range such as 100-300')
    .option('--retry-after <seconds>', 'Retry-After header with --status 429 or 503')
    .option('--reset-connection', 'cut the connection without an answer')
    .option('--message <text>', 'error message with --status')
    .option('--count <n>', 'apply to this many matching requests, then stop')
    .option('--probability <p>', 'chance (0 to 1) of applying to a matching request')
    .option('--remove <id>', 'remove the rule with this id (fault-N)')
    .option('--clear', 'remove every rule')
    .addHelpText(
      'after',
      `
A rule may also be given whole as JSON with --data (@FILE, - or inline), as POST /_gbctl/faults takes it.
${examples(
  'gbctl emulator faults --path "/v1/orgs/*/spaces" --method GET --status 503 --count 2',
  'gbctl emulator faults --path "/v1/**" --latency 100-300',
  'gbctl emulator faults --data \'{"path":"/v1/spaces/*","status":429,"retryAfter":2}\'',
  'gbctl emulator faults --clear',
)}`,
    )
    .action(async (f: FaultFlags, cmd: Command) => {
      const o = opts(cmd);
      const modes = [adding(f) || o.data !== undefined, f.remove !== undefined, !!f.clear].filter(Boolean).length;
      if (modes > 1) throw usageError('add a rule, --remove one or --clear them all: one at a time');
      if (f.clear) {
        await control(cli, o, 'DELETE', 'faults', itemsOf(ListedFault));
        cli.io.stderr.write('✓ Removed every fault rule\n');
        return;
      }
      if (f.remove !== undefined) {
        if (!/^[\w-]+$/.test(f.remove)) throw usageError(`--remove: "${f.remove}" is not a rule id`, 'ids look like fault-1; see "gbctl emulator faults"');
        await control(cli, o, 'DELETE', `faults/${f.remove}`, DeletedAnswer);
        cli.io.stderr.write(`✓ Removed fault rule ${f.remove}\n`);
        return;
      }
      if (adding(f) || o.data !== undefined) {
        const added = await control(cli, o, 'POST', 'faults', Named, rule(f, o, cli.io.readStdin));
        cli.io.stderr.write(`✓ Added fault rule ${added.id}\n`);
        await show(cli, o, added, (r) => r.id);
        return;
      }
      const list = await control(cli, o, 'GET', 'faults', itemsOf(ListedFault));
      await show(cli, o, list.items, (items) => items.map(line).join('\n'));
    });
}

import type { Command } from 'commander';
import { isBodyData, type JsonFlag } from '../../src/cli/context.js';
import type { Cli } from '../../src/cli/deps.js';
import { usageError } from '../../src/cli/exit-codes.js';
import { readBodyData, readText } from '../../src/cli/read-input.js';
import { sendApi, type ApiRequest } from './send.js';

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

const collect = (v: string, p: string[] = []) => [...p, v];

interface ApiOptions {
  method?: string;
  header?: string[];
  field?: string[];
  rawField?: string[];
  include?: boolean;
  paginate?: boolean;
  slurp?: boolean;
  data?: string;
  json?: JsonFlag;
  jq?: string;
}

/** A typed field's value, as gh api reads one: JSON (true, 3, null, [..], {..}), @FILE (@- stdin), else the text. */
function typedValue(raw: string, readStdin: () => string): unknown {
  if (raw.startsWith('@')) return readText({ flag: '-F', path: raw.slice(1) }, readStdin).replace(/\n$/, '');
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function fields(o: ApiOptions, readStdin: () => string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const add = (flag: string, kv: string, typed: boolean) => {
    const eq = kv.indexOf('=');
    if (eq <= 0) throw usageError(`${flag} ${kv}: expected key=value`);
    out[kv.slice(0, eq)] = typed ? typedValue(kv.slice(eq + 1), readStdin) : kv.slice(eq + 1);
  };
  for (const kv of o.field ?? []) add('-F', kv, true);
  for (const kv of o.rawField ?? []) add('-f', kv, false);
  return out;
}

function headers(list: string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const h of list) {
    const m = /^([!#$%&'*+.^_`|~\w-]+):\s*(.*)$/.exec(h);
    if (!m) throw usageError(`-H "${h}": expected "Name: value"`);
    out[(m[1] as string).toLowerCase()] = m[2] as string;
  }
  return out;
}

/**
 * The request the command line asks for, as `gh api` reads one: `gbctl api PATH` is a GET, or a
 * POST when fields or a body are given; `-X` (or the older `gbctl api METHOD PATH`) says otherwise.
 * Fields go in the query of a GET or DELETE and in the JSON body of the others.
 */
export function toApiRequest(first: string | undefined, second: string | undefined, o: ApiOptions, readStdin: () => string): ApiRequest {
  if (!first) throw usageError('gbctl api needs a PATH', 'e.g. gbctl api /orgs/ORG/spaces, or gbctl api endpoints for the list');
  let path = first;
  let method = o.method?.toUpperCase();
  if (second !== undefined) {
    const positional = first.toUpperCase();
    if (!METHODS.includes(positional))
      throw usageError(`gbctl api takes one PATH; "${first}" is not a method (${METHODS.join(', ')})`, 'give the method with -X');
    if (method && method !== positional) throw usageError(`two methods: ${positional} and -X ${method}`);
    method = positional;
    path = second;
  }
  if (method && !METHODS.includes(method)) throw usageError(`-X ${o.method}: unknown method`, `use one of ${METHODS.join(', ')}`);
  const given = fields(o, readStdin);
  const data = typeof o.data === 'string' && isBodyData(o.data) ? readBodyData(o.data, readStdin) : undefined;
  method ??= Object.keys(given).length || data ? 'POST' : 'GET';
  if (o.slurp && !o.paginate) throw usageError('--slurp goes with --paginate');
  if (o.paginate && method !== 'GET') throw usageError(`--paginate follows the pages of a GET, not a ${method}`);
  // gbctl's own routes (test controls, downloads) live beside the API, not under /v1.
  let url = /^\/(v1|_gbctl)(\/|$)/.test(path) ? path : `/v1${path.startsWith('/') ? '' : '/'}${path}`;
  let body: string | undefined;
  if (method === 'GET' || method === 'DELETE') {
    if (data) throw usageError(`a ${method} request has no body: --data is for POST, PUT and PATCH`, 'fields (-F, -f) go in the query of a GET');
    const sp = new URLSearchParams();
    for (const [k, v] of Object.entries(given))
      for (const item of Array.isArray(v) ? v : [v]) sp.append(k, typeof item === 'string' ? item : JSON.stringify(item));
    if ([...sp].length) url += `${url.includes('?') ? '&' : '?'}${sp}`;
  } else if (data || Object.keys(given).length) {
    body = JSON.stringify({ ...data, ...given });
  }
  return {
    method,
    path: url,
    headers: headers(o.header),
    ...(body !== undefined ? { body } : {}),
    include: !!o.include,
    paginate: !!o.paginate,
    slurp: !!o.slurp,
  };
}

/** `gbctl api [METHOD] PATH`: the command that `gbctl api endpoints` hangs under. */
export function registerRequest(program: Command, cli: Cli, summary: string): Command {
  return program
    .command('api')
    .description(summary)
    .argument('[path]', 'path under /v1, e.g. /orgs/ORG/spaces (the /v1 prefix is optional; /_gbctl/… is sent as it is); "METHOD PATH" works too')
    .argument('[path2]', 'the path, when a method comes first (gbctl api GET /spaces/SPACE)')
    .option('-X, --method <method>', `HTTP method (${METHODS.join(', ')}); default GET, or POST with fields or --data`)
    .option('-H, --header <header>', 'add a request header, "Name: value" (repeatable)', collect)
    .option(
      '-F, --field <key=value>',
      "add a typed field: JSON values (true, 3, null, [..], {..}) as such, @FILE (or @- for stdin) as the file's text, else a string; GET: a query parameter",
      collect,
    )
    .option('-f, --raw-field <key=value>', 'add a string field, taken as written (repeatable)', collect)
    .option('-i, --include', 'print the status line and the response headers before the body')
    .option('--paginate', 'follow next.page to the last page, printing each page (GET only)')
    .option('--slurp', 'with --paginate: print one JSON array of every page')
    .addHelpText(
      'after',
      `
Uses the configured endpoint, token, retries, output flags (--jq applies to each page, or to the
--slurp array) and exit codes. An answer that is not 2xx prints its error on stderr and exits
by its status; with -i its status line, headers and body are printed first.

Examples:
  $ gbctl api /orgs/ORG/spaces --jq '.items[].title'
  $ gbctl api /orgs/ORG/spaces -F title=Handbook
  $ gbctl api -X PATCH /spaces/SPACE -F editMode=locked
  $ gbctl api /orgs/ORG/spaces --paginate --slurp --jq 'map(.items[]) | length'
  $ gbctl api -i /spaces/SPACE -H 'Accept: application/json'
  $ gbctl api GET /spaces/SPACE
  $ gbctl api endpoints --json`,
    )
    .action(async (first: string | undefined, second: string | undefined, _o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as ApiOptions & Record<string, unknown>;
      await sendApi(cli, toApiRequest(first, second, o, cli.io.readStdin), o);
    });
}

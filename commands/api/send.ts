import { STATUS_CODES } from 'node:http';
import { Client } from '../../src/client/client.js';
import type { Transport, WireResponse } from '../../src/client/transport.js';
import type { GlobalOptions, Io } from '../../src/cli/context.js';
import type { Cli } from '../../src/cli/deps.js';
import { emit, type JsonFlag } from '../../src/cli/emit.js';
import { explainAuthFailure } from '../../src/cli/errors.js';

/** What `gbctl api` sends, and how it prints the answers. */
export interface ApiRequest {
  method: string;
  /** Path and query under the API root, `/v1/…`. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  include: boolean;
  paginate: boolean;
  slurp: boolean;
}

/** The status line and headers, as `curl -i` and `gh api -i` print them. */
function head(res: WireResponse): string {
  const lines = Object.entries(res.headers).map(([k, v]) => `${k}: ${v}`);
  return `HTTP/1.1 ${res.status} ${STATUS_CODES[res.status] ?? ''}`.trimEnd() + `\n${lines.join('\n')}\n\n`;
}

function parse(res: WireResponse): { json: true; value: unknown } | { json: false; text: string } {
  if (!res.body) return { json: false, text: '' };
  try {
    return { json: true, value: JSON.parse(res.body) as unknown };
  } catch {
    return { json: false, text: res.body };
  }
}

/** The same page read again from the token the last answer gave (`next.page`). */
function nextPath(path: string, page: string): string {
  const [base, query = ''] = path.split('?') as [string, string?];
  const sp = new URLSearchParams(query);
  sp.set('page', page);
  return `${base}?${sp}`;
}

/**
 * Sends the request with the configured connection (retries, timeout, token, --debug) and prints
 * each answer; with --paginate it follows `next.page` to the end, printing each page as it
 * arrives, or with --slurp the pages as one array at the end. The answer of a failed request is
 * printed too with -i, before the error ends the command with the exit code of its status.
 */
export async function sendApi(cli: Cli, req: ApiRequest, o: GlobalOptions & { json?: JsonFlag; jq?: string }): Promise<void> {
  const { io } = cli;
  const conn = await cli.connect(o);
  // The client turns a non-2xx answer into an error: what was answered is kept to print with -i.
  let last: WireResponse | undefined;
  const inner = conn.client.opts.transport;
  const recording: Transport = {
    target: inner.target,
    send: async (r) => (last = await inner.send(r)),
  };
  const client = new Client({ ...conn.client.opts, transport: recording });
  const out = { json: o.json ?? true, ...(o.jq ? { jq: o.jq } : {}) };
  const pages: unknown[] = [];
  try {
    let path: string | undefined = req.path;
    while (path) {
      last = undefined;
      const res = await client.send(
        {
          method: req.method,
          path,
          headers: { accept: 'application/json', ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}), ...req.headers },
          ...(req.body !== undefined ? { body: req.body } : {}),
        },
        { idempotent: req.method !== 'POST' && req.method !== 'PATCH' },
      );
      if (req.include && !req.slurp) io.stdout.write(head(res));
      const answer = parse(res);
      if (req.slurp) pages.push(answer.json ? answer.value : answer.text);
      else await print(io, answer, out);
      const next = req.paginate && answer.json ? (answer.value as { next?: { page?: unknown } } | null)?.next?.page : undefined;
      path = typeof next === 'string' && next ? nextPath(path, next) : undefined;
    }
    if (req.slurp) await emit(io, pages, out);
  } catch (e) {
    if (req.include && last) {
      io.stdout.write(head(last));
      await print(io, parse(last), { json: true });
    }
    throw explainAuthFailure(e, conn.resolved.sources.token);
  } finally {
    await conn.close();
  }
}

async function print(io: Io, answer: ReturnType<typeof parse>, out: { json: boolean | string[]; jq?: string }): Promise<void> {
  if (answer.json) await emit(io, answer.value, out);
  else if (answer.text) io.stdout.write(answer.text.endsWith('\n') ? answer.text : `${answer.text}\n`);
}

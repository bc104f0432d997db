import { isBodyData } from './context.js';
import type { Cli } from './deps.js';
import { emit, jsonOption } from './emit.js';
import { explainAuthFailure } from './errors.js';
import { usageError } from './exit-codes.js';
import { readBodyData } from './read-input.js';

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

function value(v: string): unknown {
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

/** `gbctl api METHOD PATH`: any request, with the same connection, output and exit codes. */
export async function rawRequest(cli: Cli, method: string, path: string, opts: Record<string, unknown>): Promise<void> {
  const { io } = cli;
  if (!METHODS.has(method)) throw usageError(`unknown method ${method}`, `use one of ${[...METHODS].join(', ')}`);
  const rel = path.startsWith('/v1/') ? path : `/v1${path.startsWith('/') ? '' : '/'}${path}`;
  const fields: Record<string, unknown> = {};
  for (const kv of (opts.field as string[] | undefined) ?? []) {
    const eq = kv.indexOf('=');
    if (eq <= 0) throw usageError(`-F ${kv}: expected key=value`);
    fields[kv.slice(0, eq)] = value(kv.slice(eq + 1));
  }
  const data = typeof opts.data === 'string' && isBodyData(opts.data) ? readBodyData(opts.data, io.readStdin) : undefined;
  let url = rel;
  let body: string | undefined;
  if (method === 'GET' || method === 'DELETE') {
    const sp = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v]) sp.append(k, String(item));
    if ([...sp].length) url += `${url.includes('?') ? '&' : '?'}${sp}`;
  } else if (data || Object.keys(fields).length) {
    body = JSON.stringify({ ...data, ...fields });
  }
  const conn = await cli.connect(opts);
  try {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await conn.client.send({ method, path: url, headers, ...(body !== undefined ? { body } : {}) }, { idempotent: method !== 'POST' && method !== 'PATCH' });
    if (!res.body) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(res.body);
    } catch {
      io.stdout.write(res.body);
      return;
    }
    await emit(io, parsed, { json: jsonOption(opts.json) || true, ...(opts.jq ? { jq: opts.jq as string } : {}) });
  } catch (e) {
    throw explainAuthFailure(e, conn.resolved.sources.token);
  } finally {
    await conn.close();
  }
}

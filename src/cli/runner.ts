import { listAnswer } from './list-answer.js';
import type { Endpoint } from '../contract/endpoint.js';
import { buildRequest, checkQueryAndBody, type Client } from '../client/client.js';
import { ApiError } from '../client/errors.js';
import type { GlobalOptions, Io } from './context.js';
import type { Cli } from './deps.js';
import { bodyUsageError, explainAuthFailure, explainForCommand } from './errors.js';
import { bodyProblem } from '../contract/body-problem.js';
import { usageError } from './exit-codes.js';
import type { Invocation } from './invocation.js';
import { emit, isOutputFormat, ListPrinter, outputMode, type EmitOptions, type JsonFlag } from './emit.js';
import { optionKey } from './names.js';
import type { Overlay } from './overlay.js';
import { confirmOrFail, sayDone } from './prompt.js';
import { confirmEndpoint, refuseUnconfirmed } from './confirm-endpoint.js';
import { idsFirst, resolvePagePaths, withPageIds } from './page-paths.js';
import { dryRunText } from './dry-run.js';
import { webUrlOf } from './web-url.js';
import { checkOutputFlags } from './output-flags.js';
import { itemSchema, objectFields } from '../contract/response-fields.js';
import { safeLine, safeText } from './terminal-text.js';

export interface RunFlags extends GlobalOptions {
  json?: JsonFlag;
  jq?: string;
  color?: boolean;
  yes?: boolean;
  all?: boolean;
  limit?: string;
  /** An output format, or the value of a request field called `format` (see isOutputFormat). */
  format?: string;
  dryRun?: boolean | string;
  input?: boolean;
}

function emitOptions(f: RunFlags, overlay: Overlay): EmitOptions {
  return {
    json: f.json ?? false,
    ...(f.jq ? { jq: f.jq } : {}),
    ...(isOutputFormat(f.format) ? { format: f.format } : {}),
    color: f.color,
    ...(overlay.columns ? { columns: overlay.columns } : {}),
  };
}

/** Runs one catalogue command: builds the request, asks when destructive, calls, prints. */
export async function runInvocation(inv: Invocation, cli: Cli): Promise<void> {
  const { io, deps } = cli;
  const [endpoint, own, primary] = await Promise.all([
    deps.resources.endpoint(inv.endpointId),
    deps.resources.overlay(inv.endpointId),
    deps.resources.overlay(inv.command.id),
  ]);
  if (!endpoint) throw new Error(`this build of gbctl has no endpoint ${inv.endpointId}`);
  const overlay: Overlay = own ?? primary ?? {};
  const f = inv.opts as RunFlags;
  for (const x of overlay.options ?? []) {
    const raw = inv.opts[optionKey(x.name)];
    if (raw !== undefined) x.apply?.(String(raw), inv.input, io);
  }
  const flags = new Map(inv.command.options.map((o) => [o.field, o.flag]));
  // However the body was given (flags, --data, -F, an overlay's option), it is checked here, once.
  const problem = bodyProblem(endpoint, inv.input.body);
  if (problem) throw bodyUsageError(problem, `gbctl ${inv.command.noun} ${inv.command.verb}`, flags);
  // --limit was checked with the other flags that tune requests (global-flags.ts).
  const limit = f.limit === undefined ? undefined : Number(f.limit);
  // The manifest's list is its primary endpoint's; a variant's response is looked at. Making a
  // response's schema is much of what zod does for a command, and a list rarely needs it.
  const list = inv.command.list && (endpoint.id === inv.command.id || itemSchema(endpoint.response) !== undefined);
  // The query and body are whole now (page paths aside): refused here, nothing is opened or sent.
  const whole = withPageIds(endpoint, inv.input, list);
  try {
    checkQueryAndBody(endpoint, { query: whole.query, ...(endpoint.body ? { body: whole.body } : {}) });
  } catch (e) {
    throw explainForCommand(e, flags, false);
  }
  const opts = emitOptions(f, overlay);
  // Everything about the command line is checked before anything is sent or written.
  overlay.check?.(inv.opts);
  if (f.dryRun === undefined || f.dryRun === false) refuseUnconfirmed(io, endpoint, inv.input.params, !!f.yes, f.input === false);
  const fields = () => objectFields(list ? itemSchema(endpoint.response) : endpoint.response);
  if (await checkOutputFlags(io, fields, opts, f.json === true && opts.format === undefined)) return;

  const conn = await cli.connect(f);
  let web: string | undefined;
  try {
    if (inv.command.orgScoped) inv.input.params.organizationId = await conn.organization();
    const input = { params: inv.input.params, query: inv.input.query, ...(endpoint.body ? { body: inv.input.body } : {}) };
    const dryRun = f.dryRun !== undefined && f.dryRun !== false;
    const paths = { list, dryRun };
    const pagesAsGiven = !dryRun && !endpoint.destructive && !overlay.confirmFirst && idsFirst(endpoint, inv.input, list);
    if (!pagesAsGiven) await resolvePagePaths(endpoint, inv.input, paths, conn.client, deps.resources);
    /** Sends; a page named by its path gets a 404 and is sent again by its id (idsFirst). */
    const send = async <T>(call: () => Promise<T>): Promise<T> => {
      try {
        return await call();
      } catch (e) {
        if (!pagesAsGiven || !(e instanceof ApiError) || e.status !== 404) throw e;
        if (!(await resolvePagePaths(endpoint, inv.input, paths, conn.client, deps.resources))) throw e;
        return call();
      }
    };
    if (dryRun) {
      const req = buildRequest(endpoint, input, '$GITBOOK_TOKEN');
      const target = conn.mode === 'http' ? conn.client.target : '${GITBOOK_ENDPOINT}';
      io.stdout.write(dryRunText(req, target, f.dryRun === 'curl'));
      return;
    }
    const ask = await overlay.confirmFirst?.({ client: conn.client, input: inv.input });
    if (ask) await confirmOrFail(io, ask, !!f.yes, f.input === false);
    const name = endpoint.destructive
      ? await confirmEndpoint(
          { io, resources: deps.resources, client: conn.client, yes: !!f.yes, noInput: f.input === false },
          endpoint,
          overlay,
          inv.input.params,
        )
      : undefined;
    if (list) {
      await send(() =>
        walkList(conn.client, endpoint, input, io, opts, {
          all: !!f.all,
          ...(limit !== undefined ? { limit } : {}),
          ...(overlay.view ? { view: overlay.view } : {}),
          input: inv.input,
        }),
      );
      return;
    }
    const result = await send(() => conn.client.call(endpoint, input));
    if (inv.opts.web) {
      web = webUrlOf(result);
      if (!web) throw usageError(`this ${inv.command.noun.replace(/s$/, '')} has no web address`);
      return;
    }
    // What `after` gives is shown as it is; the overlay's other callbacks read the call's answer.
    const answer = overlay.after ? await overlay.after({ result, opts: inv.opts, io, client: conn.client, input: inv.input }) : result;
    const mode = outputMode(io, opts);
    const shown = (mode === 'table' || mode === 'tsv') && overlay.view && !overlay.after ? overlay.view(result, inv.input, mode === 'table') : answer;
    await emit(io, shown, opts);
    const failed = overlay.failure?.(inv.input.params, result);
    if (failed) throw failed;
    if (name !== undefined) sayDone(io, (overlay.done?.(inv.input.params, result) ?? `${endpoint.summary}: ${name}`).replace(/^✓ /, ''));
    // A write that answers no body would otherwise print nothing at all: it says what it did.
    else if (inv.command.mutating && answer === undefined)
      sayDone(io, (overlay.done?.(inv.input.params, result) ?? `${endpoint.summary}: ${lastParam(inv.input.params)}`).replace(/^✓ /, ''));
    else if (io.stderr.isTTY && overlay.done) io.stderr.write(`${safeText(overlay.done(inv.input.params, result))}\n`);
  } catch (e) {
    throw explainForCommand(explainAuthFailure(e, conn.resolved.sources.token), flags, inv.command.orgScoped);
  } finally {
    await conn.close();
    // The embedded store's addresses open once it is served: that starts after it is closed here.
    if (web) await deps.showWeb(io, deps, f, conn.mode, web);
  }
}

const lastParam = (params: Record<string, unknown>) => Object.values(params).map(String).pop() ?? '';

/** Follows `next.page` (with --all) or until --limit items, printing items as they arrive. */
async function walkList(
  client: Client,
  endpoint: Endpoint,
  input: { params: Record<string, unknown>; query: Record<string, unknown>; body?: Record<string, unknown> },
  io: Io,
  opts: EmitOptions,
  want: { all: boolean; limit?: number; view?: Overlay['view']; input: Invocation['input'] },
): Promise<void> {
  const table = outputMode(io, opts) === 'table';
  const printer = new ListPrinter(io, opts, want.view ? (items) => listAnswer(want.view?.({ items }, want.input, table), endpoint.id).items : undefined);
  let page = input.query.page as string | undefined;
  let seen = 0;
  const progress = want.all && !!io.stderr.isTTY;
  try {
    for (;;) {
      const query: Record<string, unknown> = { ...input.query, ...(page ? { page } : {}) };
      if (want.limit !== undefined && query.limit === undefined) query.limit = Math.min(Math.max(want.limit - seen, 1), 1000);
      const res = listAnswer(await client.call(endpoint, { ...input, query }), endpoint.id);
      const room = want.limit === undefined ? res.items.length : Math.max(want.limit - seen, 0);
      const items = res.items.slice(0, room);
      seen += items.length;
      await printer.push(items);
      if (progress) io.stderr.write(`\rfetched ${seen} item${seen === 1 ? '' : 's'}…`);
      page = res.next?.page;
      if (!page || (want.limit !== undefined && seen >= want.limit) || (!want.all && want.limit === undefined)) break;
    }
  } finally {
    if (progress) io.stderr.write('\r\x1b[K');
  }
  await printer.end();
  // One JSON shape whatever the paging flags: the items; the way on is said apart from them.
  if (page && !want.all && (want.limit === undefined || seen < want.limit))
    io.stderr.write(`more results: add --page ${safeLine(page)} for the next page, or --all for every one\n`);
}

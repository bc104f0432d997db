import * as z from 'zod';
import type { Env } from '../context.js';
import { describeIssues } from '../../contract/issues.js';
import { fieldsOf } from '../../contract/introspect.js';
import { unknownField } from '../../contract/unknown-fields.js';
import { HttpError, badRequest, forbidden, notFound, unauthorized } from '../http-error.js';
import type { UserRecord } from '../model/org.js';
import { memberships, membershipId, tokens, users } from '../model/org.js';
import { defaultOrganization } from '../admin/accounts.js';
import { advanceProblem, ControlClock, parseDuration, setProblem } from './clock.js';
import { FaultRule, Faults } from './faults.js';
import { RequestLog } from './request-log.js';
import { CONTROL_PREFIX } from './prefix.js';
import type { ClockAnswer, DeletedAnswer, HealthAnswer, itemsOf, ListedFault, LoggedRequestAnswer, Named, ResetAnswer, RestoredAnswer } from './answers.js';

/**
 * Snapshot, restore and reset of the whole dataset; provided by the store the server runs on,
 * whose snapshots are its own business (a copy, or a place in its files).
 */
export interface DatasetControl {
  snapshot(): Promise<unknown>;
  restore(saved: unknown): Promise<void>;
  /** Lets go of a snapshot that was replaced. */
  release?(saved: unknown): void;
}

/** The emulator's test controls, served under /_gbctl/ to operators (admins of the default organization). */
export interface Controls {
  clock: ControlClock;
  faults: Faults;
  log: RequestLog;
  dataset?: DatasetControl;
  startedAt: number;
  version: string;
  /** Whether V8's optimising compiler runs (serve --jit). */
  jit: boolean;
}

export function createControls(opts: { seed?: number; version: string; log?: RequestLog; dataset?: DatasetControl; jit?: boolean }): Controls {
  return {
    clock: new ControlClock(opts.seed !== undefined ? { deterministicFrom: new Date('2026-01-01T00:00:00.000Z') } : {}),
    faults: new Faults(opts.seed ?? Date.now()),
    log: opts.log ?? new RequestLog(),
    ...(opts.dataset ? { dataset: opts.dataset } : {}),
    startedAt: Date.now(),
    version: opts.version,
    jit: !!opts.jit,
  };
}

export { CONTROL_PREFIX };

interface Req {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

const snapshots = new WeakMap<Controls, Map<string, unknown>>();

const ClockBody = z.object({
  set: z.union([z.string(), z.number()]).optional(),
  advance: z.union([z.string(), z.number()]).optional(),
  freeze: z.boolean().optional(),
});
const SnapshotBody = z.object({ name: z.string().optional(), id: z.string().optional() });

/** The fields each control's body may have; a control not named here takes none. */
const BODIES: Record<string, z.ZodObject> = { 'POST clock': ClockBody, 'POST faults': FaultRule, 'POST snapshots': SnapshotBody };

/**
 * Refuses a body field the control does not take, as the API refuses one its endpoint does not
 * declare: a misspelt field (`probabilty`) left out would change what the control does (a rule
 * firing every time), and a prototype's key (`__proto__`) is nobody's field.
 */
function checkBodyFields(route: string, body: Record<string, unknown>): void {
  const schema = BODIES[route];
  if (!schema) {
    const keys = Object.keys(body);
    if (keys.length) throw badRequest(`body.${keys[0]}: ${route.replace(' ', ` ${CONTROL_PREFIX}`)} takes no body fields`);
    return;
  }
  const extra = unknownField(schema, body, 'body');
  if (extra)
    throw badRequest(
      `${extra}: not a field of ${route.replace(' ', ` ${CONTROL_PREFIX}`)}; it takes ${fieldsOf(schema)
        .map((f) => f.name)
        .join(', ')}`,
    );
}

function clockState(c: Controls): z.input<typeof ClockAnswer> {
  return { now: c.clock.now().toISOString(), frozen: c.clock.frozen };
}

/** Answers one request under /_gbctl/ (the path given without that prefix). */
export async function serveControl(env: Env, controls: Controls, caller: UserRecord | undefined, r: Req): Promise<unknown> {
  if (!caller) throw unauthorized('the /_gbctl/ test controls need an operator token (an admin of the default organization)');
  const org = await env.store.read((tx) => defaultOrganization(tx));
  const role = await env.store.read((tx) => (org ? tx.get(memberships, membershipId(org, caller.id))?.role : undefined));
  if (role !== 'admin') throw forbidden('the /_gbctl/ test controls are for admins of the default organization');
  const route = `${r.method} ${r.path.replace(/\/+$/, '')}`;
  const stray = [...new Set(r.query.keys())].filter((k) => !(route === 'GET requests' && k === 'limit'));
  if (stray.length) {
    throw badRequest(
      `unknown query parameter ${stray.map((k) => JSON.stringify(k)).join(', ')}: the test controls take none but "limit" on GET ${CONTROL_PREFIX}requests`,
    );
  }
  const body = (r.body ?? {}) as Record<string, unknown>;
  checkBodyFields(route, body);
  const saved = snapshots.get(controls) ?? new Map<string, unknown>();
  snapshots.set(controls, saved);

  switch (route) {
    case 'GET health':
      return {
        status: 'ok',
        version: controls.version,
        uptimeMs: Date.now() - controls.startedAt,
        jit: controls.jit,
        rssBytes: process.memoryUsage.rss(),
      } satisfies z.input<typeof HealthAnswer>;
    case 'GET clock':
      return clockState(controls);
    case 'POST clock': {
      // Every field is checked before any is applied: a refused request leaves the clock as it was.
      let at: Date | undefined;
      if (body.set !== undefined) {
        at = new Date(typeof body.set === 'string' || typeof body.set === 'number' ? body.set : Number.NaN);
        const problem = setProblem(at);
        if (problem) throw badRequest(`set: ${problem}`);
      }
      let ms: number | undefined;
      if (body.advance !== undefined) {
        ms = parseDuration(body.advance);
        if (ms === undefined) throw badRequest('advance: give milliseconds or a duration such as "7d", "36h", "15m"');
        const problem = advanceProblem(at ?? controls.clock.now(), ms);
        if (problem) throw badRequest(`advance: ${problem}`);
      }
      if (body.freeze !== undefined && typeof body.freeze !== 'boolean') throw badRequest('freeze: give true or false');
      if (at) controls.clock.set(at);
      if (ms !== undefined) controls.clock.advance(ms);
      if (body.freeze === true) controls.clock.freeze();
      if (body.freeze === false) controls.clock.unfreeze();
      return clockState(controls);
    }
    case 'GET faults':
      return { items: controls.faults.list() } satisfies z.input<ReturnType<typeof itemsOf<typeof ListedFault>>>;
    case 'POST faults': {
      // Checked here so that the 400 names the field at fault ("status: …"), as the API's do.
      const rule = FaultRule.safeParse(body);
      if (!rule.success) throw badRequest(describeIssues(rule.error, { topLevel: 'fault rule' }));
      return controls.faults.add(rule.data) satisfies z.input<typeof Named>;
    }
    case 'DELETE faults':
      controls.faults.clear();
      return { items: [] };
    case 'GET requests': {
      const limit = Number(r.query.get('limit') ?? 100);
      if (!Number.isInteger(limit) || limit < 1) throw badRequest(`limit: "${r.query.get('limit')}" is not a whole number of requests, 1 or more`);
      return { items: controls.log.entries(limit) } satisfies z.input<ReturnType<typeof itemsOf<typeof LoggedRequestAnswer>>>;
    }
    case 'DELETE requests':
      controls.log.clear();
      return { items: [] };
    case 'GET snapshots':
      return { items: [...saved.keys()].map((id) => ({ id })) } satisfies z.input<ReturnType<typeof itemsOf<typeof Named>>>;
    case 'POST snapshots': {
      const dataset = need(controls);
      const id = snapshotName(body, saved.size);
      const taken = await dataset.snapshot();
      const before = saved.get(id);
      saved.set(id, taken);
      if (before !== undefined) dataset.release?.(before);
      return { id } satisfies z.input<typeof Named>;
    }
    case 'POST reset': {
      const dataset = need(controls);
      const base = saved.get('initial');
      if (!base) throw new HttpError(409, 'no initial snapshot to reset to');
      await restoreKeepingTokens(env, dataset, base);
      // "As at start" holds for time too: a clock moved or frozen by a test goes back to running.
      controls.clock.reset();
      return { reset: true, clock: clockState(controls) } satisfies z.input<typeof ResetAnswer>;
    }
  }
  const restore = /^POST snapshots\/([\w-]+)\/restore$/.exec(route);
  if (restore) {
    const taken = saved.get(restore[1] as string);
    if (taken === undefined) throw notFound(`snapshot ${restore[1]} not found`);
    await restoreKeepingTokens(env, need(controls), taken);
    return { restored: restore[1] as string } satisfies z.input<typeof RestoredAnswer>;
  }
  const del = /^DELETE faults\/([\w-]+)$/.exec(route);
  if (del) {
    if (!controls.faults.remove(del[1] as string)) throw notFound(`fault rule ${del[1]} not found`);
    return { deleted: del[1] as string } satisfies z.input<typeof DeletedAnswer>;
  }
  throw notFound(`no test control ${r.method} ${CONTROL_PREFIX}${r.path}; see "gbctl serve --help"`);
}

/**
 * The name a snapshot is saved under: `name` (what the README and "gbctl emulator snapshot" say)
 * or `id` (the earlier spelling), else the next `snap-N`. A name given and malformed is a 400
 * rather than a silent default, which would restore the wrong snapshot later.
 */
function snapshotName(body: Record<string, unknown>, taken: number): string {
  const field = body.name !== undefined ? 'name' : body.id !== undefined ? 'id' : undefined;
  if (!field) return `snap-${taken + 1}`;
  const v = body[field];
  if (typeof v !== 'string' || !/^[\w-]{1,64}$/.test(v)) throw badRequest(`${field}: 1 to 64 letters, digits, "_" or "-"`);
  if (v === 'initial') throw badRequest(`${field}: "initial" is the start-up state that /_gbctl/reset returns to; pick another name`);
  return v;
}

function need(c: Controls): DatasetControl {
  if (!c.dataset) throw new HttpError(501, 'this store cannot take snapshots');
  return c.dataset;
}

/**
 * Restores a snapshot of the data but not of the credentials: the API tokens stay as they are
 * now, so a token minted since (by "gbctl local token", which shows it only once) keeps working
 * and a token revoked since stays revoked. Tokens of users the snapshot does not have go.
 */
async function restoreKeepingTokens(env: Env, dataset: DatasetControl, saved: unknown): Promise<void> {
  const now = await env.store.read((tx) => tx.all(tokens));
  await dataset.restore(saved);
  await env.store.write((tx) => {
    const keep = new Set(now.map((t) => t.id));
    for (const t of tx.all(tokens)) if (!keep.has(t.id)) tx.delete(tokens, t.id);
    for (const t of now) if (tx.get(users, t.user) && !tx.get(tokens, t.id)) tx.put(tokens, t);
  });
}

/** Keeps the dataset as it was at start-up, for POST /_gbctl/reset. */
export async function rememberInitial(controls: Controls): Promise<void> {
  if (!controls.dataset) return;
  const saved = snapshots.get(controls) ?? new Map<string, unknown>();
  snapshots.set(controls, saved);
  saved.set('initial', await controls.dataset.snapshot());
}

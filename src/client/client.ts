import { bodyProblem, describeBodyProblem } from '../contract/body-problem.js';
import { describeIssues } from '../contract/issues.js';
import { fillPath } from '../contract/path.js';
import type * as z from 'zod';
import { answersWithBody, type Endpoint } from '../contract/endpoint.js';
import type { CallArgs, ResultOf } from '../contract/call-types.js';
import { encodeQuery } from '../contract/introspect.js';
import { ApiError, InputError, NetworkError, ResponseShapeError } from './errors.js';
import type { Transport, WireRequest, WireResponse } from './transport.js';

export interface CallInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

export interface ClientOptions {
  transport: Transport;
  token?: string | undefined;
  userAgent?: string;
  /** Called with every request and its outcome, for --debug. */
  trace?: (line: { method: string; url: string; status: number | 'error'; ms: number }) => void;
  /** Retries of idempotent requests on 429, 502, 503, 504 and network errors (default 0). */
  retries?: number;
  /** Told before each wait between retries, to announce it (retryMessage words it). */
  onRetry?: (info: RetryInfo) => void;
  sleep?: (ms: number) => Promise<void>;
  /**
   * Parse each response with its endpoint's schema (default true). The embedded store's
   * responses come from gbctl's own handlers, whose output the server's tests hold to the schema.
   */
  parseResponses?: boolean;
}

// process.hrtime rather than the performance global, whose first use loads node:perf_hooks.
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

const RETRY_STATUS = new Set([429, 502, 503, 504]);
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const MAX_WAIT_MS = 60_000;

/** The wait a response asks for: Retry-After (seconds or a date), else X-RateLimit-Reset (epoch seconds). */
export function requestedWait(headers: Record<string, string>, now = Date.now()): number | undefined {
  const ra = headers['retry-after'];
  if (ra !== undefined) {
    const secs = Number(ra);
    const ms = Number.isFinite(secs) ? secs * 1000 : Date.parse(ra) - now;
    if (Number.isFinite(ms)) return Math.min(Math.max(ms, 0), MAX_WAIT_MS);
  }
  const reset = Number(headers['x-ratelimit-reset']);
  if (Number.isFinite(reset) && reset > 0) return Math.min(Math.max(reset * 1000 - now, 0), MAX_WAIT_MS);
  return undefined;
}

/**
 * Exponential backoff with equal jitter: 0.25-0.5 s, 0.5-1 s, 1-2 s, … capped at 4-8 s. (Full
 * jitter could wait a few milliseconds, which is no backing off, and read "retrying in 0.0s".)
 */
export function backoff(attempt: number, random = Math.random()): number {
  const cap = Math.min(500 * 2 ** attempt, 8000);
  return cap / 2 + (random * cap) / 2;
}

/** What a retry waits for: a request's wait in the words a person reads (`350 ms`, `1.5 s`, `12 s`). */
export function waitText(ms: number): string {
  if (ms < 1) return 'now';
  if (ms < 1000) return `in ${Math.round(ms)} ms`;
  return ms < 10_000 ? `in ${(ms / 1000).toFixed(1)} s` : `in ${Math.round(ms / 1000)} s`;
}

export interface RetryInfo {
  attempt: number;
  of: number;
  /** How long the client waits before this retry: what it sleeps, exactly. */
  waitMs: number;
  reason: string;
}

/** The line announcing a retry: `retrying in 350 ms after HTTP 503 (retry 1 of 3)`. */
export const retryMessage = (r: RetryInfo): string => `retrying ${waitText(r.waitMs)} after ${r.reason} (retry ${r.attempt} of ${r.of})`;

const issues = (where: string, err: z.ZodError) => describeIssues(err, { where });

/** Fills `{param}` placeholders from `params`; a missing one is an input error. */
function pathOf(path: string, params: Record<string, unknown>): string {
  return fillPath(path, (name) => {
    const v = params[name];
    if (v === undefined || v === null || v === '') throw new InputError(`missing ${name}`);
    return String(v);
  });
}

/**
 * Checks an endpoint call's query and body against its schemas, as the request would be built
 * (an InputError says what is wrong), and answers them parsed. The CLI calls it before it
 * connects, when the path's parameters may not all be known yet.
 */
export function checkQueryAndBody(endpoint: Endpoint, input: CallInput): { query: unknown; body?: { data: unknown } } {
  const q = endpoint.query ? endpoint.query.safeParse(input.query ?? {}) : undefined;
  if (q && !q.success) throw new InputError(issues('', q.error));
  // What zod would drop silently (an unknown field), or a body with nothing to do, is refused here,
  // for every caller: the CLI's flags, --data, -F, prompts and the bespoke commands alike.
  const problem = bodyProblem(endpoint, input.body);
  if (problem) throw new InputError(describeBodyProblem(problem, 'this request'), problem.fields);
  const b = endpoint.body ? endpoint.body.safeParse(input.body ?? {}) : undefined;
  if (b && !b.success) throw new InputError(issues('body', b.error));
  return { query: q?.data, ...(b ? { body: { data: b.data } } : {}) };
}

/** Validates the input and builds the request an endpoint call sends. */
export function buildRequest(endpoint: Endpoint, input: CallInput, token?: string, userAgent?: string): WireRequest {
  const p = endpoint.params ? endpoint.params.safeParse(input.params ?? {}) : undefined;
  if (p && !p.success) throw new InputError(issues('', p.error));
  const { query, body: b } = checkQueryAndBody(endpoint, input);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (userAgent) headers['user-agent'] = userAgent;
  const req: WireRequest = {
    method: endpoint.method,
    path: `/v1${pathOf(endpoint.path, (p?.data ?? {}) as Record<string, unknown>)}${encodeQuery(query as Record<string, unknown> | undefined)}`,
    headers,
  };
  if (b) {
    headers['content-type'] = 'application/json';
    req.body = JSON.stringify(b.data);
  }
  return req;
}

export function errorMessage(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === 'string') return parsed.error.message;
  } catch {
    // not JSON: fall back to the status below
  }
  return body.trim().slice(0, 200) || `HTTP ${status}`;
}

export class Client {
  constructor(readonly opts: ClientOptions) {}

  get target(): string {
    return this.opts.transport.target;
  }

  /**
   * Sends a prepared request with the client's token, retrying idempotent ones on 429, 502-504
   * and network errors. Non-2xx becomes an ApiError. 204 and 205 are success with no body.
   */
  async send(req: WireRequest, opts: { idempotent?: boolean } = {}): Promise<WireResponse> {
    const headers = { ...req.headers };
    if (this.opts.token && !headers.authorization) headers.authorization = `Bearer ${this.opts.token}`;
    if (this.opts.userAgent && !headers['user-agent']) headers['user-agent'] = this.opts.userAgent;
    const request = { ...req, headers };
    const retries = (opts.idempotent ?? IDEMPOTENT.has(req.method)) ? (this.opts.retries ?? 0) : 0;
    const sleep = this.opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
    for (let attempt = 0; ; attempt++) {
      const started = nowMs();
      let res: WireResponse;
      try {
        res = await this.opts.transport.send(request);
      } catch (e) {
        this.opts.trace?.({ method: req.method, url: this.target + req.path, status: 'error', ms: nowMs() - started });
        if (!(e instanceof NetworkError) || attempt >= retries) throw e;
        const waitMs = backoff(attempt);
        this.opts.onRetry?.({ attempt: attempt + 1, of: retries, waitMs, reason: e.message });
        await sleep(waitMs);
        continue;
      }
      this.opts.trace?.({ method: req.method, url: this.target + req.path, status: res.status, ms: nowMs() - started });
      if (RETRY_STATUS.has(res.status) && attempt < retries) {
        const waitMs = requestedWait(res.headers) ?? backoff(attempt);
        this.opts.onRetry?.({ attempt: attempt + 1, of: retries, waitMs, reason: `HTTP ${res.status}` });
        await sleep(waitMs);
        continue;
      }
      if (res.status < 200 || res.status >= 300) {
        throw new ApiError(res.status, errorMessage(res.status, res.body), req.method, req.path);
      }
      return res;
    }
  }

  /**
   * GETs a download the server handed out (e.g. a change-request PDF), given its path on the
   * server (`/_gbctl/blobs/…`); answers its bytes and content type.
   */
  async download(path: string): Promise<{ contentType: string; bytes: Uint8Array }> {
    const headers: Record<string, string> = { accept: '*/*' };
    if (this.opts.userAgent) headers['user-agent'] = this.opts.userAgent;
    const res = await this.send({ method: 'GET', path, headers });
    return { contentType: res.headers['content-type'] ?? '', bytes: res.bytes ?? new TextEncoder().encode(res.body) };
  }

  /**
   * Calls one catalogue endpoint and returns its response parsed by the endpoint's schema: the
   * input and the answer are typed by the endpoint given.
   */
  async call<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<ResultOf<E>> {
    // The one place a call's types are asserted: the input is the endpoint's (checked again by
    // its schemas), the answer its schema's output (parsed here, or trusted from gbctl's own
    // handlers, whose answers the server's tests hold to it).
    return (await this.callUntyped(endpoint, (input ?? {}) as CallInput)) as ResultOf<E>;
  }

  private async callUntyped(endpoint: Endpoint, input: CallInput): Promise<unknown> {
    const req = buildRequest(endpoint, input, this.opts.token, this.opts.userAgent);
    const res = await this.send(req);
    if (res.status === 204 || res.status === 205 || !answersWithBody(endpoint)) return undefined;
    let data: unknown;
    try {
      data = JSON.parse(res.body);
    } catch {
      throw new ResponseShapeError(`${endpoint.method} ${req.path} answered ${res.status} with a body that is not JSON`, res.status);
    }
    if (this.opts.parseResponses === false || !endpoint.response) return data;
    const parsed = endpoint.response.safeParse(data);
    if (!parsed.success) {
      throw new ResponseShapeError(`${endpoint.method} ${req.path} answered with an unexpected shape: ${issues('', parsed.error)}`, res.status);
    }
    return parsed.data;
  }
}

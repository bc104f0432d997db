import type { z } from 'zod';
import type { Endpoint } from '../contract/endpoint.js';
import { encodeQuery } from '../contract/introspect.js';
import { ApiError, InputError, ResponseShapeError } from './errors.js';
import type { Transport, WireRequest } from './transport.js';

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
}

function issues(where: string, err: z.ZodError): string {
  return err.issues.map((i) => `${[where, ...i.path.map(String)].filter(Boolean).join('.')}: ${i.message}`).join('; ');
}

/** Fills `{param}` placeholders, each encoded as one path segment. */
export function fillPath(path: string, params: Record<string, unknown>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined || v === null || v === '') throw new InputError(`missing ${name}`);
    return encodeURIComponent(String(v));
  });
}

/** Validates the input and builds the request an endpoint call sends. */
export function buildRequest(endpoint: Endpoint, input: CallInput, token?: string, userAgent?: string): WireRequest {
  const p = endpoint.params ? endpoint.params.safeParse(input.params ?? {}) : undefined;
  if (p && !p.success) throw new InputError(issues('', p.error));
  const q = endpoint.query ? endpoint.query.safeParse(input.query ?? {}) : undefined;
  if (q && !q.success) throw new InputError(issues('', q.error));
  const b = endpoint.body ? endpoint.body.safeParse(input.body ?? {}) : undefined;
  if (b && !b.success) throw new InputError(issues('body', b.error));
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (userAgent) headers['user-agent'] = userAgent;
  const req: WireRequest = {
    method: endpoint.method,
    path: `/v1${fillPath(endpoint.path, (p?.data ?? {}) as Record<string, unknown>)}${encodeQuery(q?.data as Record<string, unknown> | undefined)}`,
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

  /** Sends a prepared request; non-2xx becomes an ApiError. 204 and 205 are success with no body. */
  async send(req: WireRequest): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    const started = performance.now();
    try {
      const res = await this.opts.transport.send(req);
      this.opts.trace?.({ method: req.method, url: this.target + req.path, status: res.status, ms: performance.now() - started });
      if (res.status < 200 || res.status >= 300) {
        throw new ApiError(res.status, errorMessage(res.status, res.body), req.method, req.path);
      }
      return res;
    } catch (e) {
      if (!(e instanceof ApiError)) this.opts.trace?.({ method: req.method, url: this.target + req.path, status: 'error', ms: performance.now() - started });
      throw e;
    }
  }

  /** Calls one catalogue endpoint and returns its response parsed by the endpoint's schema. */
  async call(endpoint: Endpoint, input: CallInput = {}): Promise<unknown> {
    const req = buildRequest(endpoint, input, this.opts.token, this.opts.userAgent);
    const res = await this.send(req);
    if (res.status === 204 || res.status === 205 || !endpoint.response) return undefined;
    let data: unknown;
    try {
      data = JSON.parse(res.body);
    } catch {
      throw new ResponseShapeError(`${endpoint.method} ${req.path} answered ${res.status} with a body that is not JSON`);
    }
    const parsed = endpoint.response.safeParse(data);
    if (!parsed.success) {
      throw new ResponseShapeError(`${endpoint.method} ${req.path} answered with an unexpected shape: ${issues('', parsed.error)}`);
    }
    return parsed.data;
  }
}

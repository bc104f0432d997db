import type { App, InProcessSession } from '../server/embedded.js';
import { NetworkError } from './errors.js';

export interface WireRequest {
  method: string;
  /** Path and query relative to the API root, e.g. `/v1/spaces/x`. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface WireResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The raw bytes of the body, for downloads that are not text. */
  bytes?: Uint8Array;
}

export interface Transport {
  /** Where requests go, for messages. */
  readonly target: string;
  send(req: WireRequest): Promise<WireResponse>;
}

/** HTTP over undici to `origin` (scheme, host and port, no /v1). */
const pick = (env: NodeJS.ProcessEnv, name: string) => env[name] ?? env[name.toLowerCase()] ?? undefined;

/** `env` is where the proxy settings are read: the CLI's environment, which a test or a library caller may give apart from the process's. */
export function httpTransport(origin: string, timeoutMs = 30_000, env: NodeJS.ProcessEnv = process.env): Transport {
  const base = origin.replace(/\/+$/, '');
  let dispatcher: import('undici').Dispatcher | null | undefined;
  return {
    target: base,
    async send(req) {
      const { request, EnvHttpProxyAgent } = await import('undici');
      // HTTPS_PROXY / HTTP_PROXY / NO_PROXY (either case) are honoured through undici's agent.
      if (dispatcher === undefined) {
        const httpProxy = pick(env, 'HTTP_PROXY');
        const httpsProxy = pick(env, 'HTTPS_PROXY');
        const noProxy = pick(env, 'NO_PROXY');
        dispatcher =
          httpProxy || httpsProxy
            ? new EnvHttpProxyAgent({ ...(httpProxy ? { httpProxy } : {}), ...(httpsProxy ? { httpsProxy } : {}), noProxy: noProxy ?? '' })
            : null;
      }
      const url = base + req.path;
      try {
        const res = await request(url, {
          method: req.method as 'GET',
          headers: req.headers,
          body: req.body,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
          ...(dispatcher ? { dispatcher } : {}),
        });
        const bytes = new Uint8Array(await res.body.arrayBuffer());
        const body = new TextDecoder().decode(bytes);
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers[k] = v;
        return { status: res.statusCode, headers, body, bytes };
      } catch (e) {
        const err = e as Error & { code?: string };
        throw new NetworkError(`cannot reach ${base} (${err.code ?? err.message})`, url);
      }
    },
  };
}

/**
 * Straight into the app's request handler, with no socket. With `session`, a request without an Authorization
 * header acts as the session's user (the embedded store's admin); one with a token is checked as
 * any other.
 */
export function inProcessTransport(app: App, session?: InProcessSession): Transport {
  return {
    target: 'embedded store',
    async send(req) {
      const out = await app.handle({ method: req.method, url: req.path, headers: lower(req.headers), body: req.body, ...(session ? { session } : {}) });
      // In process, a 503 is the store's file failing (a full disk, no permission, a folder where
      // its file should be): a problem on this machine to fix, not a server's, so no HTTP status.
      if (out.status === 503) throw new LocalStoreError(errorText(out.body));
      if (typeof out.body === 'string') return { status: out.status, headers: out.headers, body: out.body };
      return { status: out.status, headers: out.headers, body: out.body.toString('utf8'), bytes: new Uint8Array(out.body) };
    },
  };
}

/** The embedded store's files could not be read or written; the message names the file and why. */
export class LocalStoreError extends Error {
  override name = 'LocalStoreError';
}

function errorText(body: string | Buffer): string {
  try {
    const m = (JSON.parse(body.toString()) as { error?: { message?: unknown } }).error?.message;
    if (typeof m === 'string') return m;
  } catch {
    // not the error body: say what came
  }
  return body.toString();
}

function lower(h: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
}

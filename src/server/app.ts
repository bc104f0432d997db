import { StoreError } from '../store/errors.js';
import { apiDoor } from './api.js';
import type { Env } from './context.js';
import type { Controls } from './controls/routes.js';
import { CONTROL_PREFIX } from './controls/prefix.js';
import type { CoreRequest, CoreResponse } from './exchange.js';
import { HttpError, badRequest, errorBody } from './http-error.js';
import { authenticateCaller, hasCredentials, JSON_HEADERS, readJsonObject, requestTarget } from './request.js';
import type { ServerResources } from './resources.js';
import { percentEncodingProblem, withSecurityHeaders } from './security-headers.js';
import { BLOB_PREFIX, serveBlob } from './web/blobs.js';
import { isWebPath } from './web/paths.js';

export type { CoreRequest, CoreResponse } from './exchange.js';
export { MAX_JSON_DEPTH } from './request.js';

export interface AppOptions {
  /** Check every response against its schema and answer 500 when one does not match (tests). */
  validateResponses?: boolean;
  /** The pages of published sites and of the app, for browsers (gbctl serve and preview). */
  web?: (env: Env, req: CoreRequest, url: URL) => Promise<CoreResponse>;
  /** The emulator's test controls under /_gbctl/ (gbctl serve only). */
  controls?: Controls;
}

export interface App {
  handle(req: CoreRequest): Promise<CoreResponse>;
  env: Env;
}

/** A front door: the requests whose path it takes, and how it answers them. */
interface Door {
  takes(path: string): boolean;
  serve(req: CoreRequest, url: URL): Promise<CoreResponse>;
}

function errorResponse(e: unknown): CoreResponse {
  if (e instanceof HttpError) return { status: e.status, headers: { ...JSON_HEADERS }, body: errorBody(e.status, e.message) };
  if (e instanceof StoreError) return { status: 503, headers: { ...JSON_HEADERS }, body: errorBody(503, e.message) };
  const message = `internal error: ${(e as Error)?.message ?? String(e)}`;
  return { status: 500, headers: { ...JSON_HEADERS }, body: errorBody(500, message) };
}

/** The test controls' front door, `/_gbctl/…`. */
function controlsDoor(env: Env, controls: Controls): Door {
  return {
    takes: (p) => p.startsWith(CONTROL_PREFIX),
    serve: async (req, url) => {
      const caller = hasCredentials(req) ? await authenticateCaller(env, req) : undefined;
      const text = req.body === undefined ? '' : req.body.toString();
      const body = text.trim() ? readJsonObject(text) : undefined;
      // Loaded here: their schemas and state are gbctl serve's alone, never the embedded CLI's.
      const { serveControl } = await import('./controls/routes.js');
      const out = await serveControl(env, controls, caller, {
        method: req.method,
        path: url.pathname.slice(CONTROL_PREFIX.length),
        query: url.searchParams,
        body,
      });
      return { status: 200, headers: { ...JSON_HEADERS }, body: JSON.stringify(out) };
    },
  };
}

/**
 * The server as a function from request to response: its front doors mounted by path (file
 * bytes, the test controls, the browser pages, the API), each a handler of its own, with one
 * check of the request target before them and one way of answering errors after.
 */
export function createApp(env: Env, resources: ServerResources, opts: AppOptions = {}): App {
  const web = opts.web;
  const doors: Door[] = [
    { takes: (p) => p.startsWith(BLOB_PREFIX), serve: (req, url) => serveBlob(env, req.method, url.pathname.slice(BLOB_PREFIX.length)) },
    ...(opts.controls ? [controlsDoor(env, opts.controls)] : []),
    // The pages a browser reads are served when the app is built with them (serve, preview);
    // the embedded CLI's in-process app never loads the renderer.
    ...(web ? [{ takes: isWebPath, serve: (req: CoreRequest, url: URL) => web(env, req, url) }] : []),
    { takes: (p) => p.startsWith('/v1/'), serve: apiDoor(env, resources, !!opts.validateResponses) },
  ];

  async function serve(req: CoreRequest): Promise<CoreResponse> {
    const malformed = percentEncodingProblem(req.url);
    if (malformed) throw badRequest(malformed);
    const url = requestTarget(req.url);
    for (const door of doors) if (door.takes(url.pathname)) return door.serve(req, url);
    throw new HttpError(404, `no route for ${req.method} ${url.pathname}: API paths start with /v1/`);
  }

  return {
    env,
    async handle(req) {
      const res = await serve(req).catch(errorResponse);
      // Each answer is a new object: its headers are replaced, not copied with it.
      res.headers = withSecurityHeaders(res.headers);
      return res;
    },
  };
}

import { describeIssues } from '../contract/issues.js';
import { isDeepStrictEqual } from 'node:util';
import type { Endpoint } from '../contract/endpoint.js';
import { decodeQuery, fieldsOf, repeatedScalarKeys, unknownQueryKeys } from '../contract/introspect.js';
import { ROUTES } from '../contract/routes.js';
import type { RouteEntry } from '../contract/route-table.js';
import { StoreError } from '../store/errors.js';
import { unknownField } from '../contract/unknown-fields.js';
import { makeCtx, type Env } from './context.js';
import type { Route, ServerResources } from './resources.js';
import { HttpError, badRequest, errorBody, unauthorized } from './http-error.js';
import type { UserRecord } from './model/org.js';
import { Router } from './router.js';
import { userFromToken } from './services/orgs.js';
import type { Controls } from './controls/routes.js';
import { CONTROL_PREFIX } from './controls/prefix.js';
import { serveControl } from './controls/routes.js';
import { percentEncodingProblem, withSecurityHeaders } from './security-headers.js';
import { BLOB_PREFIX, serveBlob } from './web/blobs.js';
import { isWebPath } from './web/paths.js';

/** A request as the app sees it, whether it came over a socket or in-process. */
export interface CoreRequest {
  method: string;
  /** Path and query, e.g. `/v1/spaces/abc?shareKey=x`. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body?: string | Buffer;
}

export interface CoreResponse {
  status: number;
  headers: Record<string, string>;
  /** JSON text, or bytes for gbctl's own downloads (`/_gbctl/blobs/…`). */
  body: string | Buffer;
  /** The catalogue entry that served the request, when one matched. */
  endpointId?: string;
  /** `Set-Cookie` values, one header each (the browser session; web/session.ts). */
  cookies?: string[];
}

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

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };


function header(req: CoreRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Deepest nesting of arrays and objects accepted in a body: far beyond any real document, far below what recursion over it can take. */
export const MAX_JSON_DEPTH = 100;

/** Whether valid JSON text nests arrays and objects deeper than `max`, found without recursion. */
function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

function parseBody(req: CoreRequest, endpoint: Endpoint): unknown {
  const text = req.body === undefined ? '' : req.body.toString();
  if (!endpoint.body) return undefined;
  if (text.trim() === '') return {};
  const type = header(req, 'content-type');
  if (type && !/^application\/([\w.+-]*\+)?json\b/i.test(type)) {
    throw badRequest(`body: content-type must be application/json, not ${type}`);
  }
  return readJsonObject(text);
}

/** A request body's JSON object: malformed, non-object or too deeply nested JSON is a 400. */
function readJsonObject(text: string): Record<string, unknown> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw badRequest(`body: malformed JSON (${(e as Error).message})`);
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw badRequest('body: expected a JSON object');
  if (nestedDeeperThan(text, MAX_JSON_DEPTH)) throw badRequest(`body: JSON nested more than ${MAX_JSON_DEPTH} levels deep`);
  return data as Record<string, unknown>;
}

function authenticate(env: Env, req: CoreRequest, endpoint: Endpoint, shareKey: string | undefined): Promise<UserRecord | undefined> {
  const auth = header(req, 'authorization');
  if (!auth) {
    if (shareKey !== undefined && endpoint.query?.shape && 'shareKey' in endpoint.query.shape) return Promise.resolve(undefined);
    throw unauthorized('authentication required: send "Authorization: Bearer <token>"');
  }
  return authenticateToken(env, req);
}

function authenticateToken(env: Env, req: CoreRequest): Promise<UserRecord> {
  const auth = header(req, 'authorization') ?? '';
  const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
  if (!m) throw unauthorized('the Authorization header must be "Bearer <token>"');
  return env.store.read((tx) => userFromToken(tx, m[1] as string, env.sessions)).then((u) => {
    if (!u) throw unauthorized('the token is not valid for this server');
    return u;
  });
}

/**
 * The request target as a URL. It is a path (origin-form), so it is appended to a fixed origin
 * rather than resolved against it: `//` or `//host/v1/…` is a path, not another host.
 */
function requestTarget(target: string): URL {
  try {
    return new URL(`http://local${target.startsWith('/') ? '' : '/'}${target}`);
  } catch {
    throw badRequest(`malformed request target ${JSON.stringify(target.slice(0, 200))}`);
  }
}

async function resolveRoute(resources: ServerResources, route: RouteEntry): Promise<Route> {
  const found = await resources.route(route.id);
  if (!found) throw new HttpError(500, `internal error: no endpoint or handler for route ${route.id}`);
  return found;
}

/** Why a request's query is refused: the parameters its endpoint does not take, and those it does. */
function unknownQueryMessage(keys: string[], schema: Parameters<typeof fieldsOf>[0], route: string): string {
  const names = keys.map((k) => JSON.stringify(k)).join(', ');
  const takes = fieldsOf(schema).map((f) => f.name);
  const known = takes.length ? `it takes ${takes.join(', ')}` : 'it takes none';
  return `unknown query parameter${keys.length > 1 ? 's' : ''} ${names} for ${route}: ${known}`;
}

function errorResponse(e: unknown): CoreResponse {
  if (e instanceof HttpError) return { status: e.status, headers: { ...JSON_HEADERS }, body: errorBody(e.status, e.message) };
  if (e instanceof StoreError) return { status: 503, headers: { ...JSON_HEADERS }, body: errorBody(503, e.message) };
  const message = `internal error: ${(e as Error)?.message ?? String(e)}`;
  return { status: 500, headers: { ...JSON_HEADERS }, body: errorBody(500, message) };
}

/**
 * The API as a function from request to response: routing, auth, validation, errors. Routing
 * needs only the route table; `resources` gives a route's schemas and handler, which the
 * composition root loads when one of its routes is first called.
 */
export function createApp(env: Env, resources: ServerResources, opts: AppOptions = {}): App {
  let router: Router<RouteEntry> | undefined;

  async function serve(req: CoreRequest): Promise<CoreResponse> {
    const malformed = percentEncodingProblem(req.url);
    if (malformed) throw badRequest(malformed);
    const url = requestTarget(req.url);
    if (url.pathname.startsWith(BLOB_PREFIX)) return serveBlob(env, req.method, url.pathname.slice(BLOB_PREFIX.length));
    if (opts.controls && url.pathname.startsWith(CONTROL_PREFIX)) {
      const caller = header(req, 'authorization') ? await authenticateToken(env, req) : undefined;
      const text = req.body === undefined ? '' : req.body.toString();
      const body = text.trim() ? readJsonObject(text) : undefined;
      const out = await serveControl(env, opts.controls, caller, { method: req.method, path: url.pathname.slice(CONTROL_PREFIX.length), query: url.searchParams, body });
      return { status: 200, headers: { ...JSON_HEADERS }, body: JSON.stringify(out) };
    }
    // The pages a browser reads are served when the app is built with them (serve, preview);
    // the embedded CLI's in-process app never loads the renderer.
    if (opts.web && isWebPath(url.pathname)) return opts.web(env, req, url);
    const path = url.pathname.startsWith('/v1/') ? url.pathname.slice(3) : undefined;
    if (path === undefined) throw new HttpError(404, `no route for ${req.method} ${url.pathname}: API paths start with /v1/`);
    router ??= new Router(ROUTES);
    const routes = router;
    const found = routes.find(req.method, path);
    if ('notFound' in found) {
      const near = routes.closest(req.method, path);
      const hint = near ? `; the closest route is ${near.method} /v1${near.path}` : '';
      throw new HttpError(404, `no route for ${req.method} /v1${path}${hint}`);
    }
    if ('methodNotAllowed' in found) {
      throw new HttpError(405, `${req.method} is not allowed on /v1${path}; allowed: ${found.methodNotAllowed.join(', ')}`);
    }
    const { endpoint, handler } = await resolveRoute(resources, found.match.endpoint);
    const rawParams = found.match.params;
    const rawQuery = decodeQuery(endpoint.query, url.searchParams);
    const shareKey = typeof rawQuery.shareKey === 'string' ? rawQuery.shareKey : undefined;
    const caller = await authenticate(env, req, endpoint, shareKey);
    const unknownKeys = unknownQueryKeys(endpoint.query, url.searchParams);
    if (unknownKeys.length) throw badRequest(unknownQueryMessage(unknownKeys, endpoint.query, `${req.method} /v1${found.match.endpoint.path}`));
    const repeated = repeatedScalarKeys(endpoint.query, url.searchParams);
    if (repeated.length) {
      const first = repeated[0] as string;
      throw badRequest(`${first}: query parameter given ${url.searchParams.getAll(first).length} times; it takes one value (only array parameters repeat)`);
    }

    const params = endpoint.params ? endpoint.params.safeParse(rawParams) : { success: true as const, data: {} };
    if (!params.success) throw badRequest(describeIssues(params.error));
    const query = endpoint.query ? endpoint.query.safeParse(rawQuery) : { success: true as const, data: {} };
    if (!query.success) throw badRequest(describeIssues(query.error));
    const rawBody = parseBody(req, endpoint);
    const body = endpoint.body ? endpoint.body.safeParse(rawBody) : { success: true as const, data: undefined };
    if (!body.success) throw badRequest(describeIssues(body.error, { where: 'body' }));
    const extra = endpoint.body ? unknownField(endpoint.body, rawBody, 'body') : undefined;
    if (extra) throw badRequest(`${extra}: not a field of this request (unknown, or part of the platform's API that this server does not implement)`);

    const ctx = makeCtx(env, endpoint.access, caller, shareKey);
    const result: unknown = await handler(ctx, { params: params.data, query: query.data, body: body.data } as never);

    if (endpoint.status === 204 || !endpoint.response) {
      return { status: endpoint.status, headers: {}, body: '', endpointId: endpoint.id };
    }
    if (opts.validateResponses) {
      const check = endpoint.response.safeParse(result);
      if (!check.success) throw new HttpError(500, `response of ${endpoint.id} does not match its schema: ${describeIssues(check.error)}`);
      // The embedded CLI trusts these responses unparsed: what the schema would strip or fill in
      // would make its output differ from the same command over HTTP.
      if (!isDeepStrictEqual(check.data, JSON.parse(JSON.stringify(result)))) {
        throw new HttpError(500, `response of ${endpoint.id} differs from its schema's reading of it (a field it strips or defaults)`);
      }
    }
    const headers: Record<string, string> = { ...JSON_HEADERS };
    const location = (result as { urls?: { location?: unknown } } | undefined)?.urls?.location;
    if (endpoint.status === 201 && typeof location === 'string') headers.location = location;
    return { status: endpoint.status, headers, body: JSON.stringify(result), endpointId: endpoint.id };
  }

  return {
    env,
    async handle(req) {
      const res = await serve(req).catch(errorResponse);
      return { ...res, headers: withSecurityHeaders(res.headers) };
    },
  };
}

import { isDeepStrictEqual } from 'node:util';
import { describeIssues } from '../contract/issues.js';
import { answersWithBody, type Endpoint } from '../contract/endpoint.js';
import { decodeQuery, fieldsOf, repeatedScalarKeys, unknownQueryKeys } from '../contract/introspect.js';
import { ROUTES } from '../contract/routes.js';
import type { RouteEntry } from '../contract/route-table.js';
import { unknownField } from '../contract/unknown-fields.js';
import type { ReadMark } from '../store/store.js';
import { makeCtx, type Env } from './context.js';
import type { CoreRequest, CoreResponse } from './exchange.js';
import { HttpError, badRequest, unauthorized } from './http-error.js';
import type { UserRecord } from './model/org.js';
import { authenticateCaller, hasCredentials, header, JSON_HEADERS, readJsonObject } from './request.js';
import type { Route, ServerResources } from './resources.js';
import { Router } from './router.js';
import { jsonBody } from './lib/kept-answer.js';

/** The API's front door, `/v1/…`: routing by the route table, auth, validation, the handler. */

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

function authenticate(env: Env, req: CoreRequest, endpoint: Endpoint, shareKey: string | undefined, since: ReadMark): Promise<UserRecord | undefined> {
  if (!hasCredentials(req)) {
    if (shareKey !== undefined && endpoint.query?.shape && 'shareKey' in endpoint.query.shape) return Promise.resolve(undefined);
    throw unauthorized('authentication required: send "Authorization: Bearer <token>"');
  }
  return authenticateCaller(env, req, since);
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

/**
 * Requests under `/v1/` (the path after it): the route table finds the endpoint, `resources`
 * gives its schemas and handler, which the composition root loads when one of its routes is
 * first called.
 */
export function apiDoor(env: Env, resources: ServerResources, validateResponses: boolean): (req: CoreRequest, url: URL) => Promise<CoreResponse> {
  let router: Router<RouteEntry> | undefined;
  /** Routes once resolved: the registry answers the same endpoint and handler every time. */
  const resolved = new Map<string, Route>();

  return async (req: CoreRequest, url: URL): Promise<CoreResponse> => {
    const since = env.store.mark();
    const path = url.pathname.slice(3);
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
    let route = resolved.get(found.match.endpoint.id);
    if (!route) resolved.set(found.match.endpoint.id, (route = await resolveRoute(resources, found.match.endpoint)));
    const { endpoint, handler } = route;
    const rawParams = found.match.params;
    // Without a query string there is nothing to decode or refuse (url.search is "" for "?" too).
    const hasQuery = url.search !== '';
    const rawQuery = hasQuery ? decodeQuery(endpoint.query, url.searchParams) : {};
    const shareKey = typeof rawQuery.shareKey === 'string' ? rawQuery.shareKey : undefined;
    const caller = await authenticate(env, req, endpoint, shareKey, since);
    if (hasQuery) {
      const unknownKeys = unknownQueryKeys(endpoint.query, url.searchParams);
      if (unknownKeys.length) throw badRequest(unknownQueryMessage(unknownKeys, endpoint.query, `${req.method} /v1${found.match.endpoint.path}`));
      const repeated = repeatedScalarKeys(endpoint.query, url.searchParams);
      if (repeated.length) {
        const first = repeated[0] as string;
        throw badRequest(`${first}: query parameter given ${url.searchParams.getAll(first).length} times; it takes one value (only array parameters repeat)`);
      }
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

    const ctx = makeCtx(env, endpoint.access, caller, shareKey, since);
    const result: unknown = await handler(ctx, { params: params.data, query: query.data, body: body.data } as never);

    if (endpoint.status === 204 || !answersWithBody(endpoint)) {
      return { status: endpoint.status, headers: {}, body: '', endpointId: endpoint.id };
    }
    if (validateResponses && endpoint.response) {
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
    return { status: endpoint.status, headers, body: jsonBody(result), endpointId: endpoint.id };
  };
}

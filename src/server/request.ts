import { badRequest, unauthorized } from './http-error.js';
import type { ReadMark } from '../store/store.js';
import type { Env } from './context.js';
import type { CoreRequest, InProcessSession } from './exchange.js';
import { users, type UserRecord } from './model/org.js';
import { userFromToken } from './services/orgs.js';

/*
 * What every front door of the server reads of a request the same way: its headers, its target,
 * a JSON body, the bearer token.
 */

export const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

export function header(req: CoreRequest, name: string): string | undefined {
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
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** A request body's JSON object: malformed, non-object or too deeply nested JSON is a 400. */
export function readJsonObject(text: string): Record<string, unknown> {
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

/** Whether the request says who calls: a bearer token, or the session of a request made in process. */
export function hasCredentials(req: CoreRequest): boolean {
  return !!header(req, 'authorization') || req.session !== undefined;
}

/**
 * The caller: the Authorization header's bearer token, or, with none, the in-process session.
 * `since`: the moment the request arrived (Store.read).
 */
export function authenticateCaller(env: Env, req: CoreRequest, since?: ReadMark): Promise<UserRecord> {
  if (!header(req, 'authorization') && req.session) return inProcessCaller(env, req.session, since);
  const auth = header(req, 'authorization') ?? '';
  const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
  if (!m) throw unauthorized('the Authorization header must be "Bearer <token>"');
  return env.store
    .read((tx) => userFromToken(tx, m[1] as string, env.sessions), since)
    .then((u) => {
      if (!u) throw unauthorized('the token is not valid for this server');
      return u;
    });
}

function inProcessCaller(env: Env, session: InProcessSession, since: ReadMark | undefined): Promise<UserRecord> {
  return env.store
    .read((tx) => (session === env.inProcess ? tx.get(users, session.user) : undefined), since)
    .then((u) => {
      if (!u) throw unauthorized('the in-process session is not valid for this server');
      return u;
    });
}

/**
 * The request target as a URL. It is a path (origin-form), so it is appended to a fixed origin
 * rather than resolved against it: `//` or `//host/v1/…` is a path, not another host.
 */
export function requestTarget(target: string): URL {
  try {
    return new URL(`http://local${target.startsWith('/') ? '' : '/'}${target}`);
  } catch {
    throw badRequest(`malformed request target ${JSON.stringify(target.slice(0, 200))}`);
  }
}

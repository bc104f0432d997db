import { randomBytes } from 'node:crypto';
import type { CoreRequest, CoreResponse } from '../exchange.js';
import type { Env } from '../context.js';
import type { UserRecord } from '../model/org.js';
import { userFromToken } from '../services/orgs.js';
import { esc, notice, redirect } from './html.js';

/** The browser session: the API token of the member who signed in, in an HttpOnly cookie. */
const COOKIE = 'gbctl_token';
const CODE_TTL_MS = 10 * 60 * 1000;

/** One-time sign-in codes of each server (minted by `gbctl preview` and `gbctl open`). */
const codes = new WeakMap<Env, Map<string, { token: string; expires: number }>>();

/** A link that signs the browser in once, without the token appearing in it. */
export function mintSignInCode(env: Env, token: string): string {
  const map = codes.get(env) ?? new Map<string, { token: string; expires: number }>();
  codes.set(env, map);
  const code = randomBytes(18).toString('base64url');
  map.set(code, { token, expires: Date.now() + CODE_TTL_MS });
  return code;
}

function header(req: CoreRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function cookieToken(req: CoreRequest): string | undefined {
  for (const part of (header(req, 'cookie') ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k !== COOKIE) continue;
    try {
      return decodeURIComponent(v.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The signed-in member, from the session cookie or a bearer token. */
export async function signedIn(env: Env, req: CoreRequest): Promise<UserRecord | undefined> {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header(req, 'authorization') ?? '')?.[1];
  const token = bearer ?? cookieToken(req);
  if (!token) return undefined;
  return env.store.read((tx) => userFromToken(tx, token, env.sessions));
}

const HOME = '/app';
const PROBE_ORIGIN = 'http://gbctl.invalid';

/**
 * Where to go after signing in: a path of this server, as a browser would resolve it, or the
 * app's home. The value is resolved the way a browser resolves a Location (backslashes as
 * slashes, tabs and newlines dropped, `..` applied) and the normalised path is what is sent
 * back, so `//host`, `/\host`, `/\t/host`, `https:…` and their encodings never leave the server.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/')) return HOME;
  let u: URL;
  try {
    u = new URL(next, `${PROBE_ORIGIN}/`);
  } catch {
    return HOME;
  }
  if (u.origin !== PROBE_ORIGIN || u.username || u.password) return HOME;
  const path = `${u.pathname}${u.search}${u.hash}`;
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : HOME;
}

/**
 * The session cookie is sent to the pages that read it and nowhere else: the app's pages and the
 * published pages (members read visitor-auth sites), never the file bytes under /_gbctl/blobs
 * nor the API, which takes bearer tokens only. SameSite=Strict: another site's page can neither
 * post with it nor lead a browser in with it.
 */
const COOKIE_PATHS = ['/app', '/published'];
const attributes = (path: string) => `Path=${path}; HttpOnly; SameSite=Strict`;
/** Clears a cookie of an earlier version scoped to the whole server. */
const clearWholeServer = `${COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`;
const setCookies = (token: string) => [clearWholeServer, ...COOKIE_PATHS.map((p) => `${COOKIE}=${encodeURIComponent(token)}; ${attributes(p)}`)];
const clearCookies = () => [clearWholeServer, ...COOKIE_PATHS.map((p) => `${COOKIE}=; ${attributes(p)}; Max-Age=0`)];

/**
 * Why a sign-in may not come from where it comes from: a browser says where a request started
 * (Sec-Fetch-Site, else Origin); a sign-in started by another site's page is login forgery.
 * A request with neither header (a script, curl) is no browser's and passes.
 */
function crossSiteProblem(req: CoreRequest): string | undefined {
  const site = header(req, 'sec-fetch-site');
  if (site !== undefined) return site === 'same-origin' || site === 'none' ? undefined : `it was started from another site (Sec-Fetch-Site: ${site})`;
  const origin = header(req, 'origin');
  if (origin === undefined) return undefined;
  let host: string | undefined;
  try {
    host = origin === 'null' ? undefined : new URL(origin).host;
  } catch {
    host = undefined;
  }
  return host !== undefined && host === header(req, 'host') ? undefined : `it was started from another origin (Origin: ${origin.slice(0, 200)})`;
}

export function signInForm(next: string, problem?: string): CoreResponse {
  return notice(
    problem ? 401 : 200,
    'Sign in',
    `${problem ? `<p><strong>${esc(problem)}</strong></p>` : ''}<p>Paste an API token of a member of the organization. Get one with <code>gbctl local token</code> (the store's admin), <code>gbctl local tokens create</code> or <code>gbctl auth token</code>.</p>
<form method="post" action="/app/~/sign-in"><input type="hidden" name="next" value="${esc(next)}"><input type="password" name="token" aria-label="API token" required size="40"> <button type="submit">Sign in</button></form>`,
  );
}

/** `/app/~/sign-in`: the form, its post, and one-time codes; `/app/~/sign-out` ends the session. */
export async function serveSession(env: Env, req: CoreRequest, url: URL): Promise<CoreResponse> {
  if (url.pathname === '/app/~/sign-out') return { ...redirect('/app/~/sign-in'), cookies: clearCookies() };
  if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') {
    return notice(405, 'Method not allowed', '<p>Sign in with the form.</p>', { allow: 'GET, HEAD, POST' });
  }
  const forged = req.method === 'POST' || url.searchParams.has('code') ? crossSiteProblem(req) : undefined;
  if (forged)
    return notice(
      403,
      'Sign-in refused',
      `<p>This sign-in was refused: ${esc(forged)}. Sign in from this server's own <a href="/app/~/sign-in">sign-in page</a>.</p>`,
    );
  if (req.method === 'POST') {
    const form = new URLSearchParams(req.body?.toString() ?? '');
    const token = (form.get('token') ?? '').trim();
    const next = safeNext(form.get('next'));
    const user = token ? await env.store.read((tx) => userFromToken(tx, token, env.sessions)) : undefined;
    if (!user) return signInForm(next, 'That token is not valid for this server.');
    return { ...redirect(next), cookies: setCookies(token) };
  }
  const next = safeNext(url.searchParams.get('next'));
  const code = url.searchParams.get('code');
  if (code) {
    const map = codes.get(env);
    const hit = map?.get(code);
    map?.delete(code);
    if (hit && hit.expires > Date.now()) return { ...redirect(next), cookies: setCookies(hit.token) };
    return signInForm(next, 'That sign-in link was used already or has expired.');
  }
  return signInForm(next);
}

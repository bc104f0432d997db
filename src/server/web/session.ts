import { randomBytes } from 'node:crypto';
import type { CoreRequest, CoreResponse } from '../app.js';
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
    if (k === COOKIE) return decodeURIComponent(v.join('='));
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

/** Only same-site paths: `next` never sends the browser elsewhere. */
function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/app';
}

const setCookie = (token: string) => `${COOKIE}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Lax`;

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
  if (url.pathname === '/app/~/sign-out') return redirect('/app/~/sign-in', { 'set-cookie': `${COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0` });
  if (req.method === 'POST') {
    const form = new URLSearchParams(req.body?.toString() ?? '');
    const token = (form.get('token') ?? '').trim();
    const next = safeNext(form.get('next'));
    const user = token ? await env.store.read((tx) => userFromToken(tx, token, env.sessions)) : undefined;
    if (!user) return signInForm(next, 'That token is not valid for this server.');
    return redirect(next, { 'set-cookie': setCookie(token) });
  }
  const next = safeNext(url.searchParams.get('next'));
  const code = url.searchParams.get('code');
  if (code) {
    const map = codes.get(env);
    const hit = map?.get(code);
    map?.delete(code);
    if (hit && hit.expires > Date.now()) return redirect(next, { 'set-cookie': setCookie(hit.token) });
    return signInForm(next, 'That sign-in link was used already or has expired.');
  }
  return signInForm(next);
}

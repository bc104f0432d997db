import type { CoreRequest, CoreResponse } from '../exchange.js';
import type { Env } from '../context.js';
import { serveApp } from './app-pages.js';
import { serveSession } from './session.js';
import { servePublished } from './site.js';

/** The browser side of the server: published sites and spaces, the app's read-only pages, sign-in. */
export function serveWeb(env: Env, req: CoreRequest, url: URL): Promise<CoreResponse> {
  if (url.pathname.startsWith('/published/')) return servePublished(env, req, url);
  if (url.pathname === '/app/~/sign-in' || url.pathname === '/app/~/sign-out') return serveSession(env, req, url);
  return serveApp(env, req, url);
}

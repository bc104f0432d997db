import type { CoreRequest, CoreResponse } from '../exchange.js';
import type { Env } from '../context.js';
import { serveApp } from './app-pages.js';
import { RenderPending } from './rendered.js';
import { serveSession } from './session.js';
import { servePublished } from './site.js';

/** Renderings a request waits for before it gives up: each is one the page's content changed for. */
const MAX_WAITS = 20;

function route(env: Env, req: CoreRequest, url: URL): Promise<CoreResponse> {
  if (url.pathname.startsWith('/published/')) return servePublished(env, req, url);
  if (url.pathname === '/app/~/sign-in' || url.pathname === '/app/~/sign-out') return serveSession(env, req, url);
  return serveApp(env, req, url);
}

/**
 * The browser side of the server: published sites and spaces, the app's read-only pages, sign-in.
 * A page whose body is being rendered on the render thread (web/rendered.ts) is answered once
 * that rendering is done, by reading the page again: pages are only read here, and the second
 * reading finds the body rendered. Each wait is for a rendering of its own: a page that renders
 * again is one whose content changed meanwhile.
 */
export async function serveWeb(env: Env, req: CoreRequest, url: URL): Promise<CoreResponse> {
  for (let waits = 0; ; waits++) {
    try {
      return await route(env, req, url);
    } catch (e) {
      if (!(e instanceof RenderPending) || waits >= MAX_WAITS) throw e;
      await e.ready;
    }
  }
}

import { spawn } from 'node:child_process';
import { openEmbedded, type Embedded } from '../../src/server/embedded.js';
import { listen } from '../../src/server/http.js';
import { serveWeb } from '../../src/server/web/index.js';
import { mintSignInCode } from '../../src/server/web/session.js';
import { storePath, type GlobalOptions, type Io } from '../../src/cli/context.js';
import type { CliDeps } from '../../src/cli/deps.js';
import { CliError, usageError } from '../../src/cli/exit-codes.js';
import { EMBEDDED_URL } from '../../src/cli/web-url.js';

/** Whether a browser can be started here: a terminal, not CI, and a display (or macOS/Windows). */
function canOpenBrowser(io: Io): boolean {
  if (!io.stdout.isTTY || io.env.CI || io.env.GBCTL_NO_BROWSER) return false;
  return process.platform === 'darwin' || process.platform === 'win32' || !!io.env.DISPLAY || !!io.env.WAYLAND_DISPLAY || !!io.env.BROWSER;
}

/** Opens the URL in the user's browser when there is one; says so on stderr. */
export function openInBrowser(io: Io, url: string): void {
  if (!canOpenBrowser(io)) return;
  const [cmd, args] = io.env.BROWSER
    ? [io.env.BROWSER, [url]]
    : process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(cmd, args, { stdio: 'ignore', detached: true });
    child.on('error', () => io.stderr.write(`could not start a browser (${cmd}); open the address yourself\n`));
    child.unref();
    io.stderr.write('opened in your browser\n');
  } catch {
    io.stderr.write(`could not start a browser (${cmd}); open the address yourself\n`);
  }
}

export interface PreviewOptions {
  port?: number;
  host?: string;
}

/**
 * Serves the embedded store on a loopback port and prints `target` (a `gbctl://local/…` URL or
 * a path) as an address of that server, until SIGINT or SIGTERM. App pages get a one-time
 * sign-in link, so the browser is signed in as the store's admin without the token in a URL.
 */
export async function servePreview(io: Io, deps: CliDeps, g: GlobalOptions, target: string | ((e: Embedded) => Promise<string> | string), o: PreviewOptions = {}): Promise<void> {
  const host = o.host ?? '127.0.0.1';
  if (!/^(127\.\d+\.\d+\.\d+|::1|localhost)$/.test(host)) throw usageError(`--host: a preview listens on a loopback address, not ${host}`);
  const path = storePath(g, io.env);
  let e;
  try {
    e = await openEmbedded(deps.serverResources, { path, origin: '', fileUrls: true, warn: (m) => io.stderr.write(`${m}\n`), app: { web: serveWeb }, preloadSearch: true });
  } catch (err) {
    throw new CliError((err as Error).message);
  }
  let listening;
  try {
    listening = await listen(e.app, { host, port: o.port ?? 0 });
  } catch (err) {
    await e.close();
    throw new CliError(`cannot listen on ${host}:${o.port ?? 0}: ${(err as Error).message}`);
  }
  e.env.origin = listening.url;
  try {
    const raw = typeof target === 'string' ? target : await target(e);
    const local = raw.replace(/^gbctl:\/\/local/, '').replace(new RegExp(`^${listening.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), '') || '/app';
    const url = `${listening.url}${local.startsWith('/') ? local : `/${local}`}`;
    const signIn = `${listening.url}/app/~/sign-in?code=${mintSignInCode(e.env, e.token)}&next=${encodeURIComponent(local.startsWith('/app') ? local : '/app')}`;
    if (local.startsWith('/app')) {
      io.stdout.write(`${signIn}\n`);
      io.stderr.write(`serving ${path} at ${listening.url} (Ctrl-C stops); the link signs this browser in once as the store's admin, then shows ${url}\n`);
      openInBrowser(io, signIn);
    } else {
      io.stdout.write(`${url}\n`);
      io.stderr.write(`serving ${path} at ${listening.url} (Ctrl-C stops); to read the app pages, sign in once with ${signIn}\n`);
      openInBrowser(io, url);
    }
  } catch (err) {
    listening.server.close();
    await e.close();
    throw err;
  }
  await new Promise<void>((resolve) => {
    const stop = () => {
      listening.server.close(() => resolve());
      listening.server.closeIdleConnections();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await e.close();
}

/** Prints an object's web address: over HTTP at once; from the embedded store by serving it. */
export async function showWeb(io: Io, deps: CliDeps, g: GlobalOptions, mode: 'embedded' | 'http', url: string): Promise<void> {
  if (mode === 'embedded' && EMBEDDED_URL.test(url)) return servePreview(io, deps, g, url);
  io.stdout.write(`${url}\n`);
  openInBrowser(io, url);
}

import { spawn } from 'node:child_process';
import type { LiveEvents } from '../../src/server/folder-preview.js';
import { startPreview, type PreviewServer } from '../../src/server/serve.js';
import { explicitStore, storePath, type GlobalOptions, type Io } from '../../src/cli/context.js';
import type { CliDeps } from '../../src/cli/deps.js';
import { CliError, usageError } from '../../src/cli/exit-codes.js';
import { PREVIEW_PORT } from '../../src/cli/web-url.js';
import { embeddedPath, isEmbeddedUrl } from '../../src/lib/embedded-origin.js';
import { listenError } from '../serve/listen-error.js';

/** The options that say whether a browser may be opened: --no-browser sets browser to false. */
export interface BrowserOptions {
  browser?: boolean;
}

/** Whether a browser can be started here: asked for, a terminal, not CI, and a display (or macOS/Windows). */
export function canOpenBrowser(io: Io, o: BrowserOptions = {}): boolean {
  if (o.browser === false || !io.stdout.isTTY || io.env.CI || io.env.GBCTL_NO_BROWSER) return false;
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
  /** On a busy port, take a free one rather than fail (when the address is printed anyway). */
  anyPort?: boolean;
  browser?: boolean;
  /** A store file of its own to serve (a folder's scratch store), rather than the user's. */
  store?: string;
  /** What the preview serves, as its message names it (the store file, unless said). */
  serving?: string;
  /** A folder preview's news of its content: its pages reload when it changes (see PreviewServerOptions.live). */
  live?: LiveEvents;
  /** Called when the preview is told to stop, before its server closes: ends what it started (the store closes once that is done). */
  stopping?: () => Promise<void> | void;
}

/** How long a stopping preview lets requests in flight finish before it closes their connections. */
const STOP_GRACE_MS = 500;

/** The path of a `gbctl://local/…` address (or of an address on a preview's origin) on the preview's server. */
export function localPath(url: string, origin?: string): string {
  let p = embeddedPath(url);
  if (origin && p.startsWith(origin)) p = p.slice(origin.length);
  p ||= '/app';
  return p.startsWith('/') ? p : `/${p}`;
}

/**
 * Serves the embedded store on a loopback port and prints `target` (a `gbctl://local/…` URL or
 * a path) as an address of that server, until SIGINT or SIGTERM. App pages get a one-time
 * sign-in link, so the browser is signed in as the store's admin without the token in a URL.
 */
export async function servePreview(
  io: Io,
  deps: CliDeps,
  g: GlobalOptions,
  target: string | ((server: PreviewServer) => Promise<string> | string),
  o: PreviewOptions = {},
): Promise<void> {
  const host = o.host ?? '127.0.0.1';
  if (!/^(127\.\d+\.\d+\.\d+|::1|localhost)$/.test(host)) throw usageError(`--host: a preview listens on a loopback address, not ${host}`);
  const path = o.store ?? storePath(g, io.env);
  const port = o.port ?? PREVIEW_PORT;
  let running;
  try {
    running = await startPreview(deps.serverResources, {
      path,
      host,
      port,
      anyPort: !!o.anyPort,
      ...(o.live ? { live: o.live } : {}),
      warn: (m) => io.stderr.write(`${m}\n`),
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).syscall === 'listen') throw listenError(host, port, err, 'gbctl preview');
    throw new CliError((err as Error).message);
  }
  // Listened for before "Ctrl-C stops" is printed, so that a Ctrl-C at once still stops cleanly.
  let stop = () => {};
  let ending: Promise<void> | void = undefined;
  const stopped = new Promise<void>((resolve) => {
    stop = () => {
      ending = o.stopping?.();
      // A browser keeps sockets open that it may never send on (preconnects): closed after a grace period.
      void running.stop(STOP_GRACE_MS).then(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  try {
    const raw = typeof target === 'string' ? target : await target(running);
    const local = localPath(raw, running.url);
    const url = `${running.url}${local}`;
    const signIn = running.signInUrl(local.startsWith('/app') ? local : '/app');
    if (local.startsWith('/app')) {
      io.stdout.write(`${signIn}\n`);
      io.stderr.write(
        `serving ${o.serving ?? path} at ${running.url} (Ctrl-C stops); the link signs this browser in once as the store's admin, then shows ${url}\n`,
      );
      if (o.browser !== false) openInBrowser(io, signIn);
    } else {
      io.stdout.write(`${url}\n`);
      io.stderr.write(`serving ${o.serving ?? path} at ${running.url} (Ctrl-C stops); to read the app pages, sign in once with ${signIn}\n`);
      if (o.browser !== false) openInBrowser(io, url);
    }
  } catch (err) {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await o.stopping?.();
    await running.stop(0);
    throw err;
  }
  await stopped;
  await ending;
}

/** How to start the preview that serves an embedded address: the store named as it was, if by a flag. */
export function previewCommand(g: GlobalOptions, io: Io, url: string): string {
  const store = explicitStore(g, io.env);
  return `gbctl preview ${url}${store?.source === '--store' ? ` --store ${store.path}` : ''}`;
}

/**
 * Prints an object's web address and, on a terminal with a browser, opens it. Over HTTP the
 * address is the server's own. An embedded address (`gbctl://local/…`) answers only while a
 * preview serves the store: a person at a terminal with a browser gets one, up until Ctrl-C, as
 * `gbctl preview` does; anywhere else (no terminal, CI, --no-browser) the address the preview
 * serves it at is printed with the command that starts it, and the command ends at once.
 */
export async function showWeb(io: Io, deps: CliDeps, g: GlobalOptions & BrowserOptions, mode: 'embedded' | 'http', url: string): Promise<void> {
  if (mode !== 'embedded' || !isEmbeddedUrl(url)) {
    io.stdout.write(`${url}\n`);
    if (canOpenBrowser(io, g)) openInBrowser(io, url);
    return;
  }
  if (canOpenBrowser(io, g)) return servePreview(io, deps, g, url, { anyPort: true });
  io.stdout.write(`http://127.0.0.1:${PREVIEW_PORT}${localPath(url)}\n`);
  io.stderr.write(`the embedded store is served only while a preview runs; start one with: ${previewCommand(g, io, url)}\n`);
}

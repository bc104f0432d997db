import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppOptions } from './app.js';
import { createControls, rememberInitial, type Controls } from './controls/routes.js';
import { seededIds } from './controls/random.js';
import { RequestLog, type LoggedRequest } from './controls/request-log.js';
import { clientToken, openEmbedded, readOnlyNotice, SERVER_IDLE_COMPACT, type Embedded } from './embedded.js';
import type { Env } from './context.js';
import { listen, shutdown } from './http.js';
import type { ServerResources } from './resources.js';
import { fileStoreDataset } from './store-dataset.js';
import { sites } from './model/site.js';
import { serveWeb } from './web/index.js';
import { withLiveReload, type LiveEvents } from './web/live-reload.js';
import { mintSignInCode } from './web/session.js';

type WebPages = NonNullable<AppOptions['web']>;

export interface ServerOptions {
  /** The store file; created when absent. */
  path: string;
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** When the port is taken, listen on a free one instead of failing. */
  anyPort?: boolean;
  /**
   * The emulator's test controls under `/_gbctl/` (`gbctl serve`): a clock, faults, the request
   * log and dataset snapshots. A preview has none.
   */
  controls?: { version: string; jit: boolean; seed?: number | undefined; log?: ((entry: LoggedRequest) => void) | undefined };
  translations?: Env['translations'];
  /** Check every answer against its endpoint's published schema. */
  validate?: boolean;
  fileUrls: boolean;
  privateUrls: boolean;
  /** As `openEmbedded` takes it: read-only on request, or when the store cannot be written here ('auto'). */
  readOnly?: boolean | 'auto';
  readOnlyWhy?: string;
  maxBodyBytes?: number;
  /** Mint a token of the store's admin for a client of this server (hand-off files), labelled so. */
  mintToken?: string;
  /** The browser pages, wrapped (a preview's pages add their live reload). */
  web?: (pages: WebPages) => WebPages;
  /** Requests answered as a stream (a preview's change events). */
  stream?: (req: IncomingMessage, res: ServerResponse) => boolean;
  warn: (line: string) => void;
}

export interface RunningServer {
  /** `http://host:port`, the origin every URL it answers starts with. */
  url: string;
  organization: string;
  /** The minted token, when `mintToken` asked for one (a read-only store's: this server's own session). */
  token?: string;
  /** Why the store is served read-only, when it is. */
  readOnly?: string;
  embedded: Embedded;
  /** The test controls, when asked for. */
  controls?: Controls;
  /** Stops listening, lets requests in flight finish for up to `graceMs`, and closes the store. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * The embedded server on a socket: the store opened and seeded, the test controls when asked,
 * a token minted when asked, listening, and a graceful stop. `gbctl serve` starts it from its
 * flags, `gbctl preview` through `startPreview` below; tests start it in process.
 */
export async function startServer(resources: ServerResources, o: ServerOptions): Promise<RunningServer> {
  const log = o.controls ? new RequestLog(1000, o.controls.log) : undefined;
  // The controls snapshot the store, which opens after them: they reach it through `opened`.
  const opened: { e?: Embedded } = {};
  const controls: Controls | undefined = o.controls
    ? createControls({
        ...(o.controls.seed !== undefined ? { seed: o.controls.seed } : {}),
        version: o.controls.version,
        jit: o.controls.jit,
        ...(log ? { log } : {}),
        dataset: fileStoreDataset(() => (opened.e as Embedded).store),
      })
    : undefined;
  const seed = o.controls?.seed;
  const e = (opened.e = await openEmbedded(resources, {
    path: o.path,
    origin: '',
    ...(o.translations ? { translations: o.translations } : {}),
    ...(controls ? { clock: controls.clock } : {}),
    ...(seed !== undefined ? { ids: seededIds(seed) } : {}),
    fileUrls: o.fileUrls,
    privateUrls: o.privateUrls,
    warn: o.warn,
    readOnly: o.readOnly ?? 'auto',
    ...(o.readOnlyWhy ? { readOnlyWhy: o.readOnlyWhy } : {}),
    app: { validateResponses: !!o.validate, ...(controls ? { controls } : {}), web: o.web ? o.web(serveWeb) : serveWeb },
    preloadSearch: true,
    idleCompact: SERVER_IDLE_COMPACT,
  }));
  try {
    // Minted before the initial snapshot, so that "POST /_gbctl/reset" keeps it valid.
    const token = o.mintToken !== undefined ? await clientToken(e, o.mintToken) : undefined;
    if (controls) await rememberInitial(controls);
    const base = {
      host: o.host,
      ...(o.maxBodyBytes !== undefined ? { maxBodyBytes: o.maxBodyBytes } : {}),
      ...(controls ? { faults: controls.faults } : {}),
      ...(log ? { log } : {}),
      ...(o.stream ? { stream: o.stream } : {}),
    };
    const listening = await listen(e.app, { ...base, port: o.port }).catch((err: NodeJS.ErrnoException) => {
      if (o.anyPort && err.code === 'EADDRINUSE') return listen(e.app, { ...base, port: 0 });
      throw err;
    });
    e.env.origin = listening.url;
    const readOnly = readOnlyNotice(e, o.readOnly === true);
    let stopping: Promise<void> | undefined;
    return {
      url: listening.url,
      organization: e.organization,
      ...(token !== undefined ? { token } : {}),
      ...(readOnly ? { readOnly } : {}),
      embedded: e,
      ...(controls ? { controls } : {}),
      stop: (graceMs = 5000) => (stopping ??= shutdown(listening.server, graceMs).then(() => e.close())),
    };
  } catch (err) {
    await e.close();
    throw err;
  }
}

export interface PreviewServerOptions {
  /** The store file; created when absent. */
  path: string;
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** When the port is taken, listen on a free one instead of failing. */
  anyPort?: boolean;
  /**
   * A folder preview's news of its content: each HTML page carries the live script and the
   * version it was made from, and the events are answered at their path.
   */
  live?: LiveEvents;
  warn: (line: string) => void;
}

/** A site of the store as a preview shows it: at its published address, or at its app page while it is unpublished. */
export interface SitePreview {
  site: string;
  published: boolean;
  path: string;
}

export interface PreviewServer {
  /** `http://host:port`, the origin every URL it answers starts with. */
  url: string;
  embedded: Embedded;
  /** A link that signs a browser in once as the store's admin, then shows `next` (a path on this server); the token is not in it. */
  signInUrl(next: string): string;
  /** The site `ref` names (an id, else a basename) and where this server shows it; undefined when the store has none. */
  site(ref: string): Promise<SitePreview | undefined>;
  /** Stops listening, lets requests in flight finish for up to `graceMs`, and closes the store. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * The server of `gbctl preview` (and of an embedded address opened in a browser): the store's
 * pages for a browser on this machine, with `file://` import sources allowed and private
 * addresses not, and no test controls.
 */
export async function startPreview(resources: ServerResources, o: PreviewServerOptions): Promise<PreviewServer> {
  const live = o.live;
  const running = await startServer(resources, {
    path: o.path,
    host: o.host,
    port: o.port,
    anyPort: !!o.anyPort,
    fileUrls: true,
    privateUrls: false,
    ...(live
      ? {
          web: (inner) => async (env, req, url) => {
            // The version before the page is made: a change stored meanwhile reloads it again.
            const version = live.version;
            return withLiveReload(await inner(env, req, url), version);
          },
          stream: live.serve,
        }
      : {}),
    warn: o.warn,
  });
  const e = running.embedded;
  return {
    url: running.url,
    embedded: e,
    signInUrl: (next) => `${running.url}/app/~/sign-in?code=${mintSignInCode(e.env, e.token)}&next=${encodeURIComponent(next)}`,
    site: (ref) => sitePreview(e, ref),
    stop: (graceMs) => running.stop(graceMs),
  };
}

function sitePreview(e: Embedded, ref: string): Promise<SitePreview | undefined> {
  return e.store.read((tx) => {
    const site = tx.get(sites, ref) ?? tx.all(sites).find((s) => s.basename === ref);
    if (!site) return undefined;
    if (!site.published) return { site: site.id, published: false, path: `/app/o/${site.organization}/sites/${site.id}` };
    const key = site.visibility === 'share-link' ? `?shareKey=${encodeURIComponent(site.shareKey)}` : '';
    return {
      site: site.id,
      published: true,
      path: `/published/${encodeURIComponent(site.organization)}/${encodeURIComponent(site.basename ?? site.id)}${key}`,
    };
  });
}

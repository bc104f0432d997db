import { StoreError, StoreReadOnly } from '../store/errors.js';
import { JsonFileStore, type IdleCompact } from '../store/json-file-store.js';
import type { ReadTx } from '../store/store.js';
import { scrubBackups } from '../store/migrate.js';
// Every table's kept lists declared before a snapshot is written (see model/indexes.ts).
import './model/indexes.js';
import { ensureSeeded } from './admin/accounts.js';
import { mintOperatorToken } from './admin/operator-token.js';
import { embeddedSession } from './admin/session.js';
import { createApp, type App, type AppOptions } from './app.js';
import type { Env } from './context.js';
import type { InProcessSession } from './exchange.js';
import { randomIds, systemClock } from './env.js';
import type { ServerResources } from './resources.js';
import { flushSearch, preloadSearch } from './lib/search-thread.js';
import { getRevision } from './model/revision-store.js';
import { spaces } from './model/space.js';
import { searchDir } from './lib/search-files.js';

// What the command line names of the server it embeds: the app its in-process transport calls, and the resources it hands in.
export type { App, InProcessSession, ServerResources };

export interface EmbeddedOptions {
  /** The store file; created when absent. */
  path: string;
  /** Origin the API's URLs start with; a server sets it once it listens. */
  origin: string;
  translations?: Env['translations'];
  clock?: Env['clock'];
  ids?: Env['ids'];
  fileUrls?: boolean;
  /** Whether imports and OpenAPI sources may fetch from non-public addresses (see Env.privateUrls). */
  privateUrls?: boolean;
  /** Warnings of the store (a torn journal tail dropped, a stale lock broken). */
  warn?: (line: string) => void;
  /**
   * Open the store without writing to it (true), or so when it cannot be written here ('auto',
   * the default: a read-only file system, a folder this user may not write): reads are
   * answered, writes refused (503).
   */
  readOnly?: boolean | 'auto';
  /** Why, as a refused write says it, when `readOnly` is true. */
  readOnlyWhy?: string;
  /**
   * The journal's size past which a write compacts it into the snapshot (the store's
   * `compactBytes`; an eighth of the snapshot when that is more). A server reads the journal
   * once; a process opened for one command reads it whole every time (COMMAND_COMPACT_BYTES).
   */
  compactBytes?: number;
  /** The store's `journalCeiling`: the eighth of the snapshot is taken at most this. */
  journalCeiling?: number;
  /** The store's `idleCompact`: a server gives SERVER_IDLE_COMPACT. */
  idleCompact?: IdleCompact;
  app?: AppOptions;
  /**
   * Read the search indexes kept beside the store before answering (a server: its first searches
   * answer from them), waiting at most PRELOAD_WAIT_MS; the rest is read while it serves.
   */
  preloadSearch?: boolean;
}

/**
 * The journal a command's process may find before a write compacts it: each command replays the
 * journal whole as it opens the store, about 20 ms a mebibyte (an embedded `spaces list` with the
 * 2 MiB journal a 1,000-page push left took 371M instructions, 231M once compacted). The store's
 * own bound, 4 MiB, suits a server, which replays it once.
 */
export const COMMAND_COMPACT_BYTES = 256 * 1024;

/**
 * How a command's process bounds the journal: past COMMAND_COMPACT_BYTES, or an eighth of the
 * snapshot up to 1 MiB. The eighth alone let a 57 MiB store (100,000 spaces) keep a 7 MiB
 * journal, and with 4.7 MiB of it every `spaces list` took 0.50 s instead of 0.08 s. Compacting
 * that store takes a few seconds, paid by the write that passes the bound.
 */
export const COMMAND_JOURNAL = { compactBytes: COMMAND_COMPACT_BYTES, journalCeiling: 1024 * 1024 } as const;

/**
 * A server keeps the eighth of the snapshot as its journal's bound while writes come, and folds
 * the journal down to a command's bound (COMMAND_JOURNAL) once none came for three seconds:
 * otherwise the commands run beside it on the same store each replayed up to 7 MiB of it (a
 * 57 MiB store), until one of them wrote.
 */
export const SERVER_IDLE_COMPACT: IdleCompact = { afterMs: 3000, ...COMMAND_JOURNAL };

/** How long opening waits for the kept search indexes to be read. */
export const PRELOAD_WAIT_MS = 3_000;

/** Reads the kept search indexes; resolves when done or after `waitMs`, whichever is first. */
async function preload(env: Env, waitMs: number, warn: (line: string) => void): Promise<void> {
  const dir = searchDir(env);
  if (!dir) return;
  const current = (space: string) =>
    env.store.read((tx: ReadTx) => {
      const s = tx.get(spaces, space);
      return s && !s.deletedAt ? getRevision(tx, s.revision) : undefined;
    });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const loading = preloadSearch(env.store, dir, current).catch((e: Error) => warn(`gbctl: the search indexes kept in ${dir} were not read: ${e.message}`));
  await Promise.race([loading, new Promise<void>((r) => (timer = setTimeout(r, waitMs)))]);
  clearTimeout(timer);
}

/** A store file opened and seeded in this process, with the API over it. */
export interface Embedded {
  store: JsonFileStore;
  env: Env;
  app: App;
  /** The default organization of the store. */
  organization: string;
  /** The store's admin, whom `token` acts as. */
  user: string;
  /** What the embedded CLI's requests carry to act as the store's admin (CoreRequest.session). */
  session: InProcessSession;
  /**
   * A secret that authenticates as the store's admin through this process's server only (a
   * read-only server hands it to its client), made on first use; the store does not hold it and
   * no other process accepts it.
   */
  readonly token: string;
  /** This open made the store's organization and admin (a new store). */
  created: boolean;
  close(): Promise<void>;
}

/**
 * The one wiring of the embedded server: opens the store file, makes sure it holds its default
 * organization and admin, and builds the API over it. The CLI's embedded mode,
 * `serve`, `local` and the seeding of benchmark stores all start here.
 */
export async function openEmbedded(resources: ServerResources, opts: EmbeddedOptions): Promise<Embedded> {
  const store = JsonFileStore.open(opts.path, {
    ...(opts.warn ? { warn: opts.warn } : {}),
    readOnly: opts.readOnly ?? 'auto',
    ...(opts.readOnlyWhy !== undefined ? { readOnlyWhy: opts.readOnlyWhy } : {}),
    ...(opts.compactBytes !== undefined ? { compactBytes: opts.compactBytes } : {}),
    ...(opts.journalCeiling !== undefined ? { journalCeiling: opts.journalCeiling } : {}),
    ...(opts.idleCompact ? { idleCompact: opts.idleCompact } : {}),
  });
  try {
    const readOnly = store.openedReadOnly !== undefined;
    // What a writer would have repaired, and a read-only open leaves as it is.
    if (readOnly) for (const n of store.notes) opts.warn?.(`gbctl: ${n}`);
    const admin = await ensureSeeded({ store, clock: opts.clock ?? systemClock, ids: opts.ids ?? randomIds }).catch((e: unknown) => {
      if (e instanceof StoreReadOnly && readOnly) {
        throw new StoreError(`the store ${store.path} holds no organization and admin yet, and they cannot be made: it is read-only (${store.openedReadOnly})`);
      }
      throw e;
    });
    // Backups of older formats written before they were kept without the plaintext admin token.
    if (!readOnly) for (const p of scrubBackups(opts.path)) opts.warn?.(`gbctl: removed the plaintext admin token from the backup ${p}`);
    const session = embeddedSession(admin.user);
    const env: Env = {
      store,
      clock: opts.clock ?? systemClock,
      ids: opts.ids ?? randomIds,
      origin: opts.origin,
      translations: opts.translations ?? 'translation',
      ...(opts.fileUrls !== undefined ? { fileUrls: opts.fileUrls } : {}),
      ...(opts.privateUrls !== undefined ? { privateUrls: opts.privateUrls } : {}),
      sessions: session.sessions,
      inProcess: session.inProcess,
      cacheDir: `${store.path}.cache`,
    };
    // The search route's code is loaded meanwhile: a resource's code loads on first use.
    if (opts.preloadSearch) await Promise.all([preload(env, PRELOAD_WAIT_MS, opts.warn ?? (() => {})), resources.route('content.search')]);
    return {
      store,
      env,
      app: createApp(env, resources, opts.app),
      organization: admin.organization,
      user: admin.user,
      session: session.inProcess,
      get token() {
        return session.token;
      },
      created: !!admin.created,
      // Search indexes moved forward are written out before the store closes.
      close: async () => {
        await flushSearch().catch(() => {});
        await store.close();
      },
    };
  } catch (e) {
    await store.close();
    throw e;
  }
}

/**
 * The token a server hands the client that started it (serve's --write-env, a JSON ready file):
 * one minted into the store for its admin, labelled `label`; or, when the store takes no
 * writes, the admin's session secret of this process (`Embedded.token`), good for as long as
 * this server runs.
 */
export async function clientToken(e: Embedded, label: string): Promise<string> {
  if (e.store.writesRefused !== undefined) return e.token;
  return (await e.store.write((tx) => mintOperatorToken(e.env, tx, label))).secret;
}

/**
 * What a server says at start-up about a store it serves read-only, undefined when it takes
 * writes: that it was asked to (`asked`), or a warning naming why it cannot write the store here;
 * and where a client's token comes from, since none can be minted into the store.
 */
export function readOnlyNotice(e: Embedded, asked: boolean): string | undefined {
  const why = e.store.openedReadOnly;
  if (why === undefined) return undefined;
  const head = asked
    ? 'read-only (--read-only): the store is read and never written; reads are answered, every write answers 503'
    : `warning: serving the store read-only, since ${why}: reads are answered, every write answers 503 (make the store writable and restart to write to it; --read-only says this is meant)`;
  return `${head}\ntoken: none can be minted into a read-only store: use one minted before, or --write-env FILE, which carries one good while this server runs`;
}

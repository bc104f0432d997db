import { watch, type FSWatcher } from 'node:fs';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve, sep } from 'node:path';
import type { GlobalOptions, Io } from '../../src/cli/context.js';
import type { CliDeps } from '../../src/cli/deps.js';
import { CliError, usageError } from '../../src/cli/exit-codes.js';
import { LiveEvents, LiveFolder, openScratchSpace, type ScratchSpace, type ScratchUpdate } from '../../src/server/folder-preview.js';
import { servePreview } from './serve.js';

/** Changes closer together than this are read as one (an editor's save is often several writes). */
const SETTLE_MS = 20;

/** Whether the argument names a folder: one spelled as a path (a site id holds no slash), or an existing one. */
export function isFolderArgument(arg: string): boolean {
  if (arg.includes('/') || arg.includes(sep) || arg === '.' || arg === '..') return true;
  try {
    return statSync(arg).isDirectory();
  } catch {
    return false;
  }
}

const messageOf = (err: unknown) => ((err as Error).message ?? String(err)).replace(/^url: /, '');

function describe(u: ScratchUpdate): string {
  const f = u.files;
  const names = [...f.changed, ...f.added.map((p) => `+${p}`), ...f.removed.map((p) => `-${p}`)];
  const shown = names.length > 4 ? `${names.slice(0, 4).join(', ')} and ${names.length - 4} more` : names.join(', ');
  return `${shown}: ${u.changed ? 'updated' : 'no change to the pages'} in ${Math.round(u.ms)} ms${u.warnings.length ? ` (${u.warnings.join('; ')})` : ''}`;
}

/** Runs `update` after changes settle, one run at a time; changes during a run make one more. */
class Follower {
  private timer: NodeJS.Timeout | undefined;
  private again = false;
  constructor(private readonly update: () => Promise<void>) {}

  poke = (): void => {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), SETTLE_MS);
  };

  /** No more runs; resolves when the one under way (if any) is done. */
  stop(): Promise<void> {
    clearTimeout(this.timer);
    this.stopped = true;
    return this.running ?? Promise.resolve();
  }

  private stopped = false;
  private running: Promise<void> | undefined;

  private async run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.update();
      } while (this.again && !this.stopped);
    })();
    try {
      await this.running;
    } finally {
      this.running = undefined;
    }
  }
}

/**
 * `gbctl preview DIR`: the Git Sync folder imported into a space of a scratch store (removed
 * when the preview stops), a public site of it published and served. With `watch`, every change
 * to the folder is read (only the files that changed) into a new revision, and the open pages
 * reload themselves: each carries a script, allowed by its hash in the page's policy, that
 * listens to the server's events.
 */
export async function previewFolder(io: Io, deps: CliDeps, g: GlobalOptions, dir: string, o: { port: number; browser?: false; watch: boolean }): Promise<void> {
  if (g.store !== undefined)
    throw usageError(
      '--store: a folder is previewed in a scratch store of its own; drop --store, or preview a site of that store (gbctl preview SITE --store FILE)',
    );
  if (g.endpoint !== undefined) throw usageError('--endpoint: a folder is previewed on this machine; drop --endpoint');
  const root = resolve(dir);
  let folder: LiveFolder;
  try {
    folder = await LiveFolder.open(root);
  } catch (err) {
    throw new CliError(`cannot read ${root}: ${messageOf(err)}`);
  }
  const scratch = mkdtempSync(join(tmpdir(), 'gbctl-preview-'));
  const events = o.watch ? new LiveEvents('') : undefined;
  let watcher: FSWatcher | undefined;
  let poll: NodeJS.Timeout | undefined;
  let follower: Follower | undefined;
  const start = async (space: ScratchSpace, live: LiveEvents) => {
    live.publish(space.revision);
    follower = new Follower(async () => {
      try {
        const u = await space.update();
        if (!u.files.added.length && !u.files.changed.length && !u.files.removed.length) return;
        io.stderr.write(`${describe(u)}\n`);
        live.publish(u.revision);
      } catch (err) {
        const m = messageOf(err);
        io.stderr.write(`${root}: ${m}; the pages show what was last read\n`);
        live.report(m);
      }
    });
    const poke = follower.poke;
    try {
      watcher = watch(root, { recursive: true }, poke);
      watcher.on('error', (err) => {
        io.stderr.write(`watching ${root} failed (${err.message}); looking for changes every second instead\n`);
        watcher?.close();
        poll ??= setInterval(poke, 1000);
      });
    } catch (err) {
      io.stderr.write(`cannot watch ${root} (${messageOf(err)}); looking for changes every second instead\n`);
      poll = setInterval(poke, 1000);
    }
  };
  try {
    await servePreview(
      io,
      deps,
      g,
      async (server) => {
        let space;
        try {
          space = await openScratchSpace(server.embedded.env, server.embedded, folder, basename(root));
        } catch (err) {
          throw new CliError(`cannot preview ${root}: ${messageOf(err)}`);
        }
        if (events) await start(space, events);
        return space.path;
      },
      {
        port: o.port,
        ...(o.browser === false ? { browser: false } : {}),
        store: join(scratch, 'store.json'),
        serving: `${root}${o.watch ? ', following its changes,' : ''}`,
        ...(events
          ? {
              live: events,
              stopping: () => {
                watcher?.close();
                clearInterval(poll);
                events.close();
                return follower?.stop();
              },
            }
          : {}),
      },
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

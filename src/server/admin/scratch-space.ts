import { performance } from 'node:perf_hooks';
import { endpoints } from '../../contract/index.js';
import { makeCtx, type Ctx, type Env } from '../context.js';
import { TargetMemo } from '../../lib/gitsync/targets.js';
import type { FolderChanges, LiveFolder } from '../lib/live-folder.js';
import { users } from '../model/org.js';
import { readGitSyncSource, storeImport } from '../services/import.js';
import { sitesService } from '../services/sites.js';
import { spacesService } from '../services/spaces.js';

/** What one update of a scratch space did. */
export interface ScratchUpdate {
  files: FolderChanges;
  /** The space's revision after the update: a new one only when the content changed. */
  revision: string;
  changed: boolean;
  skipped: { path: string; reason: string }[];
  warnings: string[];
  ms: number;
}

export interface ScratchSpace {
  space: string;
  site: string;
  /** Where the published site is read, on the server of `env`. */
  path: string;
  revision: string;
  /** Reads what changed in the folder and makes it the space's content (a new revision, if anything changed). */
  update(): Promise<ScratchUpdate>;
}

const noChange = (f: FolderChanges) => !f.added.length && !f.changed.length && !f.removed.length;

/**
 * A Git Sync folder made a space of the store, and a public site of that space published, for a
 * writer to read as it will look (`gbctl preview DIR`). The space follows the folder: each
 * update reads only the files that changed (LiveFolder) and stores what differs (storeImport
 * with one memo for the life of the space). A folder that cannot be read is an error here, and
 * nothing is made.
 */
export async function openScratchSpace(env: Env, admin: { user: string; organization: string }, folder: LiveFolder, title: string): Promise<ScratchSpace> {
  const ctx = (id: keyof typeof endpoints): Promise<Ctx> => env.store.read((tx) => makeCtx(env, endpoints[id].access, tx.get(users, admin.user)));
  const memo = new TargetMemo();
  const read = () => readGitSyncSource(folder.source(), folder.root, { memo });
  const first = await read();
  const org = admin.organization;
  const space = (await spacesService.create(await ctx('spaces.create'), org, { title })).id;
  const stored = await storeImport(await ctx('content.import'), space, undefined, first, `Preview of ${folder.root}`, memo);
  const site = (await sitesService.create(await ctx('sites.create'), org, { title, visibility: 'public', spaces: [space] })).id;
  await sitesService.setPublished(await ctx('sites.publish'), org, site, true);
  let revision = stored.revision;
  return {
    space,
    site,
    path: `/published/${encodeURIComponent(org)}/${encodeURIComponent(site)}`,
    get revision() {
      return revision;
    },
    async update() {
      const started = performance.now();
      const files = await folder.rescan();
      if (noChange(files)) return { files, revision, changed: false, skipped: [], warnings: [], ms: performance.now() - started };
      const got = await read();
      const out = await storeImport(
        await ctx('content.import'),
        space,
        undefined,
        got,
        `Preview of ${folder.root}: ${[...files.added, ...files.changed, ...files.removed].slice(0, 5).join(', ')}`,
        memo,
      );
      const changed = out.revision !== revision;
      revision = out.revision;
      return { files, revision, changed, skipped: got.skipped, warnings: got.warnings, ms: performance.now() - started };
    },
  };
}

import type { Command } from 'commander';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Connection, GlobalOptions, Io, JsonFlag } from '../../src/cli/context.js';
import type { Cli } from '../../src/cli/deps.js';
import { emitOrText } from '../../src/cli/emit.js';
import { CliError, Exit, usageError } from '../../src/cli/exit-codes.js';
import { changeRequests } from '../../src/contract/endpoints/change-requests.js';
import { content } from '../../src/contract/endpoints/content.js';
import { crContent } from '../../src/contract/endpoints/cr-content.js';
import type { PushPlan } from '../../src/lib/gitsync/push-plan.js';
import { readSpace } from './read-space.js';
import { leftOutLines } from '../../src/lib/gitsync/left-out.js';
import { embeddedHint } from '../../src/cli/web-url.js';
import { safeLine } from '../../src/cli/terminal-text.js';
import { printsJson } from '../../src/cli/output-flags.js';

interface PushOptions extends GlobalOptions {
  changeRequest?: string | boolean;
  merge?: boolean;
  direct?: boolean;
  diff?: boolean;
  url?: string;
  yes?: boolean;
  json?: JsonFlag;
}

/**
 * The Git Sync reader and writer (with yaml) and the push's plan: loaded when a push runs, not
 * with the `content` noun, whose catalogue commands (a page, the revision…) need none of them.
 */
const gitSync = async () => {
  const [plan, write, folder] = await Promise.all([
    import('../../src/lib/gitsync/push-plan.js'),
    import('../../src/lib/gitsync/write.js'),
    import('./local-folder.js'),
  ]);
  return { ...plan, buildFolder: write.buildFolder, readFolder: folder.readFolder };
};

const LOOPBACK_HOST = /^(127\.\d+\.\d+\.\d+|\[::1\]|localhost)$/;

function text(d: string | Uint8Array | undefined): string | undefined {
  return d === undefined ? undefined : typeof d === 'string' ? d : Buffer.from(d).toString('utf8');
}

async function describe(io: Io, plan: PushPlan, diff: boolean): Promise<void> {
  const say = (mark: string, list: string[], what: string) => list.forEach((p) => io.stderr.write(`  ${mark} ${safeLine(p)}${what}\n`));
  say('+', plan.added, '');
  say('~', plan.changed, '');
  say('-', plan.removed, '');
  say('*', plan.other, '');
  io.stderr.write(
    `${plan.added.length} to add, ${plan.changed.length} to change, ${plan.removed.length} to remove${plan.other.length ? `, ${plan.other.length} other files` : ''}\n`,
  );
  if (!diff) return;
  const { unifiedDiff } = await import('../../src/lib/unified-diff.js');
  for (const p of [...plan.added, ...plan.changed, ...plan.removed]) {
    io.stdout.write(unifiedDiff(p, text(plan.before.get(p)), text(plan.after.get(p))));
  }
}

/**
 * The folder's files that the space (or change request) does not hold as the folder has them
 * after the push: read back from the server, as export would write it.
 */
async function notStored(conn: Connection, at: { spaceId: string; changeRequest?: string }, folder: Map<string, string | Uint8Array>): Promise<string[]> {
  const { buildFolder, planPush } = await gitSync();
  const stored = buildFolder(await readSpace(conn.client, at, () => {}));
  const left = planPush(stored, folder);
  return [...left.added, ...left.changed, ...left.removed, ...left.other].sort();
}

function notArrived(missing: string[], where: string, hint?: string): CliError {
  const named = missing
    .slice(0, 10)
    .map((p) => `  ${safeLine(p)}`)
    .join('\n');
  return new CliError(
    `${missing.length} of the folder's files ${missing.length === 1 ? 'is' : 'are'} not in ${where} as pushed:\n${named}${missing.length > 10 ? `\n  and ${missing.length - 10} more` : ''}`,
    Exit.error,
    hint,
  );
}

/** The URL the service reads the folder from: its own `file://` when it runs on this machine. */
function sourceUrl(conn: Connection, dir: string, given: string | undefined): string {
  if (given) {
    try {
      return new URL(given).href;
    } catch {
      throw usageError(`--url: "${given}" is not a URL`);
    }
  }
  if (conn.mode === 'embedded') return pathToFileURL(resolve(dir)).href;
  const host = new URL(conn.client.target).hostname;
  if (LOOPBACK_HOST.test(host)) return pathToFileURL(resolve(dir)).href;
  throw usageError(
    `${conn.client.target} cannot read ${dir} from this machine; nothing was sent`,
    'put the folder where the service can fetch it (e.g. a .zip over https) and pass --url URL',
  );
}

export function registerPush(contentCmd: Command, cli: Cli): void {
  const { io } = cli;
  printsJson(contentCmd.command('push'), ['added', 'changed', 'removed', 'other', 'pushed', 'revision', 'changeRequest', 'url', 'merged', 'missing'])
    .description('Push a Git Sync folder into a space: shows what it adds, changes and removes, then opens a change request')
    .argument('<dir>', 'the folder (with SUMMARY.md and .gitbook.yaml, or plain markdown)')
    .argument('<space>', 'space id')
    .option('--change-request [subject]', 'open a change request with this subject (the default)')
    .option('--merge', 'merge the change request when nothing conflicts')
    .option('--direct', 'import into the space itself, without a change request')
    .option('--diff', 'print a unified diff of every page on stdout')
    .option('--url <url>', 'where the service reads the folder from (needed for a service on another machine)')
    .option('-y, --yes', 'with --direct, remove pages without asking')
    .addHelpText(
      'after',
      `
The folder is compared with the space's content as export would write it. Nothing is sent
when nothing differs. Against the embedded store or gbctl serve on this machine the service
reads the folder itself; another endpoint needs --url with a location it can reach.

Examples:
  $ gbctl content push ./docs SPACE
  $ gbctl content push ./docs SPACE --change-request "Update the install guide" --merge
  $ gbctl content push ./docs SPACE --diff --direct --yes`,
    )
    .action(async (dir: string, spaceId: string, _o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as PushOptions;
      if (o.direct && (o.changeRequest !== undefined || o.merge)) throw usageError('--direct imports into the space: it takes no --change-request or --merge');
      const { buildFolder, normalizeLocal, planIsEmpty, planPush, readFolder } = await gitSync();
      const local = normalizeLocal(await readFolder(dir));
      for (const line of leftOutLines(local.skipped)) io.stderr.write(`${safeLine(line)}\n`);
      for (const w of local.warnings) io.stderr.write(`warning: ${safeLine(w)}\n`);
      const conn = await cli.connect(o);
      try {
        const url = sourceUrl(conn, dir, o.url);
        const remote = buildFolder(await readSpace(conn.client, { spaceId }, () => {}));
        const plan = planPush(remote, local.folder);
        await describe(io, plan, !!o.diff);
        const summary = { added: plan.added, changed: plan.changed, removed: plan.removed, other: plan.other };
        if (planIsEmpty(plan)) {
          io.stderr.write('Nothing to push: the space already has this content\n');
          await emitOrText(io, o, { ...summary, pushed: false }, () => undefined);
          return;
        }
        if (o.direct) {
          if (plan.removed.length && !o.yes)
            throw new CliError(
              `pushing directly removes ${plan.removed.length} pages from the space`,
              Exit.usage,
              'pass --yes to go ahead, or push through a change request (the default)',
            );
          const r = await conn.client.call(content['content.import'], { params: { spaceId }, body: { url, source: 'markdown' } });
          const missing = await notStored(conn, { spaceId }, local.folder);
          if (missing.length) {
            await emitOrText(io, o, { ...summary, pushed: true, revision: r.revision, missing }, () => undefined);
            throw notArrived(missing, `space ${spaceId} (revision ${r.revision})`);
          }
          io.stderr.write(`✓ Imported into space ${safeLine(spaceId)} as revision ${safeLine(r.revision)}\n`);
          await emitOrText(io, o, { ...summary, pushed: true, revision: r.revision, missing }, () => undefined);
          return;
        }
        const subject = typeof o.changeRequest === 'string' && o.changeRequest.trim() ? o.changeRequest.trim() : `Push from ${basename(resolve(dir))}`;
        const cr = await conn.client.call(changeRequests['change-requests.create'], { params: { spaceId }, body: { subject } });
        await conn.client.call(crContent['cr-content.import'], { params: { spaceId, changeRequestId: cr.id }, body: { url, source: 'markdown' } });
        // What the change request holds now, not what was sent, is what is reported (and merged).
        const missing = await notStored(conn, { spaceId, changeRequest: cr.id }, local.folder);
        if (missing.length) {
          await emitOrText(io, o, { ...summary, pushed: true, changeRequest: cr.number, url: cr.urls.app, missing }, () => undefined);
          throw notArrived(missing, `change request #${cr.number}`, `it was left open and not merged: review it at ${cr.urls.app}`);
        }
        // A new change request is a draft: the list shows open ones unless told otherwise.
        const draft = !o.merge && cr.status === 'draft' ? ` as a draft (gbctl change-requests list ${safeLine(spaceId)} --status draft lists it)` : '';
        io.stderr.write(`✓ Opened change request #${cr.number} "${safeLine(subject)}"${draft}\n`);
        let merged: { revision: string; result: string } | undefined;
        if (o.merge) {
          const now = await conn.client.call(changeRequests['change-requests.get'], { params: { spaceId, changeRequestId: cr.id } });
          if (now.outdated) {
            throw new CliError(
              `change request #${cr.number} was not merged: the space changed while it was being pushed`,
              Exit.conflict,
              `review it at ${cr.urls.app}`,
            );
          }
          merged = await conn.client.call(changeRequests['change-requests.merge'], { params: { spaceId, changeRequestId: cr.id } });
          // Main moved between the check and the merge and a page conflicts: nothing was merged.
          if (merged.result !== 'merge')
            throw new CliError(
              `change request #${cr.number} was not merged: it conflicts with changes made to the space meanwhile`,
              Exit.conflict,
              `run "gbctl change-requests merge ${spaceId} ${cr.number}" to see the pages, or review it at ${cr.urls.app}`,
            );
          io.stderr.write(`✓ Merged change request #${cr.number}\n`);
        }
        await emitOrText(
          io,
          o,
          { ...summary, pushed: true, changeRequest: cr.number, url: cr.urls.app, missing, ...(merged ? { merged: merged.revision } : {}) },
          () => {
            const hint = embeddedHint(cr.urls.app, `gbctl open ${spaceId} --change-request ${cr.number}`);
            if (hint) io.stderr.write(`${hint}\n`);
            return cr.urls.app;
          },
        );
      } finally {
        await conn.close();
      }
    });
}

import { emitOrText } from '../../src/cli/emit.js';
import { embeddedHint } from '../../src/cli/web-url.js';
import { endpoints, type CallArgs, type EndpointId, type Endpoints } from '../../src/contract/index.js';
import type { Connection, Io, JsonFlag } from '../../src/cli/context.js';
import { CliError, Exit } from '../../src/cli/exit-codes.js';
import { sayDone } from '../../src/cli/prompt.js';

/** Everything the wizard will do, answered by flags or by a person. */
export interface SetupPlan {
  organization: string;
  title: string;
  visibility: 'public' | 'unlisted' | 'share-link' | 'visitor-auth';
  /** Existing spaces to show at the root (or in the first section). */
  spaces: string[];
  /** A new space to create for the site. */
  newSpace?: 'empty' | 'sample';
  /** Sections to add; without `space`, a new space of the section's title. */
  sections: { title: string; space?: string }[];
  publish: boolean;
  /** Titles of known spaces, for messages. */
  spaceNames?: Map<string, string>;
}

interface Site {
  id: string;
  title: string;
  published: boolean;
  urls: { app: string; location: string; published?: string };
}

class Interrupted extends Error {}

/**
 * Creates the site as planned, saying each step on stderr. On Ctrl-C (after the step under
 * way) or on an error, deletes what it made and says what remains restorable.
 */
export async function runSetup(conn: Connection, io: Io, plan: SetupPlan, out: { json?: JsonFlag; jq?: string | undefined }): Promise<void> {
  const call = <K extends EndpointId>(id: K, ...input: CallArgs<Endpoints[K]>) => conn.client.call(endpoints[id], ...input);
  const organizationId = plan.organization;
  const made: { site?: string; spaces: string[] } = { spaces: [] };
  let interrupted = false;
  const onSigint = () => {
    if (!interrupted) io.stderr.write('\nInterrupted: finishing the current step, then removing what was made…\n');
    interrupted = true;
  };
  const step = async <T>(label: string, fn: () => Promise<T>): Promise<T> => {
    if (interrupted) throw new Interrupted();
    io.stderr.write(`→ ${label}\n`);
    const r = await fn();
    if (interrupted) throw new Interrupted();
    return r;
  };

  process.on('SIGINT', onSigint);
  try {
    try {
      const existing = plan.spaces;
      const site = await step(`Creating the site "${plan.title}"`, () =>
        call('sites.create', {
          params: { organizationId },
          body: {
            title: plan.title,
            visibility: plan.visibility,
            ...(plan.newSpace ? { spaces: plan.newSpace } : existing.length ? { spaces: existing } : {}),
          },
        }),
      );
      made.site = site.id;
      const siteParams = { organizationId, siteId: site.id };
      if (plan.newSpace) {
        const listed = await call('site-spaces.list', { params: siteParams });
        made.spaces.push(...listed.items.map((i) => i.space.id));
        for (const id of existing) await step(`Adding the space ${id}`, () => call('site-spaces.create', { params: siteParams, body: { spaceId: id } }));
      }
      for (const s of plan.sections) {
        let spaceId = s.space;
        if (!spaceId) {
          const created = await step(`Creating the space "${s.title}"`, () =>
            call('spaces.create', { params: { organizationId }, body: { title: s.title.slice(0, 50) } }),
          );
          made.spaces.push(created.id);
          spaceId = created.id;
        }
        const sid = spaceId;
        await step(`Adding the section "${s.title}"`, () => call('sections.create', { params: siteParams, body: { spaceId: sid, title: s.title } }));
      }
      if (plan.publish) await step('Publishing', () => call('sites.publish', { params: siteParams }));
      const final = await call('sites.get', { params: siteParams });
      await report(io, final, out);
    } catch (e) {
      const undone = await rollback(conn, io, organizationId, made);
      if (e instanceof Interrupted) throw new CliError(`cancelled: ${undone}`, Exit.cancelled);
      io.stderr.write(`setup failed; ${undone}\n`);
      throw e;
    }
  } finally {
    process.off('SIGINT', onSigint);
  }
}

/**
 * Deletes what the setup made and says what is left: a site is gone for good, a space is
 * deleted softly, restorable for 7 days (the platform's rule), so the words say so.
 */
async function rollback(conn: Connection, io: Io, organizationId: string, made: { site?: string; spaces: string[] }): Promise<string> {
  const parts: string[] = [];
  const failed: string[] = [];
  if (made.site) {
    try {
      await conn.client.call(endpoints['sites.delete'], { params: { organizationId, siteId: made.site } });
      parts.push(`deleted the site ${made.site}`);
    } catch (e) {
      failed.push(`the site ${made.site} (${(e as Error).message})`);
    }
  }
  const spaces: string[] = [];
  for (const id of made.spaces) {
    try {
      await conn.client.call(endpoints['spaces.delete'], { params: { spaceId: id } });
      spaces.push(id);
    } catch (e) {
      failed.push(`the space ${id} (${(e as Error).message})`);
    }
  }
  if (spaces.length === 1) parts.push(`deleted the space ${spaces[0]} (restorable for 7 days: gbctl spaces restore ${spaces[0]})`);
  if (spaces.length > 1) parts.push(`deleted the spaces ${spaces.join(', ')} (each restorable for 7 days: gbctl spaces restore ID)`);
  if (!parts.length && !failed.length) parts.push('nothing had been created');
  if (failed.length) {
    parts.push(`could not delete ${failed.join(', ')}`);
    io.stderr.write(`warning: could not delete ${failed.join(', ')}\n`);
  }
  return parts.join('; ');
}

function report(io: Io, site: Site, out: { json?: JsonFlag; jq?: string | undefined }): Promise<void> {
  sayDone(io, `Created the site "${site.title}" (${site.id})${site.published ? ', published' : ', not published yet'}`);
  return emitOrText(io, out, site, () => {
    const rows: [string, string][] = [
      ['app', site.urls.app],
      ...(site.urls.published ? [['published', site.urls.published] as [string, string]] : []),
      ['api', site.urls.location],
    ];
    const hint = embeddedHint(site.urls.app, `gbctl preview ${site.id}`);
    if (hint) io.stderr.write(`${hint}\n`);
    return rows.map(([k, v]) => `${k.padEnd(11)}${v}`).join('\n');
  });
}

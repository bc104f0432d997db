import type { Command } from 'commander';
import type { BespokeModule, Cli } from '../../src/cli/deps.js';
import { showWeb, type BrowserOptions } from '../preview/serve.js';
import type { Connection, GlobalOptions } from '../../src/cli/context.js';
import { ApiError } from '../../src/client/errors.js';
import { CliError, Exit, usageError } from '../../src/cli/exit-codes.js';
import { changeRequests } from '../../src/contract/endpoints/change-requests.js';
import { collections } from '../../src/contract/endpoints/collections.js';
import { sites } from '../../src/contract/endpoints/sites.js';
import { spaces } from '../../src/contract/endpoints/spaces.js';
import { printsNoJson } from '../../src/cli/output-flags.js';
import { PREVIEW_PORT, webUrlOf } from '../../src/cli/web-url.js';

interface OpenOptions extends GlobalOptions, BrowserOptions {
  changeRequest?: string;
  published?: boolean;
}

export const command: BespokeModule = {
  summary: 'Print the web address of a space, site, collection or change request (and open it in a browser)',
  register: (program, cli) => registerOpen(program, cli),
};

const isUrl = (s: string) => /^(https?|gbctl):\/\//i.test(s);

/** The object an id names: a space, else a site of the organization, else a collection. */
async function lookup(conn: Connection, id: string, cr: string | undefined): Promise<unknown> {
  const missing = (e: unknown) => e instanceof ApiError && (e.status === 404 || e.status === 400);
  if (cr !== undefined) return conn.client.call(changeRequests['change-requests.get'], { params: { spaceId: id, changeRequestId: cr } });
  const tries: (() => Promise<unknown>)[] = [
    () => conn.client.call(spaces['spaces.get'], { params: { spaceId: id } }),
    async () => conn.client.call(sites['sites.get'], { params: { organizationId: await conn.organization(), siteId: id } }),
    () => conn.client.call(collections['collections.get'], { params: { collectionId: id } }),
  ];
  for (const t of tries) {
    try {
      return await t();
    } catch (e) {
      if (!missing(e)) throw e;
    }
  }
  throw new CliError(`no space, site or collection ${id}`, Exit.notFound);
}

function registerOpen(program: Command, cli: Cli): void {
  const { io } = cli;
  printsNoJson(program.command('open'))
    .description(command.summary as string)
    .argument('<object>', 'a space, site or collection id, or a URL gbctl printed')
    .option('--change-request <n>', 'the change request of that space (id or number)')
    .option('--published', 'the published address rather than the app page')
    .option('--no-browser', 'print the address and end, without opening a browser or serving the store')
    .addHelpText(
      'after',
      `
Over HTTP the address is printed (and opened on a terminal with a browser). The embedded
store's addresses (gbctl://local/…) answer only while "gbctl preview" serves the store: without
a terminal, in CI or with --no-browser, gbctl open prints the address the preview serves the
object at (http://127.0.0.1:${PREVIEW_PORT}/…) and the command that starts it, and ends at once;
on a terminal with a browser it serves the store itself until Ctrl-C and opens the page.

Examples:
  $ gbctl open SPACE
  $ gbctl open SITE --published
  $ gbctl open SPACE --change-request 3
  $ gbctl open SPACE --no-browser`,
    )
    .action(async (object: string, _o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as OpenOptions;
      const conn = await cli.connect(o);
      let url: string | undefined;
      try {
        if (isUrl(object)) url = object;
        else {
          const found = await lookup(conn, object, o.changeRequest);
          url = webUrlOf(found, !!o.published);
          if (!url) throw usageError(`${object} has no web address${o.published ? ' (is it published?)' : ''}`);
        }
      } finally {
        await conn.close();
      }
      await showWeb(io, cli.deps, o, conn.mode, url);
    });
}

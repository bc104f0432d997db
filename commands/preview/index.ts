import type { Command } from 'commander';
import type { BespokeModule, Cli } from '../../src/cli/deps.js';
import { servePreview, showWeb, type BrowserOptions } from './serve.js';
import { isFolderArgument, previewFolder } from './folder.js';
import type { GlobalOptions } from '../../src/cli/context.js';
import { resolve } from '../../src/cli/config.js';
import { CliError, Exit, usageError } from '../../src/cli/exit-codes.js';
import { sites as siteEndpoints } from '../../src/contract/endpoints/sites.js';
import type { PreviewServer } from '../../src/server/serve.js';
import { printsNoJson } from '../../src/cli/output-flags.js';
import { PREVIEW_PORT } from '../../src/cli/web-url.js';
import { isEmbeddedUrl } from '../../src/lib/embedded-origin.js';

interface PreviewOptions extends GlobalOptions, BrowserOptions {
  port?: string;
  watch?: boolean;
}

export const command: BespokeModule = {
  summary: 'Serve a site of the embedded store, or a Git Sync folder as a site, on a local port and print its address',
  register: (program, cli) => registerPreview(program, cli),
  showWeb,
};

/** Where a site of the store is read: published, or (unpublished) its app page. */
async function sitePath(server: PreviewServer, id: string, io: Cli['io']): Promise<string> {
  const found = await server.site(id);
  if (!found) throw new CliError(`site ${id} not found in the embedded store`, Exit.notFound);
  if (!found.published) {
    io.stderr.write(
      `site ${found.site} is not published, so its published address answers 404; showing its app page (publish it with: gbctl sites publish ${found.site})\n`,
    );
  }
  return found.path;
}

function registerPreview(program: Command, cli: Cli): void {
  const { io } = cli;
  printsNoJson(program.command('preview'))
    .description(command.summary as string)
    .argument(
      '[site]',
      "site id, an address the embedded store gave (gbctl://local/…), or a Git Sync folder (default: the profile's site; without one, the app pages)",
    )
    .option('--port <n>', `port to listen on; 0 picks a free one (default: ${PREVIEW_PORT})`)
    .option('--no-browser', 'print the address without opening a browser')
    .option('--watch', 'with a folder: follow its changes, and reload the open pages when they change')
    .addHelpText(
      'after',
      `
Serves the embedded store (the same pages as gbctl serve: published sites, app pages, file
downloads) on 127.0.0.1:${PREVIEW_PORT} until Ctrl-C, prints the address on stdout and, on a terminal with a
browser, opens it. App pages are signed in with a one-time link for the store's admin.
"gbctl open" and "get --web" print the addresses it serves (and the command to start it)
when they cannot open a browser. A busy port is exit 8.
With an endpoint configured there is nothing to serve: it prints the site's published address.

A folder (a path, such as ./docs or .) is a Git Sync folder: it is imported into a space of a
scratch store, removed when the preview stops, and a public site of it is published and served.
With --watch, each change to the folder is read again (only the files that changed) and the
pages open in a browser reload themselves within a moment.

Examples:
  $ gbctl preview ./docs --watch
  $ gbctl preview SITE
  $ gbctl preview gbctl://local/app/s/SPACE
  $ gbctl preview --port 0 --no-browser`,
    )
    .action(async (site: string | undefined, _o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as PreviewOptions;
      const port = o.port === undefined ? PREVIEW_PORT : Number(o.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw usageError(`--port: "${String(o.port)}" is not a port number (0-65535)`);
      if (site !== undefined && !isEmbeddedUrl(site) && isFolderArgument(site)) {
        await previewFolder(io, cli.deps, o, site, { port, watch: o.watch === true, ...(o.browser === false ? { browser: false as const } : {}) });
        return;
      }
      if (o.watch) throw usageError('--watch follows a folder: give one (gbctl preview ./docs --watch)');
      // An address the embedded store gave is served as it is (what "gbctl open" says to run).
      if (site !== undefined && isEmbeddedUrl(site)) {
        await servePreview(io, cli.deps, o, site, { port, ...(o.browser === false ? { browser: false } : {}) });
        return;
      }
      const id = site ?? resolve(o, io.env).site;
      const conn = await cli.connect(o);
      if (conn.mode === 'http') {
        try {
          if (!id) throw usageError('give the site to preview', 'gbctl preview SITE, or set a default with "gbctl profile set site SITE_ID"');
          const organizationId = await conn.organization();
          const got = await conn.client.call(siteEndpoints['sites.get'], { params: { organizationId, siteId: id } });
          if (!got.urls.published) io.stderr.write(`site ${id} is not published; this is its app page\n`);
          await showWeb(io, cli.deps, o, 'http', got.urls.published ?? got.urls.app);
        } finally {
          await conn.close();
        }
        return;
      }
      await conn.close();
      await servePreview(io, cli.deps, o, (server) => (id ? sitePath(server, id, io) : '/app'), { port, ...(o.browser === false ? { browser: false } : {}) });
    });
}

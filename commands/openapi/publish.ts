import type { Command } from 'commander';
import { openapi as openapiEndpoints } from '../../src/contract/endpoints/openapi.js';
import type { GlobalOptions, JsonFlag } from '../../src/cli/context.js';
import type { Cli } from '../../src/cli/deps.js';
import { emitOrText } from '../../src/cli/emit.js';
import { CliError, Exit, usageError } from '../../src/cli/exit-codes.js';
import { readText } from '../../src/cli/read-input.js';
import { embeddedHint } from '../../src/cli/web-url.js';
import { parseSpecDocument } from '../../src/lib/openapi-document.js';
import { printsJson } from '../../src/cli/output-flags.js';
import { objectFields } from '../../src/contract/response-fields.js';

interface PublishOptions extends GlobalOptions {
  spec: string;
  json?: JsonFlag;
}

/** What the platform's CLI sends: a URL for an http(s) argument, otherwise the file's text. */
export function isRemote(arg: string): boolean {
  if (!/^https?:/i.test(arg)) return false;
  try {
    new URL(arg);
    return true;
  } catch {
    return false;
  }
}

export function registerPublish(openapi: Command, cli: Cli): void {
  const { io } = cli;
  printsJson(openapi.command('publish'), objectFields(openapiEndpoints['openapi.put'].response))
    .description('Publish an OpenAPI spec from a file or URL (creates the spec or adds a version), as the platform CLI does')
    .argument('<file-or-url>', 'path of a JSON or YAML file, or an http(s) URL')
    .requiredOption('--spec <slug>', 'slug of the spec to create or update')
    .addHelpText(
      'after',
      `
A file is checked to be an OpenAPI 3.x or Swagger 2.0 document before it is sent, as text.
A URL is sent as is; the server fetches it. Prints the spec's app URL.

Examples:
  $ gbctl openapi publish ./openapi.yaml --spec petstore
  $ gbctl openapi publish https://example.com/openapi.json --spec petstore --org ORG`,
    )
    .action(async (arg: string, _o: unknown, cmd: Command) => {
      const o = cmd.optsWithGlobals() as PublishOptions;
      let source: { url: string } | { text: string };
      if (isRemote(arg)) {
        source = { url: arg };
      } else {
        const text = readText({ flag: '<file-or-url>', path: arg }, io.readStdin);
        const parsed = await parseSpecDocument(text);
        if (!parsed.ok) throw usageError(`${arg} is not a valid OpenAPI document: ${parsed.message}`, 'nothing was sent');
        source = { text };
      }
      const conn = await cli.connect(o);
      try {
        const organizationId = await conn.organization();
        const spec = await conn.client.call(openapiEndpoints['openapi.put'], { params: { organizationId, specSlug: o.spec }, body: { source } });
        if (spec.lastProcessErrorCode) {
          const why = spec.lastProcessedErrors?.[0]?.message ?? spec.lastProcessErrorCode;
          throw new CliError(
            `the spec "${o.spec}" was not processed: ${spec.lastProcessErrorCode}: ${why}`,
            Exit.error,
            'the previous version (if any) is still the latest',
          );
        }
        await emitOrText(io, o, spec, () => {
          const hint = embeddedHint(spec.urls.app, `gbctl open ${spec.urls.app}`);
          if (hint) io.stderr.write(`${hint}\n`);
          return spec.urls.app;
        });
      } finally {
        await conn.close();
      }
    });
}

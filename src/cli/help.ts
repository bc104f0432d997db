import type { Command } from 'commander';
import type { Io } from './context.js';
import { usageError } from './exit-codes.js';

export const TOPICS: Record<string, string> = {
  'exit-codes': `Exit codes

  0  ok (an empty list is ok too)
  1  error
  2  usage: unknown flag or command, invalid input, a missing --yes
  3  cancelled (a prompt answered no, or Ctrl-C)
  4  authentication or permission (HTTP 401, 403)
  5  not found (HTTP 404)
  6  conflict or precondition (HTTP 409, 412), and a change-request merge or refresh
     whose result is "conflicts" (the pages are named on stderr)
  7  rate limited, still after retries (HTTP 429)
  8  server or network (HTTP 5xx, connection refused, timeout)
`,
  formatting: `Formatting output

  stdout carries only data; errors, hints, progress and confirmations go to stderr.

  On a terminal, lists print as a table and objects as key/value lines, with colour.
  When piped, every command that prints data prints tab-separated values: a list one
  item a line, an object one "field<TAB>value" line a field, a one-line answer (an id, a
  URL) as it is; no header, no padding, no colour, no truncation, exact ISO times, and a
  nested object or list as JSON. Piping never switches to JSON by itself. A record is one
  line: inside a value, backslash is written \\\\, tab \\t, newline \\n, carriage return \\r,
  any other control character \\xHH and a bidirectional mark, override or isolate \\uHHHH.
  A reader that stops early (| head) ends gbctl quietly with exit 0.

  Text from the API never reaches a terminal raw: tables, rows, plain text, prompts and
  error messages show control characters (escape sequences, carriage returns, backspaces)
  and bidirectional overrides escaped as above. JSON on stdout is the API's, byte for byte.

  --json               the response as JSON: an object, or for a list command an array of
                       its items, whatever the paging flags (--jq '.[0].id' always works)
  --json id,title      only these fields (of each item of a list): any field the response
                       documents, null where an object lacks it; an unknown field is a usage
                       error (exit 2, nothing sent) that lists the valid ones; a bare --json on
                       a terminal lists them
  --jq EXPR            filter the JSON with jq (a real jq, built in); strings print raw:
                         gbctl spaces list --jq '.[].title'
                         gbctl spaces list --all --jq 'map(select(.visibility == "public")) | length'
  When a list has more pages, the next page token is said on stderr ("more results: add
  --page TOKEN"); --all follows them. The API's raw envelope ({items, next}) is what
  "gbctl api GET /orgs/ORG/spaces" prints.

  Lists
  --page-size N        items per request (the API's "limit", 0 to 1000, default 50)
  --limit N            at most N items in all, fetching as many pages as needed
  --all                every page, printing items as they arrive
  --format FORMAT      table, tsv, json or ndjson (one JSON object a line), whether stdout
                       is a terminal or not: --format table draws a table into a pipe too.
                       --format table or tsv with --json, or --jq with any --format but
                       json, ask for two outputs: a usage error (exit 2)

  Colour is off when stdout is not a terminal, with NO_COLOR set (any value) or --no-color;
  FORCE_COLOR turns it on.
`,
  environment: `Environment variables

  GITBOOK_ENDPOINT      API host; set, gbctl talks HTTP to it (gbctl appends /v1)
  GITBOOK_TOKEN         API token
  GITBOOK_ORGANIZATION  default organization for organization-scoped commands
  GBCTL_PROFILE         configuration profile to use (as --profile)
  GBCTL_DATA            embedded store file (as --store)
  GBCTL_NO_INPUT        never prompt (as --no-input)
  GBCTL_DEBUG=api       trace every request on stderr (as --debug)
  GBCTL_CONFIG_DIR      where profiles and tokens are kept (default: the user's config directory)
  HTTPS_PROXY, HTTP_PROXY, NO_PROXY
                        proxy for HTTP requests
  NO_COLOR, FORCE_COLOR colour off / on
  CI                    set: never prompt
  XDG_DATA_HOME         base of the default embedded store (~/.local/share/gbctl/store.json)

  Precedence: flags, then environment variables, then the profile.
`,
};

/** `gbctl help [topic | command…]`. */
export function registerHelp(program: Command, io: Io): void {
  program
    .command('help')
    .argument('[topic...]', `a command, or one of: ${[...Object.keys(TOPICS), 'global-options'].join(', ')}`)
    .description('Show help for a command or a topic')
    .action((topic: string[]) => {
      const first = topic[0];
      if (!first) {
        io.stdout.write(program.helpInformation());
        io.stdout.write(`\nHelp topics: ${[...Object.keys(TOPICS), 'global-options'].map((t) => `gbctl help ${t}`).join(', ')}\n`);
        return;
      }
      if (first === 'global-options') {
        io.stdout.write(globalOptions(program));
        return;
      }
      const text = TOPICS[first];
      if (text) {
        io.stdout.write(text);
        return;
      }
      let cmd: Command | undefined = program;
      for (const name of topic) cmd = cmd?.commands.find((c) => c.name() === name);
      if (!cmd) throw usageError(`no help topic or command "${topic.join(' ')}"`, `topics: ${Object.keys(TOPICS).join(', ')}`);
      io.stdout.write(cmd.helpInformation());
    });
}

/** The root's options, said once here instead of under every command. */
function globalOptions(program: Command): string {
  const help = program.createHelp();
  const options = help.visibleOptions(program).filter((o) => o.long !== '--help');
  const width = Math.max(...options.map((o) => help.optionTerm(o).length));
  return `Options every command takes\n\n${options.map((o) => `  ${help.optionTerm(o).padEnd(width)}  ${help.optionDescription(o)}`).join('\n')}\n\nPrecedence for each setting: flags, then environment variables (gbctl help environment), then the profile.\n`;
}

import type { Command } from 'commander';
import { storePath, type GlobalOptions } from '../../src/cli/context.js';
import type { Io } from '../../src/cli/context.js';
import type { Cli } from '../../src/cli/deps.js';
import { ListPrinter, type JsonFlag } from '../../src/cli/emit.js';
import { CliError, Exit, exitForStatus, usageError } from '../../src/cli/exit-codes.js';
import { COMMAND_JOURNAL, openEmbedded, type Embedded } from '../../src/server/embedded.js';
import { keysOf } from '../../src/cli/output-flags.js';
import { HttpError, type AdminEnv, type MemberView, type OrgView, type TokenView, type UserView } from '../../src/server/admin/index.js';

/** What --json may name in the local commands' results, by what they print. */
const member = keysOf<MemberView>({ organization: true, user: true, displayName: true, role: true, joinedAt: true });
const token = keysOf<TokenView>({ id: true, label: true, user: true, displayName: true, createdAt: true, local: true });
export const FIELDS = {
  user: keysOf<UserView>({ id: true, displayName: true, email: true, createdAt: true, memberships: true }),
  org: keysOf<OrgView>({ id: true, title: true, createdAt: true, members: true, default: true }),
  member,
  memberSet: [...member, 'previousRole'],
  token,
  tokenCreated: [...token, 'secret', 'membership'],
};

export const LOCAL_ONLY = `
Local only: this edits the store file directly (--store, --data FILE or GBCTL_DATA). It is not
part of the platform API, and works whether or not "gbctl serve" is running on the file.`;

type Opts = GlobalOptions & { json?: JsonFlag; jq?: string; color?: boolean };

/** Opens the store file, makes sure it has its default organization and admin, runs `fn`, closes it. */
export async function withStore<R>(cmd: Command, { io, deps }: Pick<Cli, 'io' | 'deps'>, fn: (env: AdminEnv, embedded: Embedded) => Promise<R>): Promise<R> {
  const path = storePath(cmd.optsWithGlobals() as GlobalOptions, io.env, { dataAlias: true });
  let opened: Embedded;
  try {
    opened = await openEmbedded(deps.serverResources, { path, origin: '', ...COMMAND_JOURNAL, warn: (m) => io.stderr.write(`${m}\n`) });
  } catch (e) {
    throw new CliError((e as Error).message);
  }
  try {
    return await fn(opened.env, opened);
  } catch (e) {
    if (e instanceof HttpError) throw new CliError(e.message, e.status === 400 ? Exit.usage : exitForStatus(e.status), e.hint);
    if (e instanceof CliError) throw e;
    throw new CliError((e as Error).message);
  } finally {
    await opened.close();
  }
}

/** A list: a JSON array with --json, a table on a terminal, tab-separated rows otherwise. */
export async function outList(io: Io, o: Opts, items: object[], rows: Record<string, unknown>[], columns: string[]): Promise<void> {
  const printer = new ListPrinter(io, { json: o.json ?? false, ...(o.jq ? { jq: o.jq } : {}), color: o.color, columns }, () => rows);
  await printer.push(items);
  await printer.end();
}

export const opts = (cmd: Command) => cmd.optsWithGlobals() as Opts;

export const ORG_HELP = '\n--org ORG (the global option) names the organization, by id or title.';

export function requiredOrg(cmd: Command): string {
  const org = opts(cmd).org;
  if (org === undefined) throw usageError('--org is required: the organization, by id or title');
  return org;
}

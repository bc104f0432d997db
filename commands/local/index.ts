import type { Command } from 'commander';
import { storePath, type GlobalOptions, type Io } from '../../src/cli/context.js';
import type { BespokeModule, Cli } from '../../src/cli/deps.js';
import { CliError, Exit, usageError } from '../../src/cli/exit-codes.js';
import type { Env } from '../../src/server/context.js';
import type { LocalAdminError } from '../../src/server/admin/local-admin.js';

type Opts = GlobalOptions & { json?: unknown; jq?: string; color?: boolean };
type AdminEnv = Pick<Env, 'store' | 'clock' | 'ids'>;

const LOCAL_ONLY = `
Local only: this edits the store file directly (--store, --data FILE or GBCTL_DATA). It is not
part of the platform API, and works whether or not "gbctl serve" is running on the file.`;

/** Opens the store file, makes sure it has its default organization and admin, runs `fn`, closes it. */
async function withStore<R>(cmd: Command, io: Io, fn: (env: AdminEnv) => Promise<R>): Promise<R> {
  const path = storePath(cmd.optsWithGlobals() as GlobalOptions, io.env);
  const [{ JsonFileStore }, { ensureSeeded }, envMod, { LocalAdminError }] = await Promise.all([
    import('../../src/store/json-file-store.js'),
    import('../../src/server/admin/accounts.js'),
    import('../../src/server/env.js'),
    import('../../src/server/admin/local-admin.js'),
  ]);
  let store;
  try {
    store = JsonFileStore.open(path);
  } catch (e) {
    throw new CliError((e as Error).message);
  }
  try {
    const env = { store, clock: envMod.systemClock, ids: envMod.randomIds };
    await ensureSeeded(env);
    return await fn(env);
  } catch (e) {
    if (e instanceof LocalAdminError) throw asCliError(e);
    if (e instanceof CliError) throw e;
    throw new CliError((e as Error).message);
  } finally {
    await store.close();
  }
}

function asCliError(e: LocalAdminError): CliError {
  const code = e.kind === 'invalid' ? Exit.usage : e.kind === 'not-found' ? Exit.notFound : Exit.conflict;
  return new CliError(e.message, code, e.hint);
}

function wantsJson(o: Opts): boolean {
  return (o.json !== undefined && o.json !== false) || !!o.jq;
}

/** Prints data as JSON (or through --json fields / --jq), else `text` lines. */
async function out(io: Io, o: Opts, data: unknown, text: () => string | Promise<void>): Promise<void> {
  if (wantsJson(o)) {
    const [{ emit }, { jsonOption }] = await Promise.all([import('../../src/cli/emit.js'), import('../../src/cli/runner.js')]);
    await emit(io, data, { json: jsonOption(o.json) || true, ...(o.jq ? { jq: o.jq } : {}) });
    return;
  }
  const t = await text();
  if (typeof t === 'string') io.stdout.write(t.endsWith('\n') || t === '' ? t : `${t}\n`);
}

/** A list: a JSON array with --json, a table on a terminal, tab-separated rows otherwise. */
async function outList(io: Io, o: Opts, items: object[], rows: Record<string, unknown>[], columns: string[]): Promise<void> {
  if (wantsJson(o)) {
    const { selectFields } = await import('../../src/cli/output.js');
    const { jsonOption } = await import('../../src/cli/runner.js');
    const fields = jsonOption(o.json);
    const shown = Array.isArray(fields) ? selectFields({ items }, fields) : items;
    if (o.jq) {
      const { applyJq } = await import('../../src/cli/emit.js');
      io.stdout.write(await applyJq(shown, o.jq));
    } else io.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
    return;
  }
  const { renderRows, useColor } = await import('../../src/cli/output.js');
  await renderRows(io, rows, { color: useColor(io, o.color), columns });
}

const opts = (cmd: Command) => cmd.optsWithGlobals() as Opts;

const ORG_HELP = '\n--org ORG (the global option) names the organization, by id or title.';

function requiredOrg(cmd: Command): string {
  const org = opts(cmd).org;
  if (org === undefined) throw usageError('--org is required: the organization, by id or title');
  return org;
}

export const command: BespokeModule = {
  summary: "Manage the embedded store's local users, organizations, roles and tokens (local only, not part of the platform API)",
  register: (program, cli) => registerLocal(program, cli),
};

function registerLocal(program: Command, { io }: Cli): void {
  const local = program
    .command('local')
    .description(command.summary as string)
    .addHelpText(
      'after',
      `${LOCAL_ONLY}

A user acts through API tokens; what a token may do is the user's role in each organization:
admin, create, review, edit, comment or read (most to least). A user who is not a member of an
organization does not see its objects at all.

Examples:
  $ ORG=$(gbctl local orgs add --title "Acme" --store ./ci-store.json)
  $ REV=$(gbctl local users add --name "Reviewer" --email rev@example.com --store ./ci-store.json)
  $ export GITBOOK_TOKEN=$(gbctl local tokens create --user "$REV" --org "$ORG" --role review --store ./ci-store.json)`,
    );

  local
    .command('token')
    .description('Mint a new API token of the embedded store\'s admin and print it, once (for gbctl serve clients)')
    .addHelpText(
      'after',
      `
The store keeps only the token's SHA-256: a token cannot be shown again, so each run mints a new
one (labelled "local admin", "local admin 2", …; revoke old ones with "gbctl local tokens revoke").
The embedded CLI itself needs no token: it acts as the admin in its own process.

Examples:
  $ export GITBOOK_TOKEN=$(gbctl local token --store ./ci-store.json)`,
    )
    .action(async (_o: unknown, cmd: Command) => {
      const path = storePath(cmd.optsWithGlobals() as GlobalOptions, io.env);
      const [{ JsonFileStore }, { mintAdminToken }, envMod] = await Promise.all([
        import('../../src/store/json-file-store.js'),
        import('../../src/server/admin/accounts.js'),
        import('../../src/server/env.js'),
      ]);
      let store;
      try {
        store = JsonFileStore.open(path);
      } catch (e) {
        throw new CliError((e as Error).message);
      }
      try {
        const token = await mintAdminToken({ store, clock: envMod.systemClock, ids: envMod.randomIds });
        io.stdout.write(`${token}\n`);
      } catch (e) {
        throw new CliError((e as Error).message);
      } finally {
        await store.close();
      }
    });

  // ---- users ----
  const users = local.command('users').description('Add and list the store\'s users (local only)').addHelpText('after', LOCAL_ONLY);
  users
    .command('add')
    .description('Add a user; prints its id')
    .requiredOption('--name <name>', 'display name')
    .option('--email <email>', 'email address (unique; can name the user in other commands)')
    .addHelpText('after', '\nExamples:\n  $ gbctl local users add --name "Ada" --email ada@example.com')
    .action(async (o: { name: string; email?: string }, cmd: Command) => {
      const { createUser } = await import('../../src/server/admin/local-admin.js');
      const u = await withStore(cmd, io, (env) => env.store.write((tx) => createUser(env, tx, { name: o.name, email: o.email })));
      io.stderr.write(`Added user "${u.displayName}" (${u.id})\n`);
      await out(io, opts(cmd), u, () => u.id);
    });
  users
    .command('list')
    .description('List users with their roles')
    .action(async (_o: unknown, cmd: Command) => {
      const { listUsers } = await import('../../src/server/admin/local-admin.js');
      const all = await withStore(cmd, io, (env) => env.store.read((tx) => listUsers(tx)));
      const rows = all.map((u) => ({ ...u, memberships: u.memberships.map((m) => `${m.organization}:${m.role}`).join(' ') }));
      await outList(io, opts(cmd), all, rows, ['id', 'displayName', 'email', 'memberships']);
    });

  // ---- organizations ----
  const orgsCmd = local.command('orgs').description('Add and list organizations (local only)').addHelpText('after', LOCAL_ONLY);
  orgsCmd
    .command('add')
    .description('Add an organization (with no members: add them with "gbctl local members add"); prints its id')
    .requiredOption('--title <title>', 'title of the organization')
    .addHelpText('after', '\nExamples:\n  $ gbctl local orgs add --title "Acme"')
    .action(async (o: { title: string }, cmd: Command) => {
      const { createOrg } = await import('../../src/server/admin/local-admin.js');
      const org = await withStore(cmd, io, (env) => env.store.write((tx) => createOrg(env, tx, { title: o.title })));
      io.stderr.write(`Added organization "${org.title}" (${org.id})\n`);
      await out(io, opts(cmd), org, () => org.id);
    });
  orgsCmd
    .command('list')
    .description('List organizations; "default" marks the one the embedded CLI uses')
    .action(async (_o: unknown, cmd: Command) => {
      const { listOrgs } = await import('../../src/server/admin/local-admin.js');
      const all = await withStore(cmd, io, (env) => env.store.read((tx) => listOrgs(tx)));
      const rows = all.map((x) => ({ ...x, default: x.default ? 'default' : '' }));
      await outList(io, opts(cmd), all, rows, ['id', 'title', 'members', 'default']);
    });

  // ---- memberships ----
  const members = local.command('members').description('Give users roles in organizations (local only)').addHelpText('after', LOCAL_ONLY);
  members
    .command('add')
    .description('Make a user a member of an organization with a role, or change their role')
    .requiredOption('--user <user>', 'user id or email')
    .requiredOption('--role <role>', 'admin, create, review, edit, comment or read')
    .addHelpText('after', `${ORG_HELP}\n\nExamples:\n  $ gbctl local members add --org "$ORG" --user ada@example.com --role edit`)
    .action(async (_o: unknown, cmd: Command) => {
      const o = { ...cmd.opts<{ user: string; role: string }>(), org: requiredOrg(cmd) };
      const { setMember } = await import('../../src/server/admin/local-admin.js');
      const m = await withStore(cmd, io, (env) => env.store.write((tx) => setMember(env, tx, o)));
      const how = m.previousRole ? `changed from "${m.previousRole}" to "${m.role}"` : `"${m.role}"`;
      io.stderr.write(`User ${m.user} in organization ${m.organization}: ${how}\n`);
      await out(io, opts(cmd), m, () => '');
    });
  members
    .command('remove')
    .description('Remove a user from an organization')
    .requiredOption('--user <user>', 'user id or email')
    .addHelpText('after', ORG_HELP)
    .action(async (_o: unknown, cmd: Command) => {
      const o = { ...cmd.opts<{ user: string }>(), org: requiredOrg(cmd) };
      const { removeMember } = await import('../../src/server/admin/local-admin.js');
      const m = await withStore(cmd, io, (env) => env.store.write((tx) => removeMember(tx, o)));
      io.stderr.write(`Removed user ${m.user} from organization ${m.organization}\n`);
    });
  members
    .command('list')
    .description('List memberships (of one organization with --org)')
    .addHelpText('after', ORG_HELP)
    .action(async (_o: unknown, cmd: Command) => {
      const org = opts(cmd).org;
      const { listMembers } = await import('../../src/server/admin/local-admin.js');
      const all = await withStore(cmd, io, (env) => env.store.read((tx) => listMembers(tx, org)));
      await outList(io, opts(cmd), all, all.map((m) => ({ ...m })), ['organization', 'user', 'displayName', 'role']);
    });

  // ---- tokens ----
  const tokensCmd = local
    .command('tokens')
    .description('Create, list and revoke API tokens (local only; stored hashed)')
    .addHelpText('after', `${LOCAL_ONLY}\nA token's secret is printed once, when it is created; the store keeps only its SHA-256.`);
  tokensCmd
    .command('create')
    .description('Create an API token for a user; prints the secret (once)')
    .requiredOption('--user <user>', 'user id or email')
    .option('--role <role>', 'role in --org: admin, create, review, edit, comment or read; the user is made a member with it')
    .option('--label <label>', 'unique name of the token (default: derived from the user)')
    .addHelpText('after', `${ORG_HELP}\nWith --role, the user becomes a member with that role (or their role changes); without
it, the user must already be a member.`)
    .addHelpText('after', '\nExamples:\n  $ export GITBOOK_TOKEN=$(gbctl local tokens create --user ada@example.com --org "$ORG" --role read --label ci-reader)')
    .action(async (_o: unknown, cmd: Command) => {
      const org = opts(cmd).org;
      const o = { ...cmd.opts<{ user: string; role?: string; label?: string }>(), ...(org !== undefined ? { org } : {}) };
      if (o.role !== undefined && o.org === undefined) throw usageError('--role needs --org: a role is held in an organization');
      const { createToken } = await import('../../src/server/admin/local-admin.js');
      const t = await withStore(cmd, io, (env) => env.store.write((tx) => createToken(env, tx, o)));
      const role = t.membership ? ` (${t.membership.role} in ${t.membership.organization})` : '';
      io.stderr.write(`Created token "${t.label}" for user ${t.user}${role}; its secret is shown only now\n`);
      await out(io, opts(cmd), t, () => t.secret);
    });
  tokensCmd
    .command('list')
    .description('List tokens: ids, labels and users, never secrets')
    .option('--user <user>', 'only this user\'s tokens (id or email)')
    .action(async (_o: unknown, cmd: Command) => {
      const o = cmd.opts<{ user?: string }>();
      const { listTokens } = await import('../../src/server/admin/local-admin.js');
      const all = await withStore(cmd, io, (env) => env.store.read((tx) => listTokens(tx, o.user)));
      const rows = all.map((t) => ({ ...t, id: t.id.slice(0, 12), local: t.local ? 'local' : '' }));
      await outList(io, opts(cmd), all, rows, ['id', 'label', 'user', 'displayName', 'createdAt', 'local']);
    });
  tokensCmd
    .command('revoke')
    .argument('<token>', 'token id (or a unique prefix of 8+ characters), label, or the secret itself')
    .description('Revoke a token: requests with it answer 401 from then on')
    .addHelpText('after', '\nExamples:\n  $ gbctl local tokens revoke ci-reader')
    .action(async (ref: string, _o: unknown, cmd: Command) => {
      const { revokeToken } = await import('../../src/server/admin/local-admin.js');
      const t = await withStore(cmd, io, (env) => env.store.write((tx) => revokeToken(tx, ref)));
      io.stderr.write(`Revoked token "${t.label}" of user ${t.user}\n`);
      await out(io, opts(cmd), t, () => '');
    });
}

import type { Command } from 'commander';
import type { BespokeModule, Cli } from '../../src/cli/deps.js';
import { registerToken } from './token.js';
import { registerUsersAdd } from './users-add.js';
import { registerUsersList } from './users-list.js';
import { registerOrgsAdd } from './orgs-add.js';
import { registerOrgsList } from './orgs-list.js';
import { registerMembersAdd } from './members-add.js';
import { registerMembersRemove } from './members-remove.js';
import { registerMembersList } from './members-list.js';
import { registerTokensCreate } from './tokens-create.js';
import { registerTokensList } from './tokens-list.js';
import { registerTokensRevoke } from './tokens-revoke.js';
import { LOCAL_ONLY } from './with-store.js';

export const command: BespokeModule = {
  summary: "Manage the embedded store's local users, organizations, roles and tokens (local only, not part of the platform API)",
  register: (program, cli) => registerLocal(program, cli),
};

function registerLocal(program: Command, cli: Cli): void {
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

  registerToken(local, cli);

  // ---- users ----
  const users = local.command('users').description("Add and list the store's users (local only)").addHelpText('after', LOCAL_ONLY);
  registerUsersAdd(users, cli);
  registerUsersList(users, cli);

  // ---- organizations ----
  const orgsCmd = local.command('orgs').description('Add and list organizations (local only)').addHelpText('after', LOCAL_ONLY);
  registerOrgsAdd(orgsCmd, cli);
  registerOrgsList(orgsCmd, cli);

  // ---- memberships ----
  const members = local.command('members').description('Give users roles in organizations (local only)').addHelpText('after', LOCAL_ONLY);
  registerMembersAdd(members, cli);
  registerMembersRemove(members, cli);
  registerMembersList(members, cli);

  // ---- tokens ----
  const tokensCmd = local
    .command('tokens')
    .description('Create, list and revoke API tokens (local only; stored hashed)')
    .addHelpText('after', `${LOCAL_ONLY}\nA token's secret is printed once, when it is created; the store keeps only its SHA-256.`);
  registerTokensCreate(tokensCmd, cli);
  registerTokensList(tokensCmd, cli);
  registerTokensRevoke(tokensCmd, cli);
}

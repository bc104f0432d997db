import { Role } from '../../contract/schemas/common.js';
import type { Row } from '../../store/store.js';
import { hashToken, membershipId, memberships, meta, orgs, tokens, users } from '../model/org.js';
import { DEFAULT_ORG_KEY, LEGACY_LOCAL_TOKEN_KEY, LOCAL_USER_KEY } from './accounts.js';

/**
 * The first problem with a dataset's accounts, or undefined: what `gbctl store import` refuses,
 * since a store that passes would let a request act with a role that does not exist, as a user
 * who does not exist, or leave the embedded CLI with no admin to act as. A dataset with no
 * accounts at all passes: it gets its organization and admin when first opened.
 */
export function accountProblem(tables: Record<string, Row[]>): string | undefined {
  const rows = (name: string) => tables[name] ?? [];
  const userIds = new Set(rows(users.name).map((u) => u.id));
  const orgIds = new Set(rows(orgs.name).map((o) => o.id));
  const roles = new Map<string, unknown>();
  for (const m of rows(memberships.name)) {
    const { organization, user, role } = m as { organization?: unknown; user?: unknown; role?: unknown };
    const at = `tables.${memberships.name} record "${m.id}"`;
    if (!Role.safeParse(role).success) return `${at}: role ${JSON.stringify(role)} is not one of ${Role.options.join(', ')}`;
    if (typeof user !== 'string' || !userIds.has(user)) return `${at}: user ${JSON.stringify(user)} does not exist`;
    if (typeof organization !== 'string' || !orgIds.has(organization)) return `${at}: organization ${JSON.stringify(organization)} does not exist`;
    if (m.id !== membershipId(organization, user)) return `${at}: its id must be "${membershipId(organization, user)}" (organization:user)`;
    roles.set(m.id, role);
  }
  for (const t of rows(tokens.name)) {
    const user = (t as { user?: unknown }).user;
    if (typeof user !== 'string' || !userIds.has(user))
      return `tables.${tokens.name} record "${t.id.slice(0, 12)}…": user ${JSON.stringify(user)} does not exist`;
  }
  const settings = new Map(rows(meta.name).map((r) => [r.id, (r as { value?: unknown }).value]));
  if (!userIds.size && !orgIds.size && !settings.size && !rows(tokens.name).length) return undefined;
  const org = settings.get(DEFAULT_ORG_KEY);
  if (typeof org !== 'string') return `tables.${meta.name} has no "${DEFAULT_ORG_KEY}": the organization the embedded CLI works in`;
  if (!orgIds.has(org)) return `tables.${meta.name} "${DEFAULT_ORG_KEY}": organization ${JSON.stringify(org)} does not exist`;
  let admin = settings.get(LOCAL_USER_KEY);
  const legacy = settings.get(LEGACY_LOCAL_TOKEN_KEY);
  if (admin === undefined && typeof legacy === 'string') {
    admin = (rows(tokens.name).find((t) => t.id === hashToken(legacy)) as { user?: unknown } | undefined)?.user;
    if (admin === undefined) return `tables.${meta.name} "${LEGACY_LOCAL_TOKEN_KEY}" is not a token in tables.${tokens.name}`;
  }
  if (admin === undefined) return `tables.${meta.name} has no "${LOCAL_USER_KEY}": the admin user the embedded CLI acts as`;
  if (typeof admin !== 'string' || !userIds.has(admin)) return `tables.${meta.name} "${LOCAL_USER_KEY}": user ${JSON.stringify(admin)} does not exist`;
  if (roles.get(membershipId(org, admin)) !== 'admin') return `the admin user ${admin} is not an admin of the default organization ${org}`;
  return undefined;
}

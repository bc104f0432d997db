import { Role } from '../../contract/schemas/common.js';
import type { ReadTx, WriteTx } from '../../store/store.js';
import type { Env } from '../context.js';
import { HttpError } from '../http-error.js';
import { memberships, membershipId, orgs, tokens, users, type MembershipRecord, type OrgRecord, type TokenRecord, type UserRecord } from '../model/org.js';
import { addMember, addOrg, addToken, addUser, defaultOrganization, LOCAL_TOKEN_LABEL, localUser } from './accounts.js';
import { hashToken } from '../model/org.js';

/*
 * Local-only management of the embedded store's users, organizations, memberships and API
 * tokens, for `gbctl local …` (and tests). Not part of the platform API: nothing here is
 * reachable over HTTP. Token secrets are shown once, when created; the store keeps their SHA-256,
 * the admin's included. Refusals are HttpErrors like the services', so the CLI maps them to exit
 * codes the same way.
 */

type Ids = Pick<Env, 'clock' | 'ids'>;

const EMAIL = /^[^\s@]+@[^\s@]+$/;
const MAX_NAME = 100;

export function parseRole(value: string): Role {
  const r = Role.safeParse(value);
  if (!r.success) throw new HttpError(400, `"${value}" is not a role`, 'roles, from most to least: admin, create, review, edit, comment, read');
  return r.data;
}

/** A user by id, or by email (case-insensitive). */
export function findUser(tx: ReadTx, ref: string): UserRecord {
  const byId = tx.get(users, ref);
  if (byId) return byId;
  const byEmail = tx.all(users).filter((u) => u.email !== undefined && u.email.toLowerCase() === ref.toLowerCase());
  if (byEmail.length === 1) return byEmail[0] as UserRecord;
  throw new HttpError(404, `no user "${ref}"`, 'give a user id or email; see "gbctl local users list"');
}

/** An organization by id, or by its title when exactly one has it. */
export function findOrg(tx: ReadTx, ref: string): OrgRecord {
  const byId = tx.get(orgs, ref);
  if (byId) return byId;
  const byTitle = tx.all(orgs).filter((o) => o.title === ref);
  if (byTitle.length === 1) return byTitle[0] as OrgRecord;
  if (byTitle.length > 1)
    throw new HttpError(409, `${byTitle.length} organizations are titled "${ref}"`, 'give the organization id; see "gbctl local orgs list"');
  throw new HttpError(404, `no organization "${ref}"`, 'give an organization id or title; see "gbctl local orgs list"');
}

function checkName(what: string, value: string): string {
  const v = value.trim();
  if (!v) throw new HttpError(400, `${what} must not be empty`);
  if (v.length > MAX_NAME) throw new HttpError(400, `${what} is longer than ${MAX_NAME} characters`);
  return v;
}

// ---- users ----

export interface UserView {
  id: string;
  displayName: string;
  email?: string;
  createdAt: string;
  memberships: { organization: string; role: Role }[];
}

function userView(tx: ReadTx, u: UserRecord): UserView {
  return {
    id: u.id,
    displayName: u.displayName,
    ...(u.email ? { email: u.email } : {}),
    createdAt: u.createdAt,
    memberships: tx.where(memberships, 'user', u.id).map((m) => ({ organization: m.organization, role: m.role })),
  };
}

export function createUser(env: Ids, tx: WriteTx, input: { name: string; email?: string | undefined }): UserView {
  const name = checkName('--name', input.name);
  let email: string | undefined;
  if (input.email !== undefined) {
    email = input.email.trim();
    if (!EMAIL.test(email)) throw new HttpError(400, `"${input.email}" is not an email address`);
    const lower = email.toLowerCase();
    const taken = tx.all(users).find((u) => u.email?.toLowerCase() === lower);
    if (taken) throw new HttpError(409, `user ${taken.id} already has the email ${taken.email}`);
  }
  return userView(tx, addUser(env, tx, name, email));
}

export function listUsers(tx: ReadTx): UserView[] {
  return tx.all(users).map((u) => userView(tx, u));
}

// ---- organizations ----

export interface OrgView {
  id: string;
  title: string;
  createdAt: string;
  members: number;
  /** The organization the embedded CLI uses when none is given. */
  default: boolean;
}

function orgView(tx: ReadTx, o: OrgRecord): OrgView {
  return {
    id: o.id,
    title: o.title,
    createdAt: o.createdAt,
    members: tx.countWhere(memberships, 'organization', o.id),
    default: defaultOrganization(tx) === o.id,
  };
}

/**
 * A new organization, whose creator (the store's admin, whom the embedded CLI acts as) is made
 * its admin: otherwise nobody could act in it until "gbctl local members add".
 */
export function createOrg(env: Ids, tx: WriteTx, input: { title: string }): OrgView {
  const org = addOrg(env, tx, checkName('--title', input.title));
  const creator = localUser(tx);
  if (creator) addMember(env, tx, org.id, creator, 'admin');
  return orgView(tx, org);
}

export function listOrgs(tx: ReadTx): OrgView[] {
  return tx.all(orgs).map((o) => orgView(tx, o));
}

// ---- memberships ----

export interface MemberView {
  organization: string;
  user: string;
  displayName: string;
  role: Role;
  joinedAt: string;
}

function memberView(tx: ReadTx, m: MembershipRecord): MemberView {
  return { organization: m.organization, user: m.user, displayName: tx.get(users, m.user)?.displayName ?? '', role: m.role, joinedAt: m.joinedAt };
}

/** The embedded CLI's user must stay admin of the default organization, or the CLI stops working. */
function guardLocalAdmin(tx: ReadTx, org: string, user: string, what: string): void {
  if (user === localUser(tx) && org === defaultOrganization(tx)) {
    throw new HttpError(409, `user ${user} is the embedded CLI's admin of organization ${org}; ${what} would lock the CLI out`);
  }
}

/** Makes the user a member of the organization with the role, or changes the role. */
export function setMember(env: Ids, tx: WriteTx, input: { org: string; user: string; role: string }): MemberView & { previousRole?: Role } {
  const role = parseRole(input.role);
  const org = findOrg(tx, input.org);
  const user = findUser(tx, input.user);
  const existing = tx.get(memberships, membershipId(org.id, user.id));
  if (existing && existing.role === role) return memberView(tx, existing);
  if (existing && role !== 'admin') guardLocalAdmin(tx, org.id, user.id, `making it "${role}"`);
  if (existing) {
    const next = tx.put(memberships, { ...existing, role });
    return { ...memberView(tx, next), previousRole: existing.role };
  }
  addMember(env, tx, org.id, user.id, role);
  return memberView(tx, tx.get(memberships, membershipId(org.id, user.id)) as MembershipRecord);
}

export function removeMember(tx: WriteTx, input: { org: string; user: string }): MemberView {
  const org = findOrg(tx, input.org);
  const user = findUser(tx, input.user);
  const m = tx.get(memberships, membershipId(org.id, user.id));
  if (!m) throw new HttpError(404, `user ${user.id} is not a member of organization ${org.id}`);
  guardLocalAdmin(tx, org.id, user.id, 'removing it');
  tx.delete(memberships, m.id);
  return memberView(tx, m);
}

export function listMembers(tx: ReadTx, orgRef?: string): MemberView[] {
  const rows = orgRef === undefined ? tx.all(memberships) : tx.where(memberships, 'organization', findOrg(tx, orgRef).id);
  return rows.map((m) => memberView(tx, m));
}

// ---- tokens ----

export interface TokenView {
  /** SHA-256 of the secret: names the token without revealing it. */
  id: string;
  label: string;
  user: string;
  displayName: string;
  createdAt: string;
  /** A token of the store's admin minted by `gbctl local token`. */
  local: boolean;
}

function tokenView(tx: ReadTx, t: TokenRecord): TokenView {
  const local = t.user === localUser(tx) && (t.label === LOCAL_TOKEN_LABEL || t.label.startsWith(`${LOCAL_TOKEN_LABEL} `) || t.label === 'local default');
  return { id: t.id, label: t.label, user: t.user, displayName: tx.get(users, t.user)?.displayName ?? '', createdAt: t.createdAt, local };
}

function uniqueLabel(tx: ReadTx, wanted: string | undefined, user: UserRecord): string {
  const taken = new Set(tx.all(tokens).map((t) => t.label));
  if (wanted !== undefined) {
    const label = checkName('--label', wanted);
    if (taken.has(label))
      throw new HttpError(409, `a token is already labelled "${label}"`, 'labels name tokens for "gbctl local tokens revoke"; pick another');
    return label;
  }
  const base = user.email?.split('@')[0] || 'token';
  for (let n = 1; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * A new API token of the user; with `org` and `role`, also makes the user a member of that
 * organization with that role (or changes the role). The secret is returned once, never stored.
 */
export function createToken(
  env: Ids,
  tx: WriteTx,
  input: { user: string; org?: string | undefined; role?: string | undefined; label?: string | undefined },
): TokenView & { secret: string; membership?: MemberView } {
  const user = findUser(tx, input.user);
  let membership: MemberView | undefined;
  if (input.role !== undefined && input.org === undefined) throw new HttpError(400, '--role needs --org: a role is held in an organization');
  if (input.org !== undefined) {
    const org = findOrg(tx, input.org);
    if (input.role !== undefined) membership = setMember(env, tx, { org: org.id, user: user.id, role: input.role });
    else {
      const m = tx.get(memberships, membershipId(org.id, user.id));
      if (!m) throw new HttpError(404, `user ${user.id} is not a member of organization ${org.id}`, 'add --role ROLE to make them one');
      membership = memberView(tx, m);
    }
  }
  const label = uniqueLabel(tx, input.label, user);
  const secret = addToken(env, tx, user.id, label);
  const view = tokenView(tx, tx.get(tokens, hashToken(secret)) as TokenRecord);
  return { ...view, secret, ...(membership ? { membership } : {}) };
}

export function listTokens(tx: ReadTx, userRef?: string): TokenView[] {
  const rows = userRef === undefined ? tx.all(tokens) : tx.where(tokens, 'user', findUser(tx, userRef).id);
  return rows.map((t) => tokenView(tx, t));
}

/** The token named by its id, a unique prefix of it (8 or more characters), its label, or its secret. */
export function findToken(tx: ReadTx, ref: string): TokenRecord {
  const exact = tx.get(tokens, ref) ?? tx.get(tokens, hashToken(ref));
  if (exact) return exact;
  const all = tx.all(tokens);
  const byLabel = all.filter((t) => t.label === ref);
  if (byLabel.length === 1) return byLabel[0] as TokenRecord;
  if (byLabel.length > 1) throw new HttpError(409, `${byLabel.length} tokens are labelled "${ref}"`, 'give the token id; see "gbctl local tokens list"');
  if (/^[0-9a-f]{8,}$/.test(ref)) {
    const byPrefix = all.filter((t) => t.id.startsWith(ref));
    if (byPrefix.length === 1) return byPrefix[0] as TokenRecord;
    if (byPrefix.length > 1) throw new HttpError(409, `${byPrefix.length} token ids start with ${ref}`, 'give more of the id');
  }
  throw new HttpError(404, `no token "${ref}"`, 'give a token id (or a unique prefix of 8+ characters) or label; see "gbctl local tokens list"');
}

/** Revokes a token. The embedded CLI needs none (it acts as the admin in its own process), so any may go. */
export function revokeToken(tx: WriteTx, ref: string): TokenView {
  const t = findToken(tx, ref);
  const view = tokenView(tx, t);
  tx.delete(tokens, t.id);
  return view;
}

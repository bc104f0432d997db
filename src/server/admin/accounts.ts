import { StoreReadOnly } from '../../store/errors.js';
import type { ReadTx, Store, WriteTx } from '../../store/store.js';
import { isoNow, type Env } from '../context.js';
import { hashToken, meta, memberships, membershipId, orgs, tokens, users, type OrgRecord, type UserRecord } from '../model/org.js';
import type { Role } from '../../contract/schemas/common.js';
import { contentUpgraded, upgradeContent, upgradeContentIn } from '../model/revision-upgrade.js';

/** What the local operations read and write through: the store, its clock and its ids. */
export type AdminEnv = Pick<Env, 'store' | 'clock' | 'ids'>;

/** The organization the embedded CLI works in when none is given. */
export const DEFAULT_ORG_KEY = 'defaultOrganization';
/**
 * The admin user the embedded CLI acts as. It acts in this process, as that user, with no token:
 * so the store holds no secret of its own, only hashes of the tokens it hands out.
 */
export const LOCAL_USER_KEY = 'localUser';
/** Where stores made before then kept the admin token in plaintext; migrated on open. */
export const LEGACY_LOCAL_TOKEN_KEY = 'localToken';
/** The label of the tokens `gbctl local token` mints for the admin. */
export const LOCAL_TOKEN_LABEL = 'local admin';

/** The user the embedded CLI acts as, if the store has one. */
export function localUser(tx: ReadTx): string | undefined {
  const v = tx.get(meta, LOCAL_USER_KEY)?.value;
  return typeof v === 'string' ? v : undefined;
}

export function addUser(env: Pick<Env, 'clock' | 'ids'>, tx: WriteTx, displayName: string, email?: string): UserRecord {
  return tx.put(users, { id: env.ids.next(), displayName, ...(email ? { email } : {}), createdAt: isoNow(env) });
}

export function addOrg(env: Pick<Env, 'clock' | 'ids'>, tx: WriteTx, title: string): OrgRecord {
  return tx.put(orgs, { id: env.ids.next(), title, createdAt: isoNow(env) });
}

export function addMember(env: Pick<Env, 'clock'>, tx: WriteTx, org: string, user: string, role: Role): void {
  tx.put(memberships, { id: membershipId(org, user), organization: org, user, role, joinedAt: isoNow(env) });
}

/** A new API token of `user`; the store keeps its SHA-256, the secret is returned once. */
export function addToken(env: Pick<Env, 'clock' | 'ids'>, tx: WriteTx, user: string, label: string): string {
  const secret = `gb_local_${env.ids.secret()}`;
  tx.put(tokens, { id: hashToken(secret), user, label, createdAt: isoNow(env) });
  return secret;
}

/** The store's admin, as the embedded CLI acts. */
export interface LocalAdmin {
  user: string;
  organization: string;
  /** This call made the store's organization and admin (a new store). */
  created?: boolean;
  /** A plaintext admin token found in the store was removed (the store was then compacted, when it can be). */
  migrated?: boolean;
}

function readAdmin(tx: ReadTx): LocalAdmin | undefined {
  const user = localUser(tx);
  const organization = defaultOrganization(tx);
  return user && organization && !tx.get(meta, LEGACY_LOCAL_TOKEN_KEY) ? { user, organization } : undefined;
}

/**
 * A new store gets one organization and one admin user, with no token: tokens are minted when
 * someone will hold them (mintAdminToken), so none lies unused. A store that still holds its admin token in plaintext (`meta.localToken`) keeps the token, as
 * its hash, and loses the plaintext: then it is compacted, so that no file of it holds the secret.
 */
export async function ensureSeeded(env: AdminEnv): Promise<LocalAdmin> {
  // One read on the usual path (start-up of every embedded command): the admin and the content form together.
  const seen = await env.store.read((tx) => ({ admin: readAdmin(tx), upgraded: contentUpgraded(tx) }));
  if (seen.admin) {
    if (!seen.upgraded) {
      try {
        await upgradeContent(env.store);
      } catch (e) {
        // A read-only store keeps the older form: revisions read the same in either.
        if (!(e instanceof StoreReadOnly)) throw e;
      }
    }
    return seen.admin;
  }
  const made = await env.store.write((tx): LocalAdmin => {
    // A new store is marked upgraded in the same transaction: no extra journal record.
    upgradeContentIn(tx);
    const again = readAdmin(tx);
    if (again) return again;
    const legacy = tx.get(meta, LEGACY_LOCAL_TOKEN_KEY)?.value;
    const organization = defaultOrganization(tx);
    if (typeof legacy === 'string' && organization) {
      tx.delete(meta, LEGACY_LOCAL_TOKEN_KEY);
      const owner = localUser(tx) ?? tx.get(tokens, hashToken(legacy))?.user;
      if (owner) {
        tx.put(meta, { id: LOCAL_USER_KEY, value: owner });
        return { user: owner, organization, migrated: true };
      }
    }
    const user = addUser(env, tx, 'Local Admin', 'admin@localhost');
    const org = addOrg(env, tx, 'Local Organization');
    addMember(env, tx, org.id, user.id, 'admin');
    tx.put(meta, { id: LOCAL_USER_KEY, value: user.id });
    tx.put(meta, { id: DEFAULT_ORG_KEY, value: org.id });
    return { user: user.id, organization: org.id, created: true };
  });
  if (made.migrated) await compactIfFile(env.store);
  return made;
}

/** Rewrites a file store's snapshot and journal, so that what was removed is gone from the files too. */
async function compactIfFile(store: Store): Promise<void> {
  const s = store as Store & { compact?: () => Promise<void> };
  if (typeof s.compact === 'function') await s.compact();
}

/** A label for a new admin token: "local admin", then "local admin 2", … */
function adminLabel(tx: ReadTx): string {
  const taken = new Set(tx.all(tokens).map((t) => t.label));
  for (let n = 1; ; n++) {
    const label = n === 1 ? LOCAL_TOKEN_LABEL : `${LOCAL_TOKEN_LABEL} ${n}`;
    if (!taken.has(label)) return label;
  }
}

/** A new token of the store's admin (`gbctl local token`): its secret, shown once; the store keeps its hash. */
export async function mintAdminToken(env: AdminEnv): Promise<string> {
  const admin = await ensureSeeded(env);
  return env.store.write((tx) => addToken(env, tx, admin.user, adminLabel(tx)));
}

export function defaultOrganization(tx: ReadTx): string | undefined {
  const v = tx.get(meta, DEFAULT_ORG_KEY)?.value;
  return typeof v === 'string' ? v : undefined;
}

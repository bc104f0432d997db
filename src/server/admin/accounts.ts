import type { ReadTx, WriteTx } from '../../store/store.js';
import { isoNow, type Env } from '../context.js';
import { meta, memberships, membershipId, orgs, tokens, users, type OrgRecord, type UserRecord } from '../model/org.js';
import type { Role } from '../../contract/schemas/common.js';
import { hashToken } from '../model/org.js';

/** The token the embedded CLI uses, kept in the store so that it needs no configuration. */
export const LOCAL_TOKEN_KEY = 'localToken';

export function localToken(tx: ReadTx): string | undefined {
  const v = tx.get(meta, LOCAL_TOKEN_KEY)?.value;
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

export function addToken(env: Pick<Env, 'clock' | 'ids'>, tx: WriteTx, user: string, label: string): string {
  const secret = `gb_local_${env.ids.secret()}`;
  tx.put(tokens, { id: hashToken(secret), user, label, createdAt: isoNow(env) });
  return secret;
}

/**
 * A new store holds one organization and one admin user whose token the embedded CLI uses.
 * Returns that token.
 */
export async function ensureSeeded(env: Env): Promise<string> {
  const existing = await env.store.read((tx) => localToken(tx));
  if (existing) return existing;
  return env.store.write((tx) => {
    const again = localToken(tx);
    if (again) return again;
    const user = addUser(env, tx, 'Local Admin', 'admin@localhost');
    const org = addOrg(env, tx, 'Local Organization');
    addMember(env, tx, org.id, user.id, 'admin');
    const secret = addToken(env, tx, user.id, 'local default');
    tx.put(meta, { id: LOCAL_TOKEN_KEY, value: secret });
    tx.put(meta, { id: 'defaultOrganization', value: org.id });
    return secret;
  });
}

export function defaultOrganization(tx: ReadTx): string | undefined {
  const v = tx.get(meta, 'defaultOrganization')?.value;
  return typeof v === 'string' ? v : undefined;
}

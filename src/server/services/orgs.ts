import type { ReadTx } from '../../store/store.js';
import { authorize, type Ctx } from '../context.js';
import { notFound } from '../http-error.js';
import { orgs, tokens, users, type OrgRecord, type UserRecord } from '../model/org.js';
import { hashToken } from '../model/org.js';

/** The organization, if the caller may act in it with the endpoint's role; 404 otherwise. */
export function orgFor(c: Ctx, tx: ReadTx, organizationId: string): OrgRecord {
  const org = tx.get(orgs, organizationId);
  if (!org) throw notFound(`organization ${organizationId} not found`);
  authorize(c, tx, org.id, `organization ${organizationId}`);
  return org;
}

/** The user a bearer secret stands for: a stored token's, or an in-process session's (Env.sessions). */
export function userFromToken(tx: ReadTx, secret: string, sessions?: ReadonlyMap<string, string>): UserRecord | undefined {
  const hash = hashToken(secret);
  const user = tx.get(tokens, hash)?.user ?? sessions?.get(hash);
  return user ? tx.get(users, user) : undefined;
}

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

export function userFromToken(tx: ReadTx, secret: string): UserRecord | undefined {
  const t = tx.get(tokens, hashToken(secret));
  return t ? tx.get(users, t.user) : undefined;
}

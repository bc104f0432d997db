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

/**
 * Hashes of the secrets of the last few requests: a client sends the same token on every request,
 * and hashing it was an eighth of the work of reading a space. A Map, not a comparison with the
 * last secret, so that a lookup's time says nothing of how much of a secret matched. It holds no
 * more than recent requests brought, and a revoked token's record is gone whatever its hash.
 */
const recentHashes = new Map<string, string>();
const RECENT_HASHES = 16;

function tokenHash(secret: string): string {
  let hash = recentHashes.get(secret);
  if (hash === undefined) {
    if (recentHashes.size >= RECENT_HASHES) recentHashes.clear();
    recentHashes.set(secret, (hash = hashToken(secret)));
  }
  return hash;
}

/** The user a bearer secret stands for: a stored token's, or an in-process session's (Env.sessions). */
export function userFromToken(tx: ReadTx, secret: string, sessions?: ReadonlyMap<string, string>): UserRecord | undefined {
  const hash = tokenHash(secret);
  const user = tx.get(tokens, hash)?.user ?? sessions?.get(hash);
  return user ? tx.get(users, user) : undefined;
}

import type { WriteTx } from '../../store/store.js';
import type { Env } from '../context.js';
import { memberships, tokens } from '../model/org.js';
import { addToken, defaultOrganization } from './accounts.js';

/** What a server hands a CI job to talk to it as the store's admin. */
export interface OperatorToken {
  /** The secret, shown once: the store keeps only its hash. */
  secret: string;
  user: string;
  organization: string;
}

/**
 * A fresh token for the store's admin (the first admin of its default organization, who also
 * holds the test controls), labelled `label`. A token of that user with the same label is
 * revoked first, so a server restarted on the same file does not pile up tokens nobody holds.
 */
export function mintOperatorToken(env: Pick<Env, 'clock' | 'ids'>, tx: WriteTx, label: string): OperatorToken {
  const organization = defaultOrganization(tx);
  if (!organization) throw new Error('the store has no default organization');
  const admins = tx
    .where(memberships, 'organization', organization)
    .filter((m) => m.role === 'admin')
    .sort((a, b) => a.joinedAt.localeCompare(b.joinedAt));
  const user = admins[0]?.user;
  if (!user) throw new Error(`organization ${organization} has no admin`);
  for (const t of tx.where(tokens, 'user', user)) if (t.label === label) tx.delete(tokens, t.id);
  return { secret: addToken(env, tx, user, label), user, organization };
}

import type { Env } from '../context.js';
import type { UserRecord } from '../model/org.js';

/** The User shape of the API. */
export function toUser(c: Pick<Env, 'origin'>, u: UserRecord) {
  return {
    object: 'user' as const,
    id: u.id,
    displayName: u.displayName,
    ...(u.email ? { email: u.email } : {}),
    urls: { location: `${c.origin}/v1/users/${u.id}` },
  };
}

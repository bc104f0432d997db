import { randomBytes } from 'node:crypto';
import type { InProcessSession } from '../exchange.js';
import { hashToken } from '../model/org.js';

/** The embedded admin's ways in: one for this process's own requests, one secret for a client of a read-only server. */
export interface EmbeddedSession {
  /** What the embedded CLI's requests carry (CoreRequest.session): no secret to make, hash or check. */
  readonly inProcess: InProcessSession;
  /** SHA-256 of the secret, once made, and the user it stands for (Env.sessions). */
  readonly sessions: ReadonlyMap<string, string>;
  /** The secret, made on first use. */
  readonly token: string;
}

/**
 * The embedded CLI acts as the store's admin inside its own process. Its requests carry an object
 * only this process holds, so a command that only reads the store loads no crypto at all. A
 * server that hands its client a session (read-only: no token can be stored) asks for `token`,
 * a secret made then from crypto, living only in this process's memory, held by its hash.
 */
export function embeddedSession(user: string): EmbeddedSession {
  const sessions = new Map<string, string>();
  let token: string | undefined;
  return {
    inProcess: Object.freeze({ user }),
    sessions,
    get token() {
      if (token === undefined) {
        token = `gb_session_${randomBytes(32).toString('base64url')}`;
        sessions.set(hashToken(token), user);
      }
      return token;
    },
  };
}

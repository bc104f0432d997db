import { randomBytes } from 'node:crypto';
import { hashToken } from '../model/org.js';

/**
 * The embedded CLI acts as the store's admin inside its own process: it makes a secret that lives
 * only in this process's memory and hands the app the secret's hash and the user it stands for.
 * No file holds it, and it means nothing to any other process, a `gbctl serve` included.
 */
export function embeddedSession(user: string): { token: string; sessions: ReadonlyMap<string, string> } {
  const token = `gb_session_${randomBytes(32).toString('base64url')}`;
  return { token, sessions: new Map([[hashToken(token), user]]) };
}

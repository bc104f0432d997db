import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Whether a secret given by a caller (a share key) is the one kept, in time that does not depend
 * on where they first differ: both are hashed to the same length and compared whole.
 */
export function sameSecret(given: string | undefined, kept: string): boolean {
  if (given === undefined || kept === '') return false;
  return timingSafeEqual(digest(given), digest(kept));
}

import { makeCtx, type Ctx, type Env } from '../context.js';
import { memberships, users } from '../model/org.js';
import type { ReadTx } from '../../store/store.js';

/**
 * A read-only context that sees an organization's content: the web layer has already decided
 * the visitor may see the page (the site's visibility, or the member's sign-in), and services
 * such as search are then asked on the organization's behalf.
 */
export function readerFor(env: Env, tx: ReadTx, organization: string): Ctx | undefined {
  const admin = tx.where(memberships, 'organization', organization).find((m) => m.role === 'admin');
  const user = admin ? tx.get(users, admin.user) : undefined;
  return user ? makeCtx(env, 'read', user) : undefined;
}

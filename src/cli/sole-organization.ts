import type { Client } from '../client/client.js';
import { usageError } from './exit-codes.js';

const HINT = 'pass --org ORG, set GITBOOK_ORGANIZATION, or "gbctl profile set organization ORG"';

/**
 * Over HTTP with no organization given: the caller's only organization, asked of the server
 * (`GET /v1/orgs`, the catalogue's account.orgs). With none or several it is still a usage
 * error, naming the ones there are so the user can pick.
 */
export async function soleOrganization(client: Client): Promise<string> {
  const res = await client.send({ method: 'GET', path: '/v1/orgs?limit=20', headers: { accept: 'application/json' } });
  const list = JSON.parse(res.body) as { items?: { id: string; title?: string }[]; next?: unknown };
  const items = list.items ?? [];
  if (items.length === 1 && !list.next) return (items[0] as { id: string }).id;
  if (items.length === 0) throw usageError("no organization given, and the token's user belongs to none", HINT);
  const named = items.map((o) => (o.title ? `${o.id} (${o.title})` : o.id)).join(', ');
  throw usageError(`no organization given, and the token's user belongs to several: ${named}${list.next ? ', …' : ''}`, HINT);
}

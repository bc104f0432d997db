import type { Client } from '../client/client.js';
import type { Endpoint } from '../contract/endpoint.js';
import { pathParams } from '../contract/endpoint.js';
import type { Io } from './context.js';
import type { CliResources } from './deps.js';
import type { Overlay } from './overlay.js';
import { usageError } from './exit-codes.js';
import { canPrompt, confirmOrFail, type Confirmation } from './prompt.js';

/** The read of the object a destructive endpoint acts on: `spaces.delete` is read by `spaces.get`, `comments.delete-reply` by `comments.get-reply`. */
function readerId(id: string): string | undefined {
  const m = /^([\w-]+)\.(delete|transfer|unpublish|remove)(-[\w-]+)?$/.exec(id);
  return m ? `${m[1]}.get${m[3] ?? ''}` : undefined;
}

/** A person's name for an object: its title, label or name, and its id. */
function nameOf(o: unknown, id: string): string {
  const r = (o ?? {}) as Record<string, unknown>;
  const title = [r.title, r.label, r.displayName, r.subject, r.slug, r.name].find((v) => typeof v === 'string' && v);
  return title ? `"${String(title)}" (${id})` : id;
}

/**
 * Asks before a destructive call (or requires --yes), naming the object by title where a person
 * will read it; returns that name, for the line that says what was done.
 */
export async function confirmEndpoint(
  ctx: { io: Io; resources: CliResources; client: Client; yes: boolean; noInput: boolean },
  endpoint: Endpoint,
  overlay: Overlay,
  params: Record<string, unknown>,
): Promise<string> {
  let name = lastId(params);
  // Only a person reads the title, so only then is the object read first.
  if (!ctx.yes && canPrompt(ctx.io, ctx.noInput)) {
    const reader = readerId(endpoint.id);
    const get = reader ? await ctx.resources.endpoint(reader) : undefined;
    if (get && pathParams(get.path).every((p) => params[p] !== undefined)) {
      name = nameOf(await ctx.client.call(get, { params }).catch(() => undefined), name);
    }
  }
  const action = actionOf(endpoint, name);
  const c: Confirmation = { action, question: overlay.confirm?.(params, name) ?? `${action[0]?.toUpperCase()}${action.slice(1)}?` };
  await confirmOrFail(ctx.io, c, ctx.yes, ctx.noInput);
  return name;
}

const lastId = (params: Record<string, unknown>) => Object.values(params).map(String).pop() ?? '';

/** The act in a few words: `delete space "Guides" (abc)`. */
function actionOf(endpoint: Endpoint, name: string): string {
  return `${endpoint.verb.replace(/-.*/, '')} ${endpoint.noun.replace(/s$/, '').replace(/-/g, ' ')} ${name}`;
}

/**
 * Off a terminal without --yes a destructive command is refused before it connects, so the
 * refusal (a usage error) leaves everything as it was, a store file not yet made included.
 */
export function refuseUnconfirmed(io: Io, endpoint: Endpoint, params: Record<string, unknown>, yes: boolean, noInput: boolean): void {
  if (endpoint.destructive && !yes && !canPrompt(io, noInput)) {
    throw usageError(`refusing to ${actionOf(endpoint, lastId(params))} without confirmation`, 'pass --yes to confirm');
  }
}

import type { Access } from '../contract/endpoint.js';
import type { Role } from '../contract/schemas/common.js';
import type { ReadMark, ReadTx, Store, WriteTx } from '../store/store.js';
import type { Clock, IdSource } from './env.js';
import type { InProcessSession } from './exchange.js';
import { forbidden, notFound } from './http-error.js';
import { memberships, membershipId, type UserRecord } from './model/org.js';
import { siteShareKeyOpensSpace } from './model/site.js';
import type { SpaceRecord } from './model/space.js';
import { sameSecret } from './model/secrets.js';

const RANK: Record<Role, number> = { read: 1, comment: 2, edit: 3, review: 4, create: 5, admin: 6 };

export function roleAtLeast(role: Role | undefined, needed: Access): boolean {
  return role !== undefined && RANK[role] >= RANK[needed];
}

/** Everything a service needs, shared by all requests of one server. */
export interface Env {
  store: Store;
  clock: Clock;
  ids: IdSource;
  /** Origin the API is served at, e.g. http://127.0.0.1:4000; used to build `urls`. */
  origin: string;
  /** Which translation shape the server serves. */
  translations: 'translation' | 'settings';
  /**
   * Whether imports and OpenAPI sources may read `file://` URLs from this machine. Off when the
   * server is reachable from other machines, unless asked for.
   */
  fileUrls?: boolean;
  /**
   * Whether imports and OpenAPI sources may fetch from loopback, private, link-local and other
   * non-public addresses (lib/outbound.ts). Off unless set: on for the embedded CLI (the user's
   * own machine) and for a server bound to loopback; otherwise `serve --allow-private-urls`.
   */
  privateUrls?: boolean;
  /**
   * In-process credentials (see admin/session.ts): the SHA-256 of a secret that exists only in
   * this process's memory, and the user it acts as; a read-only server hands it to its client.
   */
  sessions?: ReadonlyMap<string, string>;
  /** The one InProcessSession whose requests this app takes (the embedded CLI's). */
  inProcess?: InProcessSession;
  /**
   * A folder beside the store file for what is worked out from the store and may be thrown away
   * (search indexes); none for a store in memory.
   */
  cacheDir?: string;
}

/** One request: the env, who is calling and the access the operation asks for. */
export interface Ctx extends Env {
  /**
   * The least role the operation needs, from the catalogue entry the request matched; services
   * check it without knowing which route called them.
   */
  access: Access;
  /** Absent for anonymous share-key reads. */
  caller?: UserRecord;
  /** The share key given in the query, if any. */
  shareKey?: string;
  read<R>(fn: (tx: ReadTx) => R): Promise<R>;
  write<R>(fn: (tx: WriteTx) => R): Promise<R>;
}

/** Per env, what every request's Ctx inherits: the env itself and its transactions. */
const bases = new WeakMap<Env, Env & Pick<Ctx, 'read' | 'write'>>();

/**
 * A request's Ctx: its own access, caller and share key over the env's fields, which it
 * inherits rather than copies. A spread of the env with the request's fields after it takes a
 * slow path in V8 (microseconds a request, more than routing and validating a GET together).
 */
export function makeCtx(env: Env, access: Access, caller: UserRecord | undefined, shareKey?: string, since?: ReadMark): Ctx {
  let base = bases.get(env);
  if (!base) {
    base = Object.create(env) as Env & Pick<Ctx, 'read' | 'write'>;
    base.read = (fn) => env.store.read(fn);
    base.write = (fn) => env.store.write(fn);
    bases.set(env, base);
  }
  const c = Object.create(base) as Ctx;
  c.access = access;
  c.caller = caller;
  if (shareKey !== undefined) c.shareKey = shareKey;
  // The request's reads share the look its authentication began (see Store.read).
  if (since !== undefined) c.read = (fn) => env.store.read(fn, since);
  return c;
}

/** The caller's role in an organization, if a member. */
export function roleIn(c: Ctx, tx: ReadTx, organization: string): Role | undefined {
  if (!c.caller) return undefined;
  return tx.get(memberships, membershipId(organization, c.caller.id))?.role;
}

/**
 * Checks that the caller may do this endpoint's operation on an object of the organization.
 * A non-member gets 404 (the object does not exist for them); a member with too low a role 403.
 */
export function authorize(c: Ctx, tx: ReadTx, organization: string, what: string, access: Access = c.access): Role {
  const role = roleIn(c, tx, organization);
  if (!role) throw notFound(`${what} not found`);
  if (!roleAtLeast(role, access)) {
    throw forbidden(`your role "${role}" in organization ${organization} does not allow this; it needs "${access}" or above`);
  }
  return role;
}

export function isoNow(c: Pick<Env, 'clock'>): string {
  return c.clock.now().toISOString();
}

/** An anonymous caller's share key opens the space: its own (share-link space) or a published share-link site's that holds it. */
export function shareKeyOpensSpace(c: Ctx, tx: ReadTx, s: SpaceRecord): boolean {
  if (c.caller || c.shareKey === undefined || c.access !== 'read') return false;
  return (s.visibility === 'share-link' && sameSecret(c.shareKey, s.shareKey)) || siteShareKeyOpensSpace(tx, s.id, c.shareKey);
}

import type * as z from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Any zod object schema; request parts (params, query, body) are always objects. */
export type AnyObject = z.ZodObject;

/**
 * The least role a caller needs in the object's organization. Roles rank
 * read < comment < edit < review < create < admin, as the description orders them.
 */
export type Access = 'read' | 'comment' | 'edit' | 'review' | 'create' | 'admin';

/** Where the CLI puts an endpoint: `gbctl <noun> <verb>`, optionally as a scoped variant. */
export interface CliPlacement {
  noun?: string;
  verb?: string;
  /**
   * When set, this endpoint is the variant of `<noun> <verb>` selected by an option
   * (e.g. `--change-request N`) that fills the named path parameter.
   */
  scope?: { param: string; option: string };
  /** Query or body fields taken as positional arguments after the path parameters. */
  args?: string[];
  /**
   * The page the path names may be absent from the content it acts in (a conflicted page the
   * change request deleted): a page path is still looked up, an id not found is sent as given.
   */
  pageMayBeAbsent?: true;
}

/**
 * A query, body or answer schema as an endpoint is declared with it: the schema, or a function
 * that makes it when first read (defineResource), so that a command builds the schemas of the
 * endpoint it calls and not those of every endpoint of its resource. zod's schemas are slow to
 * make: a resource's were a tenth of a short command's run.
 */
export type Deferred<T> = T | (() => T);

/** One endpoint of the API as declared (see Endpoint for it as read). */
export interface EndpointSpec {
  method: Method;
  /** Path relative to /v1 with `{param}` placeholders. */
  path: string;
  /** One line, imperative, shown in `--help` and `gbctl api endpoints`. */
  summary: string;
  params?: AnyObject;
  query?: Deferred<AnyObject>;
  body?: Deferred<AnyObject>;
  /** Absent when the success response has no body. */
  response?: Deferred<z.ZodType>;
  status: 200 | 201 | 204;
  access: Access;
  cli?: CliPlacement;
  /** Set on routes that the description does not have; says what they are for. */
  extension?: string;
  /** A route of gbctl's own, which the platform's API does not have (gbctl's servers answer it). */
  gbctlOnly?: true;
  /** Destructive operations confirm on a TTY and need `--yes` otherwise. */
  destructive?: boolean;
}

/** What a deferred part is once made. */
type Made<T> = T extends () => infer R ? R : T;
const DEFERRED = ['query', 'body', 'response'] as const;
type DeferredPart = (typeof DEFERRED)[number];

/** One endpoint of the API, written once and read by the client, the CLI and the server: its schemas made. */
export type Endpoint<Id extends string = string, S extends EndpointSpec = EndpointSpec> = {
  [K in keyof S]: K extends DeferredPart ? Made<S[K]> : S[K];
} & {
  id: Id;
  noun: string;
  verb: string;
};

type Resource<N extends string, T extends Record<string, EndpointSpec>> = {
  [K in keyof T & string as `${N}.${K}`]: Endpoint<`${N}.${K}`, T[K]>;
};

/**
 * Declares the endpoints of one resource. Keys become ids `<name>.<key>` and, unless
 * `cli` says otherwise, the CLI command `gbctl <name> <key>`.
 */
export function defineResource<const N extends string, const T extends Record<string, EndpointSpec>>(name: N, specs: T): Resource<N, T> {
  const out: Record<string, Endpoint> = {};
  for (const [key, spec] of Object.entries(specs)) {
    const endpoint = {
      ...spec,
      // Every DELETE confirms; other destructive acts (transfer, unpublish) say so themselves.
      destructive: spec.destructive ?? spec.method === 'DELETE',
      id: `${name}.${key}`,
      noun: spec.cli?.noun ?? name,
      verb: spec.cli?.verb ?? key,
    };
    for (const part of DEFERRED) {
      const make = spec[part];
      if (typeof make !== 'function') continue;
      let made: ReturnType<typeof make> | undefined;
      Object.defineProperty(endpoint, part, { enumerable: true, get: () => (made ??= make()) });
    }
    out[`${name}.${key}`] = endpoint as Endpoint;
  }
  return out as Resource<N, T>;
}

/**
 * Whether the endpoint answers with a body, read without making its response schema: a request
 * that does not check its answer (the embedded CLI's) need not build it to learn it has one.
 */
export function answersWithBody(endpoint: Endpoint): boolean {
  const d = Object.getOwnPropertyDescriptor(endpoint, 'response');
  return !!d && (d.get !== undefined || d.value !== undefined);
}

/** Names of the `{param}` placeholders of a path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
}

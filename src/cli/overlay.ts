import type { Client } from '../client/client.js';
import type { BodyOf, ParamsOf, ResultOf } from '../contract/call-types.js';
import type { EndpointId, Endpoints } from '../contract/index.js';
import type { Io } from './context.js';
import type { CliError } from './exit-codes.js';
import type { Confirmation } from './prompt.js';

/** A flag that fills part of a request the generic flags cannot say well (e.g. a move position). */
export interface ExtraOption {
  /** The long option's name without dashes: `--${name}` on the command line, and the key it is parsed to. */
  name: string;
  /** The value it takes, as help shows it (`<path>`); absent for a switch. */
  value?: string;
  /** A one-letter alias. */
  short?: string;
  description: string;
  /** Fills the request from the flag's value (reading stdin through `io`); absent for flags read only by `after`. */
  apply?: (value: string, input: InvocationInput, io: Io) => void;
}

/** The option as commander declares it and help shows it: `-y, --yes`, `--file <path>`. */
export const flagsOf = (x: ExtraOption): string => `${x.short ? `-${x.short}, ` : ''}--${x.name}${x.value ? ` ${x.value}` : ''}`;

/**
 * A command beside an endpoint's own that sends it with some body fields fixed: `comments
 * resolve` is `comments update` with `{ resolved: true }`. It takes the endpoint's arguments and
 * scope flags, and no other body: --data and field flags are refused.
 */
export interface Alias<B = Record<string, unknown>> {
  verb: string;
  summary: string;
  body: Partial<B>;
  examples?: string[];
}

/**
 * What a command shows beyond what the catalogue says (commands/overlays/), for an endpoint whose
 * path parameters are `P`, whose answer is `R` and whose request body is `B`.
 */
export interface Overlay<P = Record<string, unknown>, R = unknown, B = Record<string, unknown>> {
  /** Table columns for lists (dotted paths allowed). */
  columns?: string[];
  /** Question asked on a TTY before a destructive call; `name` is the object's title and id where known. */
  confirm?: (params: P, name: string) => string;
  /** Said on stderr after success (always for destructive commands, else on a terminal), given the call's answer. */
  done?: (params: P, result: R) => string;
  examples?: string[];
  options?: ExtraOption[];
  /** Longer help text. */
  description?: string;
  /**
   * What to show instead of the call's answer when not --json (of a list, each page's items);
   * a string is printed as-is. `terminal`: a person reads it (a table, not rows). Not used when
   * `after` gives what is shown.
   */
  view?: (result: R, input: InvocationInput, terminal?: boolean) => unknown;
  /** Checks the command line before anything is sent (a usage error means nothing happened). */
  check?: (opts: Record<string, unknown>) => void;
  /**
   * A failure an answer reports though the call succeeded (a merge refused for conflicts): the
   * result is printed as usual, then the command fails with this error and its exit code.
   */
  failure?: (params: P, result: R) => CliError | undefined;
  /**
   * Looks, once connected and before the call, at what the call would do; a confirmation it
   * returns is asked on a terminal and otherwise needs --yes (which the overlay then declares),
   * like a destructive command's.
   */
  confirmFirst?: (ctx: { client: Client; input: InvocationInput }) => Promise<Confirmation | undefined>;
  /** Commands that send this endpoint with a fixed body (see Alias). */
  aliases?: Alias<B>[];
  /** Runs after a successful call, before output, e.g. to save a download. Its return value is shown instead of the answer. */
  after?: (ctx: { result: R; opts: Record<string, unknown>; io: Io; client: Client; input: InvocationInput }) => Promise<unknown>;
}

export interface InvocationInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
}

type NounOf<K extends EndpointId> = Endpoints[K] extends { cli: { noun: infer N extends string } } ? N : K extends `${infer R}.${string}` ? R : never;
type VerbOf<K extends EndpointId> = Endpoints[K] extends { cli: { verb: infer V extends string } } ? V : K extends `${string}.${infer V}` ? V : never;
type IsScoped<K extends EndpointId> = Endpoints[K] extends { cli: { scope: object } } ? true : false;

/** The scoped variants of an endpoint's command (`--change-request`), which run with its overlay when they have none of their own. */
export type VariantsOf<K extends EndpointId> = {
  [S in EndpointId]: IsScoped<S> extends true ? (NounOf<S> extends NounOf<K> ? (VerbOf<S> extends VerbOf<K> ? S : never) : never) : never;
}[EndpointId];

/** The overlay of one endpoint: its callbacks get the path parameters and the answer of it or of a scoped variant of it. */
export type OverlayOf<K extends EndpointId> = Overlay<ParamsOf<Endpoints[K]>, ResultOf<Endpoints[K | VariantsOf<K>]>, BodyOf<Endpoints[K]>>;

/** Overlays keyed by endpoint id: an id the catalogue lacks, or a field its answer lacks, does not compile. */
export type Overlays = { [K in EndpointId]?: OverlayOf<K> };

/**
 * The overlay of an endpoint named at run time, its callbacks taking any answer. Sound as the
 * runner uses it: it hands each overlay the parameters and the answer of its own endpoint's call.
 */
export function overlayOf(overlays: Overlays, id: string): Overlay | undefined {
  return Object.hasOwn(overlays, id) ? (overlays[id as EndpointId] as Overlay | undefined) : undefined;
}

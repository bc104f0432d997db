import type { Client } from '../client/client.js';
import type { Io } from './context.js';
import type { CliError } from './exit-codes.js';
import type { Confirmation } from './prompt.js';

/** A flag that fills part of a request the generic flags cannot say well (e.g. a move position). */
export interface ExtraOption {
  flags: string;
  description: string;
  /** Fills the request from the flag's value (reading stdin through `io`); absent for flags read only by `after`. */
  apply?: (value: string, input: InvocationInput, io: Io) => void;
}

/** What a command shows beyond what the catalogue says, keyed by endpoint id (commands/overlays/). */
export interface Overlay {
  /** Table columns for lists (dotted paths allowed). */
  columns?: string[];
  /** Question asked on a TTY before a destructive call; `name` is the object's title and id where known. */
  confirm?: (params: Record<string, unknown>, name: string) => string;
  /** Said on stderr after success (always for destructive commands, else on a terminal). */
  done?: (params: Record<string, unknown>, result: unknown) => string;
  examples?: string[];
  options?: ExtraOption[];
  /** Longer help text. */
  description?: string;
  /** What to show instead of the result when not --json; a string is printed as-is. `terminal`: a person reads it (a table, not rows). */
  view?: (result: unknown, input: InvocationInput, terminal?: boolean) => unknown;
  /** Checks the command line before anything is sent (a usage error means nothing happened). */
  check?: (opts: Record<string, unknown>) => void;
  /**
   * A failure an answer reports though the call succeeded (a merge refused for conflicts): the
   * result is printed as usual, then the command fails with this error and its exit code.
   */
  failure?: (params: Record<string, unknown>, result: unknown) => CliError | undefined;
  /**
   * Looks, once connected and before the call, at what the call would do; a confirmation it
   * returns is asked on a terminal and otherwise needs --yes (which the overlay then declares),
   * like a destructive command's.
   */
  confirmFirst?: (ctx: { client: Client; input: InvocationInput }) => Promise<Confirmation | undefined>;
  /** Runs after a successful call, before output, e.g. to save a download. Its return value replaces the shown result. */
  after?: (ctx: { result: unknown; opts: Record<string, unknown>; io: Io; client: Client; input: InvocationInput }) => Promise<unknown>;
}

export interface InvocationInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
}

export type Overlays = Record<string, Overlay>;

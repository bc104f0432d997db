import type { CallInput } from '../client/client.js';

/** A flag that fills part of a request the generic flags cannot say well (e.g. a move position). */
export interface ExtraOption {
  flags: string;
  description: string;
  apply: (value: string, input: Required<Pick<CallInput, 'params' | 'query'>> & { body: Record<string, unknown> }) => void;
}

/** What a command shows beyond what the catalogue says. Keyed by endpoint id in commands/. */
export interface Overlay {
  /** Table columns for lists (dotted paths allowed). */
  columns?: string[];
  /** Question asked on a TTY before a destructive call. */
  confirm?: (params: Record<string, unknown>) => string;
  /** Said on stderr (TTY only) after success. */
  done?: (params: Record<string, unknown>, result: unknown) => string;
  examples?: string[];
  options?: ExtraOption[];
  /** Longer help text. */
  description?: string;
}

export type Overlays = Record<string, Overlay>;

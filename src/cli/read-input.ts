import { readFileSync } from 'node:fs';
import { usageError } from './exit-codes.js';

/** Where a command reads its input from: a file path, or "-" for standard input. */
export interface InputSource {
  /** The flag or argument that named it, for messages (`--file`, `--data`, `FILE`). */
  flag: string;
  /** A path, or "-" for standard input. */
  path: string;
}

/**
 * Reads the text a flag names: a file, or standard input for "-". Every command that takes a
 * file or stdin reads it here, so each failure reads the same way and names the flag.
 */
export function readText(src: InputSource, readStdin: () => string): string {
  if (src.path === '-') return readStdin();
  try {
    return readFileSync(src.path, 'utf8');
  } catch (e) {
    throw usageError(`${src.flag}: cannot read ${src.path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

/** Parses JSON text; bad JSON is a usage error naming the flag (and the file, when there is one). */
export function parseJson(src: InputSource, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const where = src.path === '-' ? 'standard input' : src.path.startsWith('{') || src.path.startsWith('[') ? 'the value' : src.path;
    throw usageError(`${src.flag}: ${where} is not valid JSON (${(e as Error).message})`);
  }
}

/** A JSON object from a file or stdin. */
export function readJsonObject(src: InputSource, readStdin: () => string): Record<string, unknown> {
  return asObject(src, parseJson(src, readText(src, readStdin)));
}

export function asObject(src: InputSource, data: unknown): Record<string, unknown> {
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw usageError(`${src.flag}: expected a JSON object`);
  return data as Record<string, unknown>;
}

/**
 * A request body as `--data` takes it: `@FILE`, `-` (stdin) or inline JSON. Anything else is
 * refused by the caller before this is reached (see isBodyData).
 */
export function readBodyData(spec: string, readStdin: () => string): Record<string, unknown> {
  if (spec === '-' || spec.startsWith('@')) {
    const src = { flag: '--data', path: spec === '-' ? '-' : spec.slice(1) };
    return readJsonObject(src, readStdin);
  }
  const src = { flag: '--data', path: spec };
  return asObject(src, parseJson(src, spec));
}

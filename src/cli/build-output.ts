import { readFileSync } from 'node:fs';
import { CliError } from './exit-codes.js';
import type { Manifest } from './manifest.js';

/** Where the build writes the command tree, next to the CLI bundle (dist/). */
export const MANIFEST_FILE = 'manifest.json';

/**
 * The command tree as the build wrote it (dist/manifest.json): start-up, `--help` and completions
 * need neither zod nor the catalogue. The one place the CLI reads build output.
 */
export function builtManifest(): Manifest {
  const url = new URL(`./${MANIFEST_FILE}`, import.meta.url);
  try {
    return JSON.parse(readFileSync(url, 'utf8')) as Manifest;
  } catch (e) {
    throw new CliError(`this copy of gbctl is incomplete: cannot read ${url.pathname} (${(e as Error).message})`, 1, 'rebuild it with "npm run build"');
  }
}

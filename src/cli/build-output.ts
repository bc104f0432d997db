import { readFileSync } from 'node:fs';
import { CliError } from './exit-codes.js';
import { readManifestLines, type ManifestReader } from './manifest-reader.js';

/** Where the build writes the command tree, next to the CLI bundle (dist/). */
export const MANIFEST_FILE = 'manifest.json';

/**
 * The command tree as the build wrote it (dist/manifest.json, `manifestLines`): start-up, `--help`
 * and completions need neither zod nor the catalogue. The one place the CLI reads build output.
 */
export function builtManifest(): ManifestReader {
  const url = new URL(`./${MANIFEST_FILE}`, import.meta.url);
  try {
    return readManifestLines(readFileSync(url));
  } catch (e) {
    throw new CliError(`this copy of gbctl is incomplete: cannot read ${url.pathname} (${(e as Error).message})`, 1, 'rebuild it with "npm run build"');
  }
}

/** Where the build records what it was built from, next to the bundle (dist/). */
export const BUILD_FILE = 'build.json';

/** What the build recorded about itself: the git commit, when built in a checkout. */
export interface BuildInfo {
  commit: string | null;
}

/**
 * The build's record (dist/build.json). Missing when running from source (tests) or from a
 * build made before it existed: then the commit is unknown, which is not an error.
 */
export function buildInfo(): BuildInfo {
  try {
    const data = JSON.parse(readFileSync(new URL(`./${BUILD_FILE}`, import.meta.url), 'utf8')) as Partial<BuildInfo>;
    return { commit: typeof data.commit === 'string' ? data.commit : null };
  } catch {
    return { commit: null };
  }
}

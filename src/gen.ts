import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { BUILD_FILE, MANIFEST_FILE, type BuildInfo } from './cli/build-output.js';
import { makeCli } from './cli/deps.js';
import { buildProgram } from './cli/program.js';
import { cliDeps } from './main.js';
import { sourceManifest } from './manifest-source.js';
import { manifestLines } from './cli/manifest-reader.js';

/*
 * Build step: writes what the build was made from (dist/build.json, for "gbctl version"), the
 * command tree (dist/manifest.json) next to the bundle, then the top-level help that
 * bin/gbctl.js prints without loading the CLI.
 */

/** The commit checked out where the build runs. */
function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    // Not a git checkout (an npm tarball), or no git: the commit is unknown.
    return null;
  }
}
const build: BuildInfo = { commit: gitCommit() };
writeFileSync(new URL(`./${BUILD_FILE}`, import.meta.url), `${JSON.stringify(build)}\n`);

const manifest = await sourceManifest();
writeFileSync(new URL(`./${MANIFEST_FILE}`, import.meta.url), manifestLines(manifest));

const sink = Object.assign(new Writable({ write: (_c, _e, cb) => cb() }), { isTTY: false });
const cli = makeCli({ stdout: sink, stderr: sink, stdinIsTTY: false, env: {}, readStdin: () => '' }, cliDeps(manifest));
const program = await buildProgram(cli, new Set());
writeFileSync(new URL('./help.txt', import.meta.url), program.helpInformation());

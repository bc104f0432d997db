import { writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { MANIFEST_FILE } from './cli/build-output.js';
import { makeCli } from './cli/deps.js';
import { buildProgram } from './cli/program.js';
import { cliDeps } from './main.js';
import { sourceManifest } from './manifest-source.js';

/**
 * Build step: writes the command tree (dist/manifest.json) next to the bundle, then the top-level help that bin/gbctl.js prints without loading the CLI.
 */
const manifest = await sourceManifest();
writeFileSync(new URL(`./${MANIFEST_FILE}`, import.meta.url), `${JSON.stringify(manifest)}\n`);

const sink = Object.assign(new Writable({ write: (_c, _e, cb) => cb() }), { isTTY: false });
const cli = makeCli({ stdout: sink, stderr: sink, stdinIsTTY: false, env: {}, readStdin: () => '' }, cliDeps(manifest));
const program = await buildProgram(cli, new Set());
writeFileSync(new URL('./help.txt', import.meta.url), program.helpInformation());

import { writeFileSync } from 'node:fs';
import { catalogue } from '../contract/index.js';
import { ROUTES_FILE, routeTable } from '../contract/resources.js';
import { currentManifest } from './manifest-source.js';

/**
 * Build step: writes dist/manifest.json and dist/routes.json next to the bundle, then the
 * top-level help the shim prints.
 */
writeFileSync(new URL('./manifest.json', import.meta.url), `${JSON.stringify(currentManifest())}\n`);
writeFileSync(new URL(`./${ROUTES_FILE}`, import.meta.url), `${JSON.stringify(routeTable(catalogue))}\n`);

const { buildProgram } = await import('./program.js');
const sink = Object.assign(new (await import('node:stream')).Writable({ write: (_c, _e, cb) => cb() }), { isTTY: false });
const program = await buildProgram({ stdout: sink, stderr: sink, stdinIsTTY: false, env: {} }, new Set());
writeFileSync(new URL('./help.txt', import.meta.url), program.helpInformation());

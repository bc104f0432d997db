import { writeFileSync } from 'node:fs';
import { currentManifest } from './manifest-source.js';

/** Build step: writes dist/manifest.json next to the bundle. */
writeFileSync(new URL('./manifest.json', import.meta.url), `${JSON.stringify(currentManifest())}\n`);

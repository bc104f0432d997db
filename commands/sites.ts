import type { Command } from 'commander';
import type { Io } from '../src/cli/context.js';
import type { Overlays } from '../src/cli/overlay.js';

/** Presentation of site, OpenAPI, SAML and translation commands. */
export const siteOverlays: Overlays = {};

/** Hand-written commands of the sites side (site setup wizard, openapi publish). */
export function registerSites(_program: Command, _io: Io): void {}

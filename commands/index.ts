import type { Bespoke } from '../src/cli/deps.js';

/**
 * The bespoke commands (those that are not one catalogue endpoint each), by the top-level name
 * they add or extend. A module is loaded only when its name is invoked, so start-up stays fast;
 * each gives its own summary, which the build records for `gbctl --help`.
 */
export const BESPOKE: readonly Bespoke[] = [
  { name: 'serve', load: () => import('./serve/index.js').then((m) => m.command) },
  { name: 'api', load: () => import('./api/index.js').then((m) => m.command) },
  { name: 'local', load: () => import('./local/index.js').then((m) => m.command) },
  { name: 'auth', load: () => import('./auth/index.js').then((m) => m.command) },
  { name: 'profile', load: () => import('./profile/index.js').then((m) => m.command) },
  { name: 'completion', load: () => import('./completion/index.js').then((m) => m.command) },
  { name: 'store', load: () => import('./store/index.js').then((m) => m.command) },
  { name: 'sites', load: () => import('./sites/index.js').then((m) => m.command) },
  { name: 'openapi', load: () => import('./openapi/index.js').then((m) => m.command) },
  { name: 'content', load: () => import('./content/index.js').then((m) => m.command) },
  { name: 'preview', load: () => import('./preview/index.js').then((m) => m.command) },
  { name: 'open', load: () => import('./open/index.js').then((m) => m.command) },
  { name: 'emulator', load: () => import('./emulator/index.js').then((m) => m.command) },
  { name: 'whoami', load: () => import('./whoami/index.js').then((m) => m.command) },
  { name: 'version', load: () => import('./version/index.js').then((m) => m.command) },
  { name: 'reference', load: () => import('./reference/index.js').then((m) => m.command) },
];

import type { Command } from 'commander';
import type { Io } from '../src/cli/context.js';

type Register = (program: Command, io: Io) => void;

/**
 * Commands that are not one catalogue endpoint each, by the top-level names they add to or
 * extend. A module is imported only when one of its names is invoked (start-up stays fast);
 * `summary` lists the new top-level names in `gbctl --help` without importing anything.
 */
export const HAND_WRITTEN: { names: string[]; summary?: Record<string, string>; load: () => Promise<Register> }[] = [
  { names: ['serve'], summary: { serve: 'Serve the API over HTTP from the embedded store (a local emulator for offline work and CI)' }, load: async () => (await import('./serve.js')).registerServe },
  { names: ['api'], summary: { api: 'Send any request to the API, or list its endpoints' }, load: async () => (await import('./api.js')).registerApi },
  { names: ['local'], summary: { local: "Manage the embedded store's local users, organizations, roles and tokens (local only, not part of the platform API)" }, load: async () => (await import('./local.js')).registerLocal },
  { names: ['auth'], summary: { auth: 'Log in, log out and see how gbctl authenticates' }, load: async () => (await import('./auth.js')).registerAuth },
  { names: ['profile'], summary: { profile: 'Manage configuration profiles (endpoint, token, default organization and site)' }, load: async () => (await import('./profile.js')).registerProfile },
  { names: ['completion'], summary: { completion: 'Print a shell completion script generated from the command tree' }, load: async () => (await import('./completion.js')).registerCompletion },
  { names: ['store'], summary: { store: 'Inspect and maintain the embedded store file (local only, not part of the platform API)' }, load: async () => (await import('./store.js')).registerStore },
  { names: ['comments'], load: async () => (await import('./editing.js')).registerEditing },
  { names: ['sites', 'openapi'], load: async () => (await import('./sites.js')).registerSites },
];

/** Registers the hand-written commands for `names` (all of them when undefined). */
export async function registerHandWritten(program: Command, io: Io, names?: Set<string>): Promise<void> {
  for (const h of HAND_WRITTEN) {
    if (!names || h.names.some((n) => names.has(n))) {
      (await h.load())(program, io);
      continue;
    }
    for (const [name, description] of Object.entries(h.summary ?? {})) {
      if (!program.commands.some((c) => c.name() === name)) program.command(name).description(description);
    }
  }
}

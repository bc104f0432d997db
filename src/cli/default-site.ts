import { resolve, type ConnectionFlags } from './config.js';
import { usageError } from './exit-codes.js';
import type { ManifestCommand } from './manifest.js';

/** Commands whose first argument is the site: it may be left out when the profile names a site. */
export function takesDefaultSite(m: ManifestCommand): boolean {
  return m.args[0]?.param === 'siteId';
}

/**
 * The positional values with the profile's site put first when exactly the site is missing.
 * Such commands declare every argument optional, so the required ones are checked here.
 */
export function withDefaultSite(m: ManifestCommand, values: (string | undefined)[], flags: ConnectionFlags, env: NodeJS.ProcessEnv): (string | undefined)[] {
  if (!takesDefaultSite(m)) return values;
  const given = values.filter((v) => v !== undefined).length;
  const required = m.args.filter((a) => a.required).length;
  if (given >= required) return values;
  const first = m.args[0] as ManifestCommand['args'][number];
  const site = resolve(flags, env).site;
  if (given === required - 1 && site !== undefined) return [site, ...values.slice(0, m.args.length - 1)];
  if (given === 0 && site === undefined)
    throw usageError(`missing required argument '${first.name}'`, 'give the site id, or set a default with "gbctl profile set site SITE_ID"');
  const missing = m.args.filter((a) => a.required)[site === undefined ? given : given + 1] ?? first;
  throw usageError(
    `missing required argument '${missing.name}'`,
    `usage: gbctl ${m.noun} ${m.verb} ${m.args.map((a) => (a.required ? `<${a.name}>` : `[${a.name}]`)).join(' ')}`,
  );
}

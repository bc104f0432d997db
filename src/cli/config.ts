import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { importEsm } from './esm.js';

export interface Profile {
  endpoint?: string;
  token?: string;
  organization?: string;
  site?: string;
}

export interface ConfigData {
  currentProfile?: string;
  profiles?: Record<string, Profile>;
}

/** The built-in profile: the embedded store, no endpoint, no token. */
export const LOCAL_PROFILE = 'local';

export function configDir(env: NodeJS.ProcessEnv): string {
  if (env.GBCTL_CONFIG_DIR) return env.GBCTL_CONFIG_DIR;
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'gbctl');
}

export const configFile = (env: NodeJS.ProcessEnv) => join(configDir(env), 'config.json');

/** Reads the config without loading conf (start-up stays fast); a missing file is an empty config. */
export function readConfig(env: NodeJS.ProcessEnv): ConfigData {
  try {
    return JSON.parse(readFileSync(configFile(env), 'utf8')) as ConfigData;
  } catch {
    return {};
  }
}

/** Changes the config through conf, which writes it atomically with mode 0600. */
export async function updateConfig(env: NodeJS.ProcessEnv, change: (c: ConfigData) => void): Promise<void> {
  const { default: Conf } = await importEsm('conf');
  const conf = new Conf<ConfigData>({ projectName: 'gbctl', cwd: configDir(env), configName: 'config', configFileMode: 0o600 });
  const data = { ...conf.store } as ConfigData;
  change(data);
  conf.store = data;
}

export interface Resolved {
  profile: string;
  endpoint?: string;
  token?: string;
  organization?: string;
  /** The profile's default site, for commands whose site argument is left out. */
  site?: string;
  /** Where each value came from, for `auth status` and error hints. */
  sources: { endpoint: string; token: string; organization: string };
  /** Environment variables that override a value the profile sets. */
  shadowed: string[];
}

export interface ConnectionFlags {
  profile?: string;
  endpoint?: string;
  token?: string;
  org?: string;
}

/** The profile in use: --profile, then GBCTL_PROFILE, then the config's current one, then "local". */
export function profileName(flag: string | undefined, env: NodeJS.ProcessEnv, config: ConfigData = readConfig(env)): string {
  return flag ?? env.GBCTL_PROFILE ?? config.currentProfile ?? LOCAL_PROFILE;
}

/** Flags, then environment variables, then the profile. */
export function resolve(flags: ConnectionFlags, env: NodeJS.ProcessEnv, config: ConfigData = readConfig(env)): Resolved {
  const profile = profileName(flags.profile, env, config);
  const saved = config.profiles?.[profile] ?? {};
  // The built-in local profile keeps only defaults for the embedded store.
  const p: Profile =
    profile === LOCAL_PROFILE ? { ...(saved.organization ? { organization: saved.organization } : {}), ...(saved.site ? { site: saved.site } : {}) } : saved;
  const pick = (flag: string | undefined, flagName: string, envName: string, fromProfile: string | undefined) => {
    if (flag !== undefined) return { value: flag, source: flagName };
    if (env[envName]) return { value: env[envName], source: envName };
    if (fromProfile !== undefined) return { value: fromProfile, source: `profile "${profile}" (${configFile(env)})` };
    return { value: undefined, source: 'none' };
  };
  const endpoint = pick(flags.endpoint, '--endpoint', 'GITBOOK_ENDPOINT', p.endpoint);
  const token = pick(flags.token, '--token', 'GITBOOK_TOKEN', p.token);
  const organization = pick(flags.org, '--org', 'GITBOOK_ORGANIZATION', p.organization);
  const shadowed = (
    [
      ['GITBOOK_ENDPOINT', p.endpoint, flags.endpoint],
      ['GITBOOK_TOKEN', p.token, flags.token],
      ['GITBOOK_ORGANIZATION', p.organization, flags.org],
    ] as const
  )
    .filter(([name, fromProfile, flag]) => flag === undefined && env[name] && fromProfile !== undefined && env[name] !== fromProfile)
    .map(([name]) => name);
  return {
    profile,
    ...(endpoint.value ? { endpoint: endpoint.value } : {}),
    ...(token.value ? { token: token.value } : {}),
    ...(organization.value ? { organization: organization.value } : {}),
    ...(p.site ? { site: p.site } : {}),
    sources: { endpoint: endpoint.source, token: token.source, organization: organization.source },
    shadowed,
  };
}

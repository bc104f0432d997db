import { Command, Option } from 'commander';
import type { Endpoint } from '../contract/endpoint.js';
import { fieldsOf, type FieldInfo } from '../contract/introspect.js';
import type { CallInput } from '../client/client.js';
import { argName, kebab, optionKey } from './names.js';
import type { Overlay, Overlays } from './overlay.js';
import { usageError } from './exit-codes.js';

/** A command of the tree: one endpoint, and any variants selected by a scope option. */
export interface CommandPlan {
  noun: string;
  verb: string;
  primary: Endpoint;
  variants: Endpoint[];
}

/** What the builder hands the runner when a command is invoked. */
export interface Invocation {
  endpoint: Endpoint;
  overlay: Overlay;
  input: { params: Record<string, unknown>; query: Record<string, unknown>; body: Record<string, unknown> };
  /** True when organizationId must still be filled from the default organization. */
  needsOrg: boolean;
  hasBody: boolean;
  opts: Record<string, unknown>;
}

/** Options the program itself owns; a field with one of these names gets a prefixed flag. */
export const RESERVED = new Set(['json', 'org', 'endpoint', 'token', 'data', 'store', 'yes', 'color', 'help', 'version']);

export function groupCommands(catalogue: readonly Endpoint[]): CommandPlan[] {
  const plans = new Map<string, CommandPlan>();
  const scoped: Endpoint[] = [];
  for (const e of catalogue) {
    if (e.cli?.scope) {
      scoped.push(e);
      continue;
    }
    plans.set(`${e.noun} ${e.verb}`, { noun: e.noun, verb: e.verb, primary: e, variants: [] });
  }
  for (const e of scoped) {
    const p = plans.get(`${e.noun} ${e.verb}`);
    if (p) p.variants.push(e);
    else plans.set(`${e.noun} ${e.verb}`, { noun: e.noun, verb: e.verb, primary: e, variants: [] });
  }
  return [...plans.values()];
}

/** Path parameters taken as positional arguments (the organization comes from --org). */
export function positionalParams(e: Endpoint): string[] {
  const scope = e.cli?.scope?.param;
  return Object.keys(e.params?.shape ?? {}).filter((p) => p !== 'organizationId' && p !== scope);
}

interface FieldFlag {
  field: FieldInfo;
  where: 'query' | 'body';
  flag: string;
  endpoints: Set<string>;
}

export function flagName(field: string): string {
  const k = kebab(field);
  return RESERVED.has(k) ? `${k}-value` : k;
}

function collectFlags(plan: CommandPlan): FieldFlag[] {
  const flags = new Map<string, FieldFlag>();
  for (const e of [plan.primary, ...plan.variants]) {
    const args = new Set(e.cli?.args ?? []);
    for (const where of ['query', 'body'] as const) {
      for (const field of fieldsOf(e[where])) {
        if (args.has(field.name)) continue;
        const existing = flags.get(field.name);
        if (existing) existing.endpoints.add(e.id);
        else flags.set(field.name, { field, where, flag: flagName(field.name), endpoints: new Set([e.id]) });
      }
    }
  }
  return [...flags.values()];
}

function describe(f: FieldInfo): string {
  let d = f.description ?? '';
  if (f.kind === 'array') d += `${d ? ' ' : ''}(repeat or separate with commas)`;
  if (f.kind === 'json') d += `${d ? ' ' : ''}(JSON)`;
  if (f.nullable) d += `${d ? '; ' : ''}"null" clears it`;
  return d;
}

function toOption(ff: FieldFlag): Option[] {
  const f = ff.field;
  if (f.kind === 'boolean') {
    return [new Option(`--${ff.flag}`, describe(f)), new Option(`--no-${ff.flag}`, `set ${f.name} to false`)];
  }
  const placeholder = f.kind === 'number' ? '<n>' : f.kind === 'json' ? '<json>' : f.kind === 'array' ? '<values>' : '<value>';
  const o = new Option(`--${ff.flag} ${placeholder}`, describe(f));
  if (f.kind === 'enum' && f.values?.length) o.choices(f.nullable ? [...f.values, 'null'] : f.values);
  if (f.kind === 'array') o.argParser((v: string, prev: string[] | undefined) => [...(prev ?? []), ...v.split(',').filter(Boolean)]);
  return [o];
}

function convert(ff: FieldFlag, raw: unknown): unknown {
  const f = ff.field;
  if (raw === 'null' && f.nullable) return null;
  if (f.kind === 'number') {
    const n = Number(raw);
    if (typeof raw !== 'string' || raw.trim() === '' || Number.isNaN(n)) throw usageError(`--${ff.flag}: "${String(raw)}" is not a number`);
    return n;
  }
  if (f.kind === 'json') {
    try {
      return JSON.parse(String(raw));
    } catch {
      throw usageError(`--${ff.flag}: not valid JSON: ${String(raw)}`);
    }
  }
  if (f.kind === 'array' && Array.isArray(raw) && raw.length === 1 && f.values?.includes(raw[0] as string)) return raw[0];
  return raw;
}

/** Adds `<noun> <verb>` commands for every plan to the program. */
export function buildCommands(program: Command, catalogue: readonly Endpoint[], overlays: Overlays, run: (inv: Invocation) => Promise<void>): void {
  const nouns = new Map<string, Command>();
  for (const plan of groupCommands(catalogue)) {
    let noun = nouns.get(plan.noun);
    if (!noun) {
      noun = program.command(plan.noun).description(`Manage ${plan.noun.replace(/-/g, ' ')}`);
      nouns.set(plan.noun, noun);
    }
    addCommand(noun, plan, overlays, run);
  }
}

function addCommand(noun: Command, plan: CommandPlan, overlays: Overlays, run: (inv: Invocation) => Promise<void>): void {
  const { primary } = plan;
  const overlay = overlays[primary.id] ?? {};
  const cmd = noun.command(plan.verb).description(primary.summary + (primary.extension ? ` [${primary.extension}]` : ''));
  const positional = positionalParams(primary);
  const extraArgs = primary.cli?.args ?? [];
  for (const p of positional) cmd.argument(`<${argName(p)}>`, primary.params?.shape[p]?.description ?? p);
  const argFields = new Map(fieldsOf(primary.query).concat(fieldsOf(primary.body)).map((f) => [f.name, f]));
  for (const a of extraArgs) {
    const f = argFields.get(a);
    cmd.argument(f?.optional ? `[${kebab(a)}]` : `<${kebab(a)}>`, f?.description ?? a);
  }
  for (const v of plan.variants) {
    const s = v.cli?.scope as { param: string; option: string };
    cmd.option(`--${s.option} <${argName(s.param)}>`, `act inside this ${s.option.replace(/-/g, ' ')} (id or number)`);
  }
  const flags = collectFlags(plan);
  for (const ff of flags) for (const o of toOption(ff)) cmd.addOption(o);
  for (const x of overlay.options ?? []) cmd.option(x.flags, x.description);
  if (primary.destructive) cmd.option('-y, --yes', 'do not ask for confirmation (required without a terminal)');
  const examples = overlay.examples ?? [];
  const more = [overlay.description, examples.length ? `Examples:\n${examples.map((e) => `  $ ${e}`).join('\n')}` : undefined].filter(Boolean);
  if (more.length) cmd.addHelpText('after', `\n${more.join('\n\n')}`);

  cmd.action(async (...all: unknown[]) => {
    const command = all[all.length - 1] as Command;
    const opts = command.optsWithGlobals() as Record<string, unknown>;
    const values = all.slice(0, positional.length + extraArgs.length) as (string | undefined)[];
    const variant = plan.variants.find((v) => opts[optionKey((v.cli?.scope as { option: string }).option)] !== undefined);
    const endpoint = variant ?? primary;
    const input: Invocation['input'] = { params: {}, query: {}, body: {} };
    positional.forEach((p, i) => (input.params[p] = values[i]));
    if (variant) {
      const s = variant.cli?.scope as { param: string; option: string };
      input.params[s.param] = opts[optionKey(s.option)];
    }
    extraArgs.forEach((a, i) => {
      const v = values[positional.length + i];
      if (v === undefined) return;
      const where = endpoint.query?.shape && a in endpoint.query.shape ? 'query' : 'body';
      input[where][a] = v;
    });
    let hasBody = false;
    for (const ff of flags) {
      const raw = opts[optionKey(ff.flag)];
      if (raw === undefined) continue;
      if (!ff.endpoints.has(endpoint.id)) {
        const needs = [...plan.variants].find((v) => ff.endpoints.has(v.id))?.cli?.scope?.option;
        throw usageError(`--${ff.flag} applies only ${needs ? `with --${needs}` : 'without a scope option'}`);
      }
      const where = endpoint.query?.shape && ff.field.name in endpoint.query.shape ? 'query' : 'body';
      input[where][ff.field.name] = convert(ff, raw);
      if (where === 'body') hasBody = true;
    }
    for (const x of overlay.options ?? []) {
      const key = optionKey((/--([\w-]+)/.exec(x.flags) as RegExpExecArray)[1] as string);
      const raw = opts[key];
      if (raw !== undefined && x.apply) {
        x.apply(String(raw), input);
        hasBody = true;
      }
    }
    const needsOrg = !!endpoint.params?.shape && 'organizationId' in endpoint.params.shape;
    await run({ endpoint, overlay: overlays[endpoint.id] ?? overlay, input, needsOrg, hasBody, opts });
  });
}

export type { CallInput };

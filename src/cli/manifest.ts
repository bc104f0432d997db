import type { Endpoint } from '../contract/endpoint.js';
import { fieldsOf, type FieldKind } from '../contract/introspect.js';
import { argName, kebab } from './names.js';
import { flagsOf, overlayOf, type Overlays } from './overlay.js';
import { isPageSlot, PAGE_ARG_DESCRIPTION } from './page-paths.js';
import { itemSchema } from '../contract/response-fields.js';

/**
 * The command tree as plain data. It is derived from the catalogue and the overlays at build
 * time (dist/manifest.json), so that start-up, --help and completions need neither zod nor the
 * catalogue; they are loaded only when a command runs.
 */
export interface Manifest {
  version: 1;
  commands: ManifestCommand[];
  /** The bespoke commands' top-level names, with the summary of those that add a new one. */
  bespoke: BespokeSummary[];
  /** What each group of generated commands is for, in the user's words. */
  nouns: Record<string, string>;
}

export interface BespokeSummary {
  name: string;
  summary?: string;
}

export interface ManifestArg {
  name: string;
  description: string;
  required: boolean;
  /** The path parameter, or the query/body field, the argument fills. */
  param?: string;
  field?: string;
}

export interface ManifestOption {
  /** Flag name without dashes. */
  flag: string;
  field: string;
  kind: FieldKind;
  nullable: boolean;
  values?: string[];
  description: string;
  /** Ids of the endpoints of this command that take the field. */
  endpoints: string[];
}

export interface ManifestCommand {
  noun: string;
  verb: string;
  /** Primary endpoint id. */
  id: string;
  summary: string;
  /** Scoped variants: an option that fills a path parameter and selects another endpoint. */
  variants: { id: string; option: string; param: string }[];
  args: ManifestArg[];
  options: ManifestOption[];
  /** Overlay flags (flags and description only; their effect lives in the overlay). */
  extra: { flags: string; description: string }[];
  destructive: boolean;
  /** True when the endpoint takes page/limit: the list flags apply. */
  list: boolean;
  /** Mutating: --dry-run applies. */
  mutating: boolean;
  orgScoped: boolean;
  examples: string[];
  description?: string;
  /** An alias of the endpoint's command (`comments resolve` of `update`): its verb, and the body it always sends. */
  fixed?: { of: string; body: Record<string, unknown> };
}

/** Options the program owns; a field with one of these names gets a different flag. */
const RESERVED = new Set([
  'json',
  'org',
  'endpoint',
  'token',
  'data',
  'store',
  'yes',
  'color',
  'help',
  'version',
  'profile',
  'jq',
  'query',
  'all',
  'limit',
  'page-size',
  'format',
  'debug',
  'dry-run',
  'retries',
  'timeout',
  'input',
  'field',
]);

/**
 * One vocabulary: an object is named by its noun (`--space`, `--section`, never `--space-id`),
 * and `--page` is a list's page token, so a page id is `--page-id`.
 */
function flagFor(field: string, list: boolean): string {
  const k = kebab(field);
  if (list && field === 'limit') return 'page-size';
  if (field === 'page') return list ? 'page' : 'page-id';
  if (/^(space|section|site|collection)Id$/.test(field)) return kebab(field.slice(0, -2));
  if (k === 'format') return list ? 'body-format' : 'format';
  if (k === 'query') return 'search';
  return RESERVED.has(k) ? `${k}-value` : k;
}

export interface Plan {
  noun: string;
  verb: string;
  primary: Endpoint;
  variants: Endpoint[];
}

export function groupCommands(catalogue: readonly Endpoint[]): Plan[] {
  const plans = new Map<string, Plan>();
  const scoped: Endpoint[] = [];
  for (const e of catalogue) {
    if (e.cli?.scope) scoped.push(e);
    else plans.set(`${e.noun} ${e.verb}`, { noun: e.noun, verb: e.verb, primary: e, variants: [] });
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

function describeOption(description: string | undefined, kind: FieldKind, nullable: boolean): string {
  let d = description ?? '';
  if (kind === 'array') d += `${d ? ' ' : ''}(repeat or separate with commas)`;
  if (kind === 'json') d += `${d ? ' ' : ''}(JSON)`;
  if (nullable) d += `${d ? '; ' : ''}"null" clears it`;
  return d;
}

/** A page field's own words, with "page id" said as the id or path the CLI takes. */
const pageOption = (d: string | undefined) =>
  d && /page id/.test(d) ? d.replace('page id', 'page id or path') : `${d ? `${d}: ` : ''}${PAGE_ARG_DESCRIPTION}`;

function commandOf(plan: Plan, overlays: Overlays): ManifestCommand {
  const { primary } = plan;
  const overlay = overlayOf(overlays, primary.id) ?? {};
  // A list answers items and pages them with a `page` token; `page` alone may name a page (a PDF's first).
  const list = !!primary.query?.shape && 'page' in primary.query.shape && itemSchema(primary.response) !== undefined;
  const args: ManifestArg[] = positionalParams(primary).map((p) => ({
    name: argName(p),
    description: isPageSlot(primary.id, 'params', p) ? PAGE_ARG_DESCRIPTION : (primary.params?.shape[p]?.description ?? p),
    required: true,
    param: p,
  }));
  const all = [...fieldsOf(primary.query), ...fieldsOf(primary.body)];
  for (const a of primary.cli?.args ?? []) {
    const f = all.find((x) => x.name === a);
    const page = isPageSlot(primary.id, primary.query?.shape && a in primary.query.shape ? 'query' : 'body', a);
    args.push({ name: kebab(a), description: page ? PAGE_ARG_DESCRIPTION : (f?.description ?? a), required: !f?.optional, field: a });
  }
  const taken = new Set(primary.cli?.args ?? []);
  const options = new Map<string, ManifestOption>();
  for (const e of [primary, ...plan.variants]) {
    for (const [where, f] of [...fieldsOf(e.query).map((x) => ['query', x] as const), ...fieldsOf(e.body).map((x) => ['body', x] as const)]) {
      if (taken.has(f.name)) continue;
      const existing = options.get(f.name);
      if (existing) {
        existing.endpoints.push(e.id);
        continue;
      }
      options.set(f.name, {
        flag: flagFor(f.name, list),
        field: f.name,
        kind: f.kind,
        nullable: f.nullable,
        ...(f.values?.length ? { values: f.values } : {}),
        description: describeOption(isPageSlot(e.id, where, f.name, !!itemSchema(e.response)) ? pageOption(f.description) : f.description, f.kind, f.nullable),
        endpoints: [e.id],
      });
    }
  }
  const usage = args.map((a) => a.name.toUpperCase().replace(/-/g, '_')).join(' ');
  const examples = overlay.examples ?? [`gbctl ${plan.noun} ${plan.verb}${usage ? ` ${usage}` : ''}`];
  return {
    noun: plan.noun,
    verb: plan.verb,
    id: primary.id,
    summary: primary.summary + (primary.extension ? ` [${primary.extension}]` : ''),
    variants: plan.variants.map((v) => ({ id: v.id, option: v.cli?.scope?.option as string, param: v.cli?.scope?.param as string })),
    args,
    options: [...options.values()],
    extra: (overlay.options ?? []).map((o) => ({ flags: flagsOf(o), description: o.description })),
    destructive: !!primary.destructive,
    list,
    mutating: primary.method !== 'GET',
    orgScoped: !!primary.params?.shape && 'organizationId' in primary.params.shape,
    examples,
    ...(overlay.description ? { description: overlay.description } : {}),
  };
}

/** The commands an overlay's aliases add beside `command`: its arguments and scope flags, a fixed body, nothing else to set. */
function aliasesOf(command: ManifestCommand, overlays: Overlays): ManifestCommand[] {
  const usage = command.args.map((a) => a.name.toUpperCase().replace(/-/g, '_')).join(' ');
  return (overlayOf(overlays, command.id)?.aliases ?? []).map((a) => ({
    ...command,
    verb: a.verb,
    summary: a.summary,
    options: [],
    extra: [],
    destructive: false,
    examples: a.examples ?? [`gbctl ${command.noun} ${a.verb}${usage ? ` ${usage}` : ''}`],
    description: `Sends ${command.noun} ${command.verb} with the body ${JSON.stringify(a.body)}.`,
    fixed: { of: command.verb, body: { ...a.body } },
  }));
}

export function deriveManifest(catalogue: readonly Endpoint[], overlays: Overlays, bespoke: BespokeSummary[], nouns: Record<string, string>): Manifest {
  const commands = groupCommands(catalogue).flatMap((p) => {
    const command = commandOf(p, overlays);
    return [command, ...aliasesOf(command, overlays)];
  });
  return { version: 1, commands, bespoke, nouns };
}

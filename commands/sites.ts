import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { Io } from '../src/cli/context.js';
import { usageError } from '../src/cli/exit-codes.js';
import type { ExtraOption, InvocationInput, Overlays } from '../src/cli/overlay.js';
import { registerOpenapiPublish } from './openapi-publish.js';
import { registerSitesSetup } from './sites-setup.js';

type Obj = Record<string, unknown>;

function readText(flag: string, path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw usageError(`${flag}: cannot read ${path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

function readJson(flag: string, path: string): unknown {
  try {
    return JSON.parse(readText(flag, path));
  } catch (e) {
    if ((e as { exitCode?: number }).exitCode) throw e;
    throw usageError(`${flag}: ${path} is not valid JSON (${(e as Error).message})`);
  }
}

/** `--before ID` / `--after ID` for the move operations, pointing at a sibling of one kind. */
function moveOptions(noun: string, pointer: (id: string) => Obj): ExtraOption[] {
  const place = (where: 'before' | 'after') => (v: string, i: InvocationInput) => {
    i.body.position = { ...((i.body.position as Obj | undefined) ?? {}), [where]: pointer(v) };
  };
  return [
    { flags: `--before <${noun}>`, description: `place just before this sibling ${noun.replace(/-/g, ' ')}`, apply: place('before') },
    { flags: `--after <${noun}>`, description: `place just after this sibling ${noun.replace(/-/g, ' ')}`, apply: place('after') },
  ];
}

const groupMoveOptions: ExtraOption[] = (['before', 'after'] as const).flatMap((where) => [
  { flags: `--${where}-section <section>`, description: `place ${where} this top-level section`, apply: (v: string, i: InvocationInput) => { i.body.position = { [where]: { type: 'site-section', id: v } }; } },
  { flags: `--${where}-group <group>`, description: `place ${where} this section group`, apply: (v: string, i: InvocationInput) => { i.body.position = { [where]: { type: 'site-section-group', id: v } }; } },
]);

/** `--url` / `--file` instead of a JSON `--source`. */
const sourceOptions: ExtraOption[] = [
  { flags: '--url <url>', description: 'take the spec from this URL (http(s):// or file://)', apply: (v, i) => { i.body.source = { url: v }; } },
  { flags: '--file <path>', description: 'send this JSON or YAML file as the spec text', apply: (v, i) => { i.body.source = { text: readText('--file', v) }; } },
];

/** Instructions as plain text, turned into a one-paragraph-per-line document. */
export function textDocument(text: string): Obj {
  const nodes = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => ({ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: line, marks: [] }] }] }));
  return { object: 'document', data: {}, nodes };
}

const instructionsOption: ExtraOption = {
  flags: '--instructions-text <text>',
  description: 'instructions for the translator as plain text (one paragraph per line)',
  apply: (v, i) => { i.body.instructions = textDocument(v); },
};

/** Translations come in two shapes; show each by its own fields. */
function translationRow(t: Obj): Obj {
  if (t.object === 'translation-settings') return { id: t.id, title: t.title, languages: (t.languages as string[]).join(',') };
  const source = (t.source ?? {}) as Obj;
  const stats = (t.stats ?? {}) as Obj;
  return { id: t.id, language: t.language, source: `${String(source.space)} (${String(source.language)})`, status: t.status, runs: stats.runs };
}

const id = (r: unknown) => String((r as Obj | undefined)?.id ?? '');

/** Presentation of site, OpenAPI, SAML and translation commands. */
export const siteOverlays: Overlays = {
  'sites.list': { columns: ['id', 'title', 'visibility', 'published', 'siteSpaces'], examples: ['gbctl sites list --published', 'gbctl sites list --space SPACE'] },
  'sites.create': {
    done: (_p, r) => `✓ Created site ${id(r)} (unpublished: gbctl sites publish ${id(r)})`,
    examples: ['gbctl sites create --title "Docs" --spaces SPACE1,SPACE2', 'gbctl sites create --title "Docs" --spaces sample', 'gbctl sites setup   # guided'],
  },
  'sites.update': {
    options: [
      { flags: '--adaptive <on|off>', description: 'turn adaptive content on or off', apply: (v, i) => {
        if (v !== 'on' && v !== 'off') throw usageError(`--adaptive: "${v}" is not on or off`);
        i.body.adaptiveContent = { enabled: v === 'on' };
      } },
    ],
    examples: ['gbctl sites update SITE --title "Handbook" --visibility share-link', 'gbctl sites update SITE --proxy example.com/docs', 'gbctl sites update SITE --proxy null'],
  },
  'sites.delete': { confirm: (p) => `Delete site ${String(p.siteId)}? Its spaces are kept.`, done: (p) => `✓ Deleted site ${String(p.siteId)}` },
  'sites.publish': {
    view: (r) => (r as { urls: { published?: string } }).urls.published ?? '',
    done: (p) => `✓ Published site ${String(p.siteId)}`,
  },
  'sites.unpublish': { confirm: (p) => `Unpublish site ${String(p.siteId)}? Visitors lose access; its configuration is kept.`, done: (p) => `✓ Unpublished site ${String(p.siteId)}` },
  'sites.set-adaptive-schema': {
    options: [{ flags: '--file <path>', description: 'read the JSON schema from this file', apply: (v, i) => { i.body.jsonSchema = readJson('--file', v); } }],
    examples: ['gbctl sites set-adaptive-schema SITE --file visitor-schema.json'],
  },
  'sites.template-conditions': { columns: ['condition', 'description'] },
  'sites.published': { view: (r) => {
    const p = r as { site: Obj; structure: { type: string; structure: Obj[] } };
    return { site: p.site.id, title: p.site.title, published: p.site.published, structure: p.structure.type, items: p.structure.structure.length, url: (p.site.urls as Obj).published ?? '' };
  } },
  'sections.list': { columns: ['id', 'title', 'path', 'default', 'sectionGroup'] },
  'sections.create': { examples: ['gbctl sections create SITE --space-id SPACE --title "API reference"'], done: (_p, r) => `✓ Added section ${id(r)}` },
  'sections.update': { examples: ['gbctl sections update SITE SECTION --path api --condition null'] },
  'sections.delete': { confirm: (p) => `Remove section ${String(p.siteSectionId)} and its site spaces from site ${String(p.siteId)}?` },
  'sections.move': { options: moveOptions('section', (v) => ({ type: 'site-section', siteSection: v })), examples: ['gbctl sections move SITE SECTION --before OTHER'] },
  'section-groups.list': { view: (r) => ({ items: (r as { items: Obj[] }).items.map((g) => ({ id: g.id, title: g.title, sections: (g.sections as Obj[]).map((s) => s.id).join(',') })) }) },
  'section-groups.create': { examples: ['gbctl section-groups create SITE --title Products --sections SECTION1,SECTION2'] },
  'section-groups.delete': { confirm: (p) => `Delete section group ${String(p.siteSectionGroupId)}? Its sections move to the top level.` },
  'section-groups.move': { options: groupMoveOptions },
  'site-spaces.list': { columns: ['id', 'space.id', 'title', 'path', 'section', 'default'], examples: ['gbctl site-spaces list SITE --default'] },
  'site-spaces.create': { examples: ['gbctl site-spaces create SITE --space-id SPACE --section-id SECTION'] },
  'site-spaces.move': { options: moveOptions('site-space', (v) => ({ type: 'site-space', siteSpace: v })) },
  'openapi.list': { columns: ['slug', 'processingState', 'lastProcessErrorCode', 'visibility', 'updatedAt'] },
  'openapi.create': { options: sourceOptions, examples: ['gbctl openapi create --slug petstore --file openapi.yaml', 'gbctl openapi create --slug petstore --url https://example.com/openapi.json'] },
  'openapi.put': { options: sourceOptions, examples: ['gbctl openapi put petstore --file openapi.yaml', 'gbctl openapi publish openapi.yaml --spec petstore   # as the platform CLI'] },
  'openapi.delete': { confirm: (p) => `Delete OpenAPI spec ${String(p.specSlug)} and all its versions?` },
  'openapi.versions': { columns: ['id', 'createdAt', 'url'] },
  'saml.list': { columns: ['id', 'label', 'status', 'ssoURL'] },
  'saml.create': {
    options: [{ flags: '--certificate-file <path>', description: 'read the PEM certificate from this file', apply: (v, i) => { i.body.certificate = readText('--certificate-file', v); } }],
    examples: ['gbctl saml create --label Okta --entity-id https://idp.example.com --sso-url https://idp.example.com/sso --certificate-file idp.pem'],
  },
  'saml.update': { options: [{ flags: '--certificate-file <path>', description: 'read the PEM certificate from this file', apply: (v, i) => { i.body.certificate = readText('--certificate-file', v); } }] },
  'saml.delete': { confirm: (p) => `Delete SAML provider ${String(p.samlProviderId)}? Members can no longer sign in through it.` },
  'sso.list': { columns: ['id', 'label', 'startURL'] },
  'translations.list': { view: (r) => ({ items: (r as { items: Obj[] }).items.map(translationRow) }) },
  'translations.create': {
    options: [
      { flags: '--source-space <space>', description: 'space to translate (translation shape)', apply: (v, i) => { i.body.source = { ...((i.body.source as Obj | undefined) ?? {}), space: v }; } },
      { flags: '--source-language <language>', description: 'language of the source space (translation shape)', apply: (v, i) => { i.body.source = { ...((i.body.source as Obj | undefined) ?? {}), language: v }; } },
      instructionsOption,
    ],
    view: (r) => translationRow(r as Obj),
    examples: ['gbctl translations create --language fr --source-space SPACE --source-language en', 'gbctl translations create --title "Docs languages" --languages fr,de   # translation-settings servers'],
  },
  'translations.get': { view: (r) => ({ ...translationRow(r as Obj), ...((r as Obj).object === 'translation' ? { result: ((r as Obj).result as Obj | undefined)?.space ?? '' } : {}) }) },
  'translations.update': { options: [instructionsOption], view: (r) => translationRow(r as Obj) },
  'translations.delete': { confirm: (p) => `Delete translation ${String(p.translationId)}? Its result space is kept.` },
  'translations.run': { done: (p) => `✓ Ran translation ${String(p.translationId)} (see: gbctl translations get ${String(p.translationId)})` },
};

/** Hand-written commands of the sites side (site setup wizard, openapi publish). */
export function registerSites(program: Command, io: Io): void {
  const noun = (name: string, description: string) => program.commands.find((c) => c.name() === name) ?? program.command(name).description(description);
  registerSitesSetup(noun('sites', 'Manage sites'), io);
  registerOpenapiPublish(noun('openapi', 'Manage OpenAPI specs'), io);
}

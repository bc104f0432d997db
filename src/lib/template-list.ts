/** The built-in templates as data (no imports: the CLI's help reads this list). */

export type ContentRef = { kind: string } & Record<string, unknown>;

export interface TemplatePage {
  title: string;
  emoji?: string;
  markdown: string;
  pages?: TemplatePage[];
}

export interface Template {
  id: string;
  title: string;
  /** Content references the template accepts in `params.contentRefs`, by name, with the kind each must be. */
  refs: Record<string, { kind: string; description: string }>;
  pages(refs: Record<string, ContentRef>): TemplatePage[];
}

/** The built-in templates, in the order the CLI lists them. */
export const TEMPLATES: Template[] = [
  {
    id: 'getting-started',
    title: 'Getting started: welcome, quickstart and FAQ pages',
    refs: {},
    pages: () => [
      {
        title: 'Welcome',
        emoji: '👋',
        markdown: 'Welcome to the documentation.\n\n## What you will find here\n\n- A quickstart to get going\n- Answers to common questions',
      },
      { title: 'Quickstart', emoji: '🚀', markdown: '## Install\n\nInstall the product.\n\n## First steps\n\n1. Create an account\n2. Follow the guide' },
      { title: 'FAQ', emoji: '❓', markdown: '## Where do I start?\n\nRead the [quickstart](quickstart.md).' },
    ],
  },
  {
    id: 'api-reference',
    title: 'API reference: overview and authentication pages, plus pages computed from an OpenAPI spec (contentRefs.spec)',
    refs: { spec: { kind: 'openapi', description: 'the OpenAPI spec to document, {"kind":"openapi","spec":"SLUG"}' } },
    pages: () => [
      {
        title: 'Overview',
        emoji: '📘',
        markdown: '## Base URL\n\nAll endpoints are relative to the base URL.\n\n## Errors\n\nErrors answer `{"error": {"code", "message"}}`.',
      },
      { title: 'Authentication', emoji: '🔑', markdown: 'Send `Authorization: Bearer <token>` with every request.' },
    ],
  },
  {
    id: 'changelog',
    title: 'Changelog: a changelog page with a first release entry',
    refs: {},
    pages: () => [
      {
        title: 'Changelog',
        emoji: '📝',
        markdown: 'Notable changes, newest first.',
        pages: [{ title: 'Initial release', markdown: '## Added\n\n- First public version' }],
      },
    ],
  },
];

/** The templates as a help text block. */
export function templateHelp(): string {
  return TEMPLATES.map((t) => `  ${t.id.padEnd(16)} ${t.title}`).join('\n');
}

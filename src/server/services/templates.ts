import { isoNow, type Ctx } from '../context.js';
import { badRequest } from '../http-error.js';
import type { PageRecord } from '../../lib/page-record.js';
import { editable } from './cr-pages.js';
import { commitRevision, contentScope } from './revisions.js';
import { TEMPLATES, type ContentRef, type Template, type TemplatePage } from '../../lib/template-list.js';

function checkRefs(t: Template, given: Record<string, ContentRef>): void {
  for (const [name, ref] of Object.entries(given)) {
    const want = t.refs[name];
    if (!want) {
      const known = Object.keys(t.refs);
      throw badRequest(`params.contentRefs.${name}: template ${t.id} takes ${known.length ? known.join(', ') : 'no content references'}`);
    }
    if (ref.kind !== want.kind) throw badRequest(`params.contentRefs.${name}: must be a "${want.kind}" reference, not "${ref.kind}"`);
    if (want.kind === 'openapi' && typeof ref.spec !== 'string') throw badRequest(`params.contentRefs.${name}.spec: required (the spec slug)`);
  }
}

/** Adds the template's pages to the space's content in a new revision. */
export function applyTemplate(c: Ctx, spaceId: string, body: { id: string; params?: { contentRefs?: Record<string, ContentRef> | undefined } | undefined }) {
  const t = TEMPLATES.find((x) => x.id === body.id);
  if (!t) throw badRequest(`id: unknown template "${body.id}"; templates: ${TEMPLATES.map((x) => x.id).join(', ')}`);
  const refs = body.params?.contentRefs ?? {};
  checkRefs(t, refs);
  return c.write((tx) => {
    const scope = editable(contentScope(c, tx, spaceId));
    const now = isoNow(c);
    const toRecord = (p: TemplatePage): PageRecord => ({
      id: c.ids.next(),
      title: p.title,
      ...(p.emoji ? { emoji: p.emoji } : {}),
      type: 'document',
      markdown: p.markdown,
      createdAt: now,
      updatedAt: now,
      pages: (p.pages ?? []).map(toRecord),
    });
    const pages = t.pages(refs).map(toRecord);
    const spec = refs.spec;
    if (t.id === 'api-reference' && spec && typeof spec.spec === 'string') {
      pages.push({
        id: c.ids.next(),
        title: 'API endpoints',
        type: 'computed',
        markdown: '',
        createdAt: now,
        updatedAt: now,
        pages: [],
        computed: { type: 'builtin:openapi', props: { models: true }, dependencies: { spec: { ref: { kind: 'openapi', spec: spec.spec } } } },
      });
    }
    commitRevision(c, tx, scope, { type: 'edits', pages: [...scope.rev.pages, ...pages], message: `Apply template ${t.id}` });
  });
}

/** Templates applied to a space's content. */
export const templatesService = { apply: applyTemplate };

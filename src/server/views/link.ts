import type * as z from 'zod';
import type { ContentLocation, LinkItem, LinkTarget as LinkTargetShape } from '../../contract/schemas/links.js';
import type { LinkStatus } from '../lib/links.js';
import type { FlatPage } from '../../lib/page-tree.js';
import type { FileRecord } from '../model/revision.js';
import type { Scope } from '../model/scope.js';

type Location = z.input<typeof ContentLocation>;
type Target = z.input<typeof LinkTargetShape>;

/** A link with what it names found in its revision (services/links.ts): the page it stands in, the page or file it points at. */
export interface FoundLink {
  status: LinkStatus;
  target: { kind: 'url'; url: string } | { kind: 'page'; page: FlatPage; anchor?: string } | { kind: 'file'; file: FileRecord };
  page: FlatPage;
}

/**
 * Links in the API's shape, built from ids: a location names the organization, space and
 * revision (or change request) it is in and the page (id, title, path); a target names the page
 * or file it points at, in that same content, or is the URL. No record is embedded, least of all
 * the revision, whose pages and their content made every link weigh the whole space.
 */
export function linkPresenter(scope: Pick<Scope, 'space' | 'cr' | 'rev'>) {
  const context = {
    organization: { object: 'organization' as const, id: scope.space.organization },
    space: { object: 'space' as const, id: scope.space.id },
    versionContext: scope.cr
      ? { type: 'changeRequest' as const, changeRequest: { object: 'change-request' as const, id: scope.cr.id, number: scope.cr.number } }
      : { type: 'revision' as const, revision: { object: 'revision' as const, id: scope.rev.id } },
  };
  const page = (f: FlatPage) => ({ id: f.page.id, title: f.page.title, path: f.path });
  const target = (t: FoundLink['target']): Target => {
    if (t.kind === 'url') return t;
    if (t.kind === 'page')
      return t.anchor ? { kind: 'page', page: page(t.page), internalLocation: { type: 'anchor', anchor: t.anchor } } : { kind: 'page', page: page(t.page) };
    return { kind: 'file', file: { id: t.file.id, name: t.file.name } };
  };
  const location = (f: FlatPage): Location => ({ kind: 'page', ...context, page: page(f) });
  return {
    link: (l: FoundLink): z.input<typeof LinkItem> => ({
      status: l.status,
      relation: 'reference',
      targetReference: target(l.target),
      locationReferences: [location(l.page)],
    }),
    location,
  };
}

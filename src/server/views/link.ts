import type { z } from 'zod';
import type { ContentLocation, LinkItem, LinkTarget as LinkTargetShape } from '../../contract/schemas/links.js';
import type { Link, LinkTarget, RevisionLinks } from '../lib/links.js';
import type { Scope } from '../model/scope.js';

type Location = z.input<typeof ContentLocation>;
type Target = z.input<typeof LinkTargetShape>;

/**
 * Links in the API's shape, built from ids: a location names the organization, space and
 * revision (or change request) it is in and the page (id, title, path); a target names the page
 * or file it points at, in that same content, or is the URL. No record is embedded, least of all
 * the revision, whose pages and their content made every link weigh the whole space.
 */
export function linkPresenter(scope: Scope, links: RevisionLinks) {
  const context = {
    organization: { object: 'organization' as const, id: scope.space.organization },
    space: { object: 'space' as const, id: scope.space.id },
    versionContext: scope.cr
      ? { type: 'changeRequest' as const, changeRequest: { object: 'change-request' as const, id: scope.cr.id, number: scope.cr.number } }
      : { type: 'revision' as const, revision: { object: 'revision' as const, id: scope.rev.id } },
  };
  const files = new Map(scope.rev.files.map((f) => [f.id, f]));
  // Targets and locations come from this revision's links: their ids are in it.
  const page = (id: string) => {
    const f = links.pages.get(id);
    if (!f) throw new Error(`page ${id} is not in revision ${scope.rev.id}`);
    return { id, title: f.page.title, path: f.path };
  };
  const target = (t: LinkTarget): Target => {
    if (t.kind === 'url') return t;
    if (t.kind === 'page') return t.anchor ? { kind: 'page', page: page(t.page), internalLocation: { type: 'anchor', anchor: t.anchor } } : { kind: 'page', page: page(t.page) };
    const f = files.get(t.file);
    if (!f) throw new Error(`file ${t.file} is not in revision ${scope.rev.id}`);
    return { kind: 'file', file: { id: f.id, name: f.name } };
  };
  const location = (pageId: string): Location => ({ kind: 'page', ...context, page: page(pageId) });
  return {
    link: (l: Link): z.input<typeof LinkItem> => ({
      status: l.status,
      relation: 'reference',
      targetReference: target(l.target),
      locationReferences: [location(l.page)],
    }),
    location,
  };
}

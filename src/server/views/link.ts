import type { z } from 'zod';
import type { ContentLocation, LinkItem } from '../../contract/schemas/links.js';
import type { Link, LinkTarget, RevisionLinks } from '../lib/links.js';
import type { Scope } from '../model/scope.js';

type Location = z.input<typeof ContentLocation>;

/**
 * Links in the API's shape. A reference names what it is in (organization, space, revision or
 * change request) by id and what it points at by id and the name a person knows it by (a page's
 * title and path, a file's name); it embeds no record, least of all the revision, whose pages
 * and their content would make every link weigh the whole space.
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
  const pageRef = (id: string, anchor?: string): Location => {
    const f = links.pages.get(id);
    if (!f) throw new Error(`page ${id} is not in revision ${scope.rev.id}`);
    const page = { id, title: f.page.title, path: f.path };
    return anchor ? { kind: 'page', ...context, page, internalLocation: { type: 'anchor', anchor } } : { kind: 'page', ...context, page };
  };
  const target = (t: LinkTarget): Location => {
    if (t.kind === 'url') return t;
    if (t.kind === 'page') return pageRef(t.page, t.anchor);
    const f = files.get(t.file);
    if (!f) throw new Error(`file ${t.file} is not in revision ${scope.rev.id}`);
    return { kind: 'file', ...context, file: { id: f.id, name: f.name } };
  };
  return {
    link: (l: Link): z.input<typeof LinkItem> => ({
      status: l.status,
      relation: 'reference',
      targetReference: target(l.target),
      locationReferences: [pageRef(l.page)],
    }),
    /** The location of a page of the revision. */
    location: (pageId: string): Location => pageRef(pageId),
  };
}

import type * as z from 'zod';
import type { ContentLocation, LinkItem } from '../../src/contract/schemas/links.js';
import type { JsonObject } from '../../src/lib/json-object.js';

type Link = z.infer<typeof LinkItem>;
type Location = z.infer<typeof ContentLocation>;

/** A page as a reader finds it: its path, `/` for the first page. */
const pagePath = (p: { path: string }) => (p.path ? p.path : '/');

/** What a link reaches, in one cell: a URL (a broken link's own text), a page's path and anchor, a file's name. */
function target(t: Link['targetReference']): string {
  if (!t) return '';
  if (t.kind === 'url') return t.url;
  if (t.kind === 'file') return t.file.name;
  return `${pagePath(t.page)}${t.internalLocation ? `#${t.internalLocation.anchor}` : ''}`;
}

/**
 * A link as a row: where it points and the pages it stands in, so that a broken one can be found
 * and mended from the list alone (the JSON keeps the platform's nested shape).
 */
export function linkRow(l: Link): JsonObject {
  return {
    status: l.status,
    kind: l.targetReference?.kind ?? '',
    target: target(l.targetReference),
    in: l.locationReferences.map((r) => pagePath(r.page)).join(', '),
  };
}

/** A place that links to a file, as a row. */
export function locationRow(r: Location): JsonObject {
  return { page: pagePath(r.page), title: r.page.title, id: r.page.id };
}

export const LINK_COLUMNS = ['status', 'kind', 'target', 'in'];

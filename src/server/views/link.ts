import type { z } from 'zod';
import type { ContentLocation, LinkItem } from '../../contract/schemas/links.js';
import type { ReadTx } from '../../store/store.js';
import { roleIn, type Ctx } from '../context.js';
import { orgs, type OrgRecord } from '../model/org.js';
import { toOrganization } from './organization.js';
import { toChangeRequest } from './change-request.js';
import type { Link, RawLocation, RawTarget } from '../lib/links.js';
import { findPage } from '../model/page-tree.js';
import { pageIndex, toFile, toPage, toRevision } from './revision.js';
import type { Scope } from '../model/scope.js';
import { toSpace } from './space.js';

type Location = z.input<typeof ContentLocation>;

/**
 * Expands links computed with ids into the platform's shape, computing each embedded object
 * (organization, space, revision or change request) once per request.
 */
export function linkPresenter(c: Ctx, tx: ReadTx, scope: Scope) {
  const org = tx.get(orgs, scope.space.organization) as OrgRecord;
  const organization = toOrganization(c, org, roleIn(c, tx, org.id));
  const space = toSpace(c, tx, scope.space);
  const versionContext = scope.cr
    ? { type: 'changeRequest' as const, changeRequest: toChangeRequest(c, tx, scope.cr) }
    : { type: 'revision' as const, revision: toRevision(c, tx, scope, {}) };
  const index = pageIndex(scope.rev.pages);
  const pageOf = (id: string) => {
    const p = findPage(scope.rev.pages, id);
    return p ? toPage(c, scope, index, p, {}) : undefined;
  };
  const fileOf = (id: string) => {
    const f = scope.rev.files.find((x) => x.id === id);
    return f ? toFile(c, f, {}) : undefined;
  };
  const target = (t: RawTarget, broken: boolean): Location => {
    if (t.kind === 'url') return t;
    const page = t.kind === 'page' && !broken ? pageOf(t.page) : undefined;
    if (page) return { kind: 'page', organization, space, page, versionContext };
    const file = t.kind === 'file' && !broken ? fileOf(t.file) : undefined;
    if (file) return { kind: 'file', organization, space, file, versionContext };
    // A target that resolves to nothing is shown as the address that was written.
    return { kind: 'url', url: t.kind === 'page' ? t.page : t.file };
  };
  const location = (l: RawLocation): Location => {
    const page = pageOf(l.page);
    return page ? { kind: 'page', organization, space, page, versionContext } : { kind: 'url', url: l.page };
  };
  return {
    link: (l: Link): z.input<typeof LinkItem> => ({
      status: l.status,
      relation: l.relation,
      targetReference: target(l.targetReference, l.status === 'broken'),
      locationReferences: l.locationReferences.map(location),
    }),
    location,
  };
}

import type { ReadTx } from '../../store/store.js';
import { authorize, roleIn, type Ctx } from '../context.js';
import { notFound } from '../http-error.js';
import { sites, type SiteRecord } from '../model/site.js';
import { sameSecret } from '../model/secrets.js';
import { spaces } from '../model/space.js';
import type { SpaceOfSiteSpace } from '../views/site.js';
import { spaceViewer } from './spaces.js';

/**
 * The site, if the caller may do the endpoint's operation on it. Anonymous callers get in
 * only on read endpoints, to a published share-link site, with its share key.
 */
export function siteFor(c: Ctx, tx: ReadTx, organizationId: string, siteId: string): SiteRecord {
  const site = tx.get(sites, siteId);
  // the same answer whether the site does not exist or is not the caller's to see
  const missing = () =>
    notFound(c.caller ? `site ${siteId} not found in organization ${organizationId}` : `site ${siteId} not found, or the share key does not open it`);
  if (!site || site.organization !== organizationId) throw missing();
  if (!c.caller) {
    const opens =
      c.shareKey !== undefined && c.access === 'read' && site.published && site.visibility === 'share-link' && sameSecret(c.shareKey, site.shareKey);
    if (!opens) throw missing();
    return site;
  }
  if (!roleIn(c, tx, site.organization)) throw missing();
  authorize(c, tx, site.organization, `site ${siteId}`);
  return site;
}

/**
 * The space of each site space a site view shows, with who it is shown to (a share key that
 * opened the site opens its spaces to the same anonymous reader); 404 for a space that is gone.
 */
export function spaceOfSiteSpace(c: Ctx, tx: ReadTx): SpaceOfSiteSpace {
  return (ss) => {
    const space = tx.get(spaces, ss.space);
    if (!space) throw notFound(`space ${ss.space} of site space ${ss.id} not found`);
    return { space, viewer: spaceViewer(c, tx, space) };
  };
}

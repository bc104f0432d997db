import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { api, type TestServer } from '../../helpers/server.js';
import { FOLDER, writeTree } from '../../helpers/sync-folder.js';

/** Page content that tries to run script every way markdown allows. */
export const XSS_PAGE = [
  '# Attack',
  '',
  '<script>window.__pwned = 1</script>',
  '',
  '<img src=x onerror="window.__pwned = 2">',
  '',
  '[click](javascript:window.__pwned=3)',
  '',
  '{% embed url="javascript:window.__pwned=4" %}',
  '',
  '{% hint style="info\\"><script>window.__pwned=5</script>" %}',
  'Inside.',
  '{% endhint %}',
  '',
  '![x](javascript:window.__pwned=6)',
  '',
].join('\n');

export interface Published {
  space: string;
  site: string;
  url: string;
  shareKey: string;
}

/** A space imported from the realistic Git Sync folder (plus an attack page), in a published site of the given visibility. */
export async function publishedSite(s: TestServer, dir: string, visibility: string, publish = true): Promise<Published> {
  const root = writeTree(join(dir, `site-${visibility}-${Math.random().toString(36).slice(2)}`), {
    ...FOLDER,
    'SUMMARY.md': `${String(FOLDER['SUMMARY.md'])}* [Attack](attack.md)\n`,
    'attack.md': XSS_PAGE,
  });
  const space = (await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'Handbook' })).body.id as string;
  const imp = await api(s, 'POST', `/spaces/${space}/content/import`, { url: pathToFileURL(root).href, source: 'markdown' });
  if (imp.status !== 201) throw new Error(JSON.stringify(imp.body));
  const site = (await api(s, 'POST', `/orgs/${s.org}/sites`, { title: 'Handbook Docs', visibility, spaces: [space] })).body;
  if (!site.id) throw new Error(JSON.stringify(site));
  let published = site;
  if (publish) published = (await api(s, 'POST', `/orgs/${s.org}/sites/${site.id}/publish`)).body;
  const url = (published.urls?.published as string | undefined) ?? '';
  return { space, site: site.id as string, url, shareKey: url ? (new URL(url).searchParams.get('shareKey') ?? '') : '' };
}

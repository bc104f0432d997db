import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverResources } from '../../src/registry.js';
import { LiveEvents } from '../../src/server/folder-preview.js';
import { startPreview, type PreviewServer } from '../../src/server/serve.js';
import { tempDir } from '../helpers/server.js';

const tmp = tempDir('gbctl-preview-server-');
let p: PreviewServer;
const live = new LiveEvents('v1');

beforeAll(async () => {
  p = await startPreview(serverResources, { path: join(tmp.dir, 'store.json'), host: '127.0.0.1', port: 0, live, warn: () => {} });
});
afterAll(async () => {
  live.close();
  await p.stop(0);
  tmp.cleanup();
});

/** A request to the preview's API as the store's admin, whose session this process holds. */
async function api(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${p.url}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${p.embedded.token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return res.status === 204 ? {} : ((await res.json()) as Record<string, unknown>);
}

describe("the preview's server", () => {
  it('finds a site by id or basename, at its app page until it is published, then at its published address with its share key', async () => {
    const org = p.embedded.organization;
    const space = (await api('POST', `/orgs/${org}/spaces`, { title: 'Docs' })).id as string;
    const site = (await api('POST', `/orgs/${org}/sites`, { title: 'Docs site', visibility: 'share-link', spaces: [space] })).id as string;
    expect(await p.site(site)).toEqual({ site, published: false, path: `/app/o/${org}/sites/${site}` });
    await api('POST', `/orgs/${org}/sites/${site}/publish`);
    await api('PATCH', `/orgs/${org}/sites/${site}`, { basename: 'handbook' });
    const shown = await p.site('handbook');
    expect(shown).toMatchObject({ site, published: true });
    expect(shown?.path).toMatch(new RegExp(`^/published/${org}/handbook\\?shareKey=[^&]+$`));
    expect(await p.site(site)).toEqual(shown);
    expect((await fetch(`${p.url}${shown?.path}`)).status).toBe(200);
    expect(await p.site('nope')).toBeUndefined();
  });

  it('signs a browser in once with a link that holds no token, then shows the page it names', async () => {
    const link = p.signInUrl('/app/s/x');
    expect(link).not.toContain(p.embedded.token);
    const r = await fetch(link, { redirect: 'manual' });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/app/s/x');
    expect(r.headers.getSetCookie().some((c) => c.startsWith('gbctl_token='))).toBe(true);
    expect((await fetch(link, { redirect: 'manual' })).headers.getSetCookie()).toEqual([]);
  });

  it('serves its pages with the live script and the version of the content, and the events at their path', async () => {
    const page = await fetch(`${p.url}/app`);
    expect(await page.text()).toContain('<meta name="gbctl-live" content="v1">');
    const events = await fetch(`${p.url}/_gbctl/live`);
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await events.body?.cancel();
  });
});

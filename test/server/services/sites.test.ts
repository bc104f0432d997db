import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer, type TestServer } from '../../helpers/server.js';
import { publishedErrors } from '../../helpers/published-schema.js';
import { expectError, expectOk, newSite, newSpace, sitePath } from '../../helpers/sites.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.stop();
});

describe('sites', () => {
  it('creates an unpublished basic site with the given spaces, the first one default', async () => {
    const a = await newSpace(s, 'Guide');
    const b = await newSpace(s, 'Reference');
    const site = await newSite(s, { title: 'Handbook', visibility: 'unlisted', spaces: [a, b] });
    expect(site).toMatchObject({
      object: 'site',
      type: 'basic',
      title: 'Handbook',
      visibility: 'unlisted',
      published: false,
      siteSpaces: 2,
      agentsContext: 'included',
    });
    expect(site.urls).not.toHaveProperty('published');
    const ss = expectOk(await api(s, 'GET', sitePath(s, site.id, '/site-spaces')), 200, 'SiteSpace', true).body;
    expect(ss.items.map((i: { space: { id: string } }) => i.space.id)).toEqual([a, b]);
    expect(ss.items.map((i: { default: boolean }) => i.default)).toEqual([true, false]);
  });

  it('creates a new empty or sample space for the site', async () => {
    const empty = await newSite(s, { spaces: 'empty' });
    const sample = await newSite(s, { title: 'Sampler', spaces: 'sample' });
    expect(empty.siteSpaces).toBe(1);
    const ss = (await api(s, 'GET', sitePath(s, sample.id, '/site-spaces'))).body.items[0];
    expect(ss.space.title).toBe('Sampler');
    const pages = expectOk(await api(s, 'GET', `/spaces/${ss.space.id}/content`), 200).body.pages;
    expect(pages.length).toBeGreaterThan(0);
    const emptySpace = (await api(s, 'GET', sitePath(s, empty.id, '/site-spaces'))).body.items[0].space.id;
    expect((await api(s, 'GET', `/spaces/${emptySpace}/content`)).body.pages).toEqual([]);
  });

  it('defaults the type to basic and the title, and refuses bad input', async () => {
    const site = expectOk(await api(s, 'POST', `/orgs/${s.org}/sites`, {}), 201, 'Site').body;
    expect(site.type).toBe('basic');
    expect(site.siteSpaces).toBe(0);
    expectError(await api(s, 'POST', `/orgs/${s.org}/sites`, { title: 'X' }), 400, /title/);
    expectError(await api(s, 'POST', `/orgs/${s.org}/sites`, { visibility: 'private' }), 400, /visibility/);
    expectError(await api(s, 'POST', `/orgs/${s.org}/sites`, { spaces: 'lots' }), 400, /spaces/);
    expectError(await api(s, 'POST', `/orgs/${s.org}/sites`, { spaces: ['nope'] }), 404, /space nope not found/);
    expectError(await api(s, 'POST', `/orgs/nowhere/sites`, {}), 404);
  });

  it('lists with the space, title and published filters', async () => {
    const only = await newSpace(s, 'Only here');
    const a = await newSite(s, { title: 'Filter A', spaces: [only] });
    const b = await newSite(s, { title: 'Filter B' });
    expectOk(await api(s, 'POST', sitePath(s, b.id, '/publish')), 200, 'Site');
    const bySpace = expectOk(await api(s, 'GET', `/orgs/${s.org}/sites?space=${only}`), 200, 'Site', true).body;
    expect(bySpace.items.map((i: { id: string }) => i.id)).toEqual([a.id]);
    const byTitle = (await api(s, 'GET', `/orgs/${s.org}/sites?title=Filter%20B`)).body;
    expect(byTitle.items.map((i: { id: string }) => i.id)).toEqual([b.id]);
    const published = (await api(s, 'GET', `/orgs/${s.org}/sites?published=true`)).body.items.map((i: { id: string }) => i.id);
    const unpublished = (await api(s, 'GET', `/orgs/${s.org}/sites?published=false`)).body.items.map((i: { id: string }) => i.id);
    expect(published).toContain(b.id);
    expect(published).not.toContain(a.id);
    expect(unpublished).toContain(a.id);
    expect(unpublished).not.toContain(b.id);
    const page = (await api(s, 'GET', `/orgs/${s.org}/sites?limit=1`)).body;
    expect(page.items).toHaveLength(1);
    expect(page.next.page).toBeTruthy();
  });

  it('publishes and unpublishes, with urls.published only while published', async () => {
    const site = await newSite(s);
    const pub = expectOk(await api(s, 'POST', sitePath(s, site.id, '/publish')), 200, 'Site').body;
    expect(pub.published).toBe(true);
    expect(pub.urls.published).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/published\//);
    const unpub = expectOk(await api(s, 'POST', sitePath(s, site.id, '/unpublish')), 200, 'Site').body;
    expect(unpub.published).toBe(false);
    expect(unpub.urls.published).toBeUndefined();
    expect((await api(s, 'GET', sitePath(s, site.id))).body.published).toBe(false);
  });

  it('updates fields, enforces hostname and proxy patterns, and removes the proxy with null', async () => {
    const site = await newSite(s);
    const up = expectOk(
      await api(s, 'PATCH', sitePath(s, site.id), {
        title: 'Renamed',
        visibility: 'share-link',
        basename: 'handbook',
        agentsContext: 'excluded',
        adaptiveContent: { enabled: true },
        proxy: 'example.com/docs',
        hostname: 'docs.example.com',
      }),
      200,
      'Site',
    ).body;
    expect(up).toMatchObject({
      title: 'Renamed',
      visibility: 'share-link',
      basename: 'handbook',
      agentsContext: 'excluded',
      adaptiveContent: { enabled: true },
      hostname: 'docs.example.com',
    });
    expect(up.proxy.origin).toBe('example.com/docs');
    expect(up.features.map((f: { id: string }) => f.id)).toEqual(
      expect.arrayContaining(['sites-share-links', 'sites-adaptive-content', 'sites-custom-domain', 'sites-custom-subdirectory']),
    );
    const kept = expectOk(await api(s, 'PATCH', sitePath(s, site.id), {}), 200, 'Site').body;
    expect(kept.proxy.origin).toBe('example.com/docs');
    const removed = expectOk(await api(s, 'PATCH', sitePath(s, site.id), { proxy: null, hostname: null }), 200, 'Site').body;
    expect(removed.proxy).toBeUndefined();
    expect(removed.hostname).toBeUndefined();
    expectError(await api(s, 'PATCH', sitePath(s, site.id), { proxy: 'example.com' }), 400, /proxy/);
    expectError(await api(s, 'PATCH', sitePath(s, site.id), { proxy: 'https://example.com/docs' }), 400, /proxy/);
    expectError(await api(s, 'PATCH', sitePath(s, site.id), { hostname: 'localhost' }), 400, /hostname/);
    expectError(await api(s, 'PATCH', sitePath(s, site.id), { hostname: 'Docs.Example.com' }), 400, /hostname/);
    expectError(await api(s, 'PATCH', sitePath(s, site.id), { agentsContext: 'maybe' }), 400, /agentsContext/);
  });

  it('sets the default site space (root) and the default section', async () => {
    const a = await newSpace(s, 'One');
    const b = await newSpace(s, 'Two');
    const site = await newSite(s, { spaces: [a, b] });
    const list = (await api(s, 'GET', sitePath(s, site.id, '/site-spaces'))).body.items;
    expectOk(await api(s, 'PATCH', sitePath(s, site.id), { defaultSiteSpace: list[1].id }), 200, 'Site');
    const only = (await api(s, 'GET', sitePath(s, site.id, '/site-spaces?default=true'))).body.items;
    expect(only.map((i: { id: string }) => i.id)).toEqual([list[1].id]);
    expectError(await api(s, 'PATCH', sitePath(s, site.id), { defaultSiteSpace: 'nope' }), 400, /defaultSiteSpace/);
    const c = await newSpace(s, 'Three');
    const sec = expectOk(await api(s, 'POST', sitePath(s, site.id, '/sections'), { spaceId: c }), 201, 'SiteSection').body;
    expectOk(await api(s, 'PATCH', sitePath(s, site.id), { defaultSiteSection: sec.id }), 200, 'Site');
    const sections = (await api(s, 'GET', sitePath(s, site.id, '/sections'))).body.items;
    expect(sections.filter((x: { default: boolean }) => x.default).map((x: { id: string }) => x.id)).toEqual([sec.id]);
    expectError(await api(s, 'PATCH', sitePath(s, site.id), { defaultSiteSection: 'nope' }), 400, /defaultSiteSection/);
    // defaultSiteSpace now refers to the default section
    expectError(await api(s, 'PATCH', sitePath(s, site.id), { defaultSiteSpace: list[0].id }), 400, /default section/);
  });

  it('answers 404 for an unknown site and 204 on delete, also for an unknown one', async () => {
    expectError(await api(s, 'GET', sitePath(s, 'nope')), 404, /site nope not found/);
    expectError(await api(s, 'PATCH', sitePath(s, 'nope'), { title: 'Hello' }), 404);
    expectError(await api(s, 'POST', sitePath(s, 'nope', '/publish')), 404);
    const a = await newSpace(s, 'Kept');
    const site = await newSite(s, { spaces: [a] });
    expect((await api(s, 'DELETE', sitePath(s, site.id))).status).toBe(204);
    expect((await api(s, 'DELETE', sitePath(s, site.id))).status).toBe(204);
    expectError(await api(s, 'GET', sitePath(s, site.id)), 404);
    expectOk(await api(s, 'GET', `/spaces/${a}`), 200, 'Space');
    expect((await api(s, 'GET', `/orgs/${s.org}/sites?space=${a}`)).body.items).toEqual([]);
  });

  it('needs a token', async () => {
    const res = await fetch(`${s.url}/v1/orgs/${s.org}/sites`);
    expect(res.status).toBe(401);
  });
});

describe('published profile', () => {
  it('returns the site, site-space structure, customizations and scripts', async () => {
    const a = await newSpace(s, 'Alpha');
    const site = await newSite(s, { title: 'Profile', spaces: [a] });
    const p = expectOk(await api(s, 'GET', sitePath(s, site.id, '/published')), 200, 'PublishedContentSite').body;
    expect(p.site.id).toBe(site.id);
    expect(p.structure.type).toBe('siteSpaces');
    expect(p.structure.structure.map((x: { space: { id: string } }) => x.space.id)).toEqual([a]);
    expect(p.customizations.site.title).toBe('Profile');
    expect(Object.keys(p.customizations.siteSpaces)).toEqual([p.structure.structure[0].id]);
    expect(p.scripts).toEqual([]);
  });

  it('shows sections and groups once the site has sections', async () => {
    const a = await newSpace(s, 'Alpha');
    const b = await newSpace(s, 'Beta');
    const site = await newSite(s, { title: 'Sectioned', spaces: [a] });
    const sec = expectOk(await api(s, 'POST', sitePath(s, site.id, '/sections'), { spaceId: b, title: 'Beta docs' }), 201, 'SiteSection').body;
    expectOk(await api(s, 'POST', sitePath(s, site.id, '/section-groups'), { title: 'Group', sections: [sec.id] }), 201, 'SiteSectionGroup');
    expectOk(await api(s, 'POST', sitePath(s, site.id, '/publish')), 200, 'Site');
    const p = expectOk(await api(s, 'GET', sitePath(s, site.id, '/published')), 200, 'PublishedContentSite').body;
    expect(p.structure.type).toBe('sections');
    expect(p.structure.structure.map((x: { object: string }) => x.object)).toEqual(['site-section', 'site-section-group']);
    expect(p.structure.structure[0].title).toBe('Sectioned');
    expect(p.structure.structure[1].sections[0].id).toBe(sec.id);
    expect(p.structure.structure[1].sections[0].urls.published).toMatch(/\/beta-docs$/);
    expect(Object.keys(p.customizations.siteSpaces)).toHaveLength(2);
  });
});

describe('adaptive schema', () => {
  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      isBetaUser: { type: 'boolean', description: 'Whether the visitor is in the beta' },
      plan: { type: 'string', enum: ['free', 'pro'], description: 'Plan of the visitor' },
      unsigned: { type: 'object', properties: { language: { type: 'string', description: 'Preferred language' } } },
    },
    additionalProperties: false,
  };

  it('starts empty, is replaced by a valid draft-07 schema and suggests conditions', async () => {
    const site = await newSite(s);
    const first = expectOk(await api(s, 'GET', sitePath(s, site.id, '/adaptive-schema')), 200, 'SiteAdaptiveSchema').body;
    expect(first.jsonSchema.properties.unsigned.properties).toEqual({});
    expect((await api(s, 'GET', sitePath(s, site.id, '/adaptive-schema/template-conditions'))).body.items).toEqual([]);
    s.clock.advance(60_000);
    const put = expectOk(await api(s, 'PUT', sitePath(s, site.id, '/adaptive-schema'), { jsonSchema: schema }), 200, 'SiteAdaptiveSchema').body;
    expect(put.jsonSchema.additionalProperties).toBe(false);
    expect(put.jsonSchema.properties.unsigned.description).toBe('Unsigned claims of the site visitor.');
    expect(put.updatedAt).not.toBe(first.updatedAt);
    expect((await api(s, 'GET', sitePath(s, site.id, '/adaptive-schema'))).body).toEqual(put);
    const conditions = expectOk(await api(s, 'GET', sitePath(s, site.id, '/adaptive-schema/template-conditions')), 200).body.items;
    for (const c of conditions) expect(publishedErrors('SiteAdaptiveTemplateCondition', c)).toBeUndefined();
    expect(conditions.map((c: { condition: string }) => c.condition)).toEqual([
      'visitor.claims.isBetaUser === true',
      'visitor.claims.plan === "free"',
      'visitor.claims.plan === "pro"',
    ]);
  });

  it('refuses schemas of the wrong shape, naming the place', async () => {
    const site = await newSite(s);
    const put = (jsonSchema: unknown) => api(s, 'PUT', sitePath(s, site.id, '/adaptive-schema'), { jsonSchema });
    expectError(await put({ type: 'array', properties: {}, additionalProperties: false }), 400, /jsonSchema\.type/);
    expectError(await put({ ...schema, $schema: 'http://json-schema.org/draft-04/schema#' }), 400, /\$schema/);
    // The published schema has no `$id`: an answer carrying one would not match it.
    expectError(await put({ ...schema, $id: 'https://example.com/visitor' }), 400, /\$id/);
    expectError(await put({ type: 'object', properties: { x: { type: 'boolean' } }, additionalProperties: false }), 400, /properties\.x\.description/);
    expectError(await put({ type: 'object', properties: { x: { type: 'date', description: 'd' } }, additionalProperties: false }), 400, /x/);
    expectError(
      await put({ type: 'object', properties: { x: { type: 'string', description: 'd', format: 'email' } }, additionalProperties: false }),
      400,
      /unexpected "format"/,
    );
    expectError(await put({ type: 'object', properties: {}, additionalProperties: true }), 400, /additionalProperties/);
    // Required by the published request schema, not filled in.
    expectError(await put({ type: 'object', properties: {} }), 400, /jsonSchema\.additionalProperties/);
    expectError(await api(s, 'PUT', sitePath(s, site.id, '/adaptive-schema'), {}), 400, /jsonSchema/);
    expectError(await api(s, 'GET', sitePath(s, 'nope', '/adaptive-schema')), 404);
  });
});

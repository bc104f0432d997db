import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer, type TestServer } from '../../helpers/server.js';
import { anonymous, expectError, expectOk, newSite, newSpace, sitePath } from '../../helpers/sites.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s.stop();
});

type Item = {
  id: string;
  sectionGroup?: string;
  default?: boolean;
  title?: string;
  path?: string;
  section?: string;
  space?: { id: string };
  sections?: { id: string }[];
  siteSpaces?: Item[];
};
const ids = (items: Item[]) => items.map((i) => i.id);
const list = async (site: string, what: string) => (await api(s, 'GET', sitePath(s, site, `/${what}`))).body.items as Item[];
const count = async (site: string) => (await api(s, 'GET', sitePath(s, site))).body.siteSpaces as number;

describe('sections', () => {
  it('adds sections; the first one takes the root site spaces and becomes the default', async () => {
    const a = await newSpace(s, 'Guides');
    const b = await newSpace(s, 'API');
    const site = await newSite(s, { title: 'Product', spaces: [a] });
    const created = expectOk(await api(s, 'POST', sitePath(s, site.id, '/sections'), { spaceId: b, icon: 'code' }), 201, 'SiteSection').body;
    expect(created).toMatchObject({ object: 'site-section', title: 'API', path: 'api', icon: 'code', default: false });
    expect(created.siteSpaces.map((x: Item) => [x.space?.id, x.default])).toEqual([[b, true]]);
    const sections = expectOk(await api(s, 'GET', sitePath(s, site.id, '/sections')), 200, 'SiteSection', true).body.items as Item[];
    expect(sections.map((x) => [x.title, x.default])).toEqual([
      ['Product', true],
      ['API', false],
    ]);
    expect(sections[0]?.siteSpaces?.map((x) => x.space?.id)).toEqual([a]);
    expect(await count(site.id)).toBe(2);
    const titled = expectOk(
      await api(s, 'POST', sitePath(s, site.id, '/sections'), { spaceId: a, title: 'Guides again', icon: null }),
      201,
      'SiteSection',
    ).body;
    expect(titled.path).toBe('guides-again');
    expect(titled.icon).toBeUndefined();
    expect(await count(site.id)).toBe(3);
  });

  it('validates input: spaceId required, title 2–128, unknown space 404', async () => {
    const site = await newSite(s);
    const a = await newSpace(s, 'X');
    expectError(await api(s, 'POST', sitePath(s, site.id, '/sections'), {}), 400, /spaceId/);
    expectError(await api(s, 'POST', sitePath(s, site.id, '/sections'), { spaceId: a, title: 'X' }), 400, /title/);
    expectError(await api(s, 'POST', sitePath(s, site.id, '/sections'), { spaceId: a, title: 'x'.repeat(129) }), 400, /title/);
    expectError(await api(s, 'POST', sitePath(s, site.id, '/sections'), { spaceId: 'nope' }), 404, /space nope/);
    expectError(await api(s, 'POST', sitePath(s, 'nope', '/sections'), { spaceId: a }), 404, /site nope/);
    // a one-character space title still gives a valid section title
    const sec = expectOk(await api(s, 'POST', sitePath(s, site.id, '/sections'), { spaceId: a }), 201, 'SiteSection').body;
    expect(sec.title.length).toBeGreaterThanOrEqual(2);
  });

  it('updates title, unique path, default site space, and condition (omitted keeps, null removes)', async () => {
    const [a, b, c] = [await newSpace(s, 'A1'), await newSpace(s, 'B1'), await newSpace(s, 'C1')];
    const site = await newSite(s);
    const s1 = (await api(s, 'POST', sitePath(s, site.id, '/sections'), { spaceId: a, title: 'First' })).body;
    const s2 = (await api(s, 'POST', sitePath(s, site.id, '/sections'), { spaceId: b, title: 'Second' })).body;
    const extra = expectOk(await api(s, 'POST', sitePath(s, site.id, '/site-spaces'), { spaceId: c, sectionId: s2.id }), 201, 'SiteSpace').body;
    expect(extra.default).toBe(false);
    const path = `/sections/${s2.id}`;
    const up = expectOk(
      await api(s, 'PATCH', sitePath(s, site.id, path), {
        title: 'Renamed',
        path: 'renamed',
        condition: 'visitor.claims.isBetaUser',
        description: 'About',
        defaultSiteSpace: extra.id,
      }),
      200,
      'SiteSection',
    ).body;
    expect(up).toMatchObject({ title: 'Renamed', path: 'renamed', condition: 'visitor.claims.isBetaUser', description: 'About' });
    expect(up.siteSpaces.map((x: Item) => [x.id, x.default])).toEqual([
      [s2.siteSpaces[0].id, false],
      [extra.id, true],
    ]);
    const kept = expectOk(await api(s, 'PATCH', sitePath(s, site.id, path), { title: 'Again' }), 200, 'SiteSection').body;
    expect(kept.condition).toBe('visitor.claims.isBetaUser');
    const cleared = expectOk(await api(s, 'PATCH', sitePath(s, site.id, path), { condition: null, description: null }), 200, 'SiteSection').body;
    expect(cleared.condition).toBeUndefined();
    expect(cleared.description).toBeUndefined();
    expectError(await api(s, 'PATCH', sitePath(s, site.id, path), { path: s1.path }), 409, /path/);
    expectError(await api(s, 'PATCH', sitePath(s, site.id, path), { path: '' }), 400, /path/);
    expectError(await api(s, 'PATCH', sitePath(s, site.id, path), { path: 'p'.repeat(101) }), 400, /path/);
    expectError(await api(s, 'PATCH', sitePath(s, site.id, path), { condition: '' }), 400, /condition/);
    expectError(await api(s, 'PATCH', sitePath(s, site.id, path), { condition: 'x'.repeat(1025) }), 400, /condition/);
    expectError(await api(s, 'PATCH', sitePath(s, site.id, path), { description: 'd'.repeat(257) }), 400, /description/);
    expectError(await api(s, 'PATCH', sitePath(s, site.id, path), { defaultSiteSpace: s1.siteSpaces[0].id }), 400, /defaultSiteSpace/);
    expectError(await api(s, 'PATCH', sitePath(s, site.id, '/sections/nope'), { title: 'Hello' }), 404, /section nope/);
  });

  it('deletes a section with its site spaces; the next section becomes the default', async () => {
    const [a, b, c] = [await newSpace(s, 'A2'), await newSpace(s, 'B2'), await newSpace(s, 'C2')];
    const site = await newSite(s);
    const s1 = (await api(s, 'POST', sitePath(s, site.id, '/sections'), { spaceId: a, title: 'One' })).body;
    const s2 = (await api(s, 'POST', sitePath(s, site.id, '/sections'), { spaceId: b, title: 'Two' })).body;
    await api(s, 'POST', sitePath(s, site.id, '/site-spaces'), { spaceId: c, sectionId: s1.id });
    expect(await count(site.id)).toBe(3);
    expect((await api(s, 'DELETE', sitePath(s, site.id, `/sections/${s1.id}`))).status).toBe(204);
    expect(await count(site.id)).toBe(1);
    expect((await list(site.id, 'sections')).map((x) => [x.id, x.default])).toEqual([[s2.id, true]]);
    expect((await list(site.id, 'site-spaces')).map((x) => x.space?.id)).toEqual([b]);
    expect((await api(s, 'DELETE', sitePath(s, site.id, `/sections/${s1.id}`))).status).toBe(204);
  });

  it('moves a section before or after a sibling (deprecated move)', async () => {
    const site = await newSite(s);
    const made: string[] = [];
    for (const t of ['S-one', 'S-two', 'S-three'])
      made.push((await api(s, 'POST', sitePath(s, site.id, '/sections'), { spaceId: await newSpace(s, t), title: t })).body.id);
    const [one, two, three] = made as [string, string, string];
    expectOk(
      await api(s, 'POST', sitePath(s, site.id, `/sections/${three}/move`), { position: { before: { type: 'site-section', siteSection: one } } }),
      200,
      'SiteSection',
    );
    expect(ids(await list(site.id, 'sections'))).toEqual([three, one, two]);
    expectOk(
      await api(s, 'POST', sitePath(s, site.id, `/sections/${three}/move`), { position: { after: { type: 'site-section', siteSection: two } } }),
      200,
      'SiteSection',
    );
    expect(ids(await list(site.id, 'sections'))).toEqual([one, two, three]);
    expectOk(await api(s, 'POST', sitePath(s, site.id, `/sections/${one}/move`), {}), 200, 'SiteSection');
    expect(ids(await list(site.id, 'sections'))).toEqual([two, three, one]);
    expectError(
      await api(s, 'POST', sitePath(s, site.id, `/sections/${one}/move`), { position: { before: { type: 'site-section', siteSection: one } } }),
      400,
      /itself/,
    );
    expectError(
      await api(s, 'POST', sitePath(s, site.id, `/sections/${one}/move`), { position: { before: { type: 'site-section', siteSection: 'nope' } } }),
      400,
      /sibling/,
    );
    expectError(
      await api(s, 'POST', sitePath(s, site.id, `/sections/${one}/move`), {
        position: { before: { type: 'site-section', siteSection: two }, after: { type: 'site-section', siteSection: three } },
      }),
      400,
      /not both/,
    );
  });
});

describe('section groups', () => {
  it('creates, updates, adds and removes sections, moves and deletes groups', async () => {
    const site = await newSite(s);
    const secs: string[] = [];
    for (const t of ['G-one', 'G-two', 'G-three'])
      secs.push((await api(s, 'POST', sitePath(s, site.id, '/sections'), { spaceId: await newSpace(s, t), title: t })).body.id);
    const [one, two, three] = secs as [string, string, string];
    const g = expectOk(
      await api(s, 'POST', sitePath(s, site.id, '/section-groups'), { title: 'Products', icon: 'box', sections: [two, one] }),
      201,
      'SiteSectionGroup',
    ).body;
    expect(g.sections.map((x: Item) => x.id)).toEqual([two, one]);
    expect(g.children.map((x: Item) => x.id)).toEqual([two, one]);
    expect(g.sections[0].sectionGroup).toBe(g.id);
    const groups = expectOk(await api(s, 'GET', sitePath(s, site.id, '/section-groups')), 200, 'SiteSectionGroup', true).body.items;
    expect(groups.map((x: Item) => x.id)).toEqual([g.id]);
    // the group stands where it was created: after the remaining top-level section
    expect(ids(await list(site.id, 'sections'))).toEqual([three, two, one]);

    const up = expectOk(
      await api(s, 'PATCH', sitePath(s, site.id, `/section-groups/${g.id}`), { title: 'Catalogue', icon: null }),
      200,
      'SiteSectionGroup',
    ).body;
    expect(up.title).toBe('Catalogue');
    expect(up.icon).toBeUndefined();
    expectError(await api(s, 'PATCH', sitePath(s, site.id, `/section-groups/${g.id}`), { title: '' }), 400, /title/);
    expectError(await api(s, 'POST', sitePath(s, site.id, '/section-groups'), { title: 't'.repeat(101) }), 400, /title/);
    expectError(await api(s, 'POST', sitePath(s, site.id, '/section-groups'), { icon: 'x' }), 400, /title/);
    expectError(await api(s, 'POST', sitePath(s, site.id, '/section-groups'), { title: 'Bad', sections: ['nope'] }), 404, /section nope/);

    const added = expectOk(await api(s, 'POST', sitePath(s, site.id, `/section-groups/${g.id}/sections`), { sectionId: three }), 201, 'SiteSectionGroup').body;
    expect(added.sections.map((x: Item) => x.id)).toEqual([two, one, three]);
    expectError(await api(s, 'POST', sitePath(s, site.id, `/section-groups/${g.id}/sections`), {}), 400, /sectionId/);
    expectError(await api(s, 'POST', sitePath(s, site.id, '/section-groups/nope/sections'), { sectionId: one }), 404, /group nope/);

    expect((await api(s, 'DELETE', sitePath(s, site.id, `/section-groups/${g.id}/sections/${two}`))).status).toBe(204);
    expect((await api(s, 'DELETE', sitePath(s, site.id, `/section-groups/${g.id}/sections/${two}`))).status).toBe(204);
    expect((await api(s, 'DELETE', sitePath(s, site.id, `/section-groups/${g.id}/sections/nope`))).status).toBe(204);
    const after = (await api(s, 'GET', sitePath(s, site.id, '/section-groups'))).body.items[0];
    expect(after.sections.map((x: Item) => x.id)).toEqual([one, three]);
    expect((await list(site.id, 'sections')).find((x) => x.id === two)?.sectionGroup).toBeUndefined();

    const g2 = (await api(s, 'POST', sitePath(s, site.id, '/section-groups'), { title: 'Second' })).body;
    expectOk(
      await api(s, 'POST', sitePath(s, site.id, `/section-groups/${g2.id}/move`), { position: { before: { type: 'site-section-group', id: g.id } } }),
      200,
      'SiteSectionGroup',
    );
    const published = (await api(s, 'GET', sitePath(s, site.id, '/published'))).body.structure.structure as Item[];
    expect(ids(published)).toEqual([g2.id, g.id, two]);
    expectOk(
      await api(s, 'POST', sitePath(s, site.id, `/section-groups/${g2.id}/move`), { position: { after: { type: 'site-section', id: two } } }),
      200,
      'SiteSectionGroup',
    );
    expect(ids((await api(s, 'GET', sitePath(s, site.id, '/published'))).body.structure.structure)).toEqual([g.id, two, g2.id]);
    expectError(
      await api(s, 'POST', sitePath(s, site.id, `/section-groups/${g2.id}/move`), { position: { after: { type: 'site-section', id: one } } }),
      400,
      /sibling/,
    );

    expect((await api(s, 'DELETE', sitePath(s, site.id, `/section-groups/${g.id}`))).status).toBe(204);
    expect((await api(s, 'DELETE', sitePath(s, site.id, `/section-groups/${g.id}`))).status).toBe(204);
    const sections = await list(site.id, 'sections');
    expect(sections).toHaveLength(3);
    expect(sections.every((x) => !('sectionGroup' in x))).toBe(true);
  });
});

describe('site spaces', () => {
  it('adds to the root, or to the default section, or to a given section; counts stay true', async () => {
    const [a, b, c, d] = [await newSpace(s, 'R1'), await newSpace(s, 'R2'), await newSpace(s, 'R3'), await newSpace(s, 'R4')];
    const site = await newSite(s);
    const first = expectOk(await api(s, 'POST', sitePath(s, site.id, '/site-spaces'), { spaceId: a }), 201, 'SiteSpace').body;
    expect(first).toMatchObject({ default: true, path: 'r1' });
    expect(first.section).toBeUndefined();
    const second = expectOk(await api(s, 'POST', sitePath(s, site.id, '/site-spaces'), { spaceId: b }), 201, 'SiteSpace').body;
    expect(second.default).toBe(false);
    expect(await count(site.id)).toBe(2);
    expectError(await api(s, 'POST', sitePath(s, site.id, '/site-spaces'), { spaceId: a }), 409, /already/);
    const sec = (await api(s, 'POST', sitePath(s, site.id, '/sections'), { spaceId: c, title: 'Other' })).body;
    const sections = await list(site.id, 'sections');
    const def = sections.find((x) => x.default) as Item;
    const toDefault = expectOk(await api(s, 'POST', sitePath(s, site.id, '/site-spaces'), { spaceId: d }), 201, 'SiteSpace').body;
    expect(toDefault.section).toBe(def.id);
    const toGiven = expectOk(await api(s, 'POST', sitePath(s, site.id, '/site-spaces'), { spaceId: d, sectionId: sec.id }), 201, 'SiteSpace').body;
    expect(toGiven.section).toBe(sec.id);
    expect(await count(site.id)).toBe(5);
    expectError(await api(s, 'POST', sitePath(s, site.id, '/site-spaces'), { spaceId: d, sectionId: 'nope' }), 404, /section nope/);
    expectError(await api(s, 'POST', sitePath(s, site.id, '/site-spaces'), { spaceId: 'nope' }), 404, /space nope/);
    expectError(await api(s, 'POST', sitePath(s, site.id, '/site-spaces'), {}), 400, /spaceId/);
    // exactly one default per section
    const all = expectOk(await api(s, 'GET', sitePath(s, site.id, '/site-spaces')), 200, 'SiteSpace', true).body.items as Item[];
    const perSection = new Map<string, number>();
    for (const x of all) if (x.default) perSection.set(x.section as string, (perSection.get(x.section as string) ?? 0) + 1);
    expect([...perSection.values()]).toEqual([1, 1]);
    const defaults = await list(site.id, 'site-spaces?default=true');
    const others = await list(site.id, 'site-spaces?default=false');
    expect(defaults).toHaveLength(2);
    expect(others).toHaveLength(3);
    expect(new Set([...ids(defaults), ...ids(others)])).toEqual(new Set(ids(all)));
  });

  it('updates path, condition and space; deletes with a new default; keeps one per section', async () => {
    const [a, b, c] = [await newSpace(s, 'U1'), await newSpace(s, 'U2'), await newSpace(s, 'U3')];
    const site = await newSite(s, { spaces: [a, b] });
    const [x, y] = (await list(site.id, 'site-spaces')) as [Item, Item];
    const up = expectOk(
      await api(s, 'PATCH', sitePath(s, site.id, `/site-spaces/${y.id}`), { path: 'v2', condition: 'visitor.claims.plan === "pro"', spaceId: c }),
      200,
      'SiteSpace',
    ).body;
    expect(up).toMatchObject({ path: 'v2', condition: 'visitor.claims.plan === "pro"', title: 'U3' });
    expect(up.space.id).toBe(c);
    const kept = expectOk(await api(s, 'PATCH', sitePath(s, site.id, `/site-spaces/${y.id}`), { path: 'v3' }), 200, 'SiteSpace').body;
    expect(kept.condition).toBe('visitor.claims.plan === "pro"');
    expect(kept.space.id).toBe(c);
    const cleared = expectOk(await api(s, 'PATCH', sitePath(s, site.id, `/site-spaces/${y.id}`), { condition: null }), 200, 'SiteSpace').body;
    expect(cleared.condition).toBeUndefined();
    expectError(await api(s, 'PATCH', sitePath(s, site.id, `/site-spaces/${y.id}`), { path: x.path }), 409, /path/);
    expectError(await api(s, 'PATCH', sitePath(s, site.id, `/site-spaces/${y.id}`), { spaceId: a }), 409, /already/);
    expectError(await api(s, 'PATCH', sitePath(s, site.id, `/site-spaces/${y.id}`), { path: '' }), 400, /path/);
    expectError(await api(s, 'PATCH', sitePath(s, site.id, '/site-spaces/nope'), { path: 'a' }), 404, /site space nope/);

    expect((await api(s, 'DELETE', sitePath(s, site.id, `/site-spaces/${x.id}`))).status).toBe(204);
    const left = await list(site.id, 'site-spaces');
    expect(left.map((i) => [i.id, i.default])).toEqual([[y.id, true]]);
    expect(await count(site.id)).toBe(1);
    expect((await api(s, 'DELETE', sitePath(s, site.id, `/site-spaces/${x.id}`))).status).toBe(204);

    // The last site space of a section goes too (204, as described); the section stays, empty.
    const sec = (await api(s, 'POST', sitePath(s, site.id, '/sections'), { spaceId: b, title: 'Solo' })).body;
    expect((await api(s, 'DELETE', sitePath(s, site.id, `/site-spaces/${sec.siteSpaces[0].id}`))).status).toBe(204);
    const sections = expectOk(await api(s, 'GET', sitePath(s, site.id, '/sections')), 200, 'SiteSection', true).body.items as Item[];
    expect(sections.find((x) => x.id === sec.id)?.siteSpaces).toEqual([]);
    expectOk(await api(s, 'GET', sitePath(s, site.id, '/site-spaces')), 200, 'SiteSpace', true);
    expectOk(await api(s, 'GET', sitePath(s, site.id)), 200, 'Site');
  });

  it('moves site spaces among their siblings', async () => {
    const spaces = [await newSpace(s, 'M1'), await newSpace(s, 'M2'), await newSpace(s, 'M3')];
    const site = await newSite(s, { spaces });
    const [one, two, three] = ids(await list(site.id, 'site-spaces')) as [string, string, string];
    expectOk(
      await api(s, 'POST', sitePath(s, site.id, `/site-spaces/${one}/move`), { position: { after: { type: 'site-space', siteSpace: three } } }),
      200,
      'SiteSpace',
    );
    expect(ids(await list(site.id, 'site-spaces'))).toEqual([two, three, one]);
    expectOk(
      await api(s, 'POST', sitePath(s, site.id, `/site-spaces/${one}/move`), { position: { before: { type: 'site-space', siteSpace: three } } }),
      200,
      'SiteSpace',
    );
    expect(ids(await list(site.id, 'site-spaces'))).toEqual([two, one, three]);
    expectError(
      await api(s, 'POST', sitePath(s, site.id, `/site-spaces/${one}/move`), { position: { before: { type: 'site-space', siteSpace: 'nope' } } }),
      400,
      /sibling/,
    );
    expectError(
      await api(s, 'POST', sitePath(s, site.id, `/site-spaces/${one}/move`), { position: { before: { type: 'space', siteSpace: two } } }),
      400,
      /type/,
    );
    expectError(await api(s, 'POST', sitePath(s, site.id, '/site-spaces/nope/move'), {}), 404);
  });
});

describe('share-link sites', () => {
  it('opens the site and its spaces to the right share key on the four operations, and refuses a wrong one', async () => {
    const a = await newSpace(s, 'Secret guide');
    const b = await newSpace(s, 'Secret api');
    const site = await newSite(s, { title: 'Shared', visibility: 'share-link', spaces: [a] });
    await api(s, 'POST', sitePath(s, site.id, '/sections'), { spaceId: b, title: 'API' });
    const pub = expectOk(await api(s, 'POST', sitePath(s, site.id, '/publish')), 200, 'Site').body;
    const key = new URL(pub.urls.published).searchParams.get('shareKey') as string;
    expect(key).toMatch(/^[A-Za-z0-9]{20,}$/);
    const q = `?shareKey=${key}`;

    const sections = await anonymous(s, `${sitePath(s, site.id, '/sections')}${q}`);
    expect(sections.status).toBe(200);
    expect((sections.body?.items as Item[]).map((x) => x.title)).toEqual(['Shared', 'API']);
    const siteSpaces = await anonymous(s, `${sitePath(s, site.id, '/site-spaces')}${q}`);
    expect(siteSpaces.status).toBe(200);
    expect((siteSpaces.body?.items as Item[]).map((x) => x.space?.id)).toEqual([a, b]);
    const profile = await anonymous(s, `${sitePath(s, site.id, '/published')}${q}`);
    expect(profile.status).toBe(200);
    expect((profile.body?.site as { id: string }).id).toBe(site.id);
    const space = await anonymous(s, `/spaces/${b}${q}`);
    expect(space.status).toBe(200);
    expect(space.body?.id).toBe(b);

    for (const path of [sitePath(s, site.id, '/sections'), sitePath(s, site.id, '/site-spaces'), sitePath(s, site.id, '/published'), `/spaces/${b}`]) {
      const wrong = await anonymous(s, `${path}?shareKey=wrong-key`);
      expect(wrong.status, path).toBe(404);
      expect((await anonymous(s, path)).status, path).toBe(401);
    }
    // the key opens reads only
    expect((await fetch(`${s.url}/v1${sitePath(s, site.id)}${q}`)).status).toBe(401);
    // an unrelated space is not opened by the site's key
    const other = await newSpace(s, 'Not in the site');
    expect((await anonymous(s, `/spaces/${other}${q}`)).status).toBe(404);
    // unpublished, or no longer share-link: the key no longer opens it
    await api(s, 'POST', sitePath(s, site.id, '/unpublish'));
    expect((await anonymous(s, `${sitePath(s, site.id, '/sections')}${q}`)).status).toBe(404);
    expect((await anonymous(s, `/spaces/${b}${q}`)).status).toBe(404);
    await api(s, 'POST', sitePath(s, site.id, '/publish'));
    await api(s, 'PATCH', sitePath(s, site.id), { visibility: 'public' });
    expect((await anonymous(s, `${sitePath(s, site.id, '/published')}${q}`)).status).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer, type TestServer } from '../../helpers/server.js';
import { newSite, newSpace, sitePath } from '../../helpers/sites.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.stop());

/** A 400 that names `field`, in the error body. */
function refusedNaming(res: { status: number; body: { error?: { code: number; message: string } } }, field: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error?.message).toMatch(new RegExp(`^body\\.${field.replace(/\./g, '\\.')}: not a field of this request`));
}

describe('a field the server does not implement is a 400 naming it, never a 2xx that ignores it', () => {
  it('space visibility on create and update; nothing is created or changed', async () => {
    const before = (await api(s, 'GET', `/orgs/${s.org}/spaces`)).body.items.length as number;
    refusedNaming(await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'Hidden', visibility: 'private' }), 'visibility');
    expect((await api(s, 'GET', `/orgs/${s.org}/spaces`)).body.items).toHaveLength(before);
    const space = await newSpace(s, 'Open');
    refusedNaming(await api(s, 'PATCH', `/spaces/${space}`, { title: 'Renamed', visibility: 'public' }), 'visibility');
    expect((await api(s, 'GET', `/spaces/${space}`)).body.title).toBe('Open');
  });

  it("section-group parent (nesting) and a section's siteSectionGroupId", async () => {
    const site = await newSite(s);
    refusedNaming(await api(s, 'POST', sitePath(s, site.id, '/section-groups'), { title: 'Nested', parent: 12345 }), 'parent');
    refusedNaming(await api(s, 'POST', sitePath(s, site.id, '/section-groups'), { title: 'Nested', parent: 'sg1' }), 'parent');
    expect((await api(s, 'GET', sitePath(s, site.id, '/section-groups'))).body.items).toEqual([]);
    const space = await newSpace(s, 'Docs');
    refusedNaming(await api(s, 'POST', sitePath(s, site.id, '/sections'), { spaceId: space, siteSectionGroupId: 'sg1' }), 'siteSectionGroupId');
  });

  it('change-request template and apply-template changeRequestId (which would write to the live content)', async () => {
    const space = await newSpace(s, 'Live');
    refusedNaming(await api(s, 'POST', `/spaces/${space}/change-requests`, { subject: 'x', template: 'tpl' }), 'template');
    const revision = (await api(s, 'GET', `/spaces/${space}`)).body.revision as string | undefined;
    refusedNaming(await api(s, 'POST', `/spaces/${space}/content/template`, { id: 'some-template', changeRequestId: 'cr1' }), 'changeRequestId');
    expect((await api(s, 'GET', `/spaces/${space}`)).body.revision).toBe(revision);
  });

  it('names a nested unknown field by its path, and a misspelt one', async () => {
    refusedNaming(await api(s, 'POST', `/orgs/${s.org}/spaces`, { titel: 'Typo' }), 'titel');
    const space = await newSpace(s, 'Nested');
    refusedNaming(await api(s, 'POST', `/spaces/${space}/content/template`, { id: 'some-template', params: { contentRefs: {}, extra: true } }), 'params.extra');
  });

  it("names a key that only an object's prototype has (__proto__, constructor, toString), at any depth", async () => {
    const before = (await api(s, 'GET', `/orgs/${s.org}/spaces`)).body.items.length as number;
    for (const key of ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty']) {
      refusedNaming(await api(s, 'POST', `/orgs/${s.org}/spaces`, `{"title":"Proto","${key}":{"polluted":true}}`), key);
    }
    const space = await newSpace(s, 'Deep');
    refusedNaming(await api(s, 'POST', `/spaces/${space}/content/template`, `{"id":"t","params":{"contentRefs":{},"__proto__":{"x":1}}}`), 'params.__proto__');
    expect((await api(s, 'GET', `/orgs/${s.org}/spaces`)).body.items).toHaveLength(before + 1);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});

describe('a query parameter the endpoint does not take is a 400 naming it and those it takes, never ignored', () => {
  const refusedQuery = (res: { status: number; body: { error?: { code: number; message: string } } }, key: string, takes: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error?.code).toBe(400);
    expect(res.body.error?.message).toContain(`unknown query parameter "${key}"`);
    expect(res.body.error?.message).toContain(takes);
  };

  it('on a list, a read, a create and a delete; the write is not made', async () => {
    refusedQuery(await api(s, 'GET', `/orgs/${s.org}/spaces?limit=5&sort=title`), 'sort', 'it takes page, limit');
    expect((await api(s, 'GET', `/orgs/${s.org}/spaces?limit=5`)).status).toBe(200);
    const space = await newSpace(s, 'Queried');
    refusedQuery(await api(s, 'GET', `/spaces/${space}?expand=revision`), 'expand', 'it takes shareKey');
    const before = (await api(s, 'GET', `/orgs/${s.org}/spaces?limit=1000`)).body.items.length as number;
    refusedQuery(await api(s, 'POST', `/orgs/${s.org}/spaces?dryRun=true`, { title: 'Not made' }), 'dryRun', 'it takes none');
    expect((await api(s, 'GET', `/orgs/${s.org}/spaces?limit=1000`)).body.items).toHaveLength(before);
    refusedQuery(await api(s, 'DELETE', `/spaces/${space}?force=1`), 'force', 'it takes none');
    expect((await api(s, 'GET', `/spaces/${space}`)).status).toBe(200);
  });

  it('names every stray parameter once, and asks a caller without a token for one first', async () => {
    const res = await api(s, 'GET', `/orgs/${s.org}/spaces?a=1&b=2&a=3`);
    expect(res.body.error?.message).toContain('unknown query parameters "a", "b" for GET /v1/orgs/{organizationId}/spaces');
    const anonymous = await fetch(`${s.url}/v1/orgs/${s.org}/spaces?a=1`);
    expect(anonymous.status).toBe(401);
  });
});

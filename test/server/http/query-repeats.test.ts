import { GitBookAPI } from '@gitbook/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../../src/contract/index.js';
import { fieldsOf } from '../../../src/contract/introspect.js';
import { api, startServer, type TestServer } from '../../helpers/server.js';

let s: TestServer;
let space: string;
beforeAll(async () => {
  s = await startServer();
  space = (await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'Repeats' })).body.id as string;
});
afterAll(() => s.stop());

describe('a query key given more than once', () => {
  it('is a 400 naming it where the parameter takes one value (limit=1&limit=3 answered 3 items)', async () => {
    for (const t of ['A', 'B', 'C']) await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: t });
    const r = await api(s, 'GET', `/orgs/${s.org}/spaces?limit=1&limit=3`);
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('limit: query parameter given 2 times; it takes one value (only array parameters repeat)');
  });

  it('is a 400 for every single-valued query parameter of every GET of the catalogue', async () => {
    let checked = 0;
    for (const e of catalogue.filter((x) => x.method === 'GET' && x.query)) {
      const path = e.path.replace(/\{[^}]+\}/g, (m) => (m === '{spaceId}' ? space : m === '{organizationId}' ? s.org : 'x'));
      for (const f of fieldsOf(e.query).filter((x) => x.kind !== 'array')) {
        const r = await api(s, 'GET', `${path}?${f.name}=a&${f.name}=b`);
        // Either refused for the repeat, or refused earlier for the path (404) — never answered from one of the values.
        expect([400, 404], `${e.id} ${f.name}`).toContain(r.status);
        if (r.status === 400) {
          expect(r.body.error.message, `${e.id} ${f.name}`).toMatch(new RegExp(`^${f.name}: query parameter given 2 times`));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('is an array where the parameter is one, as the official client sends arrays (repeated keys)', async () => {
    const client = new GitBookAPI({ endpoint: s.url, authToken: s.token });
    const draft = (await api(s, 'POST', `/spaces/${space}/change-requests`, { subject: 'draft' })).body;
    const open = (await api(s, 'POST', `/spaces/${space}/change-requests`, { subject: 'open' })).body;
    await api(s, 'PATCH', `/spaces/${space}/change-requests/${open.id}`, { status: 'open' });
    const ids = (items: { id: string }[]) => items.map((i) => i.id).sort();
    // The client's own query encoding, given an array as the platform's newer description types it.
    const both = await client.orgs.listChangeRequestsForOrganization(s.org, { status: ['open', 'draft'] as never });
    expect(ids(both.data.items)).toEqual([draft.id, open.id].sort());
    const byDefault = await client.orgs.listChangeRequestsForOrganization(s.org);
    expect(ids(byDefault.data.items)).toEqual([open.id]);
    const spaceDefault = await client.spaces.listChangeRequestsForSpace(space);
    expect(ids(spaceDefault.data.items)).toEqual([open.id]);
    const comment = await api(s, 'POST', `/spaces/${space}/comments`, { body: { markdown: 'hi' } });
    expect(comment.status).toBe(200);
    const byAuthors = await api(s, 'GET', `/spaces/${space}/comments?authors=nobody&authors=${comment.body.postedBy.id}`);
    expect(byAuthors.body.items).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedErrors } from '../../helpers/published-schema.js';
import { api, startServer, type TestServer } from '../../helpers/server.js';
import { newSpace } from '../../helpers/sites.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.stop());

describe('the constraints of the published request schema (0.143.2) hold', () => {
  it('translation instructions must be a JSON document with "data", on create and update', async () => {
    const src = await newSpace(s, 'Source');
    const base = `/orgs/${s.org}/translations`;
    const noData = { object: 'document', nodes: [] };
    const created = await api(s, 'POST', base, { language: 'fr', source: { space: src, language: 'en' }, instructions: noData });
    expect(created.status).toBe(400);
    expect(created.body.error.message).toMatch(/instructions\.data/);
    const t = (await api(s, 'POST', base, { language: 'fr', source: { space: src, language: 'en' } })).body;
    const updated = await api(s, 'PUT', `${base}/${t.id}`, { instructions: noData });
    expect(updated.status).toBe(400);
    expect(updated.body.error.message).toMatch(/instructions\.data/);
    const ok = await api(s, 'PUT', `${base}/${t.id}`, { instructions: { ...noData, data: {} } });
    expect(ok.status).toBe(200);
    expect(publishedErrors('Translation', ok.body)).toBeUndefined();
  });

  it('comment and reply bodies may be {} (the document\'s "Empty" form); answers keep the published shape', async () => {
    const space = await newSpace(s, 'Comments');
    const c = await api(s, 'POST', `/spaces/${space}/comments`, { body: {} });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(publishedErrors('Comment', c.body)).toBeUndefined();
    const r = await api(s, 'POST', `/spaces/${space}/comments/${c.body.id}/replies`, { body: {} });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(publishedErrors('CommentReply', r.body)).toBeUndefined();
    expect((await api(s, 'POST', `/spaces/${space}/comments`, { body: { extra: 1 } })).status).toBe(400);
  });

  it('the change-request reply POST checks format and honours it', async () => {
    const space = await newSpace(s, 'CR');
    const cr = (await api(s, 'POST', `/spaces/${space}/change-requests`, { subject: 'x' })).body;
    const base = `/spaces/${space}/change-requests/${cr.id}/comments`;
    const c = (await api(s, 'POST', base, { body: { markdown: 'Question' } })).body;
    const bogus = await api(s, 'POST', `${base}/${c.id}/replies?format=bogus`, { body: { markdown: 'x' } });
    expect(bogus.status).toBe(400);
    expect(bogus.body.error.message).toMatch(/format/);
    const doc = await api(s, 'POST', `${base}/${c.id}/replies?format=document`, { body: { markdown: 'Answer' } });
    expect(doc.status).toBe(200);
    expect(doc.body.body.document).toBeDefined();
    expect(publishedErrors('CommentReply', doc.body)).toBeUndefined();
  });

  it('adaptive-schema PUT requires additionalProperties: false', async () => {
    const site = (await api(s, 'POST', `/orgs/${s.org}/sites`, { title: 'Adaptive' })).body;
    const put = (jsonSchema: unknown) => api(s, 'PUT', `/orgs/${s.org}/sites/${site.id}/adaptive-schema`, { jsonSchema });
    const missing = await put({ type: 'object', properties: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/jsonSchema\.additionalProperties/);
    expect((await put({ type: 'object', properties: {}, additionalProperties: false })).status).toBe(200);
  });
});

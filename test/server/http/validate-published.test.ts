import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SamlProvider } from '../../../src/contract/schemas/saml.js';
import { comments, type CommentRecord } from '../../../src/server/model/review.js';
import { api, startServer, type TestServer } from '../../helpers/server.js';

/*
 * What serve --validate (validateResponses) checks every answer with: the catalogue's response
 * schemas, which hold rich-text documents and the SAML sign-in URL to the platform's published
 * shape. A document the API would refuse, left in a store by hand or by an older gbctl, is caught
 * on the way out.
 */

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.stop());

describe('serve --validate', () => {
  it('answers 500 naming the mismatch for a stored comment whose document the published schema refuses', async () => {
    const space = (await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'Docs' })).body.id as string;
    const made = (await api(s, 'POST', `/spaces/${space}/comments`, { body: { markdown: 'fine' } })).body.id as string;
    expect((await api(s, 'GET', `/spaces/${space}/comments/${made}`)).status).toBe(200);
    await s.env.store.write((tx) => {
      const c = tx.get(comments, made) as CommentRecord;
      tx.put(comments, { ...c, body: { document: { object: 'document', data: {}, nodes: [{ object: 'block', type: 'marquee' }] } } } as CommentRecord);
    });
    const r = await api(s, 'GET', `/spaces/${space}/comments/${made}`);
    expect(r.status).toBe(500);
    expect(r.body.error.message).toMatch(/^response of comments\.get does not match its schema: .*body/);
  });

  it('refuses a SAML provider answered with ssoURL ""', () => {
    const p = {
      object: 'saml-provider',
      id: 'p',
      label: 'Okta',
      entityID: '',
      certificate: '',
      defaultRole: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      status: 'pending',
      service: { acsURL: 'http://x/acs', startURL: 'http://x/start', entityID: 'http://x/meta' },
      urls: { location: 'http://x/p' },
    };
    expect(SamlProvider.safeParse(p).success).toBe(true);
    expect(SamlProvider.safeParse({ ...p, ssoURL: '' }).success).toBe(false);
    expect(SamlProvider.safeParse({ ...p, ssoURL: 'https://idp.example.com/sso' }).success).toBe(true);
  });
});

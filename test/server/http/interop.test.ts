import { GitBookAPI, GitBookAPIError } from '@gitbook/api';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationErrors, publishedErrors } from '../../helpers/published-schema.js';
import { spawnServe, tempDir, type ServeProcess } from '../../helpers/server.js';

/**
 * The platform's own JavaScript client (@gitbook/api 0.143.2), unchanged but for its `endpoint`
 * option, against the built `gbctl serve`: real clients work against the emulator.
 */

const SPEC = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1.0.0' },
  paths: { '/pets': { get: { summary: 'List pets', responses: { 200: { description: 'ok' } } } } },
});

/** The error the client throws for a failed call. */
async function failure(p: Promise<unknown>): Promise<GitBookAPIError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof GitBookAPIError) return e;
    throw e;
  }
  throw new Error('the call succeeded');
}

describe('the official @gitbook/api client against gbctl serve', () => {
  const tmp = tempDir('gbctl-interop-');
  let serve: ServeProcess;
  let client: GitBookAPI;
  let org: string;

  beforeAll(async () => {
    serve = await spawnServe(join(tmp.dir, 'store.json'));
    org = serve.org;
    client = new GitBookAPI({ endpoint: serve.url, authToken: serve.token });
  });

  afterAll(async () => {
    expect(await serve?.stop()).toBe(0);
    tmp.cleanup();
  });

  it('reads the user and the organizations', async () => {
    const user = await client.user.getAuthenticatedUser();
    expect(user.status).toBe(200);
    expect(user.data.object).toBe('user');
    expect(publishedErrors('User', user.data)).toBeUndefined();
    const orgs = await client.orgs.listOrganizationsForAuthenticatedUser();
    expect(orgs.data.items.map((o) => o.id)).toContain(org);
    expect(operationErrors('listOrganizationsForAuthenticatedUser', orgs.data)).toBeUndefined();
  });

  it('creates, updates, lists and reads spaces', async () => {
    const created = await client.orgs.createSpace(org, { title: 'Handbook', emoji: '📘' });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ object: 'space', title: 'Handbook', emoji: '📘', organization: org });
    expect(publishedErrors('Space', created.data)).toBeUndefined();
    const id = created.data.id;

    const got = await client.spaces.getSpaceById(id);
    expect(got.data.id).toBe(id);
    const renamed = await client.spaces.updateSpaceById(id, { title: 'Team handbook' });
    expect(renamed.data.title).toBe('Team handbook');
    const listed = await client.orgs.listSpacesInOrganizationById(org, { limit: 100 });
    expect(listed.data.items.find((s) => s.id === id)?.title).toBe('Team handbook');
    expect(operationErrors('listSpacesInOrganizationById', listed.data)).toBeUndefined();
  });

  it('creates collections and spaces inside them', async () => {
    const collection = (await client.orgs.createCollection(org, { title: 'Guides' })).data;
    expect(collection).toMatchObject({ object: 'collection', title: 'Guides', organization: org });
    expect(publishedErrors('Collection', collection)).toBeUndefined();
    expect((await client.collections.getCollectionById(collection.id)).data.id).toBe(collection.id);

    const inside = (await client.orgs.createSpace(org, { title: 'Setup guide', parent: collection.id })).data;
    expect(inside.parent).toBe(collection.id);
    const spaces = await client.collections.listSpacesInCollectionById(collection.id);
    expect(spaces.data.items.map((s) => s.id)).toEqual([inside.id]);
  });

  it('opens change requests and comments on them and on spaces', async () => {
    const space = (await client.orgs.createSpace(org, { title: 'Reviewed' })).data;
    const cr = await client.spaces.createChangeRequest(space.id, { subject: 'Fix typos' });
    expect(cr.status).toBe(201);
    expect(cr.data).toMatchObject({ object: 'change-request', subject: 'Fix typos', number: 1 });
    expect(publishedErrors('ChangeRequest', cr.data)).toBeUndefined();
    expect((await client.spaces.getChangeRequestById(space.id, cr.data.id)).data.subject).toBe('Fix typos');
    // Open ones unless another status is asked for, as the description says; a new one is a draft.
    expect((await client.spaces.listChangeRequestsForSpace(space.id)).data.items).toEqual([]);
    const crs = await client.spaces.listChangeRequestsForSpace(space.id, { status: 'draft' as never });
    expect(crs.data.items.map((c) => c.id)).toEqual([cr.data.id]);

    const comment = await client.spaces.postCommentInSpace(space.id, { body: { markdown: 'Is this up to date?' } });
    expect(publishedErrors('Comment', comment.data)).toBeUndefined();
    const reply = await client.spaces.postCommentReplyInSpace(space.id, comment.data.id, { body: { markdown: 'Yes.' } });
    expect(publishedErrors('CommentReply', reply.data)).toBeUndefined();
    const read = await client.spaces.getCommentInSpace(space.id, comment.data.id, { format: 'markdown' });
    expect(read.data.body).toEqual({ markdown: 'Is this up to date?' });
    expect(read.data.replies).toBe(1);
    const listed = await client.spaces.listCommentsInSpace(space.id);
    expect(listed.data.items.map((c) => c.id)).toEqual([comment.data.id]);

    const onCr = await client.spaces.postCommentInChangeRequest(space.id, cr.data.id, { body: { markdown: 'Looks good' } });
    const again = await client.spaces.getCommentInChangeRequest(space.id, cr.data.id, onCr.data.id, { format: 'markdown' });
    expect(again.data.body).toEqual({ markdown: 'Looks good' });
  });

  it('creates sites over spaces and reads them back', async () => {
    const space = (await client.orgs.createSpace(org, { title: 'Published docs' })).data;
    const site = await client.orgs.createSite(org, { title: 'Docs site', spaces: [space.id] });
    expect(site.status).toBe(201);
    expect(site.data).toMatchObject({ object: 'site', title: 'Docs site' });
    expect(publishedErrors('Site', site.data)).toBeUndefined();
    expect((await client.orgs.getSiteById(org, site.data.id)).data.id).toBe(site.data.id);
    const sites = await client.orgs.listSites(org);
    expect(sites.data.items.map((s) => s.id)).toContain(site.data.id);
    const siteSpaces = await client.orgs.listSiteSpaces(org, site.data.id);
    expect(siteSpaces.data.items.map((s) => s.space.id)).toEqual([space.id]);
  });

  it('creates, replaces and reads OpenAPI specs', async () => {
    const created = await client.orgs.createOpenApiSpec(org, { slug: 'pets', source: { text: SPEC } });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ object: 'openapi-spec', slug: 'pets' });
    expect(publishedErrors('OpenAPISpec', created.data)).toBeUndefined();
    const replaced = await client.orgs.createOrUpdateOpenApiSpecBySlug(org, 'pets', { source: { text: SPEC.replace('1.0.0', '1.1.0') } });
    expect(replaced.status).toBe(200);
    expect((await client.orgs.getOpenApiSpecBySlug(org, 'pets')).data.slug).toBe('pets');
    const specs = await client.orgs.listOpenApiSpecs(org);
    expect(specs.data.items.map((s) => s.slug)).toEqual(['pets']);
  });

  it('fails the way the client expects: status and message from the error body', async () => {
    const missing = await failure(client.spaces.getSpaceById('doesNotExist'));
    expect(missing.code).toBe(404);
    expect(missing.errorMessage).toMatch(/space doesNotExist not found/);
    const invalid = await failure(client.orgs.createSpace(org, { title: 'x'.repeat(51) }));
    expect(invalid.code).toBe(400);
    expect(invalid.errorMessage).toMatch(/title/);
    const stranger = new GitBookAPI({ endpoint: serve.url, authToken: 'not-a-token' });
    const refused = await failure(stranger.user.getAuthenticatedUser());
    expect(refused.code).toBe(401);
    expect(refused.errorMessage).toMatch(/token/);
  });
});

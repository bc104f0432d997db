import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../src/contract/schemas/common.js';
import { catalogue, endpointById } from '../../../src/contract/index.js';
import { addMember } from '../../../src/server/admin/accounts.js';
import { userFromToken } from '../../../src/server/services/orgs.js';
import { api, startServer, type TestServer } from '../../helpers/server.js';
import { allows, makeFixtures, operations, ROLES, type Fixtures, type Op, type Who } from '../../helpers/roles.js';

let s: TestServer;
let f: Fixtures;
let ops: Op[];
const as = (role: Role): Who => ({ url: s.url, token: f.tokens[role] });
const statusOf = (id: string) => endpointById(id)?.status;

beforeAll(async () => {
  s = await startServer();
  f = await makeFixtures(s);
  ops = operations(f);
});
afterAll(async () => {
  await s.stop();
  f.cleanup();
});

describe('the role matrix', () => {
  it("has a row for every operation of the catalogue but the caller's own account", () => {
    const covered = new Set(ops.map((o) => o.id));
    const missing = catalogue.map((e) => e.id).filter((id) => !id.startsWith('account.') && !covered.has(id));
    expect(missing).toEqual([]);
    for (const o of ops) expect(statusOf(o.id), o.id).toBeDefined();
  });

  for (const role of ROLES) {
    it(`lets "${role}" do exactly what its role allows: 2xx when allowed, 403 with the error body otherwise`, async () => {
      const wrong: string[] = [];
      for (const op of ops) {
        const req = await op.request();
        const res = await api(as(role), req.method, req.path, req.body);
        const name = `${op.id}${op.note ? ` (${op.note})` : ''}`;
        if (allows(role, op.needs)) {
          if (res.status !== statusOf(op.id)) wrong.push(`${name}: expected ${statusOf(op.id)}, got ${res.status} ${JSON.stringify(res.body)}`);
          continue;
        }
        if (res.status !== 403 || res.body?.error?.code !== 403 || typeof res.body.error.message !== 'string') {
          wrong.push(`${name}: expected 403 with the error body, got ${res.status} ${JSON.stringify(res.body)}`);
          continue;
        }
        if (req.unchanged && !(await req.unchanged())) wrong.push(`${name}: refused with 403, yet the object changed`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('names the role and the role needed in the 403', async () => {
    const r = await api(as('read'), 'DELETE', `/spaces/${f.space}`);
    expect(r.status).toBe(403);
    expect(r.body.error.message).toMatch(/"read".*"admin"/);
  });

  it('transfers need admin where the object is and create where it goes', async () => {
    const sp = (await api(s, 'POST', `/orgs/${f.org}/spaces`, { title: 'Moving' })).body.id as string;
    // admin of the space's organization, but only "read" in the target one
    const who = await s.env.store.write((tx) => {
      const u = userFromToken(tx, f.tokens.admin) as { id: string };
      addMember(s.env, tx, f.org2, u.id, 'read');
      return u.id;
    });
    const refused = await api(as('admin'), 'POST', `/spaces/${sp}/transfer`, { organization: f.org2 });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe(403);
    expect((await api(s, 'GET', `/spaces/${sp}`)).body.organization).toBe(f.org);
    await s.env.store.write((tx) => addMember(s.env, tx, f.org2, who, 'create'));
    const moved = await api(as('admin'), 'POST', `/spaces/${sp}/transfer`, { organization: f.org2 });
    expect(moved.status).toBe(200);
    expect(moved.body.organization).toBe(f.org2);
  });

  it('lets an author edit and delete their own comment only while their role allows commenting', async () => {
    const path = `/spaces/${f.space}/comments`;
    const mine = await api(as('comment'), 'POST', path, { body: { markdown: 'Mine' } });
    expect(mine.status).toBe(200);
    expect(mine.body.permissions).toEqual({ view: true, edit: true, reply: true, delete: true });
    const edited = await api(as('comment'), 'PUT', `${path}/${mine.body.id}`, { body: { markdown: 'Mine, edited' }, resolved: true });
    expect(edited.status).toBe(200);
    expect(edited.body.status).toBe('resolved');
    // demoted to read: the comment is still theirs, but they may no longer change it
    const user = await s.env.store.read((tx) => (userFromToken(tx, f.tokens.comment) as { id: string }).id);
    await s.env.store.write((tx) => addMember(s.env, tx, f.org, user, 'read'));
    try {
      const seen = await api(as('comment'), 'GET', `${path}/${mine.body.id}`);
      expect(seen.body.permissions).toEqual({ view: true, edit: false, reply: false, delete: false });
      expect((await api(as('comment'), 'PUT', `${path}/${mine.body.id}`, { body: { markdown: 'again' } })).status).toBe(403);
      expect((await api(as('comment'), 'DELETE', `${path}/${mine.body.id}`)).status).toBe(403);
    } finally {
      await s.env.store.write((tx) => addMember(s.env, tx, f.org, user, 'comment'));
    }
    expect((await api(as('comment'), 'DELETE', `${path}/${mine.body.id}`)).status).toBe(204);
  });

  it('lets any member read their own account and organizations', async () => {
    for (const role of ROLES) {
      expect((await api(as(role), 'GET', '/user')).status).toBe(200);
      const orgs = await api(as(role), 'GET', '/orgs');
      expect(orgs.status).toBe(200);
      expect((orgs.body.items as { id: string }[]).map((o) => o.id).sort()).toEqual([f.org, f.org2].sort());
    }
  });
});

describe('permissions on returned resources', () => {
  const at = (role: Role, needs: Role) => allows(role, needs);

  for (const role of ROLES) {
    it(`reflect what "${role}" may do`, async () => {
      const who = as(role);
      const space = await api(who, 'GET', `/spaces/${f.space}`);
      expect(space.body.permissions).toEqual({
        view: true,
        access: true,
        admin: at(role, 'admin'),
        viewInviteLinks: at(role, 'admin'),
        edit: at(role, 'edit'),
        triggerGitSync: at(role, 'edit'),
        comment: at(role, 'comment'),
        merge: at(role, 'review'),
        review: at(role, 'review'),
        installIntegration: at(role, 'admin'),
      });
      // the same in lists
      const listed = (await api(who, 'GET', `/orgs/${f.org}/spaces`)).body.items.find((x: { id: string }) => x.id === f.space);
      expect(listed.permissions).toEqual(space.body.permissions);

      const collection = await api(who, 'GET', `/collections/${f.collection}`);
      expect(collection.body.permissions).toEqual({ view: true, admin: at(role, 'admin'), viewInviteLinks: at(role, 'admin'), create: at(role, 'create') });

      // the admin's comment: others may reply (from comment up) but only admins edit or delete it
      const comment = await api(who, 'GET', `/spaces/${f.space}/comments/${f.comment}`);
      expect(comment.body.permissions).toEqual({ view: true, edit: at(role, 'admin'), reply: at(role, 'comment'), delete: at(role, 'admin') });
      const reply = await api(who, 'GET', `/spaces/${f.space}/change-requests/${f.cr}/comments/${f.crComment}/replies/${f.crReply}`);
      expect(reply.body.permissions).toEqual({ view: true, edit: at(role, 'admin'), reply: at(role, 'comment'), delete: at(role, 'admin') });

      const spec = await api(who, 'GET', `/orgs/${f.org}/openapi/${f.spec}`);
      expect(spec.body.permissions).toEqual({ view: true, edit: at(role, 'create') });
      const translation = await api(who, 'GET', `/orgs/${f.org}/translations/${f.translation}`);
      expect(translation.body.permissions).toEqual({ view: true, edit: at(role, 'create') });

      const org = (await api(who, 'GET', '/orgs')).body.items.find((x: { id: string }) => x.id === f.org);
      expect(org.permissions).toMatchObject({
        view: true,
        admin: at(role, 'admin'),
        createContent: at(role, 'create'),
        createOpenAPISpec: at(role, 'create'),
        viewBilling: at(role, 'admin'),
      });

      // site spaces show the space as this caller sees it
      const siteSpaces = await api(who, 'GET', `/orgs/${f.org}/sites/${f.site}/site-spaces`);
      expect(siteSpaces.body.items[0].space.permissions).toEqual(space.body.permissions);
    });
  }
});

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Role } from '../../src/contract/schemas/common.js';
import { addMember, addOrg, addToken, addUser } from '../../src/server/admin/accounts.js';
import { userFromToken } from '../../src/server/services/orgs.js';
import { api, tempDir, type TestServer } from './server.js';

/*
 * Fixtures and one request per operation of the catalogue, shared by the role matrix and the
 * cross-organization isolation tests. Every object is created by the server's admin; requests
 * that change or remove an object make their own fresh one first, so that every role meets it
 * in the same state.
 */

export const ROLES: Role[] = ['read', 'comment', 'edit', 'review', 'create', 'admin'];
const RANK: Record<Role, number> = { read: 1, comment: 2, edit: 3, review: 4, create: 5, admin: 6 };
export const allows = (role: Role, needs: Role) => RANK[role] >= RANK[needs];

export interface Who {
  url: string;
  token: string;
}

export interface Req {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** For requests that remove or change an object: whether it is still there, untouched. */
  unchanged?: () => Promise<boolean>;
}

export interface Op {
  /** The catalogue endpoint the request goes to. */
  id: string;
  /** The least role that may do it, from the role descriptions (not read from the catalogue). */
  needs: Role;
  /** Set when one endpoint appears more than once (e.g. editing one's own comment or another's). */
  note?: string;
  request: () => Promise<Req>;
}

export type Res = Awaited<ReturnType<typeof api>>;

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const SPEC = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1.0.0' },
  paths: { '/pets': { get: { responses: { 200: { description: 'ok' } } } } },
});

/** A fixture request that must succeed (any 2xx: the exact statuses are the role matrix's business). */
function ok(res: Res, _status: number, what: string): Res {
  if (res.status < 200 || res.status > 299) throw new Error(`fixture ${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

export interface Fixtures {
  s: TestServer;
  org: string;
  /** A second organization: each role user is `create` there, the admin `admin`; for transfers. */
  org2: string;
  /** Tokens of users who are members of `org` with each role. */
  tokens: Record<Role, string>;
  /** A user who is admin of `org2` only. */
  outsider: string;
  space: string;
  page: string;
  file: string;
  collection: string;
  cr: string;
  comment: string;
  reply: string;
  crComment: string;
  crReply: string;
  site: string;
  section: string;
  group: string;
  siteSpace: string;
  spec: string;
  specVersion: string;
  saml: string;
  translation: string;
  importUrl: string;
  cleanup(): void;
}

let counter = 0;
const unique = (p: string) => `${p}${++counter}`;

/** Users with each role, an outsider, and one object of every kind, made by the admin. */
export async function makeFixtures(s: TestServer): Promise<Fixtures> {
  const admin: Who = s;
  const { tokens, outsider, org2 } = await s.env.store.write((tx) => {
    const other = addOrg(s.env, tx, 'Other organization');
    const t = {} as Record<Role, string>;
    for (const role of ROLES) {
      const u = addUser(s.env, tx, `As ${role}`, `${role}@example.com`);
      addMember(s.env, tx, s.org, u.id, role);
      addMember(s.env, tx, other.id, u.id, 'create');
      t[role] = addToken(s.env, tx, u.id, `${role} token`);
    }
    // the server's admin may transfer objects into the second organization too
    addMember(s.env, tx, other.id, (userFromToken(tx, s.token) as { id: string }).id, 'admin');
    const o = addUser(s.env, tx, 'Outsider', 'outsider@example.com');
    addMember(s.env, tx, other.id, o.id, 'admin');
    return { tokens: t, outsider: addToken(s.env, tx, o.id, 'outsider token'), org2: other.id };
  });
  const tmp = tempDir('gbctl-roles-');
  const docs = join(tmp.dir, 'docs');
  mkdirSync(docs, { recursive: true });
  writeFileSync(join(docs, 'README.md'), '# Welcome\n\nHello.\n');
  writeFileSync(join(docs, 'guide.md'), '# Guide\n\n![diagram](./diagram.png)\n');
  writeFileSync(join(docs, 'diagram.png'), PNG);
  const importUrl = pathToFileURL(docs).href;

  const space = ok(await api(admin, 'POST', `/orgs/${s.org}/spaces`, { title: 'Roles' }), 201, 'space').body.id as string;
  ok(await api(admin, 'POST', `/spaces/${space}/content/import`, { url: importUrl, source: 'markdown' }), 201, 'import');
  const page = ok(await api(admin, 'GET', `/spaces/${space}/content/pages`), 200, 'pages').body.pages[0].id as string;
  const file = ok(await api(admin, 'GET', `/spaces/${space}/content/files`), 200, 'files').body.items[0].id as string;
  const collection = ok(await api(admin, 'POST', `/orgs/${s.org}/collections`, { title: 'Roles' }), 201, 'collection').body.id as string;
  const cr = ok(await api(admin, 'POST', `/spaces/${space}/change-requests`, { subject: 'Roles' }), 201, 'change request').body.id as string;
  const comment = ok(await api(admin, 'POST', `/spaces/${space}/comments`, { body: { markdown: 'A comment' } }), 201, 'comment').body.id as string;
  const reply = ok(await api(admin, 'POST', `/spaces/${space}/comments/${comment}/replies`, { body: { markdown: 'A reply' } }), 201, 'reply').body.id as string;
  const crBase = `/spaces/${space}/change-requests/${cr}`;
  const crComment = ok(await api(admin, 'POST', `${crBase}/comments`, { body: { markdown: 'A review comment' } }), 201, 'cr comment').body.id as string;
  const crReply = ok(await api(admin, 'POST', `${crBase}/comments/${crComment}/replies`, { body: { markdown: 'A review reply' } }), 201, 'cr reply').body
    .id as string;

  const siteBase = `/orgs/${s.org}/sites`;
  const site = ok(await api(admin, 'POST', siteBase, { title: 'Roles', spaces: [space] }), 201, 'site').body.id as string;
  ok(await api(admin, 'POST', `${siteBase}/${site}/publish`), 200, 'publish');
  const other = ok(await api(admin, 'POST', `/orgs/${s.org}/spaces`, { title: 'Section space' }), 201, 'space').body.id as string;
  const section = ok(await api(admin, 'POST', `${siteBase}/${site}/sections`, { spaceId: other, title: 'Reference' }), 201, 'section').body.id as string;
  const group = ok(await api(admin, 'POST', `${siteBase}/${site}/section-groups`, { title: 'Group' }), 201, 'group').body.id as string;
  const siteSpace = ok(await api(admin, 'GET', `${siteBase}/${site}/site-spaces`), 200, 'site spaces').body.items[0].id as string;

  const spec = 'pets';
  ok(await api(admin, 'POST', `/orgs/${s.org}/openapi`, { slug: spec, source: { text: SPEC } }), 201, 'spec');
  const specVersion = ok(await api(admin, 'GET', `/orgs/${s.org}/openapi/${spec}/versions`), 200, 'versions').body.items[0].id as string;
  // With its sign-in URL: one without it leaves ssoURL out, which the published schema requires (saml.test.ts).
  const saml = ok(await api(admin, 'POST', `/orgs/${s.org}/saml`, { label: 'Okta', ssoURL: 'https://idp.example.com/sso' }), 201, 'saml').body.id as string;
  const translation = ok(await api(admin, 'POST', `/orgs/${s.org}/translations`, { language: 'fr', source: { space, language: 'en' } }), 201, 'translation')
    .body.id as string;

  return {
    s,
    org: s.org,
    org2,
    tokens,
    outsider,
    space,
    page,
    file,
    collection,
    cr,
    comment,
    reply,
    crComment,
    crReply,
    site,
    section,
    group,
    siteSpace,
    spec,
    specVersion,
    saml,
    translation,
    importUrl,
    cleanup: tmp.cleanup,
  };
}

/** One request per operation of the catalogue (and a few more for rules finer than the endpoint's). */
export function operations(f: Fixtures): Op[] {
  const admin: Who = f.s;
  const o = `/orgs/${f.org}`;
  const sp = `/spaces/${f.space}`;
  const crp = `${sp}/change-requests/${f.cr}`;
  const st = `${o}/sites/${f.site}`;
  const spec = `${o}/openapi/${f.spec}`;
  const get = (path: string) => async (): Promise<Req> => ({ method: 'GET', path });
  const exists = (path: string) => async () => (await api(admin, 'GET', path)).status === 200;
  const inList = (path: string, id: string) => async () => ((await api(admin, 'GET', path)).body.items as { id: string }[]).some((x) => x.id === id);
  const made = async (path: string, body: unknown = {}) => ok(await api(admin, 'POST', path, body), 201, path).body as { id: string; number?: number };
  const newSpace = async () => (await made(`${o}/spaces`, { title: unique('Space ') })).id;
  const newCr = async () => (await made(`${sp}/change-requests`, { subject: unique('CR ') })).id;
  const newComment = async (base: string) => (await made(`${base}/comments`, { body: { markdown: unique('comment ') } })).id;
  const newSite = async () => (await made(`${o}/sites`, { title: unique('Site ') })).id;
  const newSection = async () => (await made(`${st}/sections`, { spaceId: await newSpace(), title: unique('Section ') })).id;
  const newGroup = async () => (await made(`${st}/section-groups`, { title: unique('Group ') })).id;

  return [
    // spaces
    { id: 'spaces.list', needs: 'read', request: get(`${o}/spaces`) },
    { id: 'spaces.create', needs: 'create', request: async () => ({ method: 'POST', path: `${o}/spaces`, body: { title: 'New' } }) },
    { id: 'spaces.get', needs: 'read', request: get(sp) },
    {
      id: 'spaces.update',
      needs: 'admin',
      request: async () => ({
        method: 'PATCH',
        path: sp,
        body: { title: 'Roles' },
        unchanged: async () => (await api(admin, 'GET', sp)).body.title === 'Roles',
      }),
    },
    {
      id: 'spaces.delete',
      needs: 'admin',
      request: async () => {
        const id = await newSpace();
        return { method: 'DELETE', path: `/spaces/${id}`, unchanged: exists(`/spaces/${id}`) };
      },
    },
    { id: 'spaces.duplicate', needs: 'create', request: async () => ({ method: 'POST', path: `${sp}/duplicate` }) },
    {
      id: 'spaces.restore',
      needs: 'admin',
      request: async () => {
        const id = await newSpace();
        ok(await api(admin, 'DELETE', `/spaces/${id}`), 204, 'delete');
        return { method: 'POST', path: `/spaces/${id}/restore`, unchanged: async () => (await api(admin, 'GET', `/spaces/${id}`)).status === 404 };
      },
    },
    {
      id: 'spaces.move',
      needs: 'admin',
      request: async () => {
        const id = await newSpace();
        return {
          method: 'POST',
          path: `/spaces/${id}/move`,
          body: { parent: f.collection },
          unchanged: async () => (await api(admin, 'GET', `/spaces/${id}`)).body.parent === undefined,
        };
      },
    },
    {
      id: 'spaces.transfer',
      needs: 'admin',
      request: async () => {
        const id = await newSpace();
        return {
          method: 'POST',
          path: `/spaces/${id}/transfer`,
          body: { organization: f.org2 },
          unchanged: async () => (await api(admin, 'GET', `/spaces/${id}`)).body.organization === f.org,
        };
      },
    },
    { id: 'spaces.links', needs: 'read', request: get(`${sp}/links`) },

    // collections
    { id: 'collections.list', needs: 'read', request: get(`${o}/collections`) },
    { id: 'collections.create', needs: 'create', request: async () => ({ method: 'POST', path: `${o}/collections`, body: { title: 'New' } }) },
    { id: 'collections.get', needs: 'read', request: get(`/collections/${f.collection}`) },
    { id: 'collections.update', needs: 'admin', request: async () => ({ method: 'PATCH', path: `/collections/${f.collection}`, body: { title: 'Roles' } }) },
    {
      id: 'collections.delete',
      needs: 'admin',
      request: async () => {
        const id = (await made(`${o}/collections`, { title: unique('Col ') })).id;
        return { method: 'DELETE', path: `/collections/${id}`, unchanged: exists(`/collections/${id}`) };
      },
    },
    { id: 'collections.spaces', needs: 'read', request: get(`/collections/${f.collection}/spaces`) },
    {
      id: 'collections.move',
      needs: 'admin',
      request: async () => {
        const id = (await made(`${o}/collections`, { title: unique('Col ') })).id;
        return {
          method: 'POST',
          path: `/collections/${id}/move`,
          body: { parent: f.collection },
          unchanged: async () => (await api(admin, 'GET', `/collections/${id}`)).body.parent === undefined,
        };
      },
    },
    {
      id: 'collections.transfer',
      needs: 'admin',
      request: async () => {
        const id = (await made(`${o}/collections`, { title: unique('Col ') })).id;
        return {
          method: 'POST',
          path: `/collections/${id}/transfer`,
          body: { organization: f.org2 },
          unchanged: async () => (await api(admin, 'GET', `/collections/${id}`)).body.organization === f.org,
        };
      },
    },

    // content of the space and of a change request
    { id: 'content.search', needs: 'read', request: get(`${sp}/search?query=guide`) },
    { id: 'content.revision', needs: 'read', request: get(`${sp}/content`) },
    {
      id: 'content.import',
      needs: 'edit',
      request: async () => {
        const id = await newSpace();
        return {
          method: 'POST',
          path: `/spaces/${id}/content/import`,
          body: { url: f.importUrl, source: 'markdown' },
          unchanged: async () => (await api(admin, 'GET', `/spaces/${id}/content/pages`)).body.pages.length === 0,
        };
      },
    },
    {
      id: 'content.template',
      needs: 'edit',
      request: async () => {
        const id = await newSpace();
        return {
          method: 'POST',
          path: `/spaces/${id}/content/template`,
          body: { id: 'getting-started' },
          unchanged: async () => (await api(admin, 'GET', `/spaces/${id}/content/pages`)).body.pages.length === 0,
        };
      },
    },
    { id: 'content.pages', needs: 'read', request: get(`${sp}/content/pages`) },
    { id: 'content.files', needs: 'read', request: get(`${sp}/content/files`) },
    { id: 'content.file', needs: 'read', request: get(`${sp}/content/files/${f.file}`) },
    { id: 'content.backlinks', needs: 'read', request: get(`${sp}/content/files/${f.file}/backlinks`) },
    { id: 'content.page', needs: 'read', request: get(`${sp}/content/page/${f.page}`) },
    { id: 'content.links', needs: 'read', request: get(`${sp}/content/page/${f.page}/links`) },
    { id: 'cr-content.revision', needs: 'read', request: get(`${crp}/content`) },
    {
      id: 'cr-content.import',
      needs: 'edit',
      request: async () => {
        const id = await newCr();
        return { method: 'POST', path: `${sp}/change-requests/${id}/content/import`, body: { url: f.importUrl, source: 'markdown' } };
      },
    },
    { id: 'cr-content.pages', needs: 'read', request: get(`${crp}/content/pages`) },
    { id: 'cr-content.files', needs: 'read', request: get(`${crp}/content/files`) },
    { id: 'cr-content.file', needs: 'read', request: get(`${crp}/content/files/${f.file}`) },
    { id: 'cr-content.backlinks', needs: 'read', request: get(`${crp}/content/files/${f.file}/backlinks`) },
    { id: 'cr-content.page', needs: 'read', request: get(`${crp}/content/page/${f.page}`) },
    { id: 'cr-content.links', needs: 'read', request: get(`${crp}/content/page/${f.page}/links`) },

    // comments on the space and on a change request
    ...commentOps(f, 'comments', sp, f.comment, f.reply, newComment),
    ...commentOps(f, 'cr-comments', crp, f.crComment, f.crReply, newComment),

    // change requests
    { id: 'change-requests.list', needs: 'read', request: get(`${sp}/change-requests`) },
    { id: 'change-requests.list-org', needs: 'read', request: get(`${o}/change-requests`) },
    { id: 'change-requests.create', needs: 'edit', request: async () => ({ method: 'POST', path: `${sp}/change-requests`, body: { subject: 'New' } }) },
    { id: 'change-requests.get', needs: 'read', request: get(crp) },
    { id: 'change-requests.update', needs: 'edit', request: async () => ({ method: 'PATCH', path: crp, body: { subject: 'Roles' } }) },
    {
      id: 'change-requests.merge',
      needs: 'review',
      request: async () => {
        const id = await newCr();
        const path = `${sp}/change-requests/${id}`;
        return { method: 'POST', path: `${path}/merge`, unchanged: async () => (await api(admin, 'GET', path)).body.status === 'draft' };
      },
    },
    { id: 'change-requests.refresh', needs: 'edit', request: async () => ({ method: 'POST', path: `${sp}/change-requests/${await newCr()}/update` }) },
    {
      id: 'change-requests.resolve',
      needs: 'edit',
      request: async () => {
        // A change request whose update from main carried a conflict on the page.
        const path = `${sp}/change-requests/${await newCr()}`;
        const other = `${sp}/change-requests/${await newCr()}`;
        ok(await api(admin, 'PATCH', `${path}/gbctl/pages/${f.page}`, { markdown: unique('one side ') }), 200, 'edit');
        ok(await api(admin, 'PATCH', `${other}/gbctl/pages/${f.page}`, { markdown: unique('other side ') }), 200, 'edit');
        ok(await api(admin, 'POST', `${other}/merge`), 200, 'merge');
        ok(await api(admin, 'POST', `${path}/update`), 200, 'update');
        const settled = async () => ((await api(admin, 'GET', path)).body.conflicts as { resolved: boolean }[]).every((x) => x.resolved);
        return {
          method: 'POST',
          path: `${path}/gbctl/conflicts/${f.page}/resolve`,
          body: { keep: 'change-request' },
          unchanged: async () => !(await settled()),
        };
      },
    },
    { id: 'change-requests.export', needs: 'read', request: get(`${crp}/pdf`) },
    {
      id: 'change-requests.create-page',
      needs: 'edit',
      request: async () => ({ method: 'POST', path: `${sp}/change-requests/${await newCr()}/gbctl/pages`, body: { title: 'New page' } }),
    },
    {
      id: 'change-requests.update-page',
      needs: 'edit',
      request: async () => ({ method: 'PATCH', path: `${sp}/change-requests/${await newCr()}/gbctl/pages/${f.page}`, body: { title: 'Renamed' } }),
    },
    {
      id: 'change-requests.delete-page',
      needs: 'edit',
      request: async () => {
        const path = `${sp}/change-requests/${await newCr()}`;
        return { method: 'DELETE', path: `${path}/gbctl/pages/${f.page}`, unchanged: exists(`${path}/content/page/${f.page}`) };
      },
    },

    // sites and their structure
    { id: 'sites.list', needs: 'read', request: get(`${o}/sites`) },
    { id: 'sites.create', needs: 'admin', request: async () => ({ method: 'POST', path: `${o}/sites`, body: { title: 'New site' } }) },
    { id: 'sites.get', needs: 'read', request: get(st) },
    { id: 'sites.update', needs: 'admin', request: async () => ({ method: 'PATCH', path: st, body: { title: 'Roles' } }) },
    {
      id: 'sites.delete',
      needs: 'admin',
      request: async () => {
        const id = await newSite();
        return { method: 'DELETE', path: `${o}/sites/${id}`, unchanged: exists(`${o}/sites/${id}`) };
      },
    },
    { id: 'sites.adaptive-schema', needs: 'read', request: get(`${st}/adaptive-schema`) },
    {
      id: 'sites.set-adaptive-schema',
      needs: 'admin',
      request: async () => ({
        method: 'PUT',
        path: `${st}/adaptive-schema`,
        body: { jsonSchema: { type: 'object', properties: {}, additionalProperties: false } },
      }),
    },
    { id: 'sites.template-conditions', needs: 'read', request: get(`${st}/adaptive-schema/template-conditions`) },
    { id: 'sites.published', needs: 'read', request: get(`${st}/published`) },
    {
      id: 'sites.publish',
      needs: 'admin',
      request: async () => {
        const id = await newSite();
        return {
          method: 'POST',
          path: `${o}/sites/${id}/publish`,
          unchanged: async () => (await api(admin, 'GET', `${o}/sites/${id}`)).body.published === false,
        };
      },
    },
    {
      id: 'sites.unpublish',
      needs: 'admin',
      request: async () => {
        const id = await newSite();
        ok(await api(admin, 'POST', `${o}/sites/${id}/publish`), 200, 'publish');
        return {
          method: 'POST',
          path: `${o}/sites/${id}/unpublish`,
          unchanged: async () => (await api(admin, 'GET', `${o}/sites/${id}`)).body.published === true,
        };
      },
    },
    { id: 'sections.list', needs: 'read', request: get(`${st}/sections`) },
    {
      id: 'sections.create',
      needs: 'admin',
      request: async () => ({ method: 'POST', path: `${st}/sections`, body: { spaceId: await newSpace(), title: 'New section' } }),
    },
    { id: 'sections.update', needs: 'admin', request: async () => ({ method: 'PATCH', path: `${st}/sections/${f.section}`, body: { title: 'Reference' } }) },
    {
      id: 'sections.delete',
      needs: 'admin',
      request: async () => {
        const id = await newSection();
        return { method: 'DELETE', path: `${st}/sections/${id}`, unchanged: inList(`${st}/sections`, id) };
      },
    },
    { id: 'sections.move', needs: 'admin', request: async () => ({ method: 'POST', path: `${st}/sections/${f.section}/move`, body: {} }) },
    { id: 'section-groups.list', needs: 'read', request: get(`${st}/section-groups`) },
    { id: 'section-groups.create', needs: 'admin', request: async () => ({ method: 'POST', path: `${st}/section-groups`, body: { title: 'New group' } }) },
    {
      id: 'section-groups.update',
      needs: 'admin',
      request: async () => ({ method: 'PATCH', path: `${st}/section-groups/${f.group}`, body: { title: 'Group' } }),
    },
    {
      id: 'section-groups.delete',
      needs: 'admin',
      request: async () => {
        const id = await newGroup();
        return { method: 'DELETE', path: `${st}/section-groups/${id}`, unchanged: inList(`${st}/section-groups`, id) };
      },
    },
    {
      id: 'section-groups.add-section',
      needs: 'admin',
      request: async () => ({ method: 'POST', path: `${st}/section-groups/${await newGroup()}/sections`, body: { sectionId: await newSection() } }),
    },
    {
      id: 'section-groups.remove-section',
      needs: 'admin',
      request: async () => {
        const section = await newSection();
        const group = (await made(`${st}/section-groups`, { title: unique('Group '), sections: [section] })).id;
        const inGroup = async () =>
          ((await api(admin, 'GET', `${st}/section-groups`)).body.items as { id: string; sections: { id: string }[] }[]).some(
            (g) => g.id === group && g.sections.some((x) => x.id === section),
          );
        return { method: 'DELETE', path: `${st}/section-groups/${group}/sections/${section}`, unchanged: inGroup };
      },
    },
    { id: 'section-groups.move', needs: 'admin', request: async () => ({ method: 'POST', path: `${st}/section-groups/${f.group}/move`, body: {} }) },
    { id: 'site-spaces.list', needs: 'read', request: get(`${st}/site-spaces`) },
    { id: 'site-spaces.create', needs: 'admin', request: async () => ({ method: 'POST', path: `${st}/site-spaces`, body: { spaceId: await newSpace() } }) },
    {
      id: 'site-spaces.update',
      needs: 'admin',
      request: async () => ({ method: 'PATCH', path: `${st}/site-spaces/${f.siteSpace}`, body: { condition: null } }),
    },
    {
      id: 'site-spaces.delete',
      needs: 'admin',
      request: async () => {
        const id = (await made(`${st}/site-spaces`, { spaceId: await newSpace(), sectionId: f.section })).id;
        return { method: 'DELETE', path: `${st}/site-spaces/${id}`, unchanged: inList(`${st}/site-spaces`, id) };
      },
    },
    { id: 'site-spaces.move', needs: 'admin', request: async () => ({ method: 'POST', path: `${st}/site-spaces/${f.siteSpace}/move`, body: {} }) },

    // OpenAPI specs
    { id: 'openapi.list', needs: 'read', request: get(`${o}/openapi`) },
    {
      id: 'openapi.create',
      needs: 'create',
      request: async () => ({ method: 'POST', path: `${o}/openapi`, body: { slug: unique('spec-'), source: { text: SPEC } } }),
    },
    { id: 'openapi.get', needs: 'read', request: get(spec) },
    { id: 'openapi.put', needs: 'create', request: async () => ({ method: 'PUT', path: spec, body: { source: { text: SPEC } } }) },
    {
      id: 'openapi.delete',
      needs: 'create',
      request: async () => {
        const slug = unique('gone-');
        ok(await api(admin, 'POST', `${o}/openapi`, { slug, source: { text: SPEC } }), 201, 'spec');
        return { method: 'DELETE', path: `${o}/openapi/${slug}`, unchanged: exists(`${o}/openapi/${slug}`) };
      },
    },
    { id: 'openapi.update', needs: 'create', request: async () => ({ method: 'PATCH', path: spec, body: { visibility: 'private' } }) },
    { id: 'openapi.versions', needs: 'read', request: get(`${spec}/versions`) },
    { id: 'openapi.latest', needs: 'read', request: get(`${spec}/versions/latest`) },
    { id: 'openapi.latest-content', needs: 'read', request: get(`${spec}/versions/latest/content`) },
    { id: 'openapi.version', needs: 'read', request: get(`${spec}/versions/${f.specVersion}`) },
    { id: 'openapi.version-content', needs: 'read', request: get(`${spec}/versions/${f.specVersion}/content`) },

    // SAML: admins only; the sign-in list is for every member
    { id: 'saml.list', needs: 'admin', request: get(`${o}/saml`) },
    {
      id: 'saml.create',
      needs: 'admin',
      request: async () => ({ method: 'POST', path: `${o}/saml`, body: { label: 'New', ssoURL: 'https://idp.example.com/new' } }),
    },
    { id: 'saml.get', needs: 'admin', request: get(`${o}/saml/${f.saml}`) },
    { id: 'saml.update', needs: 'admin', request: async () => ({ method: 'PATCH', path: `${o}/saml/${f.saml}`, body: { label: 'Okta' } }) },
    {
      id: 'saml.delete',
      needs: 'admin',
      request: async () => {
        const id = (await made(`${o}/saml`, { label: unique('p') })).id;
        return { method: 'DELETE', path: `${o}/saml/${id}`, unchanged: exists(`${o}/saml/${id}`) };
      },
    },
    { id: 'sso.list', needs: 'read', request: get(`${o}/sso`) },

    // translations
    { id: 'translations.list', needs: 'read', request: get(`${o}/translations`) },
    {
      id: 'translations.create',
      needs: 'create',
      request: async () => ({ method: 'POST', path: `${o}/translations`, body: { language: 'de', source: { space: f.space, language: 'en' } } }),
    },
    { id: 'translations.get', needs: 'read', request: get(`${o}/translations/${f.translation}`) },
    {
      id: 'translations.update',
      needs: 'create',
      request: async () => ({ method: 'PUT', path: `${o}/translations/${f.translation}`, body: { instructions: { object: 'document', data: {}, nodes: [] } } }),
    },
    {
      id: 'translations.delete',
      needs: 'create',
      request: async () => {
        const id = (await made(`${o}/translations`, { language: 'es', source: { space: f.space, language: 'en' } })).id;
        return { method: 'DELETE', path: `${o}/translations/${id}`, unchanged: exists(`${o}/translations/${id}`) };
      },
    },
    {
      id: 'translations.run',
      needs: 'create',
      request: async () => {
        const id = (await made(`${o}/translations`, { language: 'it', source: { space: f.space, language: 'en' } })).id;
        return {
          method: 'POST',
          path: `${o}/translations/${id}/run`,
          unchanged: async () => (await api(admin, 'GET', `${o}/translations/${id}`)).body.status === 'pending',
        };
      },
    },
  ];
}

/** Comments and replies of a space or change request (`base`), on posts of the admin. */
function commentOps(
  f: Fixtures,
  noun: 'comments' | 'cr-comments',
  base: string,
  comment: string,
  reply: string,
  newComment: (base: string) => Promise<string>,
): Op[] {
  const admin: Who = f.s;
  const c = `${base}/comments/${comment}`;
  const newReply = async (on: string) =>
    ok(await api(admin, 'POST', `${base}/comments/${on}/replies`, { body: { markdown: unique('reply ') } }), 201, 'reply').body.id as string;
  const get = (path: string) => async (): Promise<Req> => ({ method: 'GET', path });
  const bodyOf = (path: string) => async () => (await api(admin, 'GET', `${path}?format=markdown`)).body.body?.markdown as string | undefined;
  return [
    { id: `${noun}.list`, needs: 'read', request: get(`${base}/comments`) },
    { id: `${noun}.create`, needs: 'comment', request: async () => ({ method: 'POST', path: `${base}/comments`, body: { body: { markdown: 'Mine' } } }) },
    { id: `${noun}.get`, needs: 'read', request: get(c) },
    {
      id: `${noun}.update`,
      note: "react to another's comment",
      needs: 'comment',
      request: async () => ({ method: 'PUT', path: c, body: { addedReactions: ['👍'] } }),
    },
    {
      id: `${noun}.update`,
      note: "resolve another's comment",
      needs: 'review',
      request: async () => {
        const id = await newComment(base);
        return {
          method: 'PUT',
          path: `${base}/comments/${id}`,
          body: { resolved: true },
          unchanged: async () => (await api(admin, 'GET', `${base}/comments/${id}`)).body.status === 'open',
        };
      },
    },
    {
      id: `${noun}.update`,
      note: "edit another's comment",
      needs: 'admin',
      request: async () => {
        const id = await newComment(base);
        const path = `${base}/comments/${id}`;
        const before = await bodyOf(path)();
        return { method: 'PUT', path, body: { body: { markdown: 'Rewritten' } }, unchanged: async () => (await bodyOf(path)()) === before };
      },
    },
    {
      id: `${noun}.delete`,
      note: "another's comment",
      needs: 'admin',
      request: async () => {
        const id = await newComment(base);
        return { method: 'DELETE', path: `${base}/comments/${id}`, unchanged: async () => (await api(admin, 'GET', `${base}/comments/${id}`)).status === 200 };
      },
    },
    { id: `${noun}.list-replies`, needs: 'read', request: get(`${c}/replies`) },
    { id: `${noun}.create-reply`, needs: 'comment', request: async () => ({ method: 'POST', path: `${c}/replies`, body: { body: { markdown: 'Mine' } } }) },
    { id: `${noun}.get-reply`, needs: 'read', request: get(`${c}/replies/${reply}`) },
    {
      id: `${noun}.update-reply`,
      note: "react to another's reply",
      needs: 'comment',
      request: async () => ({ method: 'PUT', path: `${c}/replies/${reply}`, body: { addedReactions: ['🎉'] } }),
    },
    {
      id: `${noun}.update-reply`,
      note: "edit another's reply",
      needs: 'admin',
      request: async () => {
        const id = await newReply(comment);
        const path = `${c}/replies/${id}`;
        const before = await bodyOf(path)();
        return { method: 'PUT', path, body: { body: { markdown: 'Rewritten' } }, unchanged: async () => (await bodyOf(path)()) === before };
      },
    },
    {
      id: `${noun}.delete-reply`,
      note: "another's reply",
      needs: 'admin',
      request: async () => {
        const id = await newReply(comment);
        return { method: 'DELETE', path: `${c}/replies/${id}`, unchanged: async () => (await api(admin, 'GET', `${c}/replies/${id}`)).status === 200 };
      },
    },
    { id: `${noun}.list-commenters`, needs: 'read', request: get(`${base}/commenters`) },
  ];
}

/**
 * The request's path with every path parameter of its endpoint replaced by an id that exists
 * nowhere (`nowhere0`, `nowhere1`…), and a function mapping those ids in a message back to the real ones.
 */
export function fabricated(endpointPath: string, actual: string): { path: string; back(message: string): string } {
  const template = `/${endpointPath.replace(/^\//, '')}`.split('/');
  const [bare = '', query] = actual.split('?');
  const real: string[] = [];
  const path = bare
    .split('/')
    .map((p, i) => (/^\{\w+\}$/.test(template[i] ?? '') ? `nowhere${real.push(p) - 1}` : p))
    .join('/');
  return {
    path: query === undefined ? path : `${path}?${query}`,
    back: (message) => message.replace(/nowhere(\d+)/g, (_m, n: string) => real[Number(n)] ?? ''),
  };
}

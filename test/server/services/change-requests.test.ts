import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer, type TestServer } from '../../helpers/server.js';
import { publishedErrors, publishedListErrors } from '../../helpers/published-schema.js';
import { allPages, componentErrors, newSpace, operationErrors } from '../../helpers/editing.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.stop());

/** A space with the getting-started pages (Welcome, Quickstart, FAQ). */
async function seeded(): Promise<{ space: string; pages: { id: string; title: string }[] }> {
  const space = await newSpace(s);
  await api(s, 'POST', `/spaces/${space}/content/template`, { id: 'getting-started' });
  return { space, pages: (await api(s, 'GET', `/spaces/${space}/content/pages`)).body.pages };
}

const titles = async (path: string) => allPages((await api(s, 'GET', `${path}/content/pages`)).body.pages).map((p) => p.title);
const markdownOf = async (path: string, pageId: string) => (await api(s, 'GET', `${path}/content/page/${pageId}`)).body.markdown as string;

describe('change requests', () => {
  it('creates numbered drafts forked from the space revision, found by id or number', async () => {
    const { space } = await seeded();
    const main = (await api(s, 'GET', `/spaces/${space}`)).body.revision;
    const a = await api(s, 'POST', `/spaces/${space}/change-requests`, { subject: 'First' });
    expect(a.status).toBe(201);
    expect(publishedErrors('ChangeRequest', a.body)).toBeUndefined();
    expect(a.body).toMatchObject({
      object: 'change-request',
      number: 1,
      status: 'draft',
      subject: 'First',
      revisionInitial: main,
      outdated: false,
      comments: 0,
    });
    expect(a.body.revision).not.toBe(main);
    const b = (await api(s, 'POST', `/spaces/${space}/change-requests`, {})).body;
    expect(b.number).toBe(2);
    expect((await api(s, 'GET', `/spaces/${space}/change-requests/${a.body.id}`)).body.number).toBe(1);
    expect((await api(s, 'GET', `/spaces/${space}/change-requests/2`)).body.id).toBe(b.id);
    expect((await api(s, 'GET', `/spaces/${space}/change-requests/3`)).status).toBe(404);
    const other = await newSpace(s);
    expect((await api(s, 'GET', `/spaces/${other}/change-requests/${a.body.id}`)).status).toBe(404);
    expect((await api(s, 'POST', `/spaces/${other}/change-requests`, {})).body.number).toBe(1);
    expect(await titles(`/spaces/${space}/change-requests/1`)).toEqual(['Welcome', 'Quickstart', 'FAQ']);

    const space1 = (await api(s, 'GET', `/spaces/${space}`)).body;
    expect(space1).toMatchObject({ changeRequests: 2, changeRequestsDraft: 2, changeRequestsOpen: 0 });
  });

  it('updates subject, description and status; merged is not settable', async () => {
    const { space } = await seeded();
    const cr = (await api(s, 'POST', `/spaces/${space}/change-requests`, { subject: 'x' })).body;
    const description = {
      object: 'document',
      data: {},
      nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Why', marks: [] }] }] }],
    };
    const r = await api(s, 'PATCH', `/spaces/${space}/change-requests/${cr.id}`, { subject: 'Better', description, status: 'open' });
    expect(r.status).toBe(200);
    expect(publishedErrors('ChangeRequest', r.body)).toBeUndefined();
    expect(r.body).toMatchObject({ subject: 'Better', status: 'open', description });
    expect((await api(s, 'GET', `/spaces/${space}`)).body).toMatchObject({ changeRequestsOpen: 1, changeRequestsDraft: 0 });
    expect((await api(s, 'PATCH', `/spaces/${space}/change-requests/${cr.id}`, { status: 'merged' })).status).toBe(400);
    expect((await api(s, 'PATCH', `/spaces/${space}/change-requests/${cr.id}`, { subject: 'y'.repeat(101) })).status).toBe(400);
  });

  it('lists per space and per organization with status, creator and contributor filters', async () => {
    const { space } = await seeded();
    const a = (await api(s, 'POST', `/spaces/${space}/change-requests`, { subject: 'a' })).body;
    const b = (await api(s, 'POST', `/spaces/${space}/change-requests`, { subject: 'b' })).body;
    await api(s, 'PATCH', `/spaces/${space}/change-requests/${b.id}`, { status: 'open' });
    const ids = (r: { body: { items: { id: string }[] } }) => r.body.items.map((x) => x.id);
    // As the platform's description says: open change requests unless another status is asked for.
    const list = await api(s, 'GET', `/spaces/${space}/change-requests`);
    expect(operationErrors('listChangeRequestsForSpace', list.body)).toBeUndefined();
    expect(ids(list)).toEqual([b.id]);
    expect(ids(await api(s, 'GET', `/spaces/${space}/change-requests?status=open`))).toEqual([b.id]);
    expect(ids(await api(s, 'GET', `/spaces/${space}/change-requests?status=draft`))).toEqual([a.id]);
    const me = a.createdBy.id;
    expect((await api(s, 'GET', `/spaces/${space}/change-requests?creator=${me}`)).body.count).toBe(1);
    expect((await api(s, 'GET', `/spaces/${space}/change-requests?creator=${me}&status=draft`)).body.count).toBe(1);
    expect((await api(s, 'GET', `/spaces/${space}/change-requests?contributor=someoneElse`)).body.items).toEqual([]);
    const org = await api(s, 'GET', `/orgs/${s.org}/change-requests?status=open`);
    expect(publishedListErrors('ChangeRequest', org.body)).toBeUndefined();
    expect(org.body.items.map((x: { id: string }) => x.id)).toContain(b.id);
    expect(org.body.items.map((x: { id: string }) => x.id)).not.toContain(a.id);
    expect(ids(await api(s, 'GET', `/orgs/${s.org}/change-requests`))).toEqual(ids(org));
    // The organization's list takes several statuses, repeated as the official client sends an array.
    const both = await api(s, 'GET', `/orgs/${s.org}/change-requests?status=open&status=draft`);
    expect(ids(both)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(ids(both).indexOf(b.id)).toBeLessThan(ids(both).indexOf(a.id));
    expect(ids(await api(s, 'GET', `/orgs/${s.org}/change-requests?status=draft,open&creator=${me}`))).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(ids(await api(s, 'GET', `/orgs/${s.org}/change-requests?status=merged&status=archived`))).not.toContain(a.id);
    // The space's list takes one: a repeated status is a 400 naming it, not the last one silently.
    const twice = await api(s, 'GET', `/spaces/${space}/change-requests?status=open&status=draft`);
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toMatch(/^status: query parameter given 2 times; it takes one value/);
    expect((await api(s, 'GET', '/orgs/nope/change-requests')).status).toBe(404);
  });
});

describe('change-request content, merge and update', () => {
  it('edits pages inside the change request only, then merges them as a merge revision', async () => {
    const { space, pages } = await seeded();
    const cr = (await api(s, 'POST', `/spaces/${space}/change-requests`, { subject: 'Edit quickstart' })).body;
    const crPath = `/spaces/${space}/change-requests/${cr.number}`;
    const quick = pages[1]?.id as string;
    const upd = await api(s, 'PATCH', `${crPath}/gbctl/pages/${quick}`, { markdown: '## Install\n\nRun the installer.' });
    expect(upd.status).toBe(200);
    expect(componentErrors('RevisionPage', upd.body)).toBeUndefined();
    const added = await api(s, 'POST', `${crPath}/gbctl/pages`, { title: 'Troubleshooting', markdown: 'Turn it off and on.', parent: quick });
    expect(added.status).toBe(201);
    expect(added.body.path).toBe('quickstart/troubleshooting');
    expect((await api(s, 'DELETE', `${crPath}/gbctl/pages/${pages[2]?.id}`)).status).toBe(204);
    expect((await api(s, 'DELETE', `${crPath}/gbctl/pages/${pages[2]?.id}`)).status).toBe(204);
    expect((await api(s, 'PATCH', `${crPath}/gbctl/pages/nope`, { title: 'x' })).status).toBe(404);
    expect((await api(s, 'POST', `${crPath}/gbctl/pages`, { title: 'x', parent: 'nope' })).status).toBe(404);

    expect(await titles(crPath)).toEqual(['Welcome', 'Quickstart', 'Troubleshooting']);
    expect(await titles(`/spaces/${space}`)).toEqual(['Welcome', 'Quickstart', 'FAQ']);
    const crRev = await api(s, 'GET', `${crPath}/content`);
    expect(componentErrors('Revision', crRev.body)).toBeUndefined();
    expect((await api(s, 'GET', crPath)).body.revision).toBe(crRev.body.id);

    const before = (await api(s, 'GET', `/spaces/${space}`)).body.revision;
    const merged = await api(s, 'POST', `${crPath}/merge`);
    expect(merged.status).toBe(200);
    expect(operationErrors('mergeChangeRequest', merged.body)).toBeUndefined();
    expect(merged.body.result).toBe('merge');
    const after = (await api(s, 'GET', `/spaces/${space}`)).body;
    expect(after.revision).toBe(merged.body.revision);
    expect(after.changeRequests).toBe(1);
    expect(await titles(`/spaces/${space}`)).toEqual(['Welcome', 'Quickstart', 'Troubleshooting']);
    expect(await markdownOf(`/spaces/${space}`, quick)).toBe('## Install\n\nRun the installer.');
    const rev = await api(s, 'GET', `/spaces/${space}/content`);
    expect(componentErrors('Revision', rev.body)).toBeUndefined();
    expect(rev.body).toMatchObject({ type: 'merge', parents: [before, crRev.body.id], mergedFrom: { id: cr.id, status: 'merged' } });
    const state = (await api(s, 'GET', crPath)).body;
    expect(state).toMatchObject({ status: 'merged', revisionMerged: merged.body.revision, outdated: false });

    // Merged: no second merge, no more edits, no status change.
    expect((await api(s, 'POST', `${crPath}/merge`)).status).toBe(409);
    expect((await api(s, 'PATCH', `${crPath}/gbctl/pages/${quick}`, { title: 'x' })).status).toBe(409);
    expect((await api(s, 'PATCH', crPath, { status: 'open' })).status).toBe(409);
    expect((await api(s, 'POST', `${crPath}/update`)).status).toBe(409);
  });

  it('refuses to merge an archived change request', async () => {
    const { space } = await seeded();
    const cr = (await api(s, 'POST', `/spaces/${space}/change-requests`, {})).body;
    await api(s, 'PATCH', `/spaces/${space}/change-requests/${cr.id}`, { status: 'archived' });
    const r = await api(s, 'POST', `/spaces/${space}/change-requests/${cr.id}/merge`);
    expect(r.status).toBe(409);
    expect(r.body.error.message).toMatch(/archived/);
    expect((await api(s, 'POST', `/spaces/${space}/change-requests/404/merge`)).status).toBe(404);
  });

  it("is outdated exactly when main moves; update brings main in, keeps the change request's side of a conflicted page and records it until resolved", async () => {
    const { space, pages } = await seeded();
    const [welcome, quick, faq] = pages.map((p) => p.id) as [string, string, string];
    const one = (await api(s, 'POST', `/spaces/${space}/change-requests`, {})).body;
    const two = (await api(s, 'POST', `/spaces/${space}/change-requests`, {})).body;
    const p1 = `/spaces/${space}/change-requests/${one.number}`;
    const p2 = `/spaces/${space}/change-requests/${two.number}`;
    await api(s, 'PATCH', `${p1}/gbctl/pages/${welcome}`, { markdown: 'Welcome, from one.' });
    await api(s, 'PATCH', `${p2}/gbctl/pages/${welcome}`, { markdown: 'Welcome, from two.' });
    await api(s, 'PATCH', `${p2}/gbctl/pages/${faq}`, { title: 'Questions' });
    // Nothing moved yet: an update changes nothing.
    const noop = await api(s, 'POST', `${p2}/update`);
    expect(operationErrors('updateChangeRequest', noop.body)).toBeUndefined();
    expect(noop.body).toEqual({ revision: (await api(s, 'GET', p2)).body.revision, result: 'update' });
    expect((await api(s, 'GET', p2)).body.outdated).toBe(false);

    expect((await api(s, 'POST', `${p1}/merge`)).body.result).toBe('merge');
    expect((await api(s, 'GET', p2)).body.outdated).toBe(true);

    // A change on main to a page the change request did not touch comes in without conflict.
    const three = (await api(s, 'POST', `/spaces/${space}/change-requests`, {})).body;
    await api(s, 'PATCH', `/spaces/${space}/change-requests/${three.id}/gbctl/pages/${quick}`, { markdown: 'Quick, from three.' });
    await api(s, 'POST', `/spaces/${space}/change-requests/${three.id}/merge`);
    const mainRev = (await api(s, 'GET', `/spaces/${space}`)).body.revision;

    const upd = await api(s, 'POST', `${p2}/update`);
    expect(upd.status).toBe(200);
    expect(operationErrors('updateChangeRequest', upd.body)).toBeUndefined();
    expect(upd.body).toMatchObject({
      result: 'conflicts',
      conflicts: [{ page: welcome, kind: 'edited', title: 'Welcome', path: 'welcome', main: mainRev, resolved: false }],
    });
    const crNow = (await api(s, 'GET', p2)).body;
    expect(publishedErrors('ChangeRequest', crNow)).toBeUndefined();
    expect(crNow).toMatchObject({
      outdated: false,
      revision: upd.body.revision,
      revisionMergedAncestor: mainRev,
      conflicts: [{ page: welcome, kind: 'edited', resolved: false }],
    });
    expect((await api(s, 'GET', `${p2}/content`)).body.type).toBe('update');
    expect(await markdownOf(p2, welcome)).toBe('Welcome, from two.');
    expect(await markdownOf(p2, quick)).toBe('Quick, from three.');
    expect(await titles(p2)).toEqual(['Welcome', 'Quickstart', 'Questions']);
    // Another update with main where it was brings nothing, and still reports what is unresolved.
    expect((await api(s, 'POST', `${p2}/update`)).body).toMatchObject({ revision: upd.body.revision, result: 'conflicts', conflicts: [{ page: welcome }] });

    // Up to date but unresolved: the merge refuses, and main keeps its text.
    const refused = await api(s, 'POST', `${p2}/merge`);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ revision: mainRev, result: 'conflicts', conflicts: [{ page: welcome, kind: 'edited' }] });
    expect((await api(s, 'GET', `/spaces/${space}`)).body.revision).toBe(mainRev);
    expect(await markdownOf(`/spaces/${space}`, welcome)).toBe('Welcome, from one.');
    expect((await api(s, 'GET', p2)).body.status).toBe('draft');

    // Editing the page in the change request resolves it; the merge then takes the resolved text.
    await api(s, 'PATCH', `${p2}/gbctl/pages/${welcome}`, { markdown: 'Welcome, from one and two.' });
    expect((await api(s, 'GET', p2)).body.conflicts).toMatchObject([{ page: welcome, resolved: true }]);
    const merged = await api(s, 'POST', `${p2}/merge`);
    expect(merged.body).toEqual({ revision: expect.any(String), result: 'merge' });
    expect(await markdownOf(`/spaces/${space}`, welcome)).toBe('Welcome, from one and two.');
    expect(await markdownOf(`/spaces/${space}`, quick)).toBe('Quick, from three.');
    expect(await titles(`/spaces/${space}`)).toEqual(['Welcome', 'Quickstart', 'Questions']);
    expect((await api(s, 'GET', p2)).body.conflicts).toBeUndefined();
  });

  it('refuses a merge with conflicts of every kind: main keeps its revision, the change request stays open and names each page', async () => {
    const { space, pages } = await seeded();
    const [welcome, quick, faq] = pages.map((p) => p.id) as [string, string, string];
    const a = `/spaces/${space}/change-requests/${(await api(s, 'POST', `/spaces/${space}/change-requests`, {})).body.number}`;
    const b = `/spaces/${space}/change-requests/${(await api(s, 'POST', `/spaces/${space}/change-requests`, { subject: 'B' })).body.number}`;
    await api(s, 'PATCH', `${b}`, { status: 'open' });
    // A: edits Welcome, edits Quickstart, deletes FAQ. B: edits Welcome, deletes Quickstart, edits FAQ.
    await api(s, 'PATCH', `${a}/gbctl/pages/${welcome}`, { markdown: 'A wins first.' });
    await api(s, 'PATCH', `${a}/gbctl/pages/${quick}`, { markdown: 'Quick, by A.' });
    await api(s, 'DELETE', `${a}/gbctl/pages/${faq}`);
    await api(s, 'PATCH', `${b}/gbctl/pages/${welcome}`, { markdown: 'B comes later.' });
    await api(s, 'DELETE', `${b}/gbctl/pages/${quick}`);
    await api(s, 'PATCH', `${b}/gbctl/pages/${faq}`, { markdown: 'FAQ, by B.' });
    await api(s, 'POST', `${b}/gbctl/pages`, { title: 'New in B' });
    expect((await api(s, 'POST', `${a}/merge`)).body.result).toBe('merge');
    const mainRev = (await api(s, 'GET', `/spaces/${space}`)).body.revision;
    const crRev = (await api(s, 'GET', b)).body.revision;

    const r = await api(s, 'POST', `${b}/merge`);
    expect(r.status).toBe(200);
    expect(operationErrors('mergeChangeRequest', r.body)).toBeUndefined();
    expect(r.body.result).toBe('conflicts');
    expect(r.body.revision).toBe(mainRev);
    expect(r.body.conflicts.map((x: { title: string; path: string; kind: string }) => `${x.title} ${x.path} ${x.kind}`)).toEqual([
      'Welcome welcome edited',
      'Quickstart quickstart deleted-in-change-request',
      'FAQ faq deleted-in-main',
    ]);
    // Nothing was lost: main is as A left it, B as it was, and B is still open.
    expect((await api(s, 'GET', `/spaces/${space}`)).body.revision).toBe(mainRev);
    expect(await markdownOf(`/spaces/${space}`, welcome)).toBe('A wins first.');
    expect(await markdownOf(`/spaces/${space}`, quick)).toBe('Quick, by A.');
    expect(await titles(`/spaces/${space}`)).toEqual(['Welcome', 'Quickstart']);
    const bNow = (await api(s, 'GET', b)).body;
    expect(bNow).toMatchObject({ status: 'open', revision: crRev, outdated: true });
    expect(bNow.conflicts).toHaveLength(3);
    expect(bNow.revisionMerged).toBeUndefined();
    expect(await titles(b)).toEqual(['Welcome', 'FAQ', 'New in B']);
    // Asking again finds the same.
    expect((await api(s, 'POST', `${b}/merge`)).body.conflicts).toHaveLength(3);

    // Settle each: Welcome by editing it, FAQ by keeping B's side, Quickstart by keeping main's.
    await api(s, 'PATCH', `${b}/gbctl/pages/${welcome}`, { markdown: 'A and B, together.' });
    expect((await api(s, 'POST', `${b}/merge`)).body.conflicts.map((x: { page: string }) => x.page)).toEqual([quick, faq]);
    const kept = await api(s, 'POST', `${b}/gbctl/conflicts/${faq}/resolve`, { keep: 'change-request' });
    expect(kept.status).toBe(200);
    expect(publishedErrors('ChangeRequest', kept.body)).toBeUndefined();
    expect(kept.body.conflicts.filter((x: { resolved: boolean }) => !x.resolved).map((x: { page: string }) => x.page)).toEqual([quick]);
    await api(s, 'POST', `${b}/gbctl/conflicts/${quick}/resolve`, { keep: 'main' });
    expect(await titles(b)).toEqual(['Welcome', 'Quickstart', 'FAQ', 'New in B']);
    expect(await markdownOf(b, quick)).toBe('Quick, by A.');

    const merged = await api(s, 'POST', `${b}/merge`);
    expect(merged.body.result).toBe('merge');
    expect(await markdownOf(`/spaces/${space}`, welcome)).toBe('A and B, together.');
    expect(await markdownOf(`/spaces/${space}`, quick)).toBe('Quick, by A.');
    expect(await markdownOf(`/spaces/${space}`, faq)).toBe('FAQ, by B.');
    expect(await titles(`/spaces/${space}`)).toEqual(['Welcome', 'Quickstart', 'FAQ', 'New in B']);
    expect((await api(s, 'GET', b)).body).toMatchObject({ status: 'merged', revisionMerged: merged.body.revision });
  });

  it('opens a settled conflict again when main changes that page again, and refuses to settle what is not in conflict', async () => {
    const { space, pages } = await seeded();
    const welcome = pages[0]?.id as string;
    const cr = async () => `/spaces/${space}/change-requests/${(await api(s, 'POST', `/spaces/${space}/change-requests`, {})).body.number}`;
    const onMain = async (text: string) => {
      const p = await cr();
      await api(s, 'PATCH', `${p}/gbctl/pages/${welcome}`, { markdown: text });
      expect((await api(s, 'POST', `${p}/merge`)).body.result).toBe('merge');
    };
    const b = await cr();
    await api(s, 'PATCH', `${b}/gbctl/pages/${welcome}`, { markdown: 'B.' });
    await onMain('Main, first.');
    expect((await api(s, 'POST', `${b}/merge`)).body.result).toBe('conflicts');
    await api(s, 'POST', `${b}/gbctl/conflicts/${welcome}/resolve`, { keep: 'change-request' });
    await onMain('Main, again.');
    const again = await api(s, 'POST', `${b}/merge`);
    expect(again.body).toMatchObject({ result: 'conflicts', conflicts: [{ page: welcome, kind: 'edited', resolved: false }] });
    expect(await markdownOf(`/spaces/${space}`, welcome)).toBe('Main, again.');
    await api(s, 'POST', `${b}/gbctl/conflicts/${welcome}/resolve`, { keep: 'main' });
    expect(await markdownOf(b, welcome)).toBe('Main, again.');
    expect((await api(s, 'POST', `${b}/merge`)).body.result).toBe('merge');

    const c = await cr();
    const none = await api(s, 'POST', `${c}/gbctl/conflicts/${welcome}/resolve`, { keep: 'main' });
    expect(none.status).toBe(404);
    expect(none.body.error.message).toMatch(/no recorded conflict/);
    expect((await api(s, 'POST', `${c}/gbctl/conflicts/${welcome}/resolve`, { keep: 'both' })).status).toBe(400);
    expect((await api(s, 'POST', `${b}/gbctl/conflicts/${welcome}/resolve`, { keep: 'main' })).status).toBe(409);
  });

  it('counts a page both sides moved to different places as a conflict, and one moved by one side as a change', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { pathToFileURL } = await import('node:url');
    const folder = (summary: string) => {
      const dir = mkdtempSync(join(tmpdir(), 'gbctl-cr-move-'));
      for (const f of ['README', 'a', 'b', 'c']) writeFileSync(join(dir, `${f}.md`), `# ${f}\n\nText of ${f}.\n`);
      writeFileSync(join(dir, 'SUMMARY.md'), `# Table of contents\n\n* [Intro](README.md)\n${summary}`);
      return pathToFileURL(dir).href;
    };
    const space = await newSpace(s);
    await api(s, 'POST', `/spaces/${space}/content/import`, { url: folder('* [a](a.md)\n* [b](b.md)\n* [c](c.md)\n'), source: 'markdown' });
    const cr = async () => `/spaces/${space}/change-requests/${(await api(s, 'POST', `/spaces/${space}/change-requests`, {})).body.number}`;
    const [underA, underB, alsoUnderA] = [await cr(), await cr(), await cr()];
    await api(s, 'POST', `${underA}/content/import`, { url: folder('* [a](a.md)\n  * [c](c.md)\n* [b](b.md)\n'), source: 'markdown' });
    await api(s, 'POST', `${underB}/content/import`, { url: folder('* [a](a.md)\n* [b](b.md)\n  * [c](c.md)\n'), source: 'markdown' });
    await api(s, 'POST', `${alsoUnderA}/content/import`, { url: folder('* [a](a.md)\n  * [c](c.md)\n* [b](b.md)\n'), source: 'markdown' });
    expect((await api(s, 'POST', `${underA}/merge`)).body.result).toBe('merge');
    const shape = async (path: string) =>
      ((await api(s, 'GET', `${path}/content/pages`)).body.pages as { title: string; pages: { title: string }[] }[]).map(
        (p) => `${p.title}[${p.pages.map((k) => k.title).join()}]`,
      );
    expect(await shape(`/spaces/${space}`)).toEqual(['Intro[]', 'a[c]', 'b[]']);

    const r = await api(s, 'POST', `${underB}/merge`);
    expect(r.body).toMatchObject({ result: 'conflicts', conflicts: [{ title: 'c', kind: 'moved', path: 'c' }] });
    expect(await shape(`/spaces/${space}`)).toEqual(['Intro[]', 'a[c]', 'b[]']);
    // The same move on both sides is no conflict.
    expect((await api(s, 'POST', `${alsoUnderA}/merge`)).body.result).toBe('merge');
    const c = r.body.conflicts[0].page as string;
    await api(s, 'POST', `${underB}/gbctl/conflicts/${c}/resolve`, { keep: 'change-request' });
    expect((await api(s, 'POST', `${underB}/merge`)).body.result).toBe('merge');
    expect(await shape(`/spaces/${space}`)).toEqual(['Intro[]', 'a[]', 'b[c]']);
  });

  it("keeps the .gitbook.yaml each side changed through a merge and an update, not the other side's copy of the base", async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { pathToFileURL } = await import('node:url');
    const folder = (redirect: string, text: string) => {
      const dir = mkdtempSync(join(tmpdir(), 'gbctl-cr-yaml-'));
      writeFileSync(join(dir, '.gitbook.yaml'), `root: ./\n\nredirects:\n  ${redirect}: README.md\n`);
      writeFileSync(join(dir, 'SUMMARY.md'), '# Table of contents\n\n* [Home](README.md)\n* [Guide](guide.md)\n');
      writeFileSync(join(dir, 'README.md'), '# Home\n\nWelcome.\n');
      writeFileSync(join(dir, 'guide.md'), `# Guide\n\n${text}\n`);
      return pathToFileURL(dir).href;
    };
    const redirects = async (path: string) => (await api(s, 'GET', `${path}/content`)).body.redirects as Record<string, string>;
    const space = await newSpace(s);
    await api(s, 'POST', `/spaces/${space}/content/import`, { url: folder('old/base', 'Base.'), source: 'markdown' });
    const crPath = `/spaces/${space}/change-requests/${(await api(s, 'POST', `/spaces/${space}/change-requests`, {})).body.number}`;
    // Main changes .gitbook.yaml; the change request edits a page only.
    await api(s, 'POST', `/spaces/${space}/content/import`, { url: folder('old/main', 'Base.'), source: 'markdown' });
    const guide = allPages((await api(s, 'GET', `${crPath}/content/pages`)).body.pages).find((p) => p.title === 'Guide') as { id: string };
    await api(s, 'PATCH', `${crPath}/gbctl/pages/${guide.id}`, { markdown: 'Edited in the change request.' });
    const update = await api(s, 'POST', `${crPath}/update`);
    expect(update.body.result).toBe('update');
    expect(await redirects(crPath)).toEqual({ 'old/main': 'README.md' });
    expect((await api(s, 'POST', `${crPath}/merge`)).body.result).toBe('merge');
    expect(await redirects(`/spaces/${space}`)).toEqual({ 'old/main': 'README.md' });

    // The change request changes .gitbook.yaml; main edits a page meanwhile.
    const cr2 = `/spaces/${space}/change-requests/${(await api(s, 'POST', `/spaces/${space}/change-requests`, {})).body.number}`;
    await api(s, 'POST', `${cr2}/content/import`, { url: folder('old/cr', 'Edited in the change request.'), source: 'markdown' });
    await api(s, 'PATCH', `/spaces/${space}/gbctl/pages/${guide.id}`, { markdown: 'Edited in the change request.\n\nAnd on main.' });
    expect((await api(s, 'POST', `${cr2}/merge`)).body.result).toBe('merge');
    expect(await redirects(`/spaces/${space}`)).toEqual({ 'old/cr': 'README.md' });
  });

  it('counts broken links the change request introduced', async () => {
    const { space, pages } = await seeded();
    const cr = (await api(s, 'POST', `/spaces/${space}/change-requests`, {})).body;
    const path = `/spaces/${space}/change-requests/${cr.id}`;
    await api(s, 'PATCH', `${path}/gbctl/pages/${pages[0]?.id}`, { markdown: 'See [gone](gone.md) and [faq](faq.md).' });
    const links = await api(s, 'GET', `${path}/content/page/${pages[0]?.id}/links`);
    expect(links.status).toBe(200);
    expect(links.body.stats).toEqual({ total: 2, broken: { total: 1, changeRequest: 1 } });
  });

  it('imports into a change request only, and reads its files, backlinks and in-app links', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { pathToFileURL } = await import('node:url');
    const dir = mkdtempSync(join(tmpdir(), 'gbctl-cr-import-'));
    writeFileSync(join(dir, 'shots.md'), `# Shots\n\n![logo](logo.png)\n\n[app](${s.url}/app/s/x)\n`);
    writeFileSync(join(dir, 'logo.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    const { space } = await seeded();
    const mainRev = (await api(s, 'GET', `/spaces/${space}`)).body.revision;
    const cr = (await api(s, 'POST', `/spaces/${space}/change-requests`, {})).body;
    const path = `/spaces/${space}/change-requests/${cr.number}`;
    const r = await api(s, 'POST', `${path}/content/import`, { url: pathToFileURL(dir).href, source: 'markdown' });
    expect(r.status).toBe(201);
    expect(operationErrors('importContentInChangeRequest', r.body)).toBeUndefined();
    expect((await api(s, 'GET', path)).body.revision).toBe(r.body.revision);
    expect((await api(s, 'GET', `/spaces/${space}`)).body.revision).toBe(mainRev);
    // The import is the change request's content now: the pages it had are replaced.
    expect(await titles(path)).toEqual(['Shots']);

    const files = await api(s, 'GET', `${path}/content/files`);
    expect(operationErrors('listFilesInChangeRequestById', files.body)).toBeUndefined();
    const logo = files.body.items[0];
    expect(publishedErrors('RevisionFile', (await api(s, 'GET', `${path}/content/files/${logo.id}`)).body)).toBeUndefined();
    expect((await api(s, 'GET', `/spaces/${space}/content/files/${logo.id}`)).status).toBe(404);
    const shots = allPages((await api(s, 'GET', `${path}/content/pages`)).body.pages).find((p) => p.title === 'Shots') as { id: string };
    const back = (await api(s, 'GET', `${path}/content/files/${logo.id}/backlinks`)).body;
    expect(back.items.map((l: { page: { id: string } }) => l.page.id)).toEqual([shots.id]);
    expect(operationErrors('listChangeRequestFileBacklinks', back)).toBeUndefined();
    const links = (await api(s, 'GET', `${path}/content/page/${shots.id}/links`)).body;
    expect(operationErrors('listPageLinksInChangeRequest', links)).toBeUndefined();
    expect(links.items[0].locationReferences[0].versionContext).toMatchObject({ type: 'changeRequest', changeRequest: { object: 'change-request' } });
    expect(links.items.map((l: { status: string }) => l.status)).toEqual(['ok', 'in-app']);
    expect((await api(s, 'GET', `${path}/content/page/${shots.id}/links?status=in-app`)).body.items).toHaveLength(1);
    const rev = (await api(s, 'GET', `${path}/content?metadata=false`)).body;
    expect(componentErrors('Revision', rev)).toBeUndefined();
    expect(rev.git).toBeUndefined();
    expect(rev.files[0].git).toBeUndefined();
    expect((await api(s, 'GET', `/spaces/${space}/change-requests/77/content`)).status).toBe(404);
  });

  it('exports a real PDF through a temporary link', async () => {
    const { space, pages } = await seeded();
    const cr = (await api(s, 'POST', `/spaces/${space}/change-requests`, { subject: 'Print me' })).body;
    const r = await api(s, 'GET', `/spaces/${space}/change-requests/${cr.number}/pdf`);
    expect(r.status).toBe(200);
    expect(operationErrors('getChangeRequestPDF', r.body)).toBeUndefined();
    const res = await fetch(r.body.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const all = Buffer.from(await res.arrayBuffer());
    expect(all.subarray(0, 5).toString()).toBe('%PDF-');
    const { PDFDocument } = await import('pdf-lib');
    // Pages flow one after the other: three short pages and the title fit on one sheet, none blank.
    expect((await PDFDocument.load(all)).getPageCount()).toBe(1);
    const only = await api(s, 'GET', `/spaces/${space}/change-requests/${cr.number}/pdf?page=${pages[1]?.id}&only=true`);
    const oneBytes = Buffer.from(await (await fetch(only.body.url)).arrayBuffer());
    expect((await PDFDocument.load(oneBytes)).getPageCount()).toBe(1);
    expect(oneBytes.length).toBeLessThan(all.length);
    expect((await api(s, 'GET', `/spaces/${space}/change-requests/${cr.number}/pdf?only=true`)).status).toBe(400);
    expect((await api(s, 'GET', `/spaces/${space}/change-requests/${cr.number}/pdf?page=nope`)).status).toBe(404);
    // The link lasts an hour.
    s.clock.advance(60 * 60 * 1000 + 1);
    expect((await fetch(r.body.url)).status).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, addToken, addUser } from '../../../src/server/admin/accounts.js';
import { api, startServer, type TestServer } from '../../helpers/server.js';
import { publishedErrors, publishedListErrors } from '../../helpers/published-schema.js';
import { newSpace, operationErrors } from '../../helpers/editing.js';

let s: TestServer;
let space: string;
let page: string;
/** A second member with the comment role, to check per-user reactions and permissions. */
let other: { url: string; token: string; id: string };

beforeAll(async () => {
  s = await startServer();
  space = await newSpace(s);
  await api(s, 'POST', `/spaces/${space}/content/template`, { id: 'getting-started' });
  page = (await api(s, 'GET', `/spaces/${space}/content/pages`)).body.pages[1].id;
  other = await s.env.store.write((tx) => {
    const u = addUser(s.env, tx, 'Casey Commenter', 'casey@example.com');
    addMember(s.env, tx, s.org, u.id, 'comment');
    return { url: s.url, token: addToken(s.env, tx, u.id, 'test'), id: u.id };
  });
});
afterAll(() => s.stop());

const base = () => `/spaces/${space}`;

describe('space comments', () => {
  it('posts a comment on a page and a node, with the target filled from the store', async () => {
    const doc = (await api(s, 'GET', `${base()}/content/page/${page}?format=document`)).body.document;
    const node = doc.nodes[1].key as string;
    const r = await api(s, 'POST', `${base()}/comments`, { page, node, body: { markdown: 'Is this **right**?' } });
    expect(r.status).toBe(200);
    expect(publishedErrors('Comment', r.body)).toBeUndefined();
    expect(r.body).toMatchObject({ object: 'comment', status: 'open', replies: 0, reactions: [], body: { markdown: 'Is this **right**?' } });
    expect(r.body.target).toMatchObject({
      space,
      page: { id: page, title: 'Quickstart', path: 'quickstart', outdated: false },
      node: { id: node, preview: 'Install the product.' },
    });
    expect(r.body.target.revision).toBe((await api(s, 'GET', base())).body.revision);
    expect(r.body.postedBy.displayName).toBe('Local Admin');
    expect((await api(s, 'GET', `${base()}/comments/${r.body.id}?format=document`)).body.body.document.nodes[0].type).toBe('paragraph');

    expect((await api(s, 'POST', `${base()}/comments`, { page: 'nope', body: { markdown: 'x' } })).status).toBe(404);
    expect((await api(s, 'POST', `${base()}/comments`, { node, body: { markdown: 'x' } })).status).toBe(400);
    expect((await api(s, 'POST', `${base()}/comments`, { body: 'plain' })).status).toBe(400);
    expect((await api(s, 'GET', `${base()}/comments/nope`)).status).toBe(404);
  });

  it('resolves and reopens, counting open comments on the space', async () => {
    const count = async () => (await api(s, 'GET', base())).body.comments as number;
    const before = await count();
    const c = (await api(s, 'POST', `${base()}/comments`, { body: { markdown: 'typo' } })).body;
    expect(await count()).toBe(before + 1);
    const resolved = await api(s, 'PUT', `${base()}/comments/${c.id}`, { resolved: true });
    expect(publishedErrors('Comment', resolved.body)).toBeUndefined();
    expect(resolved.body).toMatchObject({ status: 'resolved', resolvedBy: { displayName: 'Local Admin' } });
    expect(typeof resolved.body.resolvedAt).toBe('string');
    expect(await count()).toBe(before);
    const open = (await api(s, 'GET', `${base()}/comments?status=open`)).body.items.map((x: { id: string }) => x.id);
    expect(open).not.toContain(c.id);
    expect((await api(s, 'GET', `${base()}/comments?status=resolved`)).body.items.map((x: { id: string }) => x.id)).toEqual([c.id]);
    const reopened = await api(s, 'PUT', `${base()}/comments/${c.id}`, { resolved: false });
    expect(reopened.body.status).toBe('open');
    expect(reopened.body.resolvedAt).toBeUndefined();
    expect(reopened.body.resolvedBy).toBeUndefined();
    expect(await count()).toBe(before + 1);
    // A commenter may not resolve someone else's comment.
    expect((await api(other, 'PUT', `${base()}/comments/${c.id}`, { resolved: true })).status).toBe(403);
  });

  it('keeps one reaction per user per emoji and aggregates them', async () => {
    const c = (await api(s, 'POST', `${base()}/comments`, { body: { markdown: 'react to me' } })).body;
    await api(s, 'PUT', `${base()}/comments/${c.id}`, { addedReactions: ['👍', '🎉'] });
    await api(s, 'PUT', `${base()}/comments/${c.id}`, { addedReactions: ['👍'] });
    const both = await api(other, 'PUT', `${base()}/comments/${c.id}`, { addedReactions: ['👍'] });
    expect(publishedErrors('Comment', both.body)).toBeUndefined();
    expect(both.body.reactions.map((r: { emoji: string; count: number }) => [r.emoji, r.count])).toEqual([
      ['👍', 2],
      ['🎉', 1],
    ]);
    expect(both.body.reactions[0].users.map((u: { user: { id: string } }) => u.user.id)[1]).toBe(other.id);
    const removed = await api(s, 'PUT', `${base()}/comments/${c.id}`, { removedReactions: ['👍', '🎉'] });
    expect(removed.body.reactions).toEqual([expect.objectContaining({ emoji: '👍', count: 1 })]);
    expect((await api(s, 'PUT', `${base()}/comments/${c.id}`, { addedReactions: ['x'], removedReactions: ['x'] })).status).toBe(400);
    // Reacting is open to commenters; editing someone else's text is not.
    expect((await api(other, 'PUT', `${base()}/comments/${c.id}`, { body: { markdown: 'hijack' } })).status).toBe(403);
    const edited = await api(s, 'PUT', `${base()}/comments/${c.id}`, { body: { markdown: 'edited' } });
    expect(edited.body).toMatchObject({ body: { markdown: 'edited' } });
    expect(typeof edited.body.editedAt).toBe('string');
  });

  it('replies: post, list, get, update, delete, with true reply counts', async () => {
    const c = (await api(s, 'POST', `${base()}/comments`, { body: { markdown: 'thread' } })).body;
    const r1 = await api(other, 'POST', `${base()}/comments/${c.id}/replies`, { body: { markdown: 'first' } });
    expect(r1.status).toBe(200);
    expect(publishedErrors('CommentReply', r1.body)).toBeUndefined();
    const r2 = (await api(s, 'POST', `${base()}/comments/${c.id}/replies`, { body: { markdown: 'second' } })).body;
    expect((await api(s, 'GET', `${base()}/comments/${c.id}`)).body.replies).toBe(2);
    const list = await api(s, 'GET', `${base()}/comments/${c.id}/replies`);
    expect(operationErrors('listCommentRepliesInSpace', list.body)).toBeUndefined();
    expect(list.body.items.map((r: { body: { markdown: string } }) => r.body.markdown)).toEqual(['first', 'second']);
    const got = await api(s, 'GET', `${base()}/comments/${c.id}/replies/${r2.id}?format=markdown`);
    expect(got.body.body).toEqual({ markdown: 'second' });
    const upd = await api(s, 'PUT', `${base()}/comments/${c.id}/replies/${r2.id}`, { body: { markdown: 'second, edited' }, addedReactions: ['👀'] });
    expect(publishedErrors('CommentReply', upd.body)).toBeUndefined();
    expect(upd.body).toMatchObject({ body: { markdown: 'second, edited' }, reactions: [{ emoji: '👀', count: 1 }] });
    // Space replies take no `resolved` (only change-request replies do): it leaves the thread open.
    await api(s, 'PUT', `${base()}/comments/${c.id}/replies/${r2.id}`, { resolved: true });
    expect((await api(s, 'GET', `${base()}/comments/${c.id}`)).body.status).toBe('open');
    expect((await api(s, 'GET', `${base()}/comments/${c.id}/replies/nope`)).status).toBe(404);

    expect((await api(s, 'DELETE', `${base()}/comments/${c.id}/replies/${r2.id}`)).status).toBe(204);
    expect((await api(s, 'DELETE', `${base()}/comments/${c.id}/replies/${r2.id}`)).status).toBe(204);
    expect((await api(s, 'GET', `${base()}/comments/${c.id}`)).body.replies).toBe(1);
    // Deleting the comment deletes its replies.
    expect((await api(s, 'DELETE', `${base()}/comments/${c.id}`)).status).toBe(204);
    expect((await api(s, 'GET', `${base()}/comments/${c.id}/replies/${r1.body.id}`)).status).toBe(404);
    expect((await api(s, 'DELETE', `${base()}/comments/${c.id}`)).status).toBe(204);
  });

  it('lists in order with filters, and the commenters as members', async () => {
    const sp = await newSpace(s, 'Ordered');
    await api(s, 'POST', `/spaces/${sp}/content/template`, { id: 'getting-started' });
    const p = (await api(s, 'GET', `/spaces/${sp}/content/pages`)).body.pages[0].id;
    const a = (await api(s, 'POST', `/spaces/${sp}/comments`, { body: { markdown: 'a' } })).body.id;
    s.clock.advance(1000);
    const b = (await api(other, 'POST', `/spaces/${sp}/comments`, { page: p, body: { markdown: 'b' } })).body.id;
    const desc = await api(s, 'GET', `/spaces/${sp}/comments`);
    expect(operationErrors('listCommentsInSpace', desc.body)).toBeUndefined();
    expect(desc.body.items.map((x: { id: string }) => x.id)).toEqual([b, a]);
    expect((await api(s, 'GET', `/spaces/${sp}/comments?order=asc`)).body.items.map((x: { id: string }) => x.id)).toEqual([a, b]);
    expect((await api(s, 'GET', `/spaces/${sp}/comments?targetPage=${p}`)).body.items.map((x: { id: string }) => x.id)).toEqual([b]);
    expect((await api(s, 'GET', `/spaces/${sp}/comments?authors=${other.id}`)).body.items.map((x: { id: string }) => x.id)).toEqual([b]);
    expect((await api(s, 'GET', `/spaces/${sp}/comments?status=bogus`)).status).toBe(400);

    const who = await api(s, 'GET', `/spaces/${sp}/commenters`);
    expect(operationErrors('listCommentersInSpace', who.body)).toBeUndefined();
    expect(publishedListErrors('OrganizationMember', who.body)).toBeUndefined();
    expect(who.body.items.map((m: { user: { displayName: string }; role: string }) => [m.user.displayName, m.role])).toEqual([
      ['Local Admin', 'admin'],
      ['Casey Commenter', 'comment'],
    ]);
    expect((await api(s, 'GET', '/spaces/nope/commenters')).status).toBe(404);
  });
});

describe('change-request comments', () => {
  it('keeps them apart from the space, counts them on the change request, and resolves through a reply', async () => {
    const cr = (await api(s, 'POST', `${base()}/change-requests`, { subject: 'Review me' })).body;
    const spaceCount = (await api(s, 'GET', base())).body.comments;
    const path = `${base()}/change-requests/${cr.number}`;
    const c = await api(s, 'POST', `${path}/comments`, { page, body: { markdown: 'in the CR' } });
    expect(c.status).toBe(200);
    expect(publishedErrors('Comment', c.body)).toBeUndefined();
    expect(c.body.target.changeRequest).toBe(cr.id);
    expect(c.body.urls.location).toContain(`/change-requests/${cr.id}/comments/${c.body.id}`);
    expect((await api(s, 'GET', base())).body.comments).toBe(spaceCount);
    expect((await api(s, 'GET', `${base()}/comments/${c.body.id}`)).status).toBe(404);
    expect((await api(s, 'GET', path)).body.comments).toBe(1);

    const reply = (await api(other, 'POST', `${path}/comments/${c.body.id}/replies`, { body: { markdown: 'agreed' } })).body;
    const list = await api(s, 'GET', `${base()}/change-requests/${cr.id}/comments/${c.body.id}/replies`);
    expect(operationErrors('listCommentRepliesInChangeRequest', list.body)).toBeUndefined();
    expect(list.body.items).toHaveLength(1);
    const resolved = await api(s, 'PUT', `${path}/comments/${c.body.id}/replies/${reply.id}`, { resolved: true });
    expect(publishedErrors('CommentReply', resolved.body)).toBeUndefined();
    expect((await api(s, 'GET', `${path}/comments/${c.body.id}`)).body.status).toBe('resolved');
    expect((await api(s, 'GET', path)).body.comments).toBe(0);

    const got = await api(s, 'GET', `${path}/comments/${c.body.id}/replies/${reply.id}`);
    expect(publishedErrors('CommentReply', got.body)).toBeUndefined();
    const edited = await api(s, 'PUT', `${path}/comments/${c.body.id}`, { body: { markdown: 'in the CR, edited' } });
    expect(publishedErrors('Comment', edited.body)).toBeUndefined();
    expect((await api(s, 'GET', `${path}/comments/${c.body.id}?format=markdown`)).body.body).toEqual({ markdown: 'in the CR, edited' });
    expect((await api(s, 'GET', `${path}/comments?status=resolved`)).body.items).toHaveLength(1);
    const who = await api(s, 'GET', `${path}/commenters`);
    expect(operationErrors('listCommentersInChangeRequest', who.body)).toBeUndefined();
    expect(who.body.items.map((m: { id: string }) => m.id)).toHaveLength(2);
    expect((await api(s, 'GET', `${base()}/change-requests/999/comments`)).status).toBe(404);
    expect((await api(s, 'DELETE', `${path}/comments/${c.body.id}/replies/${reply.id}`)).status).toBe(204);
    expect((await api(s, 'GET', `${path}/comments/${c.body.id}`)).body.replies).toBe(0);
    expect((await api(s, 'DELETE', `${path}/comments/${c.body.id}`)).status).toBe(204);
    expect((await api(s, 'GET', `${path}/comments`)).body.items).toEqual([]);
  });
});

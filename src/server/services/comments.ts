import type { Role } from '../../contract/schemas/common.js';
import type { ReadTx } from '../../store/store.js';
import { isoNow, roleAtLeast, roleIn, type Ctx } from '../context.js';
import { badRequest, forbidden, notFound } from '../http-error.js';
import { memberships, membershipId, users } from '../model/org.js';
import {
  commentOf,
  commentReplies,
  comments,
  commentScope,
  replyOf,
  type BodyRecord,
  type CommentRecord,
  type CommentReplyRecord,
  type ReactionRecord,
} from '../model/review.js';
import { spaces } from '../model/space.js';
import { toComment, toReply, type CommentViewer, type Format } from '../views/comment.js';
import { toUser } from '../views/user.js';
import { listKey, paginate, paginateOrdered, type PageQuery } from '../lib/paginate.js';
import { contentScope } from './revisions.js';
import { findPage } from '../../lib/page-tree.js';
import { pageIndex } from '../views/revision.js';
import { type Scope } from '../model/scope.js';

export interface ListQuery extends PageQuery {
  order?: 'asc' | 'desc' | undefined;
  status?: 'all' | 'open' | 'resolved' | undefined;
  format?: Format;
  targetPage?: string | undefined;
  authors?: string[] | undefined;
}

export interface ReactionChange {
  addedReactions?: string[] | undefined;
  removedReactions?: string[] | undefined;
}

export interface CommentUpdate extends ReactionChange {
  body?: BodyRecord | undefined;
  resolved?: boolean | undefined;
}

function role(c: Ctx, tx: ReadTx, s: Scope): Role | undefined {
  return roleIn(c, tx, s.space.organization);
}

/** Who the posts are shown to: the caller and their role. */
function viewer(c: Ctx, tx: ReadTx, s: Scope): CommentViewer {
  return { role: role(c, tx, s), user: c.caller?.id };
}

/** A comment of this space (outside change requests) or of this change request; 404 otherwise. */
function commentIn(tx: ReadTx, s: Scope, commentId: string): CommentRecord {
  const cm = commentOf(tx, s.space.id, s.cr?.id, commentId);
  if (!cm) throw notFound(`comment ${commentId} not found`);
  return cm;
}

function replyIn(tx: ReadTx, cm: CommentRecord, replyId: string): CommentReplyRecord {
  const r = replyOf(tx, cm.id, replyId);
  if (!r) throw notFound(`reply ${replyId} not found on comment ${cm.id}`);
  return r;
}

function mustOwnOrAdmin(c: Ctx, tx: ReadTx, s: Scope, author: string, what: string): void {
  if (c.caller?.id !== author && !roleAtLeast(role(c, tx, s), 'admin')) throw forbidden(`only its author or an admin may ${what}`);
}

/** Adds and removes the caller's reactions: one per user per emoji. */
function react(c: Ctx, rs: readonly ReactionRecord[], change: ReactionChange): ReactionRecord[] {
  const added = change.addedReactions ?? [];
  const removed = change.removedReactions ?? [];
  for (const e of [...added, ...removed]) if (!e.trim() || e.length > 50) throw badRequest(`reactions: "${e}" is not an emoji (1 to 50 characters)`);
  const both = added.filter((e) => removed.includes(e));
  if (both.length) throw badRequest(`reactions: ${both.join(' ')} both added and removed`);
  const me = c.caller?.id as string;
  let out = rs.filter((r) => !(r.user === me && removed.includes(r.emoji)));
  for (const emoji of new Set(added)) {
    if (!out.some((r) => r.user === me && r.emoji === emoji)) out = [...out, { emoji, user: me, reactedAt: isoNow(c) }];
  }
  return out;
}

/** Sets or clears the resolution of a comment. */
function resolution(c: Ctx, cm: CommentRecord, resolved: boolean): CommentRecord {
  if (resolved) {
    if (cm.status === 'resolved') return cm;
    return { ...cm, status: 'resolved', resolvedAt: isoNow(c), resolvedBy: c.caller?.id as string };
  }
  const { resolvedAt: _a, resolvedBy: _b, ...rest } = cm;
  return { ...rest, status: 'open' };
}

function mayResolve(c: Ctx, tx: ReadTx, s: Scope, cm: CommentRecord): void {
  if (c.caller?.id !== cm.postedBy && !roleAtLeast(role(c, tx, s), 'review')) {
    throw forbidden("only the comment's author or a reviewer may resolve or reopen it");
  }
}

/**
 * The ordered list that serves a comment query: the one of its filters (authors and page, authors,
 * page, then status), of the status asked for when one is, so that no comment walked is tested.
 * Ordered by time posted, equal times in the order posted, so desc is the exact reverse of asc.
 */
function commentList(s: Scope, q: ListQuery) {
  const scope = commentScope(s.space.id, s.cr?.id);
  const status = q.status && q.status !== 'all' ? q.status : undefined;
  const page = q.targetPage;
  const desc = (q.order ?? 'desc') === 'desc';
  const of = (group: string) => (status ? `${group}|${status}` : group);
  const authors = q.authors?.length ? [...new Set(q.authors)] : undefined;
  if (authors && page) {
    const groups = authors.map((a) => of(`${scope}|${page}|${a}`));
    return { order: status ? ('byPageAuthorStatus' as const) : ('byPageAuthor' as const), query: { groups, desc } };
  }
  if (authors) {
    const groups = authors.map((a) => of(`${scope}|${a}`));
    return { order: status ? ('byAuthorStatus' as const) : ('byAuthor' as const), query: { groups, desc } };
  }
  if (page) return { order: status ? ('byPageStatus' as const) : ('byPage' as const), query: { groups: [of(`${scope}|${page}`)], desc } };
  if (status) return { order: 'byStatus' as const, query: { groups: [`${scope}|${status}`], desc } };
  return { order: 'byScope' as const, query: { groups: [scope], desc } };
}

/** Comments and replies of a space (`cr` absent) or of one of its change requests. */
export const commentsService = {
  list: (c: Ctx, spaceId: string, cr: string | undefined, q: ListQuery) =>
    c.read((tx) => {
      const s = contentScope(c, tx, spaceId, cr);
      const list = {
        table: comments,
        list: listKey('comments', s.space.id, s.cr?.id, q.order ?? 'desc', q.status, q.targetPage, q.authors),
        ...commentList(s, q),
      };
      const shownTo = viewer(c, tx, s);
      return paginateOrdered(tx, list, q, (cm) => toComment(c, tx, s, shownTo, cm, q.format));
    }),

  create: (
    c: Ctx,
    spaceId: string,
    cr: string | undefined,
    body: { page?: string | undefined; node?: string | undefined; body: BodyRecord; tableCell?: { record: string; definition: string } | undefined },
  ) =>
    c.write((tx) => {
      const s = contentScope(c, tx, spaceId, cr);
      if (body.node && !body.page) throw badRequest('node: give the page the node is in (page)');
      let page: CommentRecord['page'];
      if (body.page) {
        const p = findPage(s.rev.pages, body.page);
        if (!p) throw notFound(`page ${body.page} not found in revision ${s.rev.id}`);
        page = { id: p.id, title: p.title, path: pageIndex(s.rev.pages).get(p.id)?.path ?? '', ...(p.emoji ? { emoji: p.emoji } : {}) };
      }
      const cm = tx.put(comments, {
        id: c.ids.next(),
        space: s.space.id,
        ...(s.cr ? { changeRequest: s.cr.id } : {}),
        status: 'open',
        postedBy: c.caller?.id as string,
        postedAt: isoNow(c),
        body: body.body,
        revision: s.rev.id,
        ...(page ? { page } : {}),
        ...(body.node ? { node: body.node } : {}),
        ...(body.tableCell ? { tableCell: body.tableCell } : {}),
        reactions: [],
      });
      return toComment(c, tx, s, viewer(c, tx, s), cm, undefined);
    }),

  get: (c: Ctx, spaceId: string, cr: string | undefined, commentId: string, format: Format) =>
    c.read((tx) => {
      const s = contentScope(c, tx, spaceId, cr);
      return toComment(c, tx, s, viewer(c, tx, s), commentIn(tx, s, commentId), format);
    }),

  update: (c: Ctx, spaceId: string, cr: string | undefined, commentId: string, u: CommentUpdate) =>
    c.write((tx) => {
      const s = contentScope(c, tx, spaceId, cr);
      let cm = commentIn(tx, s, commentId);
      if (u.body !== undefined) {
        mustOwnOrAdmin(c, tx, s, cm.postedBy, 'edit a comment');
        cm = { ...cm, body: u.body, editedAt: isoNow(c) };
      }
      if (u.resolved !== undefined) {
        mayResolve(c, tx, s, cm);
        cm = resolution(c, cm, u.resolved);
      }
      if (u.addedReactions || u.removedReactions) cm = { ...cm, reactions: react(c, cm.reactions, u) };
      return toComment(c, tx, s, viewer(c, tx, s), tx.put(comments, cm), undefined);
    }),

  /** Deletes the comment and its replies; answers the same when it is not there. */
  delete: (c: Ctx, spaceId: string, cr: string | undefined, commentId: string) =>
    c.write((tx) => {
      const s = contentScope(c, tx, spaceId, cr);
      const cm = commentOf(tx, s.space.id, s.cr?.id, commentId);
      if (!cm) return;
      mustOwnOrAdmin(c, tx, s, cm.postedBy, 'delete a comment');
      for (const r of tx.where(commentReplies, 'comment', cm.id)) tx.delete(commentReplies, r.id);
      tx.delete(comments, cm.id);
    }),

  listReplies: (c: Ctx, spaceId: string, cr: string | undefined, commentId: string, q: PageQuery & { format?: Format }) =>
    c.read((tx) => {
      const s = contentScope(c, tx, spaceId, cr);
      const cm = commentIn(tx, s, commentId);
      const list = { table: commentReplies, order: 'byComment' as const, list: listKey('replies', cm.id), query: { groups: [cm.id] } };
      const shownTo = viewer(c, tx, s);
      return paginateOrdered(tx, list, q, (r) => toReply(c, tx, s, shownTo, r, q.format));
    }),

  createReply: (c: Ctx, spaceId: string, cr: string | undefined, commentId: string, body: BodyRecord, format?: Format) =>
    c.write((tx) => {
      const s = contentScope(c, tx, spaceId, cr);
      const cm = commentIn(tx, s, commentId);
      const r = tx.put(commentReplies, {
        id: c.ids.next(),
        comment: cm.id,
        space: cm.space,
        ...(cm.changeRequest ? { changeRequest: cm.changeRequest } : {}),
        postedBy: c.caller?.id as string,
        postedAt: isoNow(c),
        body,
        reactions: [],
      });
      return toReply(c, tx, s, viewer(c, tx, s), r, format);
    }),

  getReply: (c: Ctx, spaceId: string, cr: string | undefined, commentId: string, replyId: string, format: Format) =>
    c.read((tx) => {
      const s = contentScope(c, tx, spaceId, cr);
      return toReply(c, tx, s, viewer(c, tx, s), replyIn(tx, commentIn(tx, s, commentId), replyId), format);
    }),

  /** `resolved` (change requests only) resolves or reopens the thread the reply is in. */
  updateReply: (c: Ctx, spaceId: string, cr: string | undefined, commentId: string, replyId: string, u: CommentUpdate) =>
    c.write((tx) => {
      const s = contentScope(c, tx, spaceId, cr);
      const cm = commentIn(tx, s, commentId);
      let r = replyIn(tx, cm, replyId);
      if (u.body !== undefined) {
        mustOwnOrAdmin(c, tx, s, r.postedBy, 'edit a reply');
        r = { ...r, body: u.body, editedAt: isoNow(c) };
      }
      if (u.addedReactions || u.removedReactions) r = { ...r, reactions: react(c, r.reactions, u) };
      if (u.resolved !== undefined) {
        if (c.caller?.id !== r.postedBy) mayResolve(c, tx, s, cm);
        tx.put(comments, resolution(c, cm, u.resolved));
      }
      return toReply(c, tx, s, viewer(c, tx, s), tx.put(commentReplies, r), undefined);
    }),

  deleteReply: (c: Ctx, spaceId: string, cr: string | undefined, commentId: string, replyId: string) =>
    c.write((tx) => {
      const s = contentScope(c, tx, spaceId, cr);
      const cm = commentOf(tx, s.space.id, s.cr?.id, commentId);
      const r = cm && replyOf(tx, cm.id, replyId);
      if (!cm || !r) return;
      mustOwnOrAdmin(c, tx, s, r.postedBy, 'delete a reply');
      tx.delete(commentReplies, r.id);
    }),

  /** Members who posted comments or replies here, in the order they first did. */
  commenters: (c: Ctx, spaceId: string, cr: string | undefined, q: PageQuery) =>
    c.read((tx) => {
      const s = contentScope(c, tx, spaceId, cr);
      const posts = [
        ...tx.where(comments, 'space', s.space.id).filter((cm) => cm.changeRequest === s.cr?.id),
        ...tx.where(commentReplies, 'space', s.space.id).filter((r) => r.changeRequest === s.cr?.id),
      ].sort((a, b) => a.postedAt.localeCompare(b.postedAt));
      const ids = [...new Set(posts.map((p) => p.postedBy))];
      const members = ids.flatMap((id) => {
        const m = tx.get(memberships, membershipId(s.space.organization, id));
        const u = tx.get(users, id);
        return m && u ? [{ m, u }] : [];
      });
      const spaceCount = tx.countWhere(spaces, 'organization', s.space.organization, 'live');
      return paginate(
        members,
        q,
        ({ m, u }) => ({
          object: 'member' as const,
          id: u.id,
          role: m.role,
          user: toUser(c, u),
          disabled: false,
          joinedAt: m.joinedAt,
          sso: false,
          spaces: spaceCount,
          teams: 0,
        }),
        listKey('commenters', s.space.id, s.cr?.id),
      );
    }),
};

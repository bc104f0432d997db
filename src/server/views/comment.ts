import type * as z from 'zod';
import type { Comment, CommentReply } from '../../contract/schemas/comment.js';
import type { Role } from '../../contract/schemas/common.js';
import type { ReadTx } from '../../store/store.js';
import { roleAtLeast, type Ctx } from '../context.js';
import { commentReplies, type CommentRecord, type CommentReplyRecord, type ReactionRecord } from '../model/review.js';
import { crPath, userShape } from './change-request.js';
import { bodyIn, markdownToDocument, nodeText } from '../lib/document.js';
import { findPage } from '../../lib/page-tree.js';
import { pageIndex } from './revision.js';
import type { Scope } from '../model/scope.js';
import { urls } from '../lib/urls.js';

export type Format = 'markdown' | 'document' | undefined;

export function scopePath(s: Pick<Scope, 'space' | 'cr'>): string {
  return s.cr ? crPath(s.cr) : `/spaces/${s.space.id}`;
}

/** Who posts are shown to, as the service worked it out: the caller's role in the space's organization, and the caller. */
export interface CommentViewer {
  role: Role | undefined;
  user: string | undefined;
}

/** Reactions aggregated per emoji, in the order each emoji was first used. */
export function toReactions(c: Ctx, tx: ReadTx, rs: readonly ReactionRecord[]) {
  const byEmoji = new Map<string, ReactionRecord[]>();
  for (const r of rs) byEmoji.set(r.emoji, [...(byEmoji.get(r.emoji) ?? []), r]);
  return [...byEmoji].map(([emoji, list]) => ({
    emoji,
    count: list.length,
    users: list.map((r) => ({ user: userShape(c, tx, r.user), reactedAt: r.reactedAt })),
  }));
}

/**
 * Who may do what with a post: authors and admins edit and delete; commenters reply and react.
 * An author whose role no longer allows commenting may no longer change their posts.
 */
export function permissionsFor(viewer: CommentViewer, author: string) {
  const { role } = viewer;
  const own = viewer.user === author && roleAtLeast(role, 'comment');
  return {
    view: roleAtLeast(role, 'read'),
    edit: own || roleAtLeast(role, 'admin'),
    reply: roleAtLeast(role, 'comment'),
    delete: own || roleAtLeast(role, 'admin'),
  };
}

function target(c: Ctx, s: Scope, cm: CommentRecord) {
  const out: Record<string, unknown> = { space: cm.space, revision: cm.revision };
  if (cm.changeRequest) out.changeRequest = cm.changeRequest;
  if (cm.tableCell) out.tableCell = cm.tableCell;
  if (cm.page) {
    const now = findPage(s.rev.pages, cm.page.id);
    if (now) {
      const path = pageIndex(s.rev.pages).get(now.id)?.path ?? cm.page.path;
      out.page = {
        id: now.id,
        title: now.title,
        ...(now.emoji ? { emoji: now.emoji } : {}),
        createdAt: now.createdAt,
        updatedAt: now.updatedAt,
        path,
        outdated: false,
      };
      if (cm.node) {
        const block = markdownToDocument(now.markdown, `${now.id}-`).nodes.find((b) => b.key === cm.node);
        out.node = { id: cm.node, ...(block ? { preview: nodeText(block).slice(0, 200) } : {}) };
      }
    } else {
      out.page = { id: cm.page.id, title: cm.page.title, ...(cm.page.emoji ? { emoji: cm.page.emoji } : {}), path: cm.page.path, outdated: true };
      if (cm.node) out.node = { id: cm.node };
    }
  }
  return out as z.input<typeof Comment>['target'];
}

export function toComment(c: Ctx, tx: ReadTx, s: Scope, viewer: CommentViewer, cm: CommentRecord, format: Format): z.input<typeof Comment> {
  const base = {
    object: 'comment' as const,
    id: cm.id,
    postedBy: userShape(c, tx, cm.postedBy),
    postedAt: cm.postedAt,
    ...(cm.editedAt ? { editedAt: cm.editedAt } : {}),
    reactions: toReactions(c, tx, cm.reactions),
    replies: tx.countWhere(commentReplies, 'comment', cm.id),
    body: bodyIn(cm.body, format, `${cm.id}-`),
    target: target(c, s, cm),
    urls: { location: urls.api(c, `${scopePath(s)}/comments/${cm.id}`) },
    permissions: permissionsFor(viewer, cm.postedBy),
  };
  if (cm.status === 'resolved') {
    return { ...base, status: 'resolved', resolvedAt: cm.resolvedAt ?? cm.postedAt, resolvedBy: userShape(c, tx, cm.resolvedBy ?? cm.postedBy) };
  }
  return { ...base, status: 'open' };
}

export function toReply(c: Ctx, tx: ReadTx, s: Scope, viewer: CommentViewer, r: CommentReplyRecord, format: Format): z.input<typeof CommentReply> {
  return {
    object: 'comment-reply',
    id: r.id,
    postedBy: userShape(c, tx, r.postedBy),
    postedAt: r.postedAt,
    ...(r.editedAt ? { editedAt: r.editedAt } : {}),
    reactions: toReactions(c, tx, r.reactions),
    body: bodyIn(r.body, format, `${r.id}-`),
    urls: { location: urls.api(c, `${scopePath(s)}/comments/${r.comment}/replies/${r.id}`) },
    permissions: permissionsFor(viewer, r.postedBy),
  };
}

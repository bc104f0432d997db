import * as z from 'zod';
import { defineResource } from '../endpoint.js';
import { Id, listOf, Member, pageQuery } from '../schemas/common.js';
import { Comment, commentListQuery, CommentReply, formatQuery, PostComment, PostReply, UpdateComment, UpdateCrReply } from '../schemas/comment.js';

const crParams = z.object({
  spaceId: Id.describe('space id'),
  changeRequestId: Id.describe('change request id or number'),
});
const commentParams = crParams.extend({ commentId: Id.describe('comment id') });
const replyParams = commentParams.extend({ commentReplyId: Id.describe('reply id') });

/** The change-request variant of `gbctl <noun> <verb>`, selected by `--change-request`. */
const scoped = <N extends string, V extends string>(noun: N, verb: V) =>
  ({ noun, verb, scope: { param: 'changeRequestId', option: 'change-request' } }) as const;

export const crComments = defineResource('cr-comments', {
  list: {
    method: 'GET',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}/comments',
    summary: 'List the comments of a change request',
    params: crParams,
    query: () => z.object({ ...pageQuery, ...commentListQuery }),
    response: () => listOf(Comment),
    status: 200,
    access: 'read',
    cli: scoped('comments', 'list'),
  },
  create: {
    method: 'POST',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}/comments',
    summary: 'Post a comment in a change request',
    params: crParams,
    body: () => PostComment,
    response: () => Comment,
    status: 200,
    access: 'comment',
    cli: scoped('comments', 'create'),
  },
  get: {
    method: 'GET',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}',
    summary: 'Show a comment of a change request',
    params: commentParams,
    query: () => z.object(formatQuery),
    response: () => Comment,
    status: 200,
    access: 'read',
    cli: scoped('comments', 'get'),
  },
  update: {
    method: 'PUT',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}',
    summary: 'Edit, resolve, reopen or react to a comment of a change request',
    params: commentParams,
    body: () => UpdateComment,
    response: () => Comment,
    status: 200,
    access: 'comment',
    cli: scoped('comments', 'update'),
  },
  delete: {
    method: 'DELETE',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}',
    summary: 'Delete a comment of a change request',
    params: commentParams,
    status: 204,
    access: 'comment',
    destructive: true,
    cli: scoped('comments', 'delete'),
  },
  'list-replies': {
    method: 'GET',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies',
    summary: 'List the replies to a comment of a change request',
    params: commentParams,
    query: () => z.object({ ...pageQuery, ...formatQuery }),
    response: () => listOf(CommentReply),
    status: 200,
    access: 'read',
    cli: scoped('replies', 'list'),
  },
  'create-reply': {
    method: 'POST',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies',
    summary: 'Reply to a comment of a change request',
    params: commentParams,
    query: () => z.object(formatQuery),
    body: () => PostReply,
    response: () => CommentReply,
    status: 200,
    access: 'comment',
    cli: scoped('replies', 'create'),
  },
  'get-reply': {
    method: 'GET',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}',
    summary: 'Show a reply to a comment of a change request',
    params: replyParams,
    query: () => z.object(formatQuery),
    response: () => CommentReply,
    status: 200,
    access: 'read',
    cli: scoped('replies', 'get'),
  },
  'update-reply': {
    method: 'PUT',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}',
    summary: 'Edit, resolve, reopen or react to a reply in a change request',
    params: replyParams,
    body: () => UpdateCrReply,
    response: () => CommentReply,
    status: 200,
    access: 'comment',
    cli: scoped('replies', 'update'),
  },
  'delete-reply': {
    method: 'DELETE',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}',
    summary: 'Delete a reply to a comment of a change request',
    params: replyParams,
    status: 204,
    access: 'comment',
    destructive: true,
    cli: scoped('replies', 'delete'),
  },
  'list-commenters': {
    method: 'GET',
    path: '/spaces/{spaceId}/change-requests/{changeRequestId}/commenters',
    summary: 'List the members who commented in a change request',
    params: crParams,
    query: () => z.object(pageQuery),
    response: () => listOf(Member),
    status: 200,
    access: 'read',
    cli: scoped('commenters', 'list'),
  },
});

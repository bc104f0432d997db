import { z } from 'zod';
import { defineResource } from '../endpoint.js';
import { Id, listOf, Member, pageQuery } from '../schemas/common.js';
import {
  Comment, commentListQuery, CommentReply, formatQuery, PostComment, PostReply, UpdateComment, UpdateReply,
} from '../schemas/comment.js';

const spaceParams = z.object({ spaceId: Id.describe('space id') });
const commentParams = spaceParams.extend({ commentId: Id.describe('comment id') });
const replyParams = commentParams.extend({ commentReplyId: Id.describe('reply id') });

export const comments = defineResource('comments', {
  list: {
    method: 'GET', path: '/spaces/{spaceId}/comments', summary: 'List the comments of a space',
    params: spaceParams, query: z.object({ ...pageQuery, ...commentListQuery }),
    response: listOf(Comment), status: 200, access: 'read',
  },
  create: {
    method: 'POST', path: '/spaces/{spaceId}/comments', summary: 'Post a comment in a space',
    params: spaceParams, body: PostComment, response: Comment, status: 200, access: 'comment',
  },
  get: {
    method: 'GET', path: '/spaces/{spaceId}/comments/{commentId}', summary: 'Show a comment',
    params: commentParams, query: z.object(formatQuery), response: Comment, status: 200, access: 'read',
  },
  update: {
    method: 'PUT', path: '/spaces/{spaceId}/comments/{commentId}',
    summary: 'Edit, resolve, reopen or react to a comment',
    params: commentParams, body: UpdateComment, response: Comment, status: 200, access: 'comment',
  },
  delete: {
    method: 'DELETE', path: '/spaces/{spaceId}/comments/{commentId}', summary: 'Delete a comment',
    params: commentParams, status: 204, access: 'comment', destructive: true,
  },
  'list-replies': {
    method: 'GET', path: '/spaces/{spaceId}/comments/{commentId}/replies', summary: 'List the replies to a comment',
    params: commentParams, query: z.object({ ...pageQuery, ...formatQuery }),
    response: listOf(CommentReply), status: 200, access: 'read', cli: { noun: 'replies', verb: 'list' },
    extension: 'Listed by the platform (listCommentRepliesInSpace) though not in the description',
  },
  'create-reply': {
    method: 'POST', path: '/spaces/{spaceId}/comments/{commentId}/replies', summary: 'Reply to a comment',
    params: commentParams, body: PostReply, response: CommentReply, status: 200, access: 'comment',
    cli: { noun: 'replies', verb: 'create' },
  },
  'get-reply': {
    method: 'GET', path: '/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}',
    summary: 'Show a reply to a comment',
    params: replyParams, query: z.object(formatQuery), response: CommentReply, status: 200, access: 'read',
    cli: { noun: 'replies', verb: 'get' },
  },
  'update-reply': {
    method: 'PUT', path: '/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}',
    summary: 'Edit or react to a reply',
    params: replyParams, body: UpdateReply, response: CommentReply, status: 200, access: 'comment',
    cli: { noun: 'replies', verb: 'update' },
  },
  'delete-reply': {
    method: 'DELETE', path: '/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}',
    summary: 'Delete a reply to a comment',
    params: replyParams, status: 204, access: 'comment', destructive: true, cli: { noun: 'replies', verb: 'delete' },
  },
  'list-commenters': {
    method: 'GET', path: '/spaces/{spaceId}/commenters', summary: 'List the members who commented in a space',
    params: spaceParams, query: z.object(pageQuery), response: listOf(Member), status: 200, access: 'read',
    cli: { noun: 'commenters', verb: 'list' },
  },
});

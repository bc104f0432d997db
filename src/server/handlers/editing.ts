import { changeRequestsService as crs } from '../services/change-requests.js';
import { commentsService as cm } from '../services/comments.js';
import { contentService as content } from '../services/content.js';
import { crPagesService as pages } from '../services/cr-pages.js';
import { pdfService } from '../services/pdf.js';
import { searchService } from '../services/search.js';
import { templatesService } from '../services/templates.js';
import type { HandlersOf } from '../types.js';

/**
 * The import service loads the Git Sync reader and with it yaml, a third of what a page read cost
 * the embedded CLI on top of its start: it is loaded when an import asks for it.
 */
const imports = async () => (await import('../services/import.js')).importService;

type EditingHandlers = HandlersOf<'content'> & HandlersOf<'cr-content'> & HandlersOf<'comments'> & HandlersOf<'cr-comments'> & HandlersOf<'change-requests'>;

/** Content, comments and change requests. */
export const editingHandlers: EditingHandlers = {
  'content.search': (c, { params, query }) => searchService.space(c, params.spaceId, query),
  'content.revision': (c, { params, query }) => content.revision(c, params.spaceId, undefined, query),
  'content.import': async (c, { params, body }) => (await imports()).import(c, params.spaceId, undefined, body),
  'content.template': (c, { params, body }) => templatesService.apply(c, params.spaceId, body),
  'content.pages': (c, { params, query }) => content.pages(c, params.spaceId, undefined, query),
  'content.files': (c, { params, query }) => content.files(c, params.spaceId, undefined, query),
  'content.file': (c, { params, query }) => content.file(c, params.spaceId, undefined, params.fileId, query),
  'content.backlinks': (c, { params, query }) => content.backlinks(c, params.spaceId, undefined, params.fileId, query),
  'content.page': (c, { params, query }) => content.page(c, params.spaceId, undefined, params.pageId, query),
  'content.links': (c, { params, query }) => content.pageLinks(c, params.spaceId, undefined, params.pageId, query),

  'cr-content.revision': (c, { params, query }) => content.revision(c, params.spaceId, params.changeRequestId, query),
  'cr-content.import': async (c, { params, body }) => (await imports()).import(c, params.spaceId, params.changeRequestId, body),
  'cr-content.pages': (c, { params, query }) => content.pages(c, params.spaceId, params.changeRequestId, query),
  'cr-content.files': (c, { params, query }) => content.files(c, params.spaceId, params.changeRequestId, query),
  'cr-content.file': (c, { params, query }) => content.file(c, params.spaceId, params.changeRequestId, params.fileId, query),
  'cr-content.backlinks': (c, { params, query }) => content.backlinks(c, params.spaceId, params.changeRequestId, params.fileId, query),
  'cr-content.page': (c, { params, query }) => content.page(c, params.spaceId, params.changeRequestId, params.pageId, query),
  'cr-content.links': (c, { params, query }) => content.pageLinks(c, params.spaceId, params.changeRequestId, params.pageId, query),

  'comments.list': (c, { params, query }) => cm.list(c, params.spaceId, undefined, query),
  'comments.create': (c, { params, body }) => cm.create(c, params.spaceId, undefined, body),
  'comments.get': (c, { params, query }) => cm.get(c, params.spaceId, undefined, params.commentId, query.format),
  'comments.update': (c, { params, body }) => cm.update(c, params.spaceId, undefined, params.commentId, body),
  'comments.delete': (c, { params }) => cm.delete(c, params.spaceId, undefined, params.commentId),
  'comments.list-replies': (c, { params, query }) => cm.listReplies(c, params.spaceId, undefined, params.commentId, query),
  'comments.create-reply': (c, { params, body }) => cm.createReply(c, params.spaceId, undefined, params.commentId, body.body),
  'comments.get-reply': (c, { params, query }) => cm.getReply(c, params.spaceId, undefined, params.commentId, params.commentReplyId, query.format),
  'comments.update-reply': (c, { params, body }) => cm.updateReply(c, params.spaceId, undefined, params.commentId, params.commentReplyId, body),
  'comments.delete-reply': (c, { params }) => cm.deleteReply(c, params.spaceId, undefined, params.commentId, params.commentReplyId),
  'comments.list-commenters': (c, { params, query }) => cm.commenters(c, params.spaceId, undefined, query),

  'cr-comments.list': (c, { params, query }) => cm.list(c, params.spaceId, params.changeRequestId, query),
  'cr-comments.create': (c, { params, body }) => cm.create(c, params.spaceId, params.changeRequestId, body),
  'cr-comments.get': (c, { params, query }) => cm.get(c, params.spaceId, params.changeRequestId, params.commentId, query.format),
  'cr-comments.update': (c, { params, body }) => cm.update(c, params.spaceId, params.changeRequestId, params.commentId, body),
  'cr-comments.delete': (c, { params }) => cm.delete(c, params.spaceId, params.changeRequestId, params.commentId),
  'cr-comments.list-replies': (c, { params, query }) => cm.listReplies(c, params.spaceId, params.changeRequestId, params.commentId, query),
  'cr-comments.create-reply': (c, { params, query, body }) =>
    cm.createReply(c, params.spaceId, params.changeRequestId, params.commentId, body.body, query.format),
  'cr-comments.get-reply': (c, { params, query }) =>
    cm.getReply(c, params.spaceId, params.changeRequestId, params.commentId, params.commentReplyId, query.format),
  'cr-comments.update-reply': (c, { params, body }) => cm.updateReply(c, params.spaceId, params.changeRequestId, params.commentId, params.commentReplyId, body),
  'cr-comments.delete-reply': (c, { params }) => cm.deleteReply(c, params.spaceId, params.changeRequestId, params.commentId, params.commentReplyId),
  'cr-comments.list-commenters': (c, { params, query }) => cm.commenters(c, params.spaceId, params.changeRequestId, query),

  'change-requests.list': (c, { params, query }) => crs.list(c, params.spaceId, query),
  'change-requests.list-org': (c, { params, query }) => crs.listOrg(c, params.organizationId, query),
  'change-requests.create': (c, { params, body }) => crs.create(c, params.spaceId, body),
  'change-requests.get': (c, { params }) => crs.get(c, params.spaceId, params.changeRequestId),
  'change-requests.update': (c, { params, body }) => crs.update(c, params.spaceId, params.changeRequestId, body),
  'change-requests.merge': (c, { params }) => crs.merge(c, params.spaceId, params.changeRequestId),
  'change-requests.refresh': (c, { params }) => crs.refresh(c, params.spaceId, params.changeRequestId),
  'change-requests.resolve': (c, { params, body }) => crs.resolve(c, params.spaceId, params.changeRequestId, params.pageId, body),
  'change-requests.export': (c, { params, query }) => pdfService.changeRequest(c, params.spaceId, params.changeRequestId, query),
  'change-requests.create-page': (c, { params, body }) => pages.create(c, params.spaceId, params.changeRequestId, body),
  'change-requests.update-page': (c, { params, body }) => pages.update(c, params.spaceId, params.changeRequestId, params.pageId, body),
  'change-requests.delete-page': (c, { params }) => pages.delete(c, params.spaceId, params.changeRequestId, params.pageId),
};

import type { ExtraOption, Overlays } from '../../src/cli/overlay.js';
import { readText } from '../../src/cli/read-input.js';

/** `--markdown TEXT` for a comment or reply body, instead of `--body '{"markdown":…}'`. */
const markdownBody: ExtraOption = {
  name: 'markdown',
  value: '<text>',
  description: 'text of the comment, as markdown ("-" reads stdin)',
  apply: (v, input, io) => {
    input.body.body = { markdown: v === '-' ? readText({ flag: '--markdown', path: '-' }, io.readStdin) : v };
  },
};

const commentColumns = ['id', 'status', 'postedBy.displayName', 'replies', 'target.page.title', 'body.markdown'];

export const overlays: Overlays = {
  'comments.list': {
    columns: commentColumns,
    examples: ['gbctl comments list SPACE --status open', 'gbctl comments list SPACE --change-request 2 --order asc'],
  },
  'comments.create': {
    options: [markdownBody],
    examples: [
      'gbctl comments create SPACE --markdown "Is this still true?" --page-id PAGE',
      'gbctl comments create SPACE --change-request 2 --markdown "Looks good"',
    ],
    done: (_p, r) => `✓ Posted comment ${r.id}`,
  },
  'comments.get': { examples: ['gbctl comments get SPACE COMMENT --format markdown'] },
  'comments.update': {
    options: [markdownBody],
    examples: [
      'gbctl comments update SPACE COMMENT --markdown "Fixed wording"',
      'gbctl comments update SPACE COMMENT --added-reactions 👍',
      'gbctl comments resolve SPACE COMMENT',
    ],
    aliases: [
      {
        verb: 'resolve',
        summary: 'Resolve a comment (sets resolvedAt and resolvedBy)',
        body: { resolved: true },
        examples: ['gbctl comments resolve SPACE COMMENT', 'gbctl comments resolve SPACE COMMENT --change-request 2 --json status'],
      },
      {
        verb: 'reopen',
        summary: 'Reopen a resolved comment',
        body: { resolved: false },
        examples: ['gbctl comments reopen SPACE COMMENT', 'gbctl comments reopen SPACE COMMENT --change-request 2 --json status'],
      },
    ],
  },
  'comments.delete': {
    confirm: (_p, name) => `Delete comment ${name} and its replies?`,
    done: (p) => `✓ Deleted comment ${String(p.commentId)}`,
    examples: ['gbctl comments delete SPACE COMMENT --yes'],
  },
  'comments.list-replies': { columns: ['id', 'postedBy.displayName', 'postedAt', 'body.markdown'], examples: ['gbctl replies list SPACE COMMENT'] },
  'comments.create-reply': {
    options: [markdownBody],
    examples: ['gbctl replies create SPACE COMMENT --markdown "Agreed"', 'gbctl replies create SPACE COMMENT --change-request 2 --markdown "Done"'],
    done: (_p, r) => `✓ Replied (${r.id})`,
  },
  'comments.get-reply': { examples: ['gbctl replies get SPACE COMMENT REPLY'] },
  'comments.update-reply': {
    options: [markdownBody],
    examples: ['gbctl replies update SPACE COMMENT REPLY --markdown "Edited"', 'gbctl replies update SPACE COMMENT REPLY --change-request 2 --resolved'],
  },
  'comments.delete-reply': {
    confirm: (_p, name) => `Delete reply ${name}?`,
    done: (p) => `✓ Deleted reply ${String(p.commentReplyId)}`,
    examples: ['gbctl replies delete SPACE COMMENT REPLY --yes'],
  },
  'comments.list-commenters': {
    columns: ['id', 'user.displayName', 'role'],
    examples: ['gbctl commenters list SPACE', 'gbctl commenters list SPACE --change-request 2'],
  },
};

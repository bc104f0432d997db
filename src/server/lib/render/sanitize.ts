import sanitizeHtml from 'sanitize-html';

/**
 * The gate every rendered page passes last: sanitize-html (on htmlparser2, the parser the
 * renderer's own passes use) with an allow-list. What is not listed is dropped: unknown
 * elements keep their text, script-like ones lose it too; attributes are kept only where listed
 * (with their values restricted where they are enumerations), classes only from the renderer's
 * own set, URLs only with the schemes below, styles only a cell's alignment. Nothing a page
 * holds can run: the page's content security policy allows no script either.
 */

const HEADING = ['id', { name: 'align', multiple: false, values: ['left', 'center', 'right'] }];
const ALIGN = { name: 'align', multiple: false, values: ['left', 'center', 'right', 'justify'] };
const VALIGN = { name: 'valign', multiple: false, values: ['top', 'middle', 'bottom', 'baseline'] };
const CELL = ['colspan', 'rowspan', 'style', ALIGN, VALIGN];

/** The classes the renderer gives elements; a page's own class survives only if it is one of them. */
const CLASSES = [
  'hint', 'hint-info', 'hint-warning', 'hint-danger', 'hint-success',
  'tabs', 'tab-radio', 'tab-label', 'tab-panel', 'tab-alone', 'tab-title',
  'code-block', 'code-wrap', 'line-numbers', 'line',
  'content-ref', 'page-card', 'page-card-title',
  'embed-card', 'embed-link', 'embed-host', 'embed-url',
  'file-card', 'file-link', 'file-name', 'file-action', 'include', 'muted',
  'stepper', 'step', 'step-body', 'columns', 'column',
  'updates', 'update', 'update-meta', 'update-body', 'update-date', 'tag',
  'prompt', 'conditional', 'openapi-ref', 'openapi-op', 'block',
  'task-item', 'task-box',
  'cards', 'cards-large', 'card', 'card-cover', 'card-body', 'card-field', 'card-link',
  'mention', 'icon', 'frame', 'button', 'primary', 'secondary',
  'mark-red', 'mark-orange', 'mark-yellow', 'mark-green', 'mark-blue', 'mark-purple',
  'mark-primary', 'mark-info', 'mark-success', 'mark-warning', 'mark-danger',
  'mark-bg-red', 'mark-bg-orange', 'mark-bg-yellow', 'mark-bg-green', 'mark-bg-blue', 'mark-bg-purple',
  'mark-bg-primary', 'mark-bg-info', 'mark-bg-success', 'mark-bg-warning', 'mark-bg-danger',
];

// allowedEmptyAttributes is an option of sanitize-html that its type definitions do not list yet.
const OPTIONS: sanitizeHtml.IOptions & { allowedEmptyAttributes: string[] } = {
  allowedTags: [
    'a', 'abbr', 'b', 'blockquote', 'br', 'button', 'caption', 'code', 'col', 'colgroup', 'dd', 'del', 'details', 'div',
    'dl', 'dt', 'em', 'figcaption', 'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'input', 'ins', 'kbd',
    'label', 'li', 'mark', 'ol', 'p', 'picture', 'pre', 'q', 's', 'samp', 'section', 'small', 'source', 'span', 'strong',
    'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'u', 'ul', 'var', 'wbr',
  ],
  // Dropped with everything inside them, not just their tags.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'select', 'noscript', 'template', 'title', 'iframe', 'object', 'svg', 'math'],
  disallowedTagsMode: 'discard',
  selfClosing: ['img', 'br', 'hr', 'input', 'source', 'col', 'wbr'],
  allowedAttributes: {
    '*': ['class'],
    a: ['href', 'id', 'name', 'title', 'rel', 'download', 'aria-label'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    source: ['srcset', 'media', 'type'],
    h1: HEADING, h2: HEADING, h3: HEADING, h4: HEADING, h5: HEADING, h6: HEADING,
    p: [ALIGN], div: [ALIGN, { name: 'role', multiple: false, values: ['note'] }],
    td: CELL, th: CELL,
    col: ['span'], colgroup: ['span'],
    ol: ['start', 'reversed'], li: ['value'],
    details: ['open', 'id'],
    input: [{ name: 'type', multiple: false, values: ['radio', 'checkbox'] }, 'name', 'id', 'checked', 'disabled'],
    label: ['for'],
    button: [{ name: 'type', multiple: false, values: ['button'] }, 'disabled'],
    time: ['datetime'],
    span: ['role', 'aria-label', 'title'],
    abbr: ['title'],
  },
  allowedClasses: { '*': CLASSES, code: ['language-*', 'lang-*'], pre: ['language-*'] },
  allowedStyles: {
    td: { 'text-align': [/^(left|right|center|justify)$/] },
    th: { 'text-align': [/^(left|right|center|justify)$/] },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'], source: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedEmptyAttributes: ['alt', 'download'],
  // A form control only as the renderer makes them: tab switches and task boxes, nothing to submit.
  exclusiveFilter: (frame) => frame.tag === 'input' && !['radio', 'checkbox'].includes(frame.attribs.type ?? ''),
};

export function sanitize(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

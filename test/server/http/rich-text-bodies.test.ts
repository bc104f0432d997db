import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer, type TestServer } from '../../helpers/server.js';
import { publishedErrors } from '../../helpers/published-schema.js';

/*
 * Every operation that takes a rich-text document (comment and reply bodies in spaces and in
 * change requests, a change request's description, translation instructions: 11 operations)
 * checks it to every depth against the platform's document shape.
 */

let s: TestServer;
let space: string;
let cr: string;
let comment: string;
let reply: string;
let crComment: string;
let crReply: string;
let translation: string;

const text = (t: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: t, marks: [] }] });
const doc = (...nodes: unknown[]) => ({ object: 'document', data: {}, nodes });
const GOOD = doc(
  {
    object: 'block',
    type: 'paragraph',
    nodes: [text('Hello '), { object: 'inline', type: 'link', nodes: [text('there')], data: { ref: { kind: 'url', url: 'https://example.com' } } }],
  },
  {
    object: 'block',
    type: 'hint',
    data: { style: 'info' },
    nodes: [
      {
        object: 'block',
        type: 'list-unordered',
        nodes: [{ object: 'block', type: 'list-item', nodes: [{ object: 'block', type: 'paragraph', nodes: [text('deep')] }] }],
      },
    ],
  },
);
/** Refused by the published schema, each at another depth. */
const BAD: [string, unknown][] = [
  ['a block without nodes', doc({ object: 'block', type: 'paragraph' })],
  ['a block of an unknown type', doc({ object: 'block', type: 'marquee', nodes: [text('x')] })],
  ['a list item outside a list', doc({ object: 'block', type: 'list-item', nodes: [] })],
  [
    'a text without leaves, three levels down',
    doc({
      object: 'block',
      type: 'hint',
      data: { style: 'info' },
      nodes: [
        { object: 'block', type: 'blockquote', nodes: [] },
        { object: 'block', type: 'paragraph', nodes: [{ object: 'text' }] },
      ],
    }),
  ],
  ['a hint without its style', doc({ object: 'block', type: 'hint', data: {}, nodes: [] })],
  ['a link without its target', doc({ object: 'block', type: 'paragraph', nodes: [{ object: 'inline', type: 'link', nodes: [text('x')], data: {} }] })],
  [
    'a mark of an unknown type',
    doc({
      object: 'block',
      type: 'paragraph',
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'x', marks: [{ object: 'mark', type: 'blink' }] }] }],
    }),
  ],
  ['no data', { object: 'document', nodes: [] }],
];

beforeAll(async () => {
  s = await startServer();
  space = (await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'Docs' })).body.id as string;
  cr = (await api(s, 'POST', `/spaces/${space}/change-requests`, { subject: 'Edit' })).body.id as string;
  comment = (await api(s, 'POST', `/spaces/${space}/comments`, { body: { markdown: 'c' } })).body.id as string;
  reply = (await api(s, 'POST', `/spaces/${space}/comments/${comment}/replies`, { body: { markdown: 'r' } })).body.id as string;
  crComment = (await api(s, 'POST', `/spaces/${space}/change-requests/${cr}/comments`, { body: { markdown: 'c' } })).body.id as string;
  crReply = (await api(s, 'POST', `/spaces/${space}/change-requests/${cr}/comments/${crComment}/replies`, { body: { markdown: 'r' } })).body.id as string;
  translation = (await api(s, 'POST', `/orgs/${s.org}/translations`, { language: 'fr', source: { space, language: 'en' } })).body.id as string;
});
afterAll(() => s.stop());

/** The eleven operations, each as a request that carries a document. */
function operations(): { id: string; method: string; path: string; body: (d: unknown) => unknown; ok: number }[] {
  const c = `/spaces/${space}/change-requests/${cr}`;
  return [
    { id: 'comments.create', method: 'POST', path: `/spaces/${space}/comments`, body: (d) => ({ body: { document: d } }), ok: 200 },
    { id: 'comments.update', method: 'PUT', path: `/spaces/${space}/comments/${comment}`, body: (d) => ({ body: { document: d } }), ok: 200 },
    { id: 'comments.reply', method: 'POST', path: `/spaces/${space}/comments/${comment}/replies`, body: (d) => ({ body: { document: d } }), ok: 200 },
    {
      id: 'comments.update-reply',
      method: 'PUT',
      path: `/spaces/${space}/comments/${comment}/replies/${reply}`,
      body: (d) => ({ body: { document: d } }),
      ok: 200,
    },
    { id: 'cr-comments.create', method: 'POST', path: `${c}/comments`, body: (d) => ({ body: { document: d } }), ok: 200 },
    { id: 'cr-comments.update', method: 'PUT', path: `${c}/comments/${crComment}`, body: (d) => ({ body: { document: d } }), ok: 200 },
    { id: 'cr-comments.reply', method: 'POST', path: `${c}/comments/${crComment}/replies`, body: (d) => ({ body: { document: d } }), ok: 200 },
    { id: 'cr-comments.update-reply', method: 'PUT', path: `${c}/comments/${crComment}/replies/${crReply}`, body: (d) => ({ body: { document: d } }), ok: 200 },
    { id: 'change-requests.update', method: 'PATCH', path: c, body: (d) => ({ description: d }), ok: 200 },
    {
      id: 'translations.create',
      method: 'POST',
      path: `/orgs/${s.org}/translations`,
      body: (d) => ({ language: 'de', source: { space, language: 'en' }, instructions: d }),
      ok: 201,
    },
    { id: 'translations.update', method: 'PUT', path: `/orgs/${s.org}/translations/${translation}`, body: (d) => ({ instructions: d }), ok: 200 },
  ];
}

describe('rich-text documents in request bodies', () => {
  it('every document the published schema refuses is a 400 naming where, on each of the eleven operations', async () => {
    for (const [what, d] of BAD) expect(publishedErrors('JSONDocument', d), what).toBeDefined();
    for (const op of operations()) {
      for (const [what, d] of BAD) {
        const r = await api(s, op.method, op.path, op.body(d));
        expect(r.status, `${op.id}: ${what}: ${JSON.stringify(r.body)}`).toBe(400);
        expect(r.body.error.message, `${op.id}: ${what}`).toMatch(/^body\.\S+/);
      }
    }
  });

  it('a document it takes is taken, kept to every depth and answered in the published shape', async () => {
    expect(publishedErrors('JSONDocument', GOOD)).toBeUndefined();
    for (const op of operations()) {
      const r = await api(s, op.method, op.path, op.body(GOOD));
      expect(r.status, `${op.id}: ${JSON.stringify(r.body).slice(0, 300)}`).toBe(op.ok);
      expect(JSON.stringify(r.body), op.id).toContain('deep');
    }
  });
});

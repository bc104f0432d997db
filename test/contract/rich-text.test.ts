import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RichTextDocument } from '../../src/contract/schemas/rich-text.js';
import { publishedErrors } from '../helpers/published-schema.js';

/*
 * gbctl's rich-text schema against the platform's published one (@gitbook/api 0.143.2), as a
 * differential fuzzer: a document with every kind of node, then random mutations of it (a key
 * dropped, a value replaced, a type renamed, a node moved elsewhere); each verdict must agree.
 */

const text = (t: string, marks: unknown[] = []) => ({ object: 'text', leaves: [{ object: 'leaf', text: t, marks }] });
const p = (...nodes: unknown[]) => ({ object: 'block', type: 'paragraph', nodes: nodes.length ? nodes : [text('x')] });
const li = (...nodes: unknown[]) => ({ object: 'block', type: 'list-item', nodes });
const fileRef = { kind: 'file', file: 'f1' };

/** One of every block, inline and mark the published schema lists, placed where it allows. */
const EVERY_NODE = {
  object: 'document',
  data: { schemaVersion: 1, extra: true },
  nodes: [
    p(
      text('plain'),
      text('marked', [
        { object: 'mark', type: 'bold' },
        { object: 'mark', type: 'italic' },
        { object: 'mark', type: 'code' },
        { object: 'mark', type: 'keyboard' },
        { object: 'mark', type: 'strikethrough' },
        { object: 'mark', type: 'superscript' },
        { object: 'mark', type: 'subscript' },
        { object: 'mark', type: 'color', data: { text: 'red', background: 'default' } },
      ]),
    ),
    p(
      { object: 'inline', type: 'link', nodes: [text('a link')], data: { ref: { kind: 'url', url: 'https://example.com' } } },
      { object: 'inline', type: 'emoji', isVoid: true, data: { code: '1f600' } },
      { object: 'inline', type: 'icon', isVoid: true, data: { icon: 'gear' } },
      { object: 'inline', type: 'expression', isVoid: true, data: { expression: 'x' } },
      { object: 'inline', type: 'inline-math', isVoid: true, data: { formula: 'x^2' } },
      { object: 'inline', type: 'inline-image', isVoid: true, data: { ref: fileRef, alt: 'a', size: 'line' } },
      {
        object: 'inline',
        type: 'annotation',
        isVoid: false,
        nodes: [text('noted')],
        fragments: [{ object: 'fragment', type: 'annotation-body', nodes: [p()] }],
      },
      { object: 'inline', type: 'mention', isVoid: true, data: { ref: { kind: 'user', user: 'u1' } } },
      { object: 'inline', type: 'button', isVoid: true, data: { label: 'Go', kind: 'primary', ref: { kind: 'page', page: 'p1' } } },
    ),
    { object: 'block', type: 'heading-1', nodes: [text('Title')], data: { id: 'title' }, meta: { id: 'title' } },
    { object: 'block', type: 'heading-2', nodes: [text('Sub')], data: {} },
    {
      object: 'block',
      type: 'list-ordered',
      data: { start: 2 },
      nodes: [li(p()), li({ object: 'block', type: 'code', data: {}, nodes: [{ object: 'block', type: 'code-line', data: {}, nodes: [text('x')] }] })],
    },
    { object: 'block', type: 'list-unordered', nodes: [li(p(), { object: 'block', type: 'list-unordered', nodes: [li(p())] })] },
    { object: 'block', type: 'list-tasks', nodes: [{ ...li(p()), data: { checked: true } }] },
    { object: 'block', type: 'divider', isVoid: true, data: {} },
    { object: 'block', type: 'blockquote', nodes: [p(), { object: 'block', type: 'blockquote', nodes: [p()] }] },
    { object: 'block', type: 'hint', data: { style: 'warning' }, nodes: [p()] },
    {
      object: 'block',
      type: 'images',
      isVoid: false,
      data: { align: 'center' },
      nodes: [
        {
          object: 'block',
          type: 'image',
          isVoid: true,
          data: { ref: fileRef, width: 10, height: { unit: 'px', value: 4 } },
          fragments: [{ object: 'fragment', fragment: 'caption', nodes: [p()] }],
        },
      ],
    },
    { object: 'block', type: 'file', isVoid: true, data: { ref: fileRef } },
    { object: 'block', type: 'drawing', isVoid: true, data: { ref: fileRef } },
    { object: 'block', type: 'embed', isVoid: true, data: { url: 'https://example.com/v' } },
    {
      object: 'block',
      type: 'code',
      data: { syntax: 'js', overflow: 'wrap' },
      nodes: [{ object: 'block', type: 'code-line', data: { highlighted: true }, nodes: [text('let a')] }],
    },
    { object: 'block', type: 'math', isVoid: true, data: { formula: 'e=mc^2' } },
    {
      object: 'block',
      type: 'expandable',
      isVoid: true,
      data: {},
      fragments: [
        { object: 'fragment', fragment: 'expandable-title', type: 'expandable-title', nodes: [p()] },
        { object: 'fragment', fragment: 'expandable-body', type: 'expandable-body', nodes: [p()] },
      ],
    },
    { object: 'block', type: 'tabs', nodes: [{ object: 'block', type: 'tabs-item', data: { title: 'One' }, nodes: [p()] }] },
    {
      object: 'block',
      type: 'table',
      isVoid: true,
      fragments: [],
      data: {
        view: { type: 'grid', columns: ['c1'], hideHeader: false },
        records: { r1: { orderIndex: 'a', values: { c1: 'text', c2: 3, c3: null, c4: true, c5: ['u1'] } } },
        definition: {
          c1: { id: 'c1', title: 'Name', type: 'text', textAlignment: 'left' },
          c2: { id: 'c2', title: 'N', type: 'number' },
          c3: { id: 'c3', title: 'S', type: 'select', multiple: false, options: [{ value: 'a', label: 'A', color: 'red' }] },
          c4: { id: 'c4', title: 'R', type: 'rating', max: 5 },
        },
      },
    },
    { object: 'block', type: 'swagger', isVoid: true, data: { path: '/pets', method: 'get', ref: fileRef } },
    { object: 'block', type: 'openapi-operation', isVoid: true, data: { path: '/pets', method: 'get', ref: { kind: 'openapi', spec: 'pets' } } },
    { object: 'block', type: 'openapi-schemas', isVoid: true, data: { schemas: ['Pet'], ref: { kind: 'openapi', spec: 'pets' } } },
    { object: 'block', type: 'openapi-webhook', isVoid: true, data: { name: 'hook', method: 'post', ref: { kind: 'openapi', spec: 'pets' } } },
    { object: 'block', type: 'content-ref', isVoid: true, data: { ref: { kind: 'anchor', anchor: 'a1' } } },
    { object: 'block', type: 'integration', isVoid: true, data: { integration: 'x', block: 'y', props: {} } },
    { object: 'block', type: 'reusable-content', isVoid: true, data: { ref: { kind: 'reusable-content', reusableContent: 'rc1' } } },
    { object: 'block', type: 'stepper', nodes: [{ object: 'block', type: 'stepper-step', data: {}, nodes: [p()] }] },
  ],
};

const ours = (d: unknown) => RichTextDocument.safeParse(d).success;
const theirs = (d: unknown) => publishedErrors('JSONDocument', d) === undefined;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
const clone = <T>(v: T): T => structuredClone(v);

/** Every object in the document, with the key path to it (integration props left out: see below). */
function objects(v: Json, path: (string | number)[] = [], out: { path: (string | number)[]; value: { [k: string]: Json } }[] = []) {
  if (Array.isArray(v)) v.forEach((x, i) => objects(x, [...path, i], out));
  else if (v && typeof v === 'object') {
    out.push({ path, value: v });
    // The published PlainObject (integration props) has no "type": under oneOf a string matches
    // it and "string" both, so the published schema takes only objects there; gbctl takes the
    // plain values the description names. Not mutated.
    for (const [k, x] of Object.entries(v)) if (k !== 'props') objects(x, [...path, k], out);
  }
  return out;
}

const TYPES = [
  'paragraph',
  'heading-1',
  'heading-4',
  'list-item',
  'code-line',
  'tabs-item',
  'column',
  'columns',
  'if',
  'image',
  'images',
  'nope',
  'table',
  'link',
  'text',
  'bold',
];
const VALUES: Json[] = [null, true, 0, 'x', [], {}, [{}], { object: 'block' }];

/** A random edit of a random object of the document. */
const mutation = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('drop', 'replace', 'retype', 'move', 'add'),
  pick: fc.nat(),
  value: fc.constantFrom(...VALUES),
  type: fc.constantFrom(...TYPES),
});

function mutate(doc: Json, m: { at: number; kind: string; pick: number; value: Json; type: string }): Json {
  const d = clone(doc);
  const all = objects(d);
  const target = all[m.at % all.length]?.value as { [k: string]: Json };
  const keys = Object.keys(target);
  const key = keys[m.pick % keys.length] as string;
  if (m.kind === 'drop') delete target[key];
  else if (m.kind === 'replace') target[key] = m.value;
  else if (m.kind === 'retype') target.type = m.type;
  else if (m.kind === 'add') target[`extra${m.pick % 3}`] = m.value;
  else {
    const other = all[m.pick % all.length]?.value as Json;
    if (Array.isArray(target.nodes)) target.nodes.push(clone(other));
  }
  return d;
}

describe('rich-text documents against the published schema', () => {
  it('take a document with every kind of node, as the published schema does', () => {
    expect(publishedErrors('JSONDocument', EVERY_NODE)).toBeUndefined();
    expect(RichTextDocument.safeParse(EVERY_NODE).error?.issues).toBeUndefined();
  });

  it('refuse what it refuses: a block without nodes, of an unknown type, a text without leaves, at any depth', () => {
    const cases: unknown[] = [
      { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph' }] },
      { object: 'document', data: {}, nodes: [{ object: 'block', type: 'not-a-block', nodes: [] }] },
      { object: 'document', data: {}, nodes: [p({ object: 'text' })] },
      {
        object: 'document',
        data: {},
        nodes: [{ object: 'block', type: 'hint', data: { style: 'info' }, nodes: [{ object: 'block', type: 'hint', data: { style: 'info' }, nodes: [] }] }],
      },
      {
        object: 'document',
        data: {},
        nodes: [{ object: 'block', type: 'list-ordered', data: {}, nodes: [li(li(p({ object: 'inline', type: 'link', nodes: [] })))] }],
      },
      { object: 'document', nodes: [] },
    ];
    for (const c of cases) {
      expect(theirs(c), JSON.stringify(c)).toBe(false);
      expect(ours(c), JSON.stringify(c)).toBe(false);
    }
  });

  it('agree with it on thousands of mutated documents (fuzz)', { timeout: 120_000 }, () => {
    let refused = 0;
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 3 }), (ms) => {
        const d = ms.reduce<Json>((acc, m) => mutate(acc, m), EVERY_NODE as Json);
        const verdict = theirs(d);
        if (!verdict) refused++;
        if (ours(d) !== verdict)
          expect.fail(`published says ${verdict ? 'valid' : publishedErrors('JSONDocument', d)}, gbctl the opposite: ${JSON.stringify(d).slice(0, 3000)}`);
      }),
      { numRuns: 1500, seed: 20260101 },
    );
    expect(refused).toBeGreaterThan(250);
  });
});

describe('the rich-text schema', () => {
  it('is made on first use, not as its module loads: every command reading a page or a comment loads it', () => {
    expect(RichTextDocument.def.type).toBe('lazy');
    expect(RichTextDocument.safeParse({ object: 'document', data: {}, nodes: [p()] }).success).toBe(true);
    expect(RichTextDocument.safeParse({ object: 'document', data: {}, nodes: [{ object: 'block', type: 'nope', nodes: [] }] }).success).toBe(false);
  });
});

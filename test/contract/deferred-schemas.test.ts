import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { answersWithBody, defineResource, type Endpoint } from '../../src/contract/endpoint.js';
import { endpoints } from '../../src/contract/index.js';
import { ChildPage, Page } from '../../src/contract/schemas/page.js';
import { File, PageList, Revision, SearchResult } from '../../src/contract/schemas/revision.js';
import { ChangeRequest, MergeResult } from '../../src/contract/schemas/change-request.js';

describe('deferred schemas', () => {
  it("makes an endpoint's query, body and answer schemas when first read, once each", () => {
    const made: string[] = [];
    const things = defineResource('things', {
      make: {
        method: 'POST',
        path: '/things',
        summary: 'Make a thing',
        query: () => (made.push('query'), z.object({ dry: z.boolean().optional() })),
        body: () => (made.push('body'), z.object({ name: z.string() })),
        response: () => (made.push('response'), z.object({ id: z.string() })),
        status: 201,
        access: 'create',
      },
    });
    const e = things['things.make'];
    expect(made).toEqual([]);
    expect(Object.keys(e)).toEqual(expect.arrayContaining(['query', 'body', 'response']));
    expect(e.body.safeParse({ name: 'a' }).success).toBe(true);
    expect(e.body).toBe(e.body);
    expect(made).toEqual(['body']);
    expect(e.query.shape.dry).toBeDefined();
    expect(e.response.parse({ id: 'x' })).toEqual({ id: 'x' });
    expect(made).toEqual(['body', 'query', 'response']);
  });

  it('gives every endpoint of the catalogue its schemas as schemas, not as the functions that make them', () => {
    for (const e of Object.values(endpoints) as Endpoint[]) {
      for (const part of [e.params, e.query, e.body, e.response]) {
        if (part !== undefined) expect(part, e.id).toBeInstanceOf(z.ZodType);
      }
    }
  });

  it('says whether an endpoint answers with a body without making its answer schema', () => {
    const made: string[] = [];
    const things = defineResource('things', {
      get: {
        method: 'GET',
        path: '/things/{id}',
        summary: 'Show',
        response: () => (made.push('response'), z.object({ id: z.string() })),
        status: 200,
        access: 'read',
      },
      given: { method: 'GET', path: '/things', summary: 'List', response: z.object({ id: z.string() }), status: 200, access: 'read' },
      drop: { method: 'DELETE', path: '/things/{id}', summary: 'Delete', status: 204, access: 'admin' },
    });
    expect(answersWithBody(things['things.get'])).toBe(true);
    expect(answersWithBody(things['things.given'])).toBe(true);
    expect(answersWithBody(things['things.drop'])).toBe(false);
    expect(made).toEqual([]);
    for (const e of Object.values(endpoints) as Endpoint[]) expect(answersWithBody(e), e.id).toBe(e.response !== undefined);
  });

  it("makes the answer shapes of a page's and a change request's endpoints on first use, not as their modules load", () => {
    for (const schema of [Page, ChildPage, Revision, PageList, File, SearchResult, ChangeRequest, MergeResult]) expect(schema.def.type).toBe('lazy');
    const page = { id: 'p', title: 'T', type: 'group', kind: 'group', slug: 't', path: 't', pages: [] };
    expect(Page.safeParse(page).success).toBe(true);
    expect(Page.safeParse({ ...page, type: 'nope' }).success).toBe(false);
  });
});

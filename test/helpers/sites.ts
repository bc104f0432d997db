import { expect } from 'vitest';
import { api } from './server.js';
import { publishedErrors, publishedListErrors } from './published-schema.js';

type Res = Awaited<ReturnType<typeof api>>;
type S = { url: string; token: string; org: string };

/** Asserts the status, and that the body matches the published 0.143.2 schema (for lists: every item). */
export function expectOk(res: Res, status: number, schema?: string, list = false): Res {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  if (schema) {
    const err = list ? publishedListErrors(schema, res.body) : publishedErrors(schema, res.body);
    expect(err, `${schema}: ${JSON.stringify(res.body).slice(0, 400)}`).toBeUndefined();
  }
  return res;
}

/** Asserts an error status and that the message mentions `text`. */
export function expectError(res: Res, status: number, text?: string | RegExp): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error.code).toBe(status);
  if (text) expect(res.body.error.message).toMatch(text);
}

export async function newSpace(s: S, title: string, org = s.org): Promise<string> {
  return expectOk(await api(s, 'POST', `/orgs/${org}/spaces`, { title }), 201, 'Space').body.id as string;
}

export async function newSite(s: S, body: Record<string, unknown> = {}): Promise<Record<string, unknown> & { id: string }> {
  return expectOk(await api(s, 'POST', `/orgs/${s.org}/sites`, { title: 'Docs', ...body }), 201, 'Site').body;
}

export const sitePath = (s: S, site: string, rest = '') => `/orgs/${s.org}/sites/${site}${rest}`;

/** An anonymous request (no token), as a visitor with a share key would send. */
export async function anonymous(s: { url: string }, path: string) {
  const res = await fetch(`${s.url}/v1${path}`);
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown> & { error?: { code: number; message: string } }) : undefined };
}

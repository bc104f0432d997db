import { api, type TestServer } from './server.js';

export { operationErrors, publishedErrors as componentErrors } from './published-schema.js';

/** A new space in the server's organization. */
export async function newSpace(s: TestServer, title = 'Docs'): Promise<string> {
  const r = await api(s, 'POST', `/orgs/${s.org}/spaces`, { title });
  if (r.status !== 201) throw new Error(`create space: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id as string;
}

/** Every page of a page tree, depth first. */
export function allPages(pages: { id: string; title: string; pages?: unknown[] }[]): { id: string; title: string; markdown?: string; path?: string }[] {
  return pages.flatMap((p) => [p, ...allPages((p.pages ?? []) as typeof pages)]);
}

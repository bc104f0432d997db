import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/contract/routes.js';
import type { RouteEntry } from '../../src/contract/route-table.js';
import { Router } from '../../src/server/router.js';

/** What the router answers, found by trying every route in turn (most literal segments first). */
function walk(method: string, path: string) {
  const compiled = ROUTES.map((e) => {
    const segs = e.path.split('/');
    const names = segs.filter((s) => /^\{\w+\}$/.test(s)).map((s) => s.slice(1, -1));
    const pattern = segs.map((s) => (/^\{\w+\}$/.test(s) ? '([^/]+)' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
    return { e, names, re: new RegExp(`^${pattern}/?$`), literals: segs.filter((s) => s && !s.startsWith('{')).length };
  }).sort((a, b) => b.literals - a.literals);
  const allowed: string[] = [];
  for (const r of compiled) {
    const m = r.re.exec(path);
    if (!m) continue;
    if (r.e.method !== method) {
      allowed.push(r.e.method);
      continue;
    }
    return { match: { id: r.e.id, params: Object.fromEntries(r.names.map((n, i) => [n, decodeURIComponent(m[i + 1] as string)])) } };
  }
  return allowed.length ? { methodNotAllowed: [...new Set(allowed)] } : { notFound: true };
}

/** Paths of every shape the table has, and near misses: a segment dropped, added, emptied, a literal changed, a trailing slash. */
function paths(e: RouteEntry): string[] {
  const filled = e.path.replace(/\{\w+\}/g, (_, i: number) => `v${i}%20x`);
  const segs = filled.split('/');
  return [
    filled,
    `${filled}/`,
    `${filled}//`,
    `${filled}/extra`,
    segs.slice(0, -1).join('/') || '/',
    ...segs.map((_, i) => segs.map((s, j) => (i === j && i > 0 ? '' : s)).join('/')),
    ...segs.map((_, i) => segs.map((s, j) => (i === j && i > 0 ? `${s}x` : s)).join('/')),
    e.path,
  ];
}

describe('the router', () => {
  it('answers what a walk of every route answers, for every route of the table and its near misses', () => {
    const router = new Router(ROUTES);
    let n = 0;
    for (const e of ROUTES) {
      for (const p of paths(e)) {
        for (const method of ['GET', 'POST', 'PATCH', 'PUT', 'DELETE']) {
          const got = router.find(method, p);
          const want = walk(method, p);
          const seen = 'match' in got ? { match: { id: got.match.endpoint.id, params: got.match.params } } : got;
          expect(seen, `${method} ${p}`).toEqual(want);
          n++;
        }
      }
    }
    expect(n).toBeGreaterThan(ROUTES.length * 20);
  });

  it('makes the list of routes a path can be when first asked, one per shape of the catalogue: unknown paths add none', () => {
    const router = new Router(ROUTES);
    const lists = () => [...(router as unknown as { lists: Map<number, Map<unknown, unknown>> }).lists.values()].reduce((n, m) => n + m.size, 0);
    expect(lists()).toBe(0);
    expect('match' in router.find('GET', '/orgs/o1/spaces')).toBe(true);
    // A short command of the embedded CLI makes the one list it needs, not one per shape.
    expect(lists()).toBe(1);
    for (let i = 0; i < 1000; i++) router.find('GET', `/nothing-${i}/a/b`);
    expect(lists()).toBeLessThanOrEqual(2);
  });
});

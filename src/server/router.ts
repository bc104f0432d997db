import type { RouteEntry } from '../contract/route-table.js';
import { badRequest } from './http-error.js';

interface Route<E extends RouteEntry> {
  endpoint: E;
  /** The path's segments split at "/" (the first is the empty text before the leading slash); a parameter's is null. */
  segments: (string | null)[];
  /** Where each parameter's segment is, in the order of `names`. */
  at: number[];
  names: string[];
  literals: number;
}

export interface Match<E extends RouteEntry> {
  endpoint: E;
  params: Record<string, string>;
}

export type RouteResult<E extends RouteEntry> = { match: Match<E> } | { methodNotAllowed: string[] } | { notFound: true };

function compile<E extends RouteEntry>(endpoint: E): Route<E> {
  const names: string[] = [];
  const at: number[] = [];
  let literals = 0;
  const segments = endpoint.path.split('/').map((seg, i) => {
    const m = /^\{(\w+)\}$/.exec(seg);
    if (m) {
      names.push(m[1] as string);
      at.push(i);
      return null;
    }
    if (seg) literals++;
    return seg;
  });
  return { endpoint, segments, at, names, literals };
}

/** Whether a path's segments are a route's: literals equal, each parameter's segment non-empty. */
function fits(route: Route<RouteEntry>, segs: string[]): boolean {
  const want = route.segments;
  for (let i = 1; i < want.length; i++) {
    const w = want[i];
    const s = segs[i] as string;
    if (w === null ? s === '' : w !== s) return false;
  }
  return want[0] === segs[0];
}

/** A percent-encoded path segment, decoded; a malformed escape (`%`, `%ZZ`, invalid UTF-8) is a 400, not a crash. */
export function decodeSegment(segment: string): string {
  // Only an escape changes a segment: most have none, and decoding copies them.
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    throw badRequest(`path: "${segment.slice(0, 200)}" is not a valid percent-encoded path segment`);
  }
}

/**
 * Matches `/v1`-relative paths to catalogue entries (or just their id, method and path);
 * literal segments win over parameters.
 */
export class Router<E extends RouteEntry> {
  private routes: Route<E>[];
  /**
   * The routes a path can be, by its number of segments and first segment, made when first asked
   * for (a command of the embedded CLI asks one): those whose first segment is that literal or a
   * parameter, or, for a first segment no route has, those whose first segment is a parameter.
   * Each list keeps the order of `routes` (most literal segments first), so that the first route
   * that fits is the one a walk of every route would have found. Keys come from the catalogue
   * only, so the map stays as small as it.
   */
  private lists = new Map<number, Map<string | null, Route<E>[]>>();
  /** By number of segments, the literal first segments of the routes that have that many. */
  private firsts = new Map<number, Set<string>>();

  constructor(catalogue: readonly E[]) {
    this.routes = catalogue.map(compile).sort((a, b) => b.literals - a.literals);
    for (const r of this.routes) {
      const n = r.segments.length;
      let firsts = this.firsts.get(n);
      if (!firsts) this.firsts.set(n, (firsts = new Set()));
      if (typeof r.segments[1] === 'string') firsts.add(r.segments[1]);
    }
  }

  private candidates(size: number, first: string): Route<E>[] {
    const firsts = this.firsts.get(size);
    if (!firsts) return [];
    // A first segment no route has reads as a parameter's: the list of those (key null).
    const key = firsts.has(first) ? first : null;
    let bySize = this.lists.get(size);
    if (!bySize) this.lists.set(size, (bySize = new Map()));
    let list = bySize.get(key);
    if (!list) bySize.set(key, (list = this.routes.filter((r) => r.segments.length === size && (r.segments[1] === null || r.segments[1] === key))));
    return list;
  }

  /**
   * The route of `path` (relative to /v1) for `method`: a path may end in one "/" more than its
   * route; a parameter takes one whole, non-empty segment, percent-decoded.
   */
  find(method: string, path: string): RouteResult<E> {
    const segs = (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).split('/');
    const allowed: string[] = [];
    for (const r of this.candidates(segs.length, segs[1] as string)) {
      if (!fits(r, segs)) continue;
      if (r.endpoint.method !== method) {
        allowed.push(r.endpoint.method);
        continue;
      }
      const params: Record<string, string> = {};
      for (let i = 0; i < r.names.length; i++) params[r.names[i] as string] = decodeSegment(segs[r.at[i] as number] as string);
      return { match: { endpoint: r.endpoint, params } };
    }
    return allowed.length ? { methodNotAllowed: [...new Set(allowed)] } : { notFound: true };
  }

  /** The catalogue route most like an unknown path, for the 404 message. */
  closest(method: string, path: string): E | undefined {
    const segs = path.split('/').filter(Boolean);
    let best: { e: E; score: number } | undefined;
    for (const r of this.routes) {
      const rs = r.endpoint.path.split('/').filter(Boolean);
      let score = -Math.abs(rs.length - segs.length) * 2 + (r.endpoint.method === method ? 1 : 0);
      rs.forEach((s, i) => {
        const t = segs[i];
        if (t === undefined) return;
        if (s === t) score += 3;
        else if (s.startsWith('{')) score += 1;
        else score -= distance(s, t) / Math.max(s.length, t.length);
      });
      if (!best || score > best.score) best = { e: r.endpoint, score };
    }
    return best?.e;
  }
}

function distance(a: string, b: string): number {
  const d = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0] as number;
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = d[j] as number;
      d[j] = Math.min((d[j] as number) + 1, (d[j - 1] as number) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return d[b.length] as number;
}

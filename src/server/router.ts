import type { RouteEntry } from '../contract/route-table.js';
import { badRequest } from './http-error.js';

interface Route<E extends RouteEntry> {
  endpoint: E;
  regex: RegExp;
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
  let literals = 0;
  const pattern = endpoint.path
    .split('/')
    .map((seg) => {
      const m = /^\{(\w+)\}$/.exec(seg);
      if (m) {
        names.push(m[1] as string);
        return '([^/]+)';
      }
      if (seg) literals++;
      return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { endpoint, regex: new RegExp(`^${pattern}/?$`), names, literals };
}

/** A percent-encoded path segment, decoded; a malformed escape (`%`, `%ZZ`, invalid UTF-8) is a 400, not a crash. */
export function decodeSegment(segment: string): string {
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

  constructor(catalogue: readonly E[]) {
    this.routes = catalogue.map(compile).sort((a, b) => b.literals - a.literals);
  }

  find(method: string, path: string): RouteResult<E> {
    const allowed: string[] = [];
    for (const r of this.routes) {
      const m = r.regex.exec(path);
      if (!m) continue;
      if (r.endpoint.method !== method) {
        allowed.push(r.endpoint.method);
        continue;
      }
      const params: Record<string, string> = {};
      r.names.forEach((n, i) => {
        params[n] = decodeSegment(m[i + 1] as string);
      });
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

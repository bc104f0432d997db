/**
 * What every response carries unless it says otherwise: no type sniffing, and a policy that lets
 * a browser load and run nothing, frame nothing and be framed by no one. The JSON of the API, the
 * errors, the redirects and the test controls are never documents; the pages (web/html.ts) and
 * file bytes (web/blobs.ts) set their own policy.
 */
export const DEFAULT_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
};

/** A response's headers with the defaults under them: a header the response sets wins. */
export function withSecurityHeaders(headers: Record<string, string>): Record<string, string> {
  // Not a spread of the two: V8 takes a slow path for one followed by other keys, on every answer.
  return Object.assign({}, DEFAULT_SECURITY_HEADERS, headers);
}

/**
 * Why a request target's percent-encoding is malformed (a `%` not followed by two hex digits, or
 * escapes that are not UTF-8), or undefined. Checked once for every route, so that no handler
 * meets a path or query it cannot decode.
 */
export function percentEncodingProblem(target: string): string | undefined {
  // Only an escape can be malformed.
  if (!target.includes('%')) return undefined;
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  const query = q < 0 ? '' : (target.slice(q + 1).split('#')[0] as string);
  for (const [where, text] of [
    ['path', path],
    ['query', query.replace(/\+/g, ' ')],
  ] as const) {
    try {
      decodeURIComponent(text);
    } catch {
      return `${where}: malformed percent-encoding in ${JSON.stringify(text.slice(0, 200))} (a "%" must start an escape of two hex digits, and escapes must spell UTF-8)`;
    }
  }
  return undefined;
}

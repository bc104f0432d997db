/**
 * Fills an endpoint path's `{param}` placeholders, each value encoded as one path segment;
 * `value` decides what a missing parameter means to the caller.
 */
export function fillPath(path: string, value: (name: string) => string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(value(name)));
}

/**
 * Link and image targets of a page's markdown, rewritten one by one: `[text](target)`,
 * `![alt](target)`, and the `url`/`src` of the platform's blocks (`{% content-ref url="…" %}`,
 * `{% embed url="…" %}`, `{% file src="…" %}`). Fenced code is left alone.
 */
const LINK = /(!?\[(?:[^\]\\]|\\.)*\]\(\s*)(<[^>\n]*>|[^)\s]+)((?:\s+"[^"\n]*")?\s*\))/g;
const TAG_ATTR = /(\{%\s*(?:content-ref|embed|file)\b[^%]*?\b(?:url|src)\s*=\s*")([^"]*)(")/g;

export type TargetMap = (target: string) => string | undefined;

export function mapTargets(markdown: string, fn: TargetMap): string {
  let fence: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const f = /^\s*(```+|~~~+)/.exec(line);
      if (f) {
        if (!fence) fence = (f[1] as string)[0];
        else if ((f[1] as string)[0] === fence) fence = undefined;
        return line;
      }
      if (fence) return line;
      return line
        .replace(LINK, (all, open: string, target: string, close: string) => {
          const bracketed = target.startsWith('<');
          const raw = bracketed ? target.slice(1, -1) : target;
          const to = fn(raw);
          if (to === undefined) return all;
          return `${open}${bracketed || /\s/.test(to) ? `<${to}>` : to}${close}`;
        })
        .replace(TAG_ATTR, (all, open: string, target: string, close: string) => {
          const to = fn(target);
          return to === undefined ? all : `${open}${to}${close}`;
        });
    })
    .join('\n');
}

/** Every target, in order (for finding the files a page needs). */
export function listTargets(markdown: string): string[] {
  const out: string[] = [];
  mapTargets(markdown, (t) => {
    out.push(t);
    return undefined;
  });
  return out;
}

/** `scheme:` URLs, protocol-relative URLs and bare fragments point outside the folder. */
export const isExternal = (t: string) => /^[a-z][a-z0-9+.-]*:/i.test(t) || t.startsWith('//') || t.startsWith('#') || t === '';

export function splitFragment(t: string): { path: string; fragment: string } {
  const i = t.indexOf('#');
  return i < 0 ? { path: t, fragment: '' } : { path: t.slice(0, i), fragment: t.slice(i) };
}

export function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

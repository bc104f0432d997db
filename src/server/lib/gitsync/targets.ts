/**
 * Link and image targets of a page's markdown, rewritten one by one: `[text](target)`,
 * `![alt](target)`, the `url`/`src` of the platform's blocks (`{% content-ref url="…" %}`,
 * `{% embed url="…" %}`, `{% file src="…" %}`) and the `src`, `href` and `srcset` of HTML
 * tags (`<img src>`, `<a href>`, `<source srcset>`). Fenced code and code spans are left alone.
 */

/** Where a target was written: a markdown link, a block's attribute, an HTML attribute. */
export type TargetKind = 'markdown' | 'block' | 'html';

// A destination: <bracketed>, or a run without spaces where parentheses come in balanced pairs.
const LINK = /(!?\[(?:[^\]\\]|\\.)*\]\(\s*)(<[^>\n]*>|(?:[^()\s]|\((?:[^()\s])*\))+)((?:\s+"(?:[^"\\\n]|\\.)*"|\s+'(?:[^'\\\n]|\\.)*')?\s*\))/g;
const BLOCK_ATTR = /(\{%\s*(?:content-ref|embed|file)\b[^%]*?\b(?:url|src)\s*=\s*")([^"]*)(")/g;
const HTML_TAG = /<[a-zA-Z][\w-]*\b[^<>]*>/g;
const HTML_ATTR = /(\s(?:src|href|srcset)\s*=\s*")([^"]*)(")/g;

export type TargetMap = (target: string, kind: TargetKind) => string | undefined;

/** Parentheses a markdown destination can hold without brackets: balanced, one deep. */
const bareSafe = (t: string) => /^(?:[^()\s<>]|\((?:[^()\s<>])*\))+$/.test(t);

function mapText(text: string, fn: TargetMap): string {
  return text
    .replace(LINK, (all, open: string, target: string, close: string) => {
      const bracketed = target.startsWith('<');
      const raw = bracketed ? target.slice(1, -1) : target;
      const to = fn(raw, 'markdown');
      if (to === undefined || to === raw) return all;
      return `${open}${bracketed || !bareSafe(to) ? `<${to}>` : to}${close}`;
    })
    .replace(BLOCK_ATTR, (all, open: string, target: string, close: string) => {
      const to = fn(target, 'block');
      return to === undefined ? all : `${open}${to}${close}`;
    })
    .replace(HTML_TAG, (tag) =>
      tag.replace(HTML_ATTR, (all, open: string, target: string, close: string) => {
        const to = fn(target, 'html');
        return to === undefined ? all : `${open}${to.replace(/"/g, '%22')}${close}`;
      }),
    );
}

/** The line with its code spans (`` `…` ``) left as they are. */
function outsideCode(line: string, fn: (text: string) => string): string {
  if (!line.includes('`')) return fn(line);
  let out = '';
  let at = 0;
  for (const m of line.matchAll(/(`+)[\s\S]*?\1/g)) {
    out += fn(line.slice(at, m.index)) + m[0];
    at = (m.index as number) + m[0].length;
  }
  return out + fn(line.slice(at));
}

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
      return outsideCode(line, (text) => mapText(text, fn));
    })
    .join('\n');
}

/** Every target, in order, with where it was written (for finding the files a page needs). */
export function listTargets(markdown: string): { target: string; kind: TargetKind }[] {
  const out: { target: string; kind: TargetKind }[] = [];
  mapTargets(markdown, (target, kind) => {
    out.push({ target, kind });
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

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

/**
 * Asked of each target: `target` is the address it stands for, `written` the text as the page
 * holds it (a markdown destination's backslash escapes, `2018\_1141.png`, are the address's
 * `2018_1141.png`; GitBook wrote them). Undefined keeps the target as it is.
 */
export type TargetMap = (target: string, kind: TargetKind, written: string) => string | undefined;

/** A markdown link destination's backslash escapes undone, as CommonMark reads them (any ASCII punctuation). */
export const unescapeDestination = (d: string) => (d.includes('\\') ? d.replace(/\\([!-/:-@[-`{-~])/g, '$1') : d);

/** Parentheses a markdown destination can hold without brackets: balanced, one deep. */
const bareSafe = (t: string) => /^(?:[^()\s<>]|\((?:[^()\s<>])*\))+$/.test(t);

function mapText(text: string, fn: TargetMap): string {
  return text
    .replace(LINK, (all, open: string, target: string, close: string) => {
      const bracketed = target.startsWith('<');
      const raw = bracketed ? target.slice(1, -1) : target;
      const address = unescapeDestination(raw);
      const to = fn(address, 'markdown', raw);
      if (to === undefined || to === address) return all;
      return `${open}${bracketed || !bareSafe(to) ? `<${to}>` : to}${close}`;
    })
    .replace(BLOCK_ATTR, (all, open: string, target: string, close: string) => {
      const to = fn(target, 'block', target);
      return to === undefined ? all : `${open}${to}${close}`;
    })
    .replace(HTML_TAG, (tag) =>
      tag.replace(HTML_ATTR, (all, open: string, target: string, close: string) => {
        const to = fn(target, 'html', target);
        return to === undefined ? all : `${open}${to.replace(/"/g, '%22')}${close}`;
      }),
    );
}

/**
 * A code span's opening run of backticks: not escaped (a backslash before it makes it text, as in
 * `![The \`migration\` tag](shot.png)`), then the shortest text up to a run of the same length.
 */
const CODE_SPAN = /(?<!\\)(`+)[\s\S]*?(?<!`)\1(?!`)/g;

/** The line with its code spans (`` `…` ``) left as they are. */
function outsideCode(line: string, fn: (text: string) => string): string {
  if (!line.includes('`')) return fn(line);
  let out = '';
  let at = 0;
  for (const m of line.matchAll(CODE_SPAN)) {
    out += fn(line.slice(at, m.index)) + m[0];
    at = (m.index as number) + m[0].length;
  }
  return out + fn(line.slice(at));
}

/** One run of mapTargets over a text: each target the map was asked about with its answer, in order, and the result. */
interface Run {
  asked: { target: string; kind: TargetKind; written: string; answer: string | undefined }[];
  out: string;
}

/**
 * Runs of mapTargets kept by text, for a caller that maps the same texts again (a folder read
 * again after a few of its files changed): finding the targets is most of the cost of reading a
 * page, and a text seen before is not scanned again. The map is still asked about every target,
 * once each and in the order a scan would ask, so its side effects are those of a scan; while its
 * answers are those of the last run, so is the result. Holds up to `maxChars` of text.
 */
export class TargetMemo {
  private runs = new Map<string, Run>();
  private chars = 0;
  constructor(private readonly maxChars = 32 * 1024 * 1024) {}

  get(text: string): Run | undefined {
    const run = this.runs.get(text);
    if (run) {
      // Most recently used last, so that the oldest goes first.
      this.runs.delete(text);
      this.runs.set(text, run);
    }
    return run;
  }

  set(text: string, run: Run): void {
    const had = this.runs.get(text);
    if (had) this.chars -= text.length + had.out.length;
    this.runs.delete(text);
    this.runs.set(text, run);
    this.chars += text.length + run.out.length;
    for (const [k, v] of this.runs) {
      if (this.chars <= this.maxChars) break;
      this.runs.delete(k);
      this.chars -= k.length + v.out.length;
    }
  }
}

/**
 * Every link and image target of the markdown, outside code, replaced by what `fn` answers
 * (undefined keeps it). With a memo, a text mapped before is answered from its last run as long
 * as `fn` answers each of its targets as it did then.
 */
export function mapTargets(markdown: string, fn: TargetMap, memo?: TargetMemo): string {
  if (!memo) return scanTargets(markdown, fn);
  const run = memo.get(markdown);
  const answers: (string | undefined)[] = [];
  if (run) {
    let same = true;
    for (const a of run.asked) {
      const answer = fn(a.target, a.kind, a.written);
      answers.push(answer);
      if (answer !== a.answer) {
        same = false;
        break;
      }
    }
    if (same) return run.out;
  }
  // A scan asks about the same targets as the last run up to the first answer that differs
  // (what it meets depends on the text and the answers before): those were asked already.
  const asked: Run['asked'] = [];
  const out = scanTargets(markdown, (target, kind, written) => {
    const answer = asked.length < answers.length ? answers[asked.length] : fn(target, kind, written);
    asked.push({ target, kind, written, answer });
    return answer;
  });
  memo.set(markdown, { asked, out });
  return out;
}

function scanTargets(markdown: string, fn: TargetMap): string {
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

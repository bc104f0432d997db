import type { Token } from 'markdown-it';
import type { Renderer, RendererRule as RenderRule } from 'markdown-it';
import type { HtmlOptions } from './options.js';

/** What one rendering carries from token to token: the link resolvers, and counters for ids. */
export interface RenderEnv {
  options: HtmlOptions;
  counters: { tabs: number };
  /** The open tab groups, innermost last: their id and how many tabs they have had. */
  tabs?: { id: string; n: number }[];
  /** Attributes of the `{% code %}` block being rendered. */
  code?: Record<string, string>;
}

export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const attrsOf = (t: Token) => (t.meta ?? {}) as Record<string, string>;
const HINT_STYLES = new Set(['info', 'warning', 'danger', 'success']);
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `2025-12-25` → `December 25, 2025` (fixed wording: the output must not depend on the server's locale). */
export function longDate(iso: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? `${month} ${Number(m[3])}, ${m[1]}` : undefined;
}

/**
 * A file's or embed's caption written as an attribute (`{% file src="…" caption="…" %}`, as
 * GitBook wrote them before captions went between the tags), as a paragraph of the card.
 */
const captionOf = (a: Record<string, string>) => (a.caption ? `<p>${esc(a.caption)}</p>` : '');

/** The name a file is shown by: the last part of its path, decoded. */
export function fileName(src: string): string {
  const last =
    src
      .replace(/[?#].*$/, '')
      .replace(/\/+$/, '')
      .split('/')
      .pop() ?? src;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

function openBlock(t: Token, env: RenderEnv): string {
  const a = attrsOf(t);
  switch (t.info) {
    case 'hint': {
      const style = HINT_STYLES.has(a.style ?? '') ? (a.style as string) : 'info';
      return `<div class="hint hint-${style}" role="note">\n`;
    }
    case 'tabs': {
      (env.tabs ??= []).push({ id: `gb_tabs_${++env.counters.tabs}`, n: 0 });
      return '<div class="tabs">\n';
    }
    case 'tab': {
      const group = env.tabs?.[env.tabs.length - 1];
      if (!group) return `<section class="tab-panel tab-alone"><p class="tab-title">${esc(a.title ?? '')}</p>\n`;
      const id = `${group.id}_${++group.n}`;
      // A radio per tab, its label, then its panel: CSS shows the panel after the checked radio.
      return `<input type="radio" class="tab-radio" name="${group.id}" id="${id}"${group.n === 1 ? ' checked' : ''}><label class="tab-label" for="${id}">${esc(a.title ?? '')}</label><div class="tab-panel">\n`;
    }
    case 'code': {
      env.code = a;
      const cls = ['code-block', a.overflow === 'wrap' ? 'code-wrap' : ''].filter(Boolean).join(' ');
      return `<figure class="${cls}">${a.title ? `<figcaption>${esc(a.title)}</figcaption>` : ''}\n`;
    }
    case 'content-ref': {
      const url = a.url ?? '';
      const title = env.options.linkTitle?.(url) ?? (a.label && a.label !== '.' ? a.label : url);
      return `<div class="content-ref"><a class="page-card" href="${esc(url)}"><span class="page-card-title">${esc(title)}</span></a>\n`;
    }
    case 'embed': {
      const url = a.url ?? '';
      const host = hostOf(url);
      return `<div class="embed-card"><a class="embed-link" href="${esc(url)}">${host ? `<span class="embed-host">${esc(host)}</span>` : ''}<span class="embed-url">${esc(url)}</span></a>${captionOf(a)}\n`;
    }
    case 'file': {
      const src = a.src ?? a.url ?? '';
      const name = esc(fileName(src));
      return `<div class="file-card"><a class="file-link" href="${esc(src)}" download="${name}"><span class="file-name">${name}</span><span class="file-action">Download</span></a>${captionOf(a)}\n`;
    }
    case 'include': {
      const what = fileName((a.args ?? a.src ?? '').replace(/^["']|["']$/g, '')).replace(/\.md$/i, '');
      return `<div class="include"><p class="muted">Reusable content: ${esc(what)}</p>\n`;
    }
    case 'stepper':
      return '<ol class="stepper">\n';
    case 'step':
      return '<li class="step"><div class="step-body">\n';
    case 'columns':
      return '<div class="columns">\n';
    case 'column':
      return '<div class="column">\n';
    case 'updates':
      return '<div class="updates">\n';
    case 'update': {
      const date = a.date ?? '';
      const shown = longDate(date);
      const when = shown ? `<time datetime="${esc(date.slice(0, 10))}">${esc(shown)}</time>` : date ? `<span class="update-date">${esc(date)}</span>` : '';
      const tags = (a.tags ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => `<span class="tag">${esc(s)}</span>`)
        .join('');
      return `<section class="update"><div class="update-meta">${when}${tags}</div><div class="update-body">\n`;
    }
    case 'prompt':
      return `<figure class="prompt">${a.description ? `<figcaption>${esc(a.description)}</figcaption>` : ''}\n`;
    case 'if':
      return '<div class="conditional">\n';
    case 'openapi':
    case 'openapi-operation':
    case 'openapi-webhook':
    case 'swagger': {
      const op = [a.method?.toUpperCase(), a.path].filter(Boolean).join(' ');
      return `<div class="openapi-ref">${op ? `<p class="openapi-op"><code>${esc(op)}</code></p>` : ''}\n`;
    }
    default:
      return '<div class="block">\n';
  }
}

const CLOSE: Record<string, string> = {
  tab: '</div>\n',
  code: '</figure>\n',
  prompt: '</figure>\n',
  stepper: '</ol>\n',
  step: '</div></li>\n',
  update: '</div></section>\n',
};

function closeBlock(t: Token, env: RenderEnv): string {
  if (t.info === 'tabs') env.tabs?.pop();
  if (t.info === 'code') env.code = undefined;
  if (t.info === 'tab' && !env.tabs?.length) return '</section>\n';
  return CLOSE[t.info] ?? '</div>\n';
}

/** A fence inside `{% code lineNumbers="true" %}`: one element a line, numbered by CSS. */
function numberedFence(t: Token): string {
  const lang = t.info.trim().split(/\s+/)[0] ?? '';
  const lines = t.content
    .replace(/\n$/, '')
    .split('\n')
    .map((l) => `<span class="line">${esc(l)}</span>`)
    .join('\n');
  return `<pre class="line-numbers"><code${lang ? ` class="language-${esc(lang)}"` : ''}>${lines}</code></pre>\n`;
}

/** The renderer rules for the platform's blocks, task list items and numbered code, over `base`. */
export function blockRules(base: Renderer['rules']): Renderer['rules'] {
  const plainFence = base.fence as RenderRule;
  return {
    ...base,
    gb_block_open: (ts, i, _o, env: RenderEnv) => openBlock(ts[i] as Token, env),
    gb_block_close: (ts, i, _o, env: RenderEnv) => closeBlock(ts[i] as Token, env),
    gb_tag: () => '',
    fence: (ts, i, o, env: RenderEnv, self) => (env.code?.lineNumbers === 'true' ? numberedFence(ts[i] as Token) : plainFence(ts, i, o, env, self)),
    list_item_open: (ts, i, o, _env, self) => {
      const task = (ts[i]?.meta as { task?: string } | null)?.task;
      if (!task) return self.renderToken(ts, i, o);
      return `<li class="task-item"><input type="checkbox" class="task-box" disabled${task === 'done' ? ' checked' : ''}> `;
    },
  };
}

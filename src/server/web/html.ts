import type { CoreResponse } from '../exchange.js';
import { longDate } from '../lib/render/html-blocks.js';

/** Escapes text for HTML element content and quoted attribute values. */
export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * A moment as a person reads it, `November 26, 2026, 22:11 UTC`, in a `<time>` that keeps the exact
 * instant (fixed wording and zone: a page must not depend on the server's locale); text that is no
 * timestamp is shown as it is.
 */
export function timeHtml(iso: string): string {
  const day = longDate(iso);
  const hm = /T(\d{2}:\d{2})[\d:.]*Z$/.exec(iso)?.[1];
  return day && hm ? `<time datetime="${esc(iso)}">${esc(`${day}, ${hm} UTC`)}</time>` : esc(iso);
}

/**
 * Pages carry no script at all, and the policy says so: even if markup slipped through the
 * renderer, a browser would run none of it.
 */
const CSP = "default-src 'none'; img-src 'self' data: https:; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.6 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1d1d1f;background:#fff}
a{color:#346ddb}header.top{display:flex;gap:1rem;align-items:center;padding:.6rem 1.2rem;border-bottom:1px solid #e5e5e5;flex-wrap:wrap}
header.top .brand{display:flex;gap:.5rem;align-items:center;font-weight:600;color:inherit;text-decoration:none}
header.top nav a{margin-right:.8rem;text-decoration:none}header.top nav a.current{font-weight:600;text-decoration:underline}
header.top form{margin-left:auto}header.top input{padding:.3rem .5rem;border:1px solid #ccc;border-radius:6px}
.layout{display:flex;max-width:1200px;margin:0 auto}aside.sidebar{width:270px;padding:1rem;border-right:1px solid #eee;font-size:.93rem}
aside.sidebar ul{list-style:none;padding-left:.9rem;margin:.2rem 0}aside.sidebar>ul{padding-left:0}aside.sidebar li{margin:.15rem 0}
aside.sidebar .group{font-weight:600;text-transform:uppercase;font-size:.75rem;color:#666;margin-top:1rem}
aside.sidebar a{text-decoration:none;color:#333}aside.sidebar a.current{color:#346ddb;font-weight:600}
main{flex:1;min-width:0;padding:1.5rem 2.5rem}main img{max-width:100%}
table{border-collapse:collapse;margin:1rem 0;display:block;overflow-x:auto;max-width:100%}th,td{border:1px solid #ddd;padding:.35rem .7rem}th{background:#f6f6f6}
pre{background:#f6f8fa;padding:.8rem;overflow:auto;border-radius:6px}code{font-family:ui-monospace,Menlo,monospace;font-size:.9em}
nav.pager{display:flex;justify-content:space-between;margin-top:3rem;border-top:1px solid #eee;padding-top:1rem}
.description{color:#555;font-size:1.1rem}.notice{max-width:640px;margin:4rem auto;padding:0 1rem}
.diff{font-family:ui-monospace,Menlo,monospace;font-size:.85rem;white-space:pre-wrap;background:#fafafa;padding:.6rem;border-radius:6px}
.diff .add{background:#e6ffec}.diff .del{background:#ffebe9}.muted{color:#777}
`;

/**
 * The page content's blocks as the platform shows them, in CSS alone: the page runs no script, so
 * tabs switch by radio buttons and their labels, cards link through a link laid over them.
 */
const CONTENT_STYLE = `
:target{scroll-margin-top:1rem}figure{margin:1rem 0}figure img{display:block;margin:0 auto}figcaption{font-size:.85rem;color:#666;text-align:center}
.hint{border-left:4px solid #787878;background:#f5f5f5;padding:.2rem 1rem;margin:1rem 0;border-radius:4px}
.hint-info{border-color:#346ddb;background:#eef3fc}.hint-warning{border-color:#fe9a00;background:#fff6e5}
.hint-danger{border-color:#fb2c36;background:#fdecec}.hint-success{border-color:#00c950;background:#e9f9ef}
.tabs{display:flex;flex-wrap:wrap;border:1px solid #e5e5e5;border-radius:6px;margin:1rem 0}
.tab-radio{position:absolute;opacity:0;width:1px;height:1px;margin:0}
.tab-label{order:0;padding:.45rem .9rem;cursor:pointer;color:#555;border-bottom:2px solid transparent}
.tab-radio:checked+.tab-label{color:#346ddb;border-bottom-color:#346ddb;font-weight:600}
.tab-radio:focus-visible+.tab-label{outline:2px solid #346ddb;outline-offset:-2px}
.tab-panel{order:1;width:100%;display:none;padding:0 1rem;border-top:1px solid #eee}
.tab-radio:checked+.tab-label+.tab-panel,.tab-alone{display:block}.tab-title{font-weight:600;color:#555}
figure.code-block figcaption{text-align:left}.code-wrap pre,pre.code-wrap{white-space:pre-wrap;overflow-wrap:anywhere}
pre.line-numbers code{counter-reset:line}pre.line-numbers .line{counter-increment:line}
pre.line-numbers .line::before{content:counter(line);display:inline-block;width:2.2em;margin-right:1em;text-align:right;color:#999}
.page-card,.embed-link,.file-link{display:flex;gap:.7rem;align-items:center;border:1px solid #e5e5e5;border-radius:8px;padding:.7rem 1rem;margin:.6rem 0;text-decoration:none;color:inherit}
.page-card:hover,.embed-link:hover,.file-link:hover,.card:has(.card-link):hover{border-color:#346ddb}
.page-card-title,.embed-host,.file-name{font-weight:600}.embed-url{color:#777;font-size:.85rem;overflow-wrap:anywhere}
.file-name{flex:1;overflow-wrap:anywhere}.file-action{color:#346ddb;font-size:.9rem}.embed-card,.file-card{margin:1rem 0}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:1rem;margin:1rem 0}
.cards-large{grid-template-columns:repeat(auto-fill,minmax(280px,1fr))}
.card{position:relative;border:1px solid #e5e5e5;border-radius:8px;overflow:hidden}
.card-cover{display:block;width:100%;aspect-ratio:16/9;object-fit:cover}.card-body{padding:.6rem 1rem}
.card-field h4{margin:.2rem 0}.card-link{position:absolute;inset:0}.card-field a{position:relative;z-index:1}
.stepper{list-style:none;counter-reset:step;padding-left:0;margin:1rem 0 1rem .9rem}
.step{counter-increment:step;position:relative;padding:0 0 .5rem 1.8rem;border-left:2px solid #e5e5e5}
.step:last-child{border-left-color:transparent}.step::before{content:counter(step);position:absolute;left:-.95rem;top:.1rem;width:1.8rem;height:1.8rem;border-radius:50%;background:#346ddb;color:#fff;text-align:center;line-height:1.8rem;font-size:.85rem}
.columns{display:flex;flex-wrap:wrap;gap:1.5rem;margin:1rem 0}.column{flex:1 1 240px;min-width:0}
.update{border-left:2px solid #e5e5e5;padding-left:1rem;margin:1.5rem 0}.update-meta{display:flex;gap:.5rem;align-items:center;font-size:.85rem;color:#666}
.tag{border:1px solid #ccd;border-radius:999px;padding:0 .5rem;font-size:.75rem}
.task-item{list-style:none}.task-box{margin:0 .45rem 0 -1.35rem}.task-item>p:first-of-type{display:inline}
details{border:1px solid #e5e5e5;border-radius:6px;padding:.4rem 1rem;margin:1rem 0}summary{cursor:pointer;font-weight:600}
.frame{border:1px solid #e5e5e5;border-radius:8px;padding:.5rem;background:#fafafa}
.icon{display:inline-block;width:1em;height:1em;border-radius:3px;background:currentColor;opacity:.35;vertical-align:-.125em}
.button{display:inline-block;padding:.35rem .9rem;border-radius:6px;border:1px solid #346ddb;color:#346ddb;background:#fff;text-decoration:none;font:inherit}
.button.primary{background:#346ddb;color:#fff}kbd{border:1px solid #ccc;border-bottom-width:2px;border-radius:4px;padding:0 .3rem;font:.85em ui-monospace,Menlo,monospace}
mark{background:#fff3a3}
.mark-red,.mark-danger{color:#d92d20;background:none}.mark-orange,.mark-warning{color:#dc6803;background:none}.mark-yellow{color:#b08800;background:none}
.mark-green,.mark-success{color:#079455;background:none}.mark-blue,.mark-primary,.mark-info{color:#2559c4;background:none}.mark-purple{color:#7a3dd6;background:none}
.mark-bg-red,.mark-bg-danger{background:#fee4e2}.mark-bg-orange,.mark-bg-warning{background:#fdead7}.mark-bg-yellow{background:#fef7c3}
.mark-bg-green,.mark-bg-success{background:#dcfae6}.mark-bg-blue,.mark-bg-primary,.mark-bg-info{background:#dbe8fe}.mark-bg-purple{background:#ece4fc}
.conditional{border-left:3px dashed #ccc;padding-left:1rem}.openapi-ref,.include{border:1px solid #e5e5e5;border-radius:6px;padding:.2rem 1rem;margin:1rem 0}
.prompt figcaption{text-align:left;font-weight:600}
`;

export interface Shell {
  title: string;
  /** The site's name shown in the header and favicon. */
  brand?: string;
  headerNav?: string;
  search?: { action: string; hidden: Record<string, string>; value?: string };
  sidebar?: string;
  body: string;
  noindex?: boolean;
}

/** A letter on a coloured square, as an SVG data URL: the site's icon. */
function icon(brand: string): string {
  const letter = esc((brand.trim()[0] ?? 'G').toUpperCase());
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#346ddb"/><text x="16" y="22" font-size="18" text-anchor="middle" fill="#fff" font-family="sans-serif">${letter}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export function page(s: Shell): string {
  const [before, after] = pageAround(s);
  return `${before}${s.sidebar ?? ''}${after}`;
}

/** The page but its sidebar's content: what comes before it and after it (a page with no sidebar has it empty). */
export function pageAround(s: Omit<Shell, 'sidebar'> & { sidebar?: string | boolean }): [string, string] {
  const brand = s.brand ?? 'gbctl';
  const search = s.search
    ? `<form role="search" method="get" action="${esc(s.search.action)}">${Object.entries(s.search.hidden)
        .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
        .join('')}<input type="search" name="q" placeholder="Search…" aria-label="Search" value="${esc(s.search.value ?? '')}"></form>`
    : '';
  const head = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
${s.noindex ? '<meta name="robots" content="noindex">\n' : ''}<title>${esc(s.title)}${s.title === brand ? '' : ` · ${esc(brand)}`}</title>
<link rel="icon" href="${icon(brand)}"><style>${STYLE}${CONTENT_STYLE}</style></head>
<body><header class="top"><span class="brand"><img src="${icon(brand)}" width="24" height="24" alt="">${esc(brand)}</span><nav>${s.headerNav ?? ''}</nav>${search}</header>
<div class="layout">`;
  const main = `<main>${s.body}</main></div></body></html>
`;
  return s.sidebar ? [`${head}<aside class="sidebar">`, `</aside>${main}`] : [head, main];
}

export function htmlResponse(status: number, html: string, extra: Record<string, string> = {}): CoreResponse {
  return {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      ...extra,
    },
    body: html,
  };
}

export function notice(status: number, title: string, text: string, extra: Record<string, string> = {}): CoreResponse {
  return htmlResponse(status, page({ title, body: `<div class="notice"><h1>${esc(title)}</h1>${text}</div>`, noindex: true }), extra);
}

export function redirect(location: string, extra: Record<string, string> = {}): CoreResponse {
  return { status: 303, headers: { location, 'cache-control': 'no-store', ...extra }, body: '' };
}

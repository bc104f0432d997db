import type { CoreResponse } from '../app.js';

/** Escapes text for HTML element content and quoted attribute values. */
export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
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
table{border-collapse:collapse;margin:1rem 0}th,td{border:1px solid #ddd;padding:.35rem .7rem}th{background:#f6f6f6}
pre{background:#f6f8fa;padding:.8rem;overflow:auto;border-radius:6px}code{font-family:ui-monospace,Menlo,monospace;font-size:.9em}
.hint{border-left:4px solid #787878;background:#f5f5f5;padding:.2rem 1rem;margin:1rem 0;border-radius:4px}
.hint-info{border-color:#346ddb;background:#eef3fc}.hint-warning{border-color:#fe9a00;background:#fff6e5}
.hint-danger{border-color:#fb2c36;background:#fdecec}.hint-success{border-color:#00c950;background:#e9f9ef}
.tabs{border:1px solid #e5e5e5;border-radius:6px;margin:1rem 0}.tab{padding:0 1rem;border-top:1px solid #eee}.tab:first-child{border-top:0}
.tab-title{margin:.6rem 0 .2rem;color:#555}figure.code-block{margin:1rem 0}figure.code-block figcaption{font-size:.85rem;color:#555}
.embed{border:1px solid #e5e5e5;border-radius:6px;padding:.6rem 1rem;margin:1rem 0}.content-ref{margin:1rem 0}
nav.pager{display:flex;justify-content:space-between;margin-top:3rem;border-top:1px solid #eee;padding-top:1rem}
.description{color:#555;font-size:1.1rem}.notice{max-width:640px;margin:4rem auto;padding:0 1rem}
.diff{font-family:ui-monospace,Menlo,monospace;font-size:.85rem;white-space:pre-wrap;background:#fafafa;padding:.6rem;border-radius:6px}
.diff .add{background:#e6ffec}.diff .del{background:#ffebe9}.muted{color:#777}
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
  const brand = s.brand ?? 'gbctl';
  const search = s.search
    ? `<form role="search" method="get" action="${esc(s.search.action)}">${Object.entries(s.search.hidden).map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`).join('')}<input type="search" name="q" placeholder="Search…" aria-label="Search" value="${esc(s.search.value ?? '')}"></form>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
${s.noindex ? '<meta name="robots" content="noindex">\n' : ''}<title>${esc(s.title)}${s.title === brand ? '' : ` · ${esc(brand)}`}</title>
<link rel="icon" href="${icon(brand)}"><style>${STYLE}</style></head>
<body><header class="top"><span class="brand"><img src="${icon(brand)}" width="24" height="24" alt="">${esc(brand)}</span><nav>${s.headerNav ?? ''}</nav>${search}</header>
<div class="layout">${s.sidebar ? `<aside class="sidebar">${s.sidebar}</aside>` : ''}<main>${s.body}</main></div></body></html>
`;
}

export function htmlResponse(status: number, html: string, extra: Record<string, string> = {}): CoreResponse {
  return {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', ...extra },
    body: html,
  };
}

export function notice(status: number, title: string, text: string, extra: Record<string, string> = {}): CoreResponse {
  return htmlResponse(status, page({ title, body: `<div class="notice"><h1>${esc(title)}</h1>${text}</div>`, noindex: true }), extra);
}

export function redirect(location: string, extra: Record<string, string> = {}): CoreResponse {
  return { status: 303, headers: { location, 'cache-control': 'no-store', ...extra }, body: '' };
}

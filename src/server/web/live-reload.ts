import { gunzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CoreResponse } from '../app.js';
import { withSecurityHeaders } from '../security-headers.js';
import { esc } from './html.js';

/** Where a page being previewed listens for news of its content (server-sent events). */
export const LIVE_PATH = '/_gbctl/live';

/**
 * The script a previewed page runs: it listens at LIVE_PATH and reloads the page when the
 * content's version differs from the one the page was made from (the `gbctl-live` meta tag; the
 * first event says the version at once, so that a change made while the page loaded is not
 * missed), and shows a problem reading the folder in a bar until it is mended. While it listens,
 * the document element says `data-gbctl-live="open"`.
 */
const SCRIPT = `(()=>{const seen=document.querySelector('meta[name="gbctl-live"]')?.content;const es=new EventSource(${JSON.stringify(LIVE_PATH)});es.onopen=()=>{document.documentElement.dataset.gbctlLive='open';};let bar;es.addEventListener('version',(e)=>{if(e.data!==seen){es.close();location.reload();}});es.addEventListener('problem',(e)=>{if(!e.data){bar?.remove();bar=undefined;return;}if(!bar){bar=document.createElement('div');bar.setAttribute('role','alert');bar.id='gbctl-live-problem';Object.assign(bar.style,{position:'fixed',left:'0',right:'0',bottom:'0',padding:'.6rem 1rem',background:'#b3261e',color:'#fff',font:'14px/1.4 system-ui,sans-serif',whiteSpace:'pre-wrap',zIndex:'2147483647'});document.body.append(bar);}bar.textContent=e.data;});})();`;

/** The policy's source for SCRIPT: the page may run this script and no other. */
export const SCRIPT_HASH = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;

/** A Content-Security-Policy with `source` allowed for `directive` ('none' there replaced; the directive added when absent). */
export function allowIn(csp: string, directive: string, source: string): string {
  const parts = csp
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);
  const i = parts.findIndex((p) => p.split(/\s+/)[0]?.toLowerCase() === directive);
  if (i < 0) return [...parts, `${directive} ${source}`].join('; ');
  const sources = (parts[i] as string)
    .split(/\s+/)
    .slice(1)
    .filter((s) => s !== "'none'");
  if (!sources.includes(source)) sources.push(source);
  parts[i] = [directive, ...sources].join(' ');
  return parts.join('; ');
}

/**
 * A page as a preview serves it: with the live script and the version it shows, and its policy
 * widened by exactly that script (by hash) and a connection back to its own origin. Anything
 * other than an HTML page is returned as it was.
 */
export function withLiveReload(res: CoreResponse, version: string): CoreResponse {
  const type = res.headers['content-type'] ?? '';
  if (!type.startsWith('text/html')) return res;
  // A published page comes as the bytes kept for it, gzip-compressed for a browser that takes that.
  const { 'content-encoding': encoding, ...headers } = res.headers;
  const html =
    typeof res.body === 'string' ? res.body : encoding === 'gzip' ? gunzipSync(res.body).toString('utf8') : encoding ? undefined : res.body.toString('utf8');
  if (html === undefined || !html.includes('</head>')) return res;
  const csp = withSecurityHeaders(headers)['content-security-policy'] as string;
  const at = html.indexOf('</head>');
  const body = `${html.slice(0, at)}<meta name="gbctl-live" content="${esc(version)}"><script>${SCRIPT}</script>${html.slice(at)}`;
  return {
    ...res,
    headers: { ...headers, 'content-security-policy': allowIn(allowIn(csp, 'script-src', SCRIPT_HASH), 'connect-src', "'self'"), 'cache-control': 'no-store' },
    body,
  };
}

/**
 * The pages' listeners at LIVE_PATH: each is told the content's version when it connects and
 * whenever it changes, and the problem (or its end) when the content cannot be brought up to date.
 */
export class LiveEvents {
  private clients = new Set<ServerResponse>();
  private problem = '';
  private closed = false;
  private beat: NodeJS.Timeout;

  constructor(private current: string) {
    // A comment now and then: a listener that went away without a word is found and dropped.
    this.beat = setInterval(() => this.write(': beat\n\n'), 15_000).unref();
  }

  get version(): string {
    return this.current;
  }

  /** Answers a request for LIVE_PATH (true), or leaves it to the app (false). */
  serve = (req: IncomingMessage, res: ServerResponse): boolean => {
    if ((req.url ?? '').split('?')[0] !== LIVE_PATH) return false;
    if (req.method !== 'GET' || this.closed) {
      // 204 tells an EventSource to stop trying; a stopping preview has nothing more to say.
      res.writeHead(req.method === 'GET' ? 204 : 405, withSecurityHeaders(req.method === 'GET' ? {} : { allow: 'GET' }));
      res.end();
      return true;
    }
    res.writeHead(200, withSecurityHeaders({ 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' }));
    res.write(`retry: 500\n${event('version', this.current)}${this.problem ? event('problem', this.problem) : ''}`);
    this.clients.add(res);
    const drop = () => this.clients.delete(res);
    req.on('close', drop);
    res.on('error', drop);
    return true;
  };

  /** The content is now at `version` (and can be read again, if it could not). */
  publish(version: string): void {
    if (this.problem) this.write(event('problem', ''));
    this.problem = '';
    if (version === this.current) return;
    this.current = version;
    this.write(event('version', version));
  }

  /** The content could not be brought up to date: pages show why, until publish. */
  report(problem: string): void {
    this.problem = problem || 'the folder could not be read';
    this.write(event('problem', this.problem));
  }

  /** Ends every stream and refuses new ones, so that the server can close. */
  close(): void {
    this.closed = true;
    clearInterval(this.beat);
    for (const c of this.clients) c.end();
    this.clients.clear();
  }

  private write(text: string): void {
    for (const c of this.clients) c.write(text);
  }
}

/** One event: every line of the data its own `data:` line. */
function event(name: string, data: string): string {
  return `event: ${name}\n${data
    .split(/\r\n|\r|\n/)
    .map((l) => `data: ${l}\n`)
    .join('')}\n`;
}

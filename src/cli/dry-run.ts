import type { WireRequest } from '../client/transport.js';

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The request a command would send, as text or as a runnable curl line (token left as $GITBOOK_TOKEN). */
export function dryRunText(req: WireRequest, target: string, curl: boolean): string {
  const url = `${target}${req.path}`;
  if (curl) {
    const parts = ['curl', '-sS', '-X', req.method, url.startsWith('${') ? `"${url}"` : quote(url)];
    for (const [k, v] of Object.entries(req.headers)) {
      parts.push('-H', k === 'authorization' ? `"authorization: Bearer \${GITBOOK_TOKEN}"` : quote(`${k}: ${v}`));
    }
    if (req.body !== undefined) parts.push('--data', quote(req.body));
    return `${parts.join(' ')}\n`;
  }
  const lines = [`${req.method} ${url}`];
  if (req.body !== undefined) lines.push(JSON.stringify(JSON.parse(req.body), null, 2));
  return `${lines.join('\n')}\n`;
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from './app.js';
import { errorBody } from './http-error.js';

export interface ListenOptions {
  host?: string;
  port?: number;
  /** Largest request body accepted, in bytes; larger ones are refused with 413 unread. */
  maxBodyBytes?: number;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.resolve('too-large');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        resolve('too-large');
        req.pause();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string | Buffer): void {
  res.writeHead(status, { ...headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) });
  res.end(body);
}

/** Serves the app over node:http. */
export function listen(app: App, opts: ListenOptions = {}): Promise<{ server: Server; url: string }> {
  const limit = opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const server = createServer(async (req, res) => {
    try {
      const body = await readBody(req, limit);
      if (body === 'too-large') {
        res.setHeader('connection', 'close');
        send(res, 413, { 'content-type': 'application/json' }, errorBody(413, `request body larger than ${limit} bytes`));
        return;
      }
      const out = await app.handle({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body });
      send(res, out.status, out.headers, out.body);
    } catch (e) {
      if (!res.headersSent) send(res, 500, { 'content-type': 'application/json' }, errorBody(500, `internal error: ${(e as Error).message}`));
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => {
      const a = server.address() as AddressInfo;
      const host = a.family === 'IPv6' ? `[${a.address}]` : a.address;
      resolve({ server, url: `http://${host}:${a.port}` });
    });
  });
}

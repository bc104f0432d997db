import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { App } from './app.js';
import { errorBody } from './http-error.js';
import type { Faults } from './controls/faults.js';
import type { RequestLog } from './controls/request-log.js';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface ListenOptions {
  host?: string;
  port?: number;
  /** Largest request body accepted, in bytes; larger ones are refused with 413 unread. */
  maxBodyBytes?: number;
  /** Fault rules applied to API requests (not to the /_gbctl/ controls, so rules can always be removed). */
  faults?: Faults;
  /** Where every request is recorded. */
  log?: RequestLog;
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
    const started = performance.now();
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0] as string;
    let status = 500;
    let endpoint: string | undefined;
    try {
      const fault = path.startsWith('/v1/') ? opts.faults?.match(method, path) : undefined;
      if (fault?.delayMs) await sleep(fault.delayMs);
      if (fault?.reset) {
        status = 0;
        req.socket.destroy();
        return;
      }
      if (fault?.status) {
        status = fault.status;
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
        send(res, status, headers, errorBody(status, fault.message ?? `injected fault ${fault.ruleId}`));
        return;
      }
      const body = await readBody(req, limit);
      if (body === 'too-large') {
        status = 413;
        res.setHeader('connection', 'close');
        send(res, 413, { 'content-type': 'application/json' }, errorBody(413, `request body larger than ${limit} bytes`));
        return;
      }
      const out = await app.handle({ method, url: req.url ?? '/', headers: req.headers, body });
      status = out.status;
      endpoint = out.endpointId;
      send(res, out.status, out.headers, out.body);
    } catch (e) {
      if (!res.headersSent) send(res, 500, { 'content-type': 'application/json' }, errorBody(500, `internal error: ${(e as Error).message}`));
    } finally {
      opts.log?.add({ time: new Date().toISOString(), method, path, status, ms: Math.round((performance.now() - started) * 10) / 10, ...(endpoint ? { endpoint } : {}) });
    }
  });
  // Requests node's parser refuses (unknown method, malformed request line or header) get the error body too.
  server.on('clientError', (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = errorBody(status, `malformed HTTP request (${err.code ?? err.message})`);
    // A HEAD request gets the headers only: a body would be read as the start of the next response.
    const head = err.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${head ? '' : body}`);
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

import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { App } from './app.js';
import { errorBody } from './http-error.js';
import { withSecurityHeaders } from './security-headers.js';
import type { Faults } from './controls/faults.js';
import type { ReceivedRequest, RequestLog } from './controls/request-log.js';

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
  /**
   * Requests answered as a stream rather than by the app (the app answers each request whole):
   * true when this answered it. A preview's page listens for changes this way.
   */
  stream?: (req: IncomingMessage, res: ServerResponse) => boolean;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * The methods the API's routes use (HEAD and OPTIONS answered by the app); any other is a 405
 * naming these. (405 rather than 501: a method the server does not know is the client's to change,
 * and a 5xx would say the server failed.)
 */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const ALLOW = [...METHODS].join(', ');

/** A whole response written straight to a socket that node's request handling does not answer (CONNECT, unknown methods). */
function rawResponse(status: number, message: string, head: boolean): string {
  const body = errorBody(status, message);
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
    `${status === 405 ? `allow: ${ALLOW}\r\n` : ''}connection: close\r\n\r\n${head ? '' : body}`
  );
}

const NO_BODY = Buffer.alloc(0);

function readBody(req: IncomingMessage, limit: number): Buffer | 'too-large' | Promise<Buffer | 'too-large'> {
  // A request with neither header has no body (RFC 9112 6.3): nothing to wait for. Node reads
  // and drops what the handler leaves unread once the answer is sent.
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return NO_BODY;
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

/** A response of this module's own (not the app's): the security headers go under its headers here. */
function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string | Buffer): void {
  sendOut(res, status, withSecurityHeaders(headers), body);
}

/** `head` is written as given (the app's answers carry their security headers) with the body's length added. */
function sendOut(res: ServerResponse, status: number, head: Record<string, string>, body: string | Buffer, cookies?: string[]): void {
  if (cookies?.length) res.setHeader('set-cookie', cookies);
  if (body) head['content-length'] = String(Buffer.byteLength(body));
  res.writeHead(status, head);
  res.end(body);
}

/**
 * Stops a server: no new connections, idle ones closed now, and any still open after `graceMs`
 * (a request in flight, or one a client never finished sending) closed then; resolves once all
 * are gone. Without the grace period one slow or stalled client would keep the process alive.
 */
export function shutdown(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
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
      if (!METHODS.has(method)) {
        status = 405;
        send(
          res,
          405,
          { 'content-type': 'application/json', allow: ALLOW },
          errorBody(405, `${method} is not a method this server implements; it answers ${ALLOW}`),
        );
        return;
      }
      if (opts.stream?.(req, res)) {
        status = res.statusCode;
        return;
      }
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
      const read = readBody(req, limit);
      const body = read instanceof Promise ? await read : read;
      if (body === 'too-large') {
        status = 413;
        res.setHeader('connection', 'close');
        send(res, 413, { 'content-type': 'application/json' }, errorBody(413, `request body larger than ${limit} bytes`));
        return;
      }
      const out = await app.handle({ method, url: req.url ?? '/', headers: req.headers, body });
      status = out.status;
      endpoint = out.endpointId;
      sendOut(res, out.status, out.headers, out.body, out.cookies);
    } catch (e) {
      if (!res.headersSent) send(res, 500, { 'content-type': 'application/json' }, errorBody(500, `internal error: ${(e as Error).message}`));
    } finally {
      if (opts.log) {
        const entry: ReceivedRequest = { at: Date.now(), method, path, status, ms: Math.round((performance.now() - started) * 10) / 10 };
        if (endpoint) entry.endpoint = endpoint;
        opts.log.add(entry);
      }
    }
  });
  // Requests node's parser refuses (unknown method, malformed request line or header) get the error body too.
  server.on('clientError', (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    // A HEAD request gets the headers only: a body would be read as the start of the next response.
    const head = err.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
    if (err.code === 'HPE_INVALID_METHOD') {
      socket.end(rawResponse(405, `not a method this server implements; it answers ${ALLOW}`, false));
      return;
    }
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    socket.end(rawResponse(status, `malformed HTTP request (${err.code ?? err.message})`, head));
  });
  // CONNECT (a proxy tunnel) reaches node's own event, which would otherwise close the socket
  // with no answer: this is an API server, not a proxy. (A request asking for a protocol upgrade
  // is answered as a plain request: node does so when nothing listens for upgrades.)
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    opts.log?.add({ at: Date.now(), method: 'CONNECT', path: req.url ?? '', status: 405, ms: 0 });
    socket.end(rawResponse(405, `CONNECT is not allowed: this server is not a proxy; it answers ${ALLOW}`, false));
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

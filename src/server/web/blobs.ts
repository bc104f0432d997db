import type { CoreResponse } from '../exchange.js';
import type { Env } from '../context.js';
import { HttpError } from '../http-error.js';
import { decodeSegment } from '../router.js';
import { readBlob } from '../services/blobs.js';

/** Where file bytes are served: outside `/app` and `/published`, so no session cookie is ever sent here. */
export const BLOB_PREFIX = '/_gbctl/blobs/';

/**
 * Types a browser shows without running anything of the file's: images other than SVG, audio,
 * video, plain text. Everything else (SVG, HTML, XML, PDF, scripts, unknown types) can carry
 * script or forms, and is served as a download in a sandbox.
 */
const PASSIVE = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'video/mp4',
  'video/webm',
  'video/ogg',
  'audio/mpeg',
  'audio/mp4',
  'audio/ogg',
  'audio/wav',
  'audio/webm',
  'audio/flac',
  'text/plain',
  'application/octet-stream',
]);

/**
 * Even a passive file is its own sandboxed, opaque origin with nothing to load: if a browser
 * ever took it for something else, it could reach nothing of the app's. Its own bytes are the
 * document's, not a fetch, so images and media still show.
 */
const PASSIVE_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";
const ACTIVE_CSP = "default-src 'none'; sandbox";

/** The media type of a Content-Type value, lowercased, without parameters; undefined when it is not one. */
export function essence(contentType: string): string | undefined {
  const e = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+$/.test(e) ? e : undefined;
}

/**
 * The headers of a file's bytes. A passive type shows inline under its plain type (text as
 * UTF-8 text/plain, never sniffed into HTML). An active one is an attachment with a sandbox
 * policy and no sniffing: opened directly it is downloaded, and were it rendered it would run
 * in an opaque origin with no script. An `<img>` still shows an SVG: images ignore
 * Content-Disposition, and an SVG image never runs script.
 */
export function blobHeaders(contentType: string): Record<string, string> {
  const named = essence(contentType);
  const type = named ?? 'application/octet-stream';
  const common = {
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
  };
  if (named !== undefined && PASSIVE.has(named)) {
    return {
      ...common,
      'content-type': type === 'text/plain' ? 'text/plain; charset=utf-8' : type,
      'content-security-policy': PASSIVE_CSP,
      'content-disposition': 'inline',
    };
  }
  return { ...common, 'content-type': type, 'content-security-policy': ACTIVE_CSP, 'content-disposition': 'attachment' };
}

/**
 * gbctl's own route for temporary downloads (change-request PDFs, imported files): the
 * unguessable id is the credential, as with the platform's signed URLs.
 */
export async function serveBlob(env: Env, method: string, id: string): Promise<CoreResponse> {
  if (method !== 'GET' && method !== 'HEAD') throw new HttpError(405, `${method} is not allowed on ${BLOB_PREFIX}; allowed: GET, HEAD`);
  const blob = await readBlob({ read: (fn) => env.store.read(fn), clock: env.clock }, decodeSegment(id));
  if (!blob) throw new HttpError(404, 'no such download, or its link has expired');
  return { status: 200, headers: blobHeaders(blob.contentType), body: method === 'HEAD' ? '' : blob.bytes };
}

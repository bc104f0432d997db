import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSpecDocument } from '../../lib/openapi-document.js';
import { outboundFetch, OutboundError, TooLarge } from '../../lib/outbound.js';

/*
 * Loading an OpenAPI document and checking it (lib/openapi-document.ts). Async work (reading
 * files, fetching URLs, loading the YAML parser) happens here, outside any store transaction.
 */

export type ProcessCode = 'FETCH_ERROR' | 'FETCH_TIMEOUT' | 'PARSE_ERROR';
export type Outcome = { ok: true; filesystem: Record<string, unknown>; url?: string } | { ok: false; code: ProcessCode; message: string };

/** Largest document accepted from a URL or file. */
export const MAX_SPEC_BYTES = 10 * 1024 * 1024;
export const DEFAULT_FETCH_TIMEOUT_MS = 10_000;

export function fetchTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.GBCTL_OPENAPI_FETCH_TIMEOUT_MS);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_FETCH_TIMEOUT_MS;
}

function nameFromUrl(url: URL, format: 'json' | 'yaml'): string {
  const last = basename(url.pathname);
  return last && /\.(json|ya?ml)$/i.test(last) ? last : `openapi.${format}`;
}

async function fetchText(
  url: URL,
  timeoutMs: number,
  fileUrls: boolean,
  privateUrls: boolean,
): Promise<{ ok: true; text: string } | { ok: false; code: ProcessCode; message: string }> {
  if (url.protocol === 'file:' && !fileUrls) {
    return {
      ok: false,
      code: 'FETCH_ERROR',
      message: 'file:// URLs are off on a server reachable from other machines (gbctl serve --allow-file-urls turns them on)',
    };
  }
  if (url.protocol === 'file:') {
    try {
      const path = fileURLToPath(url);
      if ((await stat(path)).size > MAX_SPEC_BYTES) return { ok: false, code: 'FETCH_ERROR', message: `${url.href} is larger than ${MAX_SPEC_BYTES} bytes` };
      return { ok: true, text: await readFile(path, 'utf8') };
    } catch (e) {
      return { ok: false, code: 'FETCH_ERROR', message: `cannot read ${url.href}: ${(e as Error).message}` };
    }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, code: 'FETCH_ERROR', message: `cannot fetch ${url.protocol} URLs: use http(s):// or file://` };
  }
  try {
    const got = await outboundFetch(
      url,
      { privateAddresses: privateUrls },
      { headers: { accept: 'application/json, application/yaml, text/yaml, */*' }, timeoutMs, maxBytes: MAX_SPEC_BYTES },
    );
    if (got.status < 200 || got.status > 299) return { ok: false, code: 'FETCH_ERROR', message: `${url.href} answered HTTP ${got.status}` };
    return { ok: true, text: new TextDecoder().decode(got.bytes) };
  } catch (e) {
    if (e instanceof TooLarge) return { ok: false, code: 'FETCH_ERROR', message: `${url.href} is larger than ${MAX_SPEC_BYTES} bytes` };
    if (!(e instanceof OutboundError)) throw e;
    return { ok: false, code: e.kind === 'timeout' ? 'FETCH_TIMEOUT' : 'FETCH_ERROR', message: e.message };
  }
}

/** Loads a spec source: the text itself, or the document at a URL; then parses and checks it. */
export async function loadSpecSource(
  source: { url: string } | { text: string },
  timeoutMs = fetchTimeoutMs(),
  fileUrls = true,
  privateUrls = false,
): Promise<Outcome> {
  let text: string;
  let url: URL | undefined;
  if ('url' in source) {
    url = new URL(source.url);
    const got = await fetchText(url, timeoutMs, fileUrls, privateUrls);
    if (!got.ok) return got;
    text = got.text;
  } else {
    text = source.text;
  }
  const parsed = await parseSpecDocument(text);
  if (!parsed.ok) return { ok: false, code: 'PARSE_ERROR', message: parsed.message };
  const name = url ? nameFromUrl(url, parsed.format) : `openapi.${parsed.format}`;
  return { ok: true, filesystem: { [name]: parsed.document }, ...(url ? { url: url.href } : {}) };
}

import { isEmbeddedUrl } from '../lib/embedded-origin.js';
/** Where `gbctl preview` serves the embedded store unless told another port. */
export const PREVIEW_PORT = 7701;

/** The origin of the URLs the embedded store hands out: they open once a preview serves them. */

/** The web address of an API object: its app URL, else where it is published or downloaded. */
export function webUrlOf(obj: unknown, published = false): string | undefined {
  const o = (obj ?? {}) as { urls?: { app?: string; published?: string }; downloadURL?: string; url?: string };
  const pick = published ? (o.urls?.published ?? o.urls?.app) : (o.urls?.app ?? o.urls?.published);
  return pick ?? o.downloadURL ?? (typeof o.url === 'string' ? o.url : undefined);
}

/**
 * What to run to open an address of the embedded store, which no server answers until one is
 * started (`gbctl preview`, `gbctl open`); undefined for addresses that open as they are.
 */
export function embeddedHint(url: string | undefined, how: string): string | undefined {
  return url !== undefined && isEmbeddedUrl(url) ? `gbctl:// addresses belong to the embedded store; open them with: ${how}` : undefined;
}

import type { Client } from '../../src/client/client.js';
import { changeRequests } from '../../src/contract/endpoints/change-requests.js';
import { content } from '../../src/contract/endpoints/content.js';
import { crContent } from '../../src/contract/endpoints/cr-content.js';
import { CliError, Exit } from '../../src/cli/exit-codes.js';
import { DownloadRefused, fetchDownloadUrl } from '../../src/client/downloads.js';
import { MAX_FILE_BYTES } from '../../src/lib/gitsync/sync-types.js';
import type { ApiPage, ExportInput } from '../../src/lib/gitsync/write.js';
import { mapPool } from '../../src/lib/map-pool.js';

/** Requests under way at once while a space is read. */
const REQUESTS_AT_ONCE = 8;

export interface SpaceSource {
  spaceId: string;
  changeRequest?: string | undefined;
  revision?: string | undefined;
}

const flat = (pages: ApiPage[]): ApiPage[] => pages.flatMap((p) => [p, ...flat(p.pages ?? [])]);

/**
 * Which content a revision id names. The API describes reading a space's current content and a
 * change request's, not older revisions: a revision that is neither is an error saying so.
 */
async function scopeOfRevision(client: Client, s: SpaceSource): Promise<string | undefined> {
  const main = await client.call(content['content.revision'], { params: { spaceId: s.spaceId }, query: { metadata: false } });
  if (main.id === s.revision) return undefined;
  let page: string | undefined;
  do {
    const list = await client.call(changeRequests['change-requests.list'], {
      params: { spaceId: s.spaceId },
      query: { limit: 100, ...(page ? { page } : {}) },
    });
    const hit = list.items.find((cr) => cr.revision === s.revision);
    if (hit) return String(hit.number);
    page = list.next?.page;
  } while (page);
  throw new CliError(
    `revision ${String(s.revision)} is not the current content of space ${s.spaceId} nor of one of its change requests`,
    Exit.notFound,
    'the API reads only current content; export the space, or a change request with --change-request N',
  );
}

/**
 * Reads everything an export writes, with the API's GET operations only: the revision (page
 * tree and files), each document page as markdown, and each file's bytes from its downloadURL.
 */
export async function readSpace(client: Client, s: SpaceSource, progress: (done: number, total: number, what: string) => void): Promise<ExportInput> {
  const cr = s.revision !== undefined ? await scopeOfRevision(client, s) : s.changeRequest;
  const params = cr !== undefined ? { spaceId: s.spaceId, changeRequestId: cr } : { spaceId: s.spaceId };
  const revision = cr !== undefined ? crContent['cr-content.revision'] : content['content.revision'];
  let rev = await client.call(revision, { params, query: { computed: false } });
  // gbctl's own server (it says how the folder was laid out) lists computed pages as such, in
  // place, when asked to compute them: a SUMMARY.md entry that describes them is written back.
  if (rev.gitSync) rev = await client.call(revision, { params, query: {} });
  const pages: ApiPage[] = rev.pages;
  const docs = flat(pages).filter((p) => p.type === 'document');
  const total = docs.length + rev.files.length;
  let done = 0;
  const pageEndpoint = cr !== undefined ? crContent['cr-content.page'] : content['content.page'];
  // A page the revision gave with its markdown (gbctl's own server does) is not asked again; the
  // others are asked a few at a time, which a round trip to a hosted API makes worth it.
  await mapPool(docs, REQUESTS_AT_ONCE, async (p) => {
    if (typeof p.markdown !== 'string') {
      const got = await client.call(pageEndpoint, { params: { ...params, pageId: p.id }, query: { format: 'markdown' } });
      p.markdown = typeof got.markdown === 'string' ? got.markdown : '';
    }
    progress(++done, total, p.title);
  });
  const files: ExportInput['files'] = await mapPool(rev.files, REQUESTS_AT_ONCE, async (f) => {
    const got = await download(client, f.downloadURL);
    progress(++done, total, f.name);
    return { id: f.id, name: f.name, ...(f.git?.path ? { git: { path: f.git.path } } : {}), ...got };
  });
  return { pages, files, ...(rev.redirects ? { redirects: rev.redirects } : {}), ...(rev.gitSync ? { gitSync: rev.gitSync } : {}) };
}

/** A file's bytes, fetched as src/client/downloads.ts allows; else why there are none. */
async function download(client: Client, url: string): Promise<{ bytes: Uint8Array } | { missing: string }> {
  try {
    const got = await fetchDownloadUrl(client, url, MAX_FILE_BYTES);
    return got.status === 200 || got.bytes.length ? { bytes: got.bytes } : { missing: `its download (${url}) answered HTTP ${got.status}` };
  } catch (e) {
    if (e instanceof DownloadRefused) return { missing: `its download was refused: ${e.message}` };
    return { missing: `its download (${url}) could not be read: ${(e as Error).message}` };
  }
}

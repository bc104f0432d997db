import { fileURLToPath } from 'node:url';
import type { Client } from '../../src/client/client.js';
import type { Confirmation } from '../../src/cli/prompt.js';
import { content } from '../../src/contract/endpoints/content.js';
import { crContent } from '../../src/contract/endpoints/cr-content.js';
import { removedBy } from '../../src/lib/gitsync/apply.js';
import { readGitSync } from '../../src/lib/gitsync/read.js';
import { readFileUrl } from '../../src/lib/import-source.js';
import type { PageRecord } from '../../src/lib/page-record.js';
import { recordsOfApi } from '../../src/lib/gitsync/push-plan.js';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|\[::1\]|localhost)$/;

const docs = (pages: readonly PageRecord[]): PageRecord[] => pages.flatMap((p) => [...(p.type === 'document' ? [p] : []), ...docs(p.pages)]);

/** Whether the service reads `file://` URLs from this machine's disk: embedded, or served on loopback. */
function readsHere(client: Client): boolean {
  if (client.target === 'embedded store') return true;
  try {
    return LOOPBACK.test(new URL(client.target).hostname);
  } catch {
    return false;
  }
}

/**
 * What an import is about to remove, asked about before it is sent. A local folder or archive
 * is read here as the service will read it, and matched against the content as the service
 * matches it: the question says how many pages go (and names a few). A single document only
 * adds or updates a page. A site, or an archive the service downloads, replaces the content
 * with what it holds, which only the service sees: the question says how many pages there are.
 */
export async function importRemovals(client: Client, params: Record<string, unknown>, body: Record<string, unknown>): Promise<Confirmation | undefined> {
  if (typeof body.url !== 'string' || typeof params.spaceId !== 'string') return undefined;
  let u: URL;
  try {
    u = new URL(body.url);
  } catch {
    return undefined;
  }
  const cr = params.changeRequestId;
  const where = cr === undefined ? `space ${params.spaceId}` : `change request ${String(cr)}`;
  const spaceId = params.spaceId;
  const rev =
    cr === undefined
      ? await client.call(content['content.revision'], { params: { spaceId }, query: { computed: false } })
      : await client.call(crContent['cr-content.revision'], { params: { spaceId, changeRequestId: String(cr) }, query: { computed: false } });
  const existing = recordsOfApi(rev.pages);
  const now = docs(existing).length;
  if (!now) return undefined;
  if (u.protocol === 'file:' && readsHere(client) && body.source !== 'html' && body.source !== 'website') {
    let src;
    try {
      src = await readFileUrl(u);
    } catch {
      return undefined; // the service says what is wrong with it
    }
    if (src.kind === 'one') return undefined;
    const removed = docs(removedBy(existing, readGitSync(src.entries).pages));
    if (!removed.length) return undefined;
    const some = removed
      .slice(0, 3)
      .map((p) => `"${p.title}"`)
      .join(', ');
    const n = removed.length;
    return {
      action: `remove ${n} page${n === 1 ? '' : 's'} of ${where} by importing ${fileURLToPath(u)}`,
      question: `Importing ${fileURLToPath(u)} removes ${n} of the ${now} pages of ${where} (${some}${n > 3 ? ', …' : ''}), which it does not have. Import?`,
    };
  }
  const oneDocument = (body.source === 'markdown' || body.source === 'html') && /\.(md|markdown|mdx|html?)$/i.test(u.pathname);
  if (oneDocument) return undefined;
  return {
    action: `replace the ${now} pages of ${where} with what ${u.href} holds`,
    question: `Importing ${u.href} replaces the content of ${where} (${now} pages): pages it does not have are removed. Import?`,
  };
}

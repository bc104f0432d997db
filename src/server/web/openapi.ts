import type { CoreResponse } from '../exchange.js';
import type { Env } from '../context.js';
import { renderHtml } from '../lib/render/markdown.js';
import { specs, specVersions } from '../model/openapi.js';
import { esc, htmlResponse, notice, page } from './html.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

interface Doc {
  info?: { title?: unknown; version?: unknown; description?: unknown };
  paths?: Record<string, Record<string, { summary?: unknown; description?: unknown; operationId?: unknown }>>;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The reference page of a spec's latest version: its title, version, description and operations. */
function reference(doc: Doc): string {
  const ops: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!item || typeof item !== 'object') continue;
    for (const m of METHODS) {
      const op = item[m];
      if (!op || typeof op !== 'object') continue;
      const summary = str(op.summary) || str(op.operationId);
      ops.push(
        `<li><code>${m.toUpperCase()} ${esc(path)}</code>${summary ? ` — ${esc(summary)}` : ''}${str(op.description) ? renderHtml(str(op.description)).html : ''}</li>`,
      );
    }
  }
  const description = str(doc.info?.description);
  return `${description ? renderHtml(description).html : ''}<h2>Operations</h2>${ops.length ? `<ul>${ops.join('')}</ul>` : '<p class="muted">No operations.</p>'}`;
}

/** `/published/{org}/openapi/{slug}`: a public spec's reference; a private one is not there. */
export async function servePublishedSpec(env: Env, org: string, slug: string): Promise<CoreResponse> {
  const found = await env.store.read((tx) => {
    const spec = tx.where(specs, 'organization', org).find((s) => s.slug === slug);
    const version = spec?.lastVersion ? tx.get(specVersions, spec.lastVersion) : undefined;
    return spec && spec.visibility === 'public' ? { spec, version } : undefined;
  });
  if (!found) return notice(404, 'Page not found', '<p>There is no published page at this address.</p>');
  const doc = (Object.values(found.version?.filesystem ?? {})[0] ?? {}) as Doc;
  const title = str(doc.info?.title) || found.spec.slug;
  const version = str(doc.info?.version) || (typeof doc.info?.version === 'number' ? String(doc.info.version) : '');
  const body = `<h1>${esc(title)}</h1><p class="muted">OpenAPI spec “${esc(found.spec.slug)}”${version ? ` · version ${esc(version)}` : ''}</p>${found.version ? reference(doc) : '<p class="muted">No version has been processed yet.</p>'}`;
  return htmlResponse(200, page({ title, brand: title, body }));
}

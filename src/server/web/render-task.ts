import type { FlatPage } from '../../lib/page-tree.js';
import type { FileRecord, RevisionRecord } from '../model/revision.js';
import type { PageRecord } from '../../lib/page-record.js';
import { renderHtml, type RenderedPage } from '../lib/render/markdown.js';
import type { MapPage, RenderJob, SiteMap } from '../lib/workers/protocol.js';
import { linkResolver, type Addressing, type RevisionView } from './content.js';

/**
 * A page rendered on the render thread: the same renderer and link resolution as on the request
 * thread, over the revision as the site map describes it (its pages and files with their
 * addresses, without their content).
 */

const stub = (p: MapPage): PageRecord => ({
  id: p.id,
  title: p.title,
  type: p.type,
  markdown: '',
  createdAt: '',
  updatedAt: '',
  pages: [],
  ...(p.gitPath !== undefined ? { gitPath: p.gitPath } : {}),
});

function viewOfMap(map: SiteMap): { view: RevisionView; addressing: Addressing } {
  const flat: FlatPage[] = map.pages.map((p) => ({ page: stub(p), slug: p.path.split('/').pop() ?? '', path: p.path }));
  const pageUrls = new Map(map.pages.map((p) => [p.path, p.url]));
  const fileUrls = new Map(map.files.map((f) => [f.id, f.url]));
  const files = map.files.map((f): FileRecord => ({ id: f.id, name: f.name, contentType: '', size: 0, createdAt: '' }));
  const view: RevisionView = {
    // Only the files are read of the revision record here; each page's file came with the map (gitPath).
    rev: { files, pages: [] } as unknown as RevisionRecord,
    flat,
    docs: flat.filter((f) => f.page.type === 'document'),
    byId: new Map(flat.map((f) => [f.page.id, f])),
    byPath: new Map(flat.map((f) => [f.path, f])),
  };
  const addressing: Addressing = {
    key: '',
    page: (path) => pageUrls.get(path) ?? '#',
    file: (f) => fileUrls.get(f.id) ?? '#',
  };
  return { view, addressing };
}

export function renderTask(job: RenderJob): RenderedPage {
  const { view, addressing } = viewOfMap(job.map);
  const page =
    view.byId.get(job.page.id)?.page ??
    stub({ id: job.page.id, title: '', type: 'document', path: '', url: '', ...(job.page.gitPath !== undefined ? { gitPath: job.page.gitPath } : {}) });
  return renderHtml(job.markdown, linkResolver(view, page, addressing));
}

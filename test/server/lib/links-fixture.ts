import type { FileRecord, RevisionRecord } from '../../../src/server/model/revision.js';
import type { PageRecord } from '../../../src/lib/page-record.js';

const AT = '2026-01-01T00:00:00.000Z';

export function page(id: string, title: string, markdown: string, more: Partial<PageRecord> = {}): PageRecord {
  return { id, title, type: 'document', markdown, createdAt: AT, updatedAt: AT, pages: [], ...more };
}

export function file(id: string, name: string): FileRecord {
  return { id, name, contentType: 'image/png', size: 1, createdAt: AT };
}

export function revision(id: string, pages: PageRecord[], files: FileRecord[] = []): RevisionRecord {
  return { id, space: 'space', parents: [], type: 'edits', createdAt: AT, pages, files, reusableContents: [], variables: {} };
}

/**
 * A small Git Sync space in the shapes real ones have: pages in folders with their README,
 * a root page whose slug another file's name shares, a page made in the app (no file), a group,
 * assets whose names need percent-encoding.
 */
export function space(markdownOf: Partial<Record<string, string>> = {}): RevisionRecord {
  const md = (id: string) => markdownOf[id] ?? '';
  return revision(
    'rev-1',
    [
      page('intro', 'Introduction', md('intro'), { gitPath: 'intro/README.md' }),
      page('guides', 'Guides', md('guides'), {
        gitPath: 'guides/README.md',
        pages: [page('install', 'Install', md('install'), { gitPath: 'guides/install.md' })],
      }),
      page('server', 'Axon Server', md('server'), {
        gitPath: 'axon-server/README.md',
        pages: [page('docker', 'Docker', md('docker'), { gitPath: 'axon-server/docker/README.md' })],
      }),
      page('notes', 'Notes', md('notes')),
      page('reference', 'Reference', '', { type: 'group', pages: [page('api', 'API', md('api'), { gitPath: 'reference/api.md' })] }),
    ],
    [file('img', 'image (1).png'), file('pdf', 'handbook.pdf')],
  );
}

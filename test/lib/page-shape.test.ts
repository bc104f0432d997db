import { describe, expect, it } from 'vitest';
import { recordFiles } from '../../src/lib/gitsync/record-files.js';
import { ByShape, shapeOf } from '../../src/lib/page-shape.js';
import type { PageRecord } from '../../src/lib/page-record.js';
import { mapPage } from '../../src/lib/page-tree.js';

const page = (id: string, title: string, pages: PageRecord[] = [], more: Partial<PageRecord> = {}): PageRecord => ({
  id,
  title,
  type: 'document',
  markdown: `# ${title}`,
  createdAt: '',
  updatedAt: '',
  pages,
  ...more,
});
const tree = () => [page('a', 'Intro', [page('b', 'Install'), page('c', 'Install')]), page('d', 'Guides', [], { gitPath: 'guides.md' })];

describe("a page tree's shape", () => {
  it('is what paths are worked out from: not bodies or times', () => {
    const t = tree();
    expect(shapeOf(mapPage(t, 'b', (p) => ({ ...p, markdown: 'other', updatedAt: 'later', description: 'x' })))).toBe(shapeOf(t));
    for (const changed of [
      mapPage(t, 'b', (p) => ({ ...p, title: 'Setup' })),
      mapPage(t, 'd', (p) => ({ ...p, gitPath: 'tutorials.md' })),
      mapPage(t, 'd', (p) => ({ ...p, type: 'group', slug: 'g' })),
      mapPage(t, 'a', (p) => ({ ...p, pages: p.pages.slice(0, 1) })),
      [...t].reverse(),
      // A title cannot pass for a boundary between fields.
      mapPage(t, 'b', (p) => ({ ...p, title: 'Install","document' })),
    ]) {
      expect(shapeOf(changed)).not.toBe(shapeOf(t));
    }
  });

  it("gives an edited revision the files worked out for the one before (the same map), and a renamed page's its own", () => {
    const t = tree();
    const files = recordFiles(t);
    expect(files.get('d')).toBe('guides.md');
    expect(recordFiles(mapPage(t, 'c', (p) => ({ ...p, markdown: 'edited' })))).toBe(files);
    const renamed = recordFiles(mapPage(t, 'c', (p) => ({ ...p, title: 'Upgrade' })));
    expect(renamed).not.toBe(files);
    expect(renamed.get('c')).toMatch(/upgrade\.md$/);
  });

  it('keeps the last few shapes, the least recently used leaving first', () => {
    const kept = new ByShape<number>(2);
    let made = 0;
    const get = (shape: string) => kept.get(shape, () => ++made);
    expect([get('a'), get('b'), get('a')]).toEqual([1, 2, 1]);
    get('c'); // 'b' was the least recently used
    expect([get('a'), get('c'), get('b')]).toEqual([1, 3, 4]);
  });
});

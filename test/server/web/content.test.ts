import { describe, expect, it } from 'vitest';
import type { RevisionRecord } from '../../../src/server/model/revision.js';
import type { PageRecord } from '../../../src/lib/page-record.js';
import { article, pageAt, sidebar, viewOf } from '../../../src/server/web/content.js';

const page = (id: string, title: string, extra: Partial<PageRecord> = {}): PageRecord => ({
  id,
  title,
  type: 'document',
  markdown: '',
  createdAt: 't',
  updatedAt: 't',
  pages: [],
  ...extra,
});
const rev = (pages: PageRecord[]): RevisionRecord => ({
  id: `r${Math.random()}`,
  space: 's',
  parents: [],
  type: 'edits',
  createdAt: 't',
  pages,
  files: [],
  reusableContents: [],
  variables: {},
});
const a = { key: 'site', page: (path: string) => `/site/${path}`, file: () => '/file' };

describe('the sidebar and the pager of a rendered revision', () => {
  const pages = [
    page('home', 'GitBook documentation', { gitPath: 'README.md' }),
    page('quick', 'The complete guide to publishing docs', { gitPath: 'guides/complete-guide.md', linkTitle: 'How to publish docs' }),
    {
      ...page('grp', 'Get Started', { slug: 'getting-started' }),
      type: 'group' as const,
      pages: [
        page('inline', 'Inline content', { gitPath: 'create-content/inline.md' }),
        { ...page('buttons', 'Buttons', { target: { page: 'inline', anchor: 'buttons' } }), type: 'link' as const },
        { ...page('ext', 'Custom blocks', { href: 'https://example.com/blocks', linkTitle: 'Blocks' }), type: 'link' as const },
      ],
    },
  ];
  const v = viewOf(rev(pages));

  it('names pages by their navigation label, and links a link page to its page and anchor', () => {
    const html = sidebar(v.rev.pages, v, 'home', a);
    expect(html).toContain('<a href="/site/guides/complete-guide">How to publish docs</a>');
    expect(html).not.toContain('The complete guide to publishing docs');
    expect(html).toContain('<div class="group">Get Started</div>');
    expect(html).toContain('<a href="/site/create-content/inline#buttons">Buttons</a>');
    expect(html).toContain('<a href="https://example.com/blocks" rel="noopener noreferrer">Blocks ↗</a>');
  });

  it('shows the title in the article and the labels in previous and next', () => {
    const html = article(v, pageAt(v, 'guides/complete-guide') as never, a);
    expect(html).toContain('<h1>The complete guide to publishing docs</h1>');
    expect(html).toContain('<a rel="prev" href="/site/">← GitBook documentation</a>');
    const home = article(v, pageAt(v, '') as never, a);
    expect(home).toContain('<a rel="next" href="/site/guides/complete-guide">How to publish docs →</a>');
  });

  it('serves the home page (README.md) at the root even when another page comes first', () => {
    const first = viewOf(rev([page('intro', 'Intro', { gitPath: 'intro.md' }), page('home', 'Home', { gitPath: 'README.md' })]));
    expect(pageAt(first, '')?.page.id).toBe('home');
  });
});

import { describe, expect, it } from 'vitest';
import type { PageRecord } from '../../../src/lib/page-record.js';
import { sidebar, viewOf } from '../../../src/server/web/content.js';
import { page, revision } from '../lib/links-fixture.js';

const link = (id: string, href: string): PageRecord => page(id, id, '', { type: 'link', href });

describe('link pages in the sidebar', () => {
  it('link to http(s) targets only; any other scheme renders without an href', () => {
    const pages = [
      link('web', 'https://example.com/x'),
      link('plain', 'http://example.com'),
      link('js', 'javascript:alert(1)'),
      link('js2', ' JavaScript:alert(1)'),
      link('data', 'data:text/html,<script>alert(1)</script>'),
      link('vb', 'vbscript:x'),
      link('rel', '//evil.example'),
    ];
    const rev = revision('r-sidebar-links', pages);
    const html = sidebar(pages, viewOf(rev), undefined, { key: 'p', page: (p) => `/p/${p}`, file: () => '#' });
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual(['https://example.com/x', 'http://example.com']);
    expect(html).toContain('>js ↗</a>');
  });
});

import { describe, expect, it } from 'vitest';
import { Anchors, slugOf } from '../../../../src/server/lib/render/anchors.js';
import { renderHtml } from '../../../../src/server/lib/render/markdown.js';

const ids = (md: string) => renderHtml(md).headings.map((h) => h.id);

describe('heading anchors, made as the platform makes them', () => {
  // Each pair: a heading of a real Git Sync repository and the anchor its in-site links use.
  it.each([
    ['Release 4.9', 'release-4.9'],
    ['llms-full.txt and .md support for LLMs', 'llms-full.txt-and-.md-support-for-llms'],
    ['1. Create a new application in Auth0', 'id-1.-create-a-new-application-in-auth0'],
    ['2. Install and configure the Azure AD integration', 'id-2.-install-and-configure-the-azure-a-d-integration'],
    ['1: Ad-hoc experiments', 'id-1-a-d-hoc-experiments'],
    ['Change your site’s settings', 'change-your-site-s-settings'],
    ['Data Processing Addendum (DPA)', 'data-processing-addendum-dpa'],
    ['Event Tracker Status', 'event-tracker-status'],
    ['\u200bSet up on GitBook', 'set-up-on-gitbook'],
    ['Adaptive content', 'adaptive-content'],
  ])('%s → %s', (text, anchor) => {
    expect(slugOf(text)).toBe(anchor);
  });

  it('takes the text a heading shows: markup, code and inline HTML tags left out', () => {
    expect(ids('### Name<mark style="color:red;">\\*</mark>\n\n### `createComponent()`\n\n### _**users**_**\u200c**')).toEqual([
      'name',
      'createcomponent',
      'users',
    ]);
  });

  it('uses the anchor written at the end of a heading, and prints no trace of it', () => {
    const out = renderHtml('## Table of contents <a href="#the-table-of-contents" id="the-table-of-contents"></a>\n\n### Users <a id="user"></a>\n');
    expect(out.headings.map((h) => [h.id, h.text])).toEqual([
      ['the-table-of-contents', 'Table of contents'],
      ['user', 'Users'],
    ]);
    expect(out.html).toContain('<h2 id="the-table-of-contents">Table of contents</h2>');
    expect(out.html).toContain('<h3 id="user">Users</h3>');
    expect(out.html).not.toContain('<a');
  });

  it('keeps anchors unique: a repeat is numbered, a written anchor is never taken by a made one', () => {
    expect(ids('## Setup\n\n## Setup\n\n## Setup\n')).toEqual(['setup', 'setup-1', 'setup-2']);
    expect(ids('## Intro\n\n## Other <a href="#intro" id="intro"></a>\n')).toEqual(['intro-1', 'intro']);
    const a = new Anchors();
    expect([a.make('!!!'), a.make('')]).toEqual(['section', 'section-1']);
  });

  it('anchors headings written as HTML and expandable blocks by their summary, after the markdown ones', () => {
    const out = renderHtml('<h3 align="center">Centred title</h3>\n\n<details>\n<summary>Admin</summary>\n\nText.\n\n</details>\n\n## Admin\n');
    expect(out.html).toContain('<h3 align="center" id="centred-title">Centred title</h3>');
    expect(out.html).toContain('<details id="admin-1">');
    expect(out.html).toContain('<h2 id="admin">Admin</h2>');
  });
});

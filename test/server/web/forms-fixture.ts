import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { api, type TestServer } from '../../helpers/server.js';
import { PNG, writeTree } from '../../helpers/sync-folder.js';

/**
 * A Git Sync folder whose pages hold each content form the platform writes, a few lines of
 * structure each, as real repositories have them: HTML figures and pictures with percent-encoded
 * asset names, card tables, expandable blocks, coloured text, mentions, icons, tabs with escaped
 * titles, steppers, updates, columns, page and file cards, embeds, task lists, and headings whose
 * anchors other pages link to.
 */
export const FORMS: Record<string, string | Buffer> = {
  'SUMMARY.md': '# Table of contents\n\n* [Forms](README.md)\n* [Guide](guide/README.md)\n  * [Steps](guide/steps.md)\n',
  'README.md': [
    '# Forms',
    '',
    '<figure><img src=".gitbook/assets/image%20(1).png" alt="A screenshot"><figcaption><p>The caption</p></figcaption></figure>',
    '',
    'Open the **menu** <picture><source srcset=".gitbook/assets/menu_dark (1).png" media="(prefers-color-scheme: dark)"><img src=".gitbook/assets/menu (1).png" alt="The menu icon"></picture> and pick one.',
    '',
    'A <mark style="color:red;">red word</mark>, a key <kbd>⌘</kbd> and an icon <i class="fa-globe">:globe:</i>; see <a data-mention href="guide/steps.md">steps.md</a>.',
    '',
    '<p align="center"><button type="button" class="button primary" data-action="ask" data-icon="gitbook-assistant">Ask a question...</button></p>',
    '',
    '<details>',
    '',
    '<summary>More details</summary>',
    '',
    'Hidden until opened.',
    '',
    '</details>',
    '',
    '{% tabs %}',
    '{% tab title="iOS \\(AEP 3.x\\)" %}',
    'Text for iOS.',
    '{% endtab %}',
    '',
    '{% tab title="Android" %}',
    'Text for Android.',
    '{% endtab %}',
    '{% endtabs %}',
    '',
    '- [ ] To do',
    '- [x] Done',
    '',
    '{% content-ref url="guide/steps.md" %}',
    '[steps.md](guide/steps.md)',
    '{% endcontent-ref %}',
    '',
    '{% file src=".gitbook/assets/handbook%20(2).pdf" %}',
    'The handbook.',
    '{% endfile %}',
    '',
    '{% embed url="https://www.youtube.com/watch?v=dQw4w9WgXcQ" %}',
    '',
    'Jump to [step one](guide/steps.md#id-1.-install-the-tool), [the release](guide/steps.md#release-4.9), <a href="guide/steps.md#kept-anchor">the old title</a>, [Azure AD](guide/steps.md#setting-up-azure-a-d) and [the FAQ entry](guide/steps.md#why-so-many-steps).',
    '',
  ].join('\n'),
  'guide/README.md': [
    '# Guide',
    '',
    '<table data-view="cards"><thead><tr><th></th><th></th><th data-hidden data-card-target data-type="content-ref"></th><th data-hidden data-card-cover data-type="files"></th></tr></thead><tbody><tr><td><strong>Steps</strong></td><td>Every step.</td><td><a href="steps.md">steps.md</a></td><td><a href="../.gitbook/assets/cover%20(3).png">cover (3).png</a></td></tr><tr><td><strong>Home</strong></td><td>Back to the start.</td><td><a href="../">..</a></td><td></td></tr></tbody></table>',
    '',
  ].join('\n'),
  'guide/steps.md': [
    '# Steps',
    '',
    '{% stepper %}',
    '{% step %}',
    '### 1. Install the tool',
    '',
    'Run the installer.',
    '{% endstep %}',
    '',
    '{% step %}',
    '### 2. Configure it',
    '',
    'Edit the file.',
    '{% endstep %}',
    '{% endstepper %}',
    '',
    ...Array.from({ length: 40 }, (_, i) => `Filler paragraph ${i + 1}, so that an anchor far down the page has to scroll.\n`),
    '## Release 4.9',
    '',
    '{% updates format="full" %}',
    '{% update date="2025-12-25" tags="beta" %}',
    '#### A new update',
    '',
    'Something changed.',
    '{% endupdate %}',
    '{% endupdates %}',
    '',
    '{% columns %}',
    '{% column %}',
    'Left column.',
    '{% endcolumn %}',
    '',
    '{% column %}',
    'Right column.',
    '{% endcolumn %}',
    '{% endcolumns %}',
    '',
    ...Array.from({ length: 20 }, (_, i) => `More filler ${i + 1}.\n`),
    '## Today’s title <a href="#kept-anchor" id="kept-anchor"></a>',
    '',
    '## Setting up Azure AD',
    '',
    '<details>',
    '',
    '<summary>Why so many steps?</summary>',
    '',
    'Because.',
    '',
    '</details>',
    '',
    ...Array.from({ length: 20 }, (_, i) => `Last filler ${i + 1}.\n`),
  ].join('\n'),
  '.gitbook/assets/image (1).png': PNG,
  '.gitbook/assets/menu (1).png': PNG,
  '.gitbook/assets/menu_dark (1).png': PNG,
  '.gitbook/assets/cover (3).png': PNG,
  '.gitbook/assets/handbook (2).pdf': Buffer.from('%PDF-1.4\n%%EOF\n'),
};

/** The anchors the links of README.md point at, in order. */
export const LINKED_ANCHORS = ['id-1.-install-the-tool', 'release-4.9', 'kept-anchor', 'setting-up-azure-a-d', 'why-so-many-steps'];

export interface FormsSite {
  space: string;
  /** The published address of the site's first page. */
  url: string;
}

/** The folder imported into a new space, in a published public site. */
export async function formsSite(s: TestServer, dir: string): Promise<FormsSite> {
  const root = writeTree(join(dir, `forms-${Math.random().toString(36).slice(2)}`), FORMS);
  const space = (await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'Forms' })).body.id as string;
  const imp = await api(s, 'POST', `/spaces/${space}/content/import`, { url: pathToFileURL(root).href, source: 'markdown' });
  if (imp.status !== 201) throw new Error(JSON.stringify(imp.body));
  const site = (await api(s, 'POST', `/orgs/${s.org}/sites`, { title: 'Forms', visibility: 'public', spaces: [space] })).body;
  const published = (await api(s, 'POST', `/orgs/${s.org}/sites/${site.id as string}/publish`)).body;
  return { space, url: published.urls.published as string };
}

import { describe, expect, it } from 'vitest';
import { renderHtml, type HtmlOptions } from '../../../../src/server/lib/render/markdown.js';

/** Resolvers as a site gives them: assets by name, `.md` paths to pages with titles. */
const SITE: HtmlOptions = {
  resolveImage: (src) => {
    const m = /\.gitbook\/assets\/(.+)$/.exec(src);
    return m ? `/files/${encodeURIComponent(decodeURIComponent(m[1] as string))}` : undefined;
  },
  resolveLink: (href) => {
    const asset = /\.gitbook\/assets\/(.+)$/.exec(href);
    if (asset) return `/files/${encodeURIComponent(decodeURIComponent(asset[1] as string))}`;
    const m = /^(?:\.\.\/)*([\w/-]+)\.md(#.*)?$/.exec(href);
    return m ? `/site/${m[1]}${m[2] ?? ''}` : undefined;
  },
  linkTitle: (href) => (/install\.md/.test(href) ? 'Install the tool' : undefined),
};
const html = (md: string, o: HtmlOptions = SITE) => renderHtml(md, o).html;

describe('the platform blocks', () => {
  it('renders hints, code titles, line numbers and wrapping', () => {
    expect(html('{% hint style="warning" %}\nCareful **now**\n{% endhint %}')).toContain(
      '<div class="hint hint-warning" role="note">\n<p>Careful <strong>now</strong></p>',
    );
    const code = html('{% code title="app.js" overflow="wrap" lineNumbers="true" %}\n```js\nlet a;\nlet b;\n```\n{% endcode %}');
    expect(code).toContain('<figure class="code-block code-wrap"><figcaption>app.js</figcaption>');
    expect(code).toContain(
      '<pre class="line-numbers"><code class="language-js"><span class="line">let a;</span>\n<span class="line">let b;</span></code></pre>',
    );
  });

  it('renders tabs as radio buttons and labels (CSS switches them), titles unescaped', () => {
    const out = html(
      '{% tabs %}\n{% tab title="iOS \\(AEP 3.x\\)" %}\nOne\n{% endtab %}\n\n{% tab title="Android" %}\nTwo\n{% endtab %}\n{% endtabs %}\n\n{% tabs %}\n{% tab title="Only" %}\nThree\n{% endtab %}\n{% endtabs %}',
    );
    expect(out).toContain(
      '<input type="radio" class="tab-radio" name="gb_tabs_1" id="gb_tabs_1_1" checked /><label class="tab-label" for="gb_tabs_1_1">iOS (AEP 3.x)</label><div class="tab-panel">\n<p>One</p>\n</div>',
    );
    expect(out).toContain(
      '<input type="radio" class="tab-radio" name="gb_tabs_1" id="gb_tabs_1_2" /><label class="tab-label" for="gb_tabs_1_2">Android</label>',
    );
    expect(out).toContain('id="gb_tabs_2_1" checked');
    expect(out).not.toContain('\\(');
  });

  it('renders steppers, columns and updates as blocks', () => {
    const out = html(
      [
        '{% stepper %}\n{% step %}\n### Install\n\nRun it.\n{% endstep %}\n\n{% step %}\nDone.\n{% endstep %}\n{% endstepper %}',
        '{% columns %}\n{% column width="50%" %}\nLeft\n{% endcolumn %}\n\n{% column %}\nRight\n{% endcolumn %}\n{% endcolumns %}',
        '{% updates format="full" %}\n{% update date="2025-12-25" tags="beta, api" %}\n## A new update\n\nText.\n{% endupdate %}\n{% endupdates %}',
      ].join('\n\n'),
    );
    expect(out).toContain('<ol class="stepper">\n<li class="step"><div class="step-body">\n<h3 id="install">Install</h3>');
    expect((out.match(/<li class="step">/g) ?? []).length).toBe(2);
    expect(out).toContain('<div class="columns">\n<div class="column">\n<p>Left</p>\n</div>\n<div class="column">\n<p>Right</p>');
    expect(out).toContain(
      '<section class="update"><div class="update-meta"><time datetime="2025-12-25">December 25, 2025</time><span class="tag">beta</span><span class="tag">api</span></div><div class="update-body">\n<h2 id="a-new-update">A new update</h2>',
    );
  });

  it('renders page cards with the page title, file cards with name and download link, embeds with their URL', () => {
    const out = html(
      [
        '{% content-ref url="install.md" %}\n[install.md](install.md)\n{% endcontent-ref %}',
        '{% content-ref url="./" %}\n[.](./)\n{% endcontent-ref %}',
        '{% file src="../.gitbook/assets/example%20(1).pdf" %}\nThe caption.\n{% endfile %}',
        '{% embed url="https://www.youtube.com/watch?v=x" %}\nA video.\n{% endembed %}',
      ].join('\n\n'),
    );
    expect(out).toContain('<div class="content-ref"><a class="page-card" href="/site/install"><span class="page-card-title">Install the tool</span></a>');
    expect(out).toContain('<span class="page-card-title">./</span>');
    expect(out).not.toContain('install.md</a>');
    expect(out).toContain(
      '<div class="file-card"><a class="file-link" href="/files/example%20(1).pdf" download="example (1).pdf"><span class="file-name">example (1).pdf</span><span class="file-action">Download</span></a>\n<p>The caption.</p>',
    );
    expect(out).toContain(
      '<div class="embed-card"><a class="embed-link" href="https://www.youtube.com/watch?v=x" rel="noopener noreferrer"><span class="embed-host">www.youtube.com</span><span class="embed-url">https://www.youtube.com/watch?v=x</span></a>\n<p>A video.</p>',
    );
  });

  it('shows a caption written as an attribute, as GitBook wrote file and embed blocks before', () => {
    const out = html(
      '{% file src="../.gitbook/assets/rohs.pdf" caption="RoHS <Declaration>" %}\n\n{% embed url="https://www.youtube.com/watch?v=x" caption="A video" %}',
    );
    expect(out).toContain('<span class="file-action">Download</span></a><p>RoHS &lt;Declaration&gt;</p>');
    expect(out).toContain('<span class="embed-url">https://www.youtube.com/watch?v=x</span></a><p>A video</p>');
  });

  it('renders task lists as disabled checkboxes', () => {
    const out = html('- [ ] To do\n- [x] Done\n  - [ ] Nested\n- plain');
    expect(out).toContain('<li class="task-item"><input type="checkbox" class="task-box" disabled /> To do</li>');
    expect(out).toContain('<li class="task-item"><input type="checkbox" class="task-box" disabled checked /> Done');
    expect(out).toContain('<li>plain</li>');
  });

  it('prints no tag source: unknown blocks keep their content, stray tags vanish', () => {
    const out = html(
      '{% if visitor.claims.beta %}\nFor beta users.\n{% endif %}\n\n{% endhint %}\n\n{% include "../.gitbook/includes/shared.md" %}\n\n{% vars %}\n',
    );
    expect(out).toContain('<p>For beta users.</p>');
    expect(out).toContain('Reusable content: shared');
    expect(out).not.toContain('{%');
  });
});

describe('the HTML forms Git Sync writes', () => {
  it('shows figures and pictures with their images resolved to files, percent-encoded names included', () => {
    const out = html(
      '<figure><img src="../.gitbook/assets/image%20(1).png" alt="A screenshot"><figcaption><p>The caption</p></figcaption></figure>\n\nOpen the menu <picture><source srcset="../.gitbook/assets/menu_dark (1).svg" media="(prefers-color-scheme: dark)"><source srcset="../.gitbook/assets/wide.png 2x" media="(min-width: 800px)"><img src="../.gitbook/assets/menu (1).svg" alt="Menu"></picture> now.',
    );
    expect(out).toContain('<figure><img src="/files/image%20(1).png" alt="A screenshot" loading="lazy" /><figcaption><p>The caption</p></figcaption></figure>');
    expect(out).toContain(
      '<picture><source srcset="/files/wide.png 2x" media="(min-width: 800px)" /><img src="/files/menu%20(1).svg" alt="Menu" loading="lazy" /></picture>',
    );
    expect(out).not.toContain('menu_dark');
  });

  it('shows card tables as cards: cover, shown cells, a link over the card; hidden columns left out', () => {
    const out = html(
      '<table data-view="cards" data-card-size="large"><thead><tr><th></th><th></th><th data-hidden data-card-target data-type="content-ref"></th><th data-hidden data-card-cover data-type="files"></th><th data-hidden>Notes</th></tr></thead><tbody><tr><td><i class="fa-globe">:globe:</i> <strong>Sites</strong></td><td>Publish your docs.</td><td><a href="../getting-started/install.md">install.md</a></td><td><a href="../.gitbook/assets/cover%20(2).png">cover (2).png</a></td><td>internal note</td></tr></tbody></table>',
    );
    expect(out).toContain(
      '<div class="cards cards-large"><div class="card"><img class="card-cover" src="/files/cover%20(2).png" alt="" loading="lazy" /><div class="card-body"><div class="card-field"><span class="icon" role="img" aria-label="globe"></span> <strong>Sites</strong></div><div class="card-field">Publish your docs.</div></div><a class="card-link" href="/site/getting-started/install" aria-label="Sites"></a></div></div>',
    );
    expect(out).not.toContain('internal note');
    expect(out).not.toContain(':globe:');
    expect(out).not.toContain('<table');
  });

  it('shows a page mention written in markdown by the page title, as one written in HTML', () => {
    const out = html('See [install.md](../getting-started/install.md "mention") and [the FAQ](faq.md "FAQ").');
    expect(out).toContain('See <a href="/site/getting-started/install" class="mention">Install the tool</a>');
    expect(out).toContain('<a href="/site/faq" title="FAQ">the FAQ</a>');
  });

  it('leaves out the header row of a table whose header is hidden, as Git Sync writes it', () => {
    const out = html(
      '<table data-header-hidden><thead><tr><th width="108"></th><th>Colour</th></tr></thead><tbody><tr><td>Group 1</td><td>Cyan</td></tr></tbody></table>',
    );
    expect(out).toContain('<table><tbody><tr><td>Group 1</td><td>Cyan</td></tr></tbody></table>');
    expect(out).not.toContain('<thead');
    expect(html('<table><thead><tr><th>Group</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>')).toContain('<thead><tr><th>Group</th></tr></thead>');
  });

  it('shows expandable blocks, coloured text, page mentions, anchors, aligned text, keys and buttons', () => {
    const out = html(
      [
        '<details open>\n<summary>More</summary>\n\nHidden **text**.\n\n</details>',
        'A <mark style="color:orange;background-color:purple;">warning</mark> and <mark style="color:red;background:url(javascript:alert(1))">red</mark> and <mark style="color:#123;font-size:90px">plain</mark>.',
        'See <a data-mention href="../getting-started/install.md">install.md</a> and <a href="#top" id="top"></a>.',
        '<p align="center">Centred <kbd>⌘</kbd> + <kbd>K</kbd></p>',
        '<p align="center"><button type="submit" class="button primary" data-action="ask" onclick="alert(1)">Ask</button></p>',
        '<a href="https://example.com" class="button secondary">Go</a>',
        '<table><thead><tr><th width="120">A</th></tr></thead><tbody><tr><td style="text-align:left;color:red" valign="top">1</td></tr></tbody></table>',
      ].join('\n\n'),
    );
    expect(out).toContain('<details open id="more">\n<summary>More</summary>\n<p>Hidden <strong>text</strong>.</p>\n</details>');
    expect(out).toContain('<mark class="mark-orange mark-bg-purple">warning</mark>');
    expect(out).toContain('<mark class="mark-red">red</mark>');
    expect(out).toContain('<mark>plain</mark>');
    expect(out).toContain('<a href="/site/getting-started/install" class="mention">Install the tool</a>');
    expect(out).toContain('<a href="#top" id="top"></a>');
    expect(out).toContain('<p align="center">Centred <kbd>⌘</kbd> + <kbd>K</kbd></p>');
    expect(out).toContain('<p align="center"><button type="button" class="button primary">Ask</button></p>');
    expect(out).toContain('<a href="https://example.com" class="button secondary" rel="noopener noreferrer">Go</a>');
    expect(out).toContain('<th>A</th>');
    expect(out).toContain('<td style="text-align:left" valign="top">1</td>');
  });

  it('titles HTML code blocks and keeps their highlighted lines', () => {
    const out = html(
      '<pre class="language-yaml" data-title=".gitbook.yaml" data-overflow="wrap"><code class="lang-yaml"><strong>root: ./\n</strong>redirects: {}\n</code></pre>',
    );
    expect(out).toContain(
      '<figure class="code-block"><figcaption>.gitbook.yaml</figcaption><pre class="language-yaml code-wrap"><code class="lang-yaml"><strong>root: ./\n</strong>redirects: {}\n</code></pre></figure>',
    );
  });
});

describe('what never gets through', () => {
  const ATTACKS = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)" data-mention>x</a>',
    '<iframe src="https://evil.example"></iframe>',
    '<object data="x.swf"></object><embed src="x.swf">',
    '<svg onload=alert(1)><circle r="1"/></svg>',
    '<style>body{display:none}</style>',
    '<form action="https://evil.example"><input type="text" name="q"><input type="submit"></form>',
    '<div style="position:fixed;inset:0" onclick="alert(1)">cover</div>',
    '<picture><source srcset="javascript:alert(1)"><img src="data:text/html,<script>alert(1)</script>"></picture>',
    '<meta http-equiv="refresh" content="0;url=https://evil.example"><base href="https://evil.example/">',
    '<button formaction="https://evil.example" type="submit">b</button>',
    '<a href="//evil.example/x">protocol-relative</a>',
    '[md](javascript:alert(1)) ![img](javascript:alert(1))',
    '{% embed url="javascript:alert(1)" %}\n\n{% file src="javascript:alert(1)" %}\n\n{% content-ref url="javascript:alert(1)" %}\n[x](x)\n{% endcontent-ref %}',
    '{% tab title="x\\"><img src=x onerror=alert(1)>" %}\nt\n{% endtab %}',
  ];

  it.each(ATTACKS)('%s', (attack) => {
    const out = html(`# Page\n\n${attack}\n`);
    expect(out).not.toMatch(/<(script|iframe|object|embed|svg|style|form|meta|base)\b/i);
    expect(out).not.toMatch(/\son\w+\s*=/i);
    expect(out).not.toMatch(/(href|src|srcset|action|data)\s*=\s*"[^"]*javascript:/i);
    expect(out).not.toMatch(/(href|src|srcset|action|formaction)\s*=\s*"(?:\/\/|data:text)/i);
    expect(out).not.toMatch(/\sstyle=/i);
    expect(out).not.toMatch(/<input(?![^>]*type="(radio|checkbox)")/i);
  });

  it('gives the same output for the same page and resolvers (cacheable per revision and page)', () => {
    const page = ATTACKS.join('\n\n') + '\n\n{% tabs %}\n{% tab title="A" %}\na\n{% endtab %}\n{% endtabs %}\n\n## Setup\n\n## Setup';
    expect(renderHtml(page, SITE)).toEqual(renderHtml(page, SITE));
  });
});

import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../../../src/server/lib/render/markdown.js';

const PAGE = `# Hello <script>alert(1)</script>

{% hint style="warning" %}
Careful **now** [x](javascript:alert(1))
{% endhint %}

{% tabs %}
{% tab title="One" %}
1. a
2. b
{% endtab %}
{% tab title="Two"><img src=x onerror=alert(1)>" %}
text
{% endtab %}
{% endtabs %}

{% code title="app.js" %}
\`\`\`js
console.log(1)
\`\`\`
{% endcode %}

{% embed url="https://example.com/video" %}

{% embed url="javascript:alert(1)" %}
Caption
{% endembed %}

| a | b |
|---|---|
| 1 | 2 |

![logo](.gitbook/assets/logo.png)

<img src=x onerror=alert(1)>

## Hello
`;

describe('renderHtml', () => {
  const out = renderHtml(PAGE, { resolveImage: (s) => `/files/${s}` });

  it('renders the platform blocks', () => {
    expect(out.html).toContain('<div class="hint hint-warning" role="note">');
    expect(out.html).toContain('<section class="tab"><h4 class="tab-title">One</h4>');
    expect(out.html).toContain('<ol>');
    expect(out.html).toContain('<figcaption>app.js</figcaption>');
    expect(out.html).toContain('<code class="language-js">');
    expect(out.html).toContain('<a href="https://example.com/video"');
    expect(out.html).toContain('<table>');
    expect(out.html).toContain('src="/files/.gitbook/assets/logo.png"');
  });

  it('never lets markup or script URLs through', () => {
    expect(out.html).not.toMatch(/<script/i);
    expect(out.html).not.toMatch(/<[a-z]+[^>]*\son\w+\s*=/i);
    expect(out.html).not.toMatch(/(href|src)\s*=\s*"\s*javascript:/i);
    expect(out.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('anchors headings, unique in the page', () => {
    expect(out.headings.map((h) => h.id)).toEqual(['hello-script-alert-1-script', 'hello']);
  });
});

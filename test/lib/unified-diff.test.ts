import { describe, expect, it } from 'vitest';
import { unifiedDiff } from '../../src/lib/unified-diff.js';

describe('unifiedDiff', () => {
  it('shows a change with three lines of context and git-style headers', () => {
    const before = ['# T', 'a', 'b', 'c', 'd', 'e', 'f', 'g'].join('\n');
    const after = ['# T', 'a', 'b', 'c', 'D', 'e', 'f', 'g'].join('\n');
    expect(unifiedDiff('p.md', before, after)).toBe(
      ['--- a/p.md', '+++ b/p.md', '@@ -2,7 +2,7 @@', ' a', ' b', ' c', '-d', '+D', ' e', ' f', ' g', ''].join('\n'),
    );
  });

  it('writes a new file and a removed one against /dev/null', () => {
    expect(unifiedDiff('n.md', undefined, 'x\ny\n')).toBe('--- /dev/null\n+++ b/n.md\n@@ -0,0 +1,2 @@\n+x\n+y\n');
    expect(unifiedDiff('o.md', 'x\n', undefined)).toBe('--- a/o.md\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-x\n');
  });

  it('keeps two distant changes in two hunks and a missing last newline out of it', () => {
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i}`);
    const changed = lines.map((l, i) => (i === 2 || i === 25 ? `${l}!` : l));
    const d = unifiedDiff('p.md', lines.join('\n'), `${changed.join('\n')}\n`);
    expect(d.match(/^@@/gm)).toHaveLength(2);
    expect(d).not.toContain('No newline');
  });

  it('shows a one-line edit of a large page as that line, not the page replaced', () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `line ${i}`);
    const changed = [...lines];
    changed[10_000] = 'edited';
    const d = unifiedDiff('big.md', lines.join('\n'), changed.join('\n'));
    expect(d.split('\n').filter((l) => /^[-+][^-+]/.test(l))).toEqual(['-line 10000', '+edited']);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapTargets, TargetMemo, type TargetKind, type TargetMap } from '../../../src/lib/gitsync/targets.js';

/** A map that records what it is asked, answering from a table (a target not in it is kept). */
function recorder(table: Record<string, string>) {
  const asked: [string, TargetKind][] = [];
  const fn: TargetMap = (t, kind) => {
    asked.push([t, kind]);
    return table[t];
  };
  return { fn, asked };
}

const TEXT = [
  '# Page',
  '',
  'See [a](a.md), ![logo](img/logo.png "Logo") and <a href="b.md#x">b</a>.',
  '',
  '{% content-ref url="c.md" %}',
  '[c.md](c.md)',
  '{% endcontent-ref %}',
  '',
  '```md',
  '[not a link](code.md)',
  '```',
  '',
  'And `[inline](span.md)` code, then [a again](a.md).',
].join('\n');

describe('mapTargets with a memo', () => {
  it('answers a text seen before from its last run, asking the map about every target in the same order', () => {
    const table = { 'a.md': 'page:A', 'img/logo.png': '.gitbook/assets/logo.png', 'c.md': 'page:C' };
    const plain = recorder(table);
    const expected = mapTargets(TEXT, plain.fn);
    expect(expected).toContain('[a](page:A)');
    expect(expected).toContain('[not a link](code.md)');
    const memo = new TargetMemo();
    for (let i = 0; i < 3; i++) {
      const r = recorder(table);
      expect(mapTargets(TEXT, r.fn, memo)).toBe(expected);
      expect(r.asked).toEqual(plain.asked);
    }
  });

  it('scans again when one answer differs, asking no target twice', () => {
    const memo = new TargetMemo();
    mapTargets(TEXT, recorder({ 'a.md': 'page:A', 'c.md': 'page:C' }).fn, memo);
    const changed = { 'a.md': 'page:A', 'c.md': 'page:C2', 'b.md#x': 'page:B#x' };
    const plain = recorder(changed);
    const expected = mapTargets(TEXT, plain.fn);
    const r = recorder(changed);
    expect(mapTargets(TEXT, r.fn, memo)).toBe(expected);
    expect(expected).toContain('href="page:B#x"');
    expect(r.asked).toEqual(plain.asked);
  });

  it('gives what a scan gives for any texts and answers, run after run', () => {
    const target = fc.constantFrom('a.md', 'b.md', 'img.png', 'c.md#x');
    const line = fc.oneof(
      target.map((t) => `[x](${t})`),
      target.map((t) => `![i](${t})`),
      target.map((t) => `<img src="${t}">`),
      target.map((t) => `\`[c](${t})\``),
      fc.constant('```'),
      fc.constant('plain text'),
    );
    const text = fc.array(line, { maxLength: 8 }).map((l) => l.join('\n'));
    const answers = fc.dictionary(fc.constantFrom('a.md', 'b.md', 'img.png', 'c.md#x'), fc.constantFrom('page:1', 'page:2', '.gitbook/assets/i.png'));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(0, 1, 2), answers), { minLength: 1, maxLength: 6 }),
        fc.array(text, { minLength: 3, maxLength: 3 }),
        (runs, texts) => {
          const memo = new TargetMemo(200);
          for (const [which, table] of runs) {
            const t = texts[which] as string;
            const plain = recorder(table);
            const r = recorder(table);
            expect(mapTargets(t, r.fn, memo)).toBe(mapTargets(t, plain.fn));
            expect(r.asked).toEqual(plain.asked);
          }
        },
      ),
    );
  });

  it('keeps no more text than it is given room for, dropping the least recently used first', () => {
    const memo = new TargetMemo(170); // room for two of these texts with their results (80 each)
    const a = `[a](a.md) ${'x'.repeat(30)}`;
    const b = `[b](b.md) ${'y'.repeat(30)}`;
    const c = `[c](c.md) ${'z'.repeat(30)}`;
    const fn: TargetMap = () => undefined;
    mapTargets(a, fn, memo);
    mapTargets(b, fn, memo);
    expect(memo.get(a)).toBeDefined(); // a used last: b is now the oldest
    mapTargets(c, fn, memo);
    expect(memo.get(b)).toBeUndefined();
    expect(memo.get(a)).toBeDefined();
    expect(memo.get(c)).toBeDefined();
  });
});

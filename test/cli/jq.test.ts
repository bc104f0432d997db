import { describe, expect, it } from 'vitest';
import { applyJq, checkJq } from '../../src/cli/jq.js';
import { runCli } from '../helpers/cli.js';

describe('--jq', () => {
  it('prints exactly what jq prints: strings raw with their own spaces and newlines, one line per output', async () => {
    expect(await applyJq({ a: '  padded  ' }, '.a')).toBe('  padded  \n');
    expect(await applyJq({ a: 'ends in a newline\n' }, '.a')).toBe('ends in a newline\n\n');
    expect(await applyJq('', '.')).toBe('\n');
    expect(await applyJq([1, 2], 'empty')).toBe('');
    expect(await applyJq([{ id: 'a' }, { id: 'b' }], '.[] | .id')).toBe('a\nb\n');
    expect(await applyJq({ a: [1, { b: 'é' }] }, '.')).toBe('{\n  "a": [\n    1,\n    {\n      "b": "é"\n    }\n  ]\n}\n');
    expect(await applyJq(null, '.')).toBe('null\n');
  });

  it('keeps a large document whole (the input is not cut or reordered)', async () => {
    const items = Array.from({ length: 20_000 }, (_, i) => ({ id: `s${i}`, title: `Space ${i} ✓` }));
    const out = await applyJq(items, '.[] | .id');
    expect(out.split('\n').slice(0, -1)).toEqual(items.map((i) => i.id));
    expect(await applyJq(items, 'map(.title) | join(",") | length')).toBe(`${items.map((i) => i.title).join(',').length}\n`);
  });

  it("refuses a filter that fails on the data, in jq's words", async () => {
    await expect(applyJq([1, 2], '.[] | error("boom")')).rejects.toThrow(/--jq: error \(at <stdin>:0\): boom/);
    await expect(applyJq({ a: 1 }, '.a | keys')).rejects.toThrow(/number \(1\) has no keys/);
  });

  it('compiles without running: a syntax error is refused, a filter that would never end is not run', async () => {
    await expect(checkJq('.[')).rejects.toThrow(/--jq: syntax error/);
    await expect(checkJq('nosuchfunction(1)')).rejects.toThrow(/nosuchfunction\/1 is not defined/);
    await expect(checkJq('.[] | error("only at run time")')).resolves.toBeUndefined();
    await expect(checkJq('last(range(1e12))')).resolves.toBeUndefined();
    await expect(checkJq('def f: .a; f # a comment')).resolves.toBeUndefined();
    // The binding that keeps the filter from running is not one a filter could use by accident.
    await expect(checkJq('$_')).rejects.toThrow(/\$_ is not defined/);
  });

  it('says what the filter writes on stderr (debug) on stderr, apart from the result', async () => {
    const lines: string[] = [];
    expect(await applyJq({ a: 1 }, 'debug | .a', (l) => lines.push(l))).toBe('1\n');
    expect(lines).toEqual(['["DEBUG:",{"a":1}]']);
    const r = await runCli(['api', 'endpoints', '--jq', 'first(.[] | debug) | .id']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('DEBUG');
    expect(r.stderr).toContain('["DEBUG:",{');
  });
});

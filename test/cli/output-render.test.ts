import { describe, expect, it } from 'vitest';
import type { Io } from '../../src/cli/context.js';
import { render } from '../../src/cli/output.js';

function io(): Io & { text: () => string } {
  let out = '';
  return {
    stdout: { write: (c) => ((out += String(c)), true), isTTY: true },
    stderr: { write: () => true },
    stdinIsTTY: false,
    env: {},
    readStdin: () => '',
    text: () => out,
  };
}

describe('a record on a terminal', () => {
  it('sums up a nested value: a list by its length, an object by its name or its number of fields', async () => {
    const o = io();
    await render(
      o,
      { id: 'x', mergeRules: { a: 1 }, permissions: { a: true, b: false }, tags: ['a', 'b', 'c'], owner: { id: 'u1' } },
      { mode: 'table', color: false },
    );
    const lines = o.text().split('\n');
    expect(lines).toContain('mergeRules   1 field');
    expect(lines).toContain('permissions  2 fields');
    expect(lines).toContain('tags         3');
    expect(lines).toContain('owner        u1');
  });

  it('lays a list out as a table under its headers', async () => {
    const o = io();
    await render(
      o,
      {
        items: [
          { id: 'a', title: 'One' },
          { id: 'bb', title: 'Two' },
        ],
      },
      { mode: 'table', color: false },
    );
    expect(o.text()).toBe(' ID    TITLE \n a     One   \n bb    Two   \n');
  });
});

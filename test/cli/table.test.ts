import { describe, expect, it } from 'vitest';
import { displayWidth, layoutTable } from '../../src/cli/table.js';

const bold = (t: string) => `\x1b[1m${t}\x1b[22m`;

describe('layoutTable', () => {
  it('pads each column to its widest cell, a space either side and two between', () => {
    const text = layoutTable(
      ['ID', 'TITLE'],
      [
        ['abc', 'Space 1'],
        ['abcdef', 'A longer title'],
      ],
    );
    expect(text.split('\n')).toEqual([' ID        TITLE          ', ' abc       Space 1        ', ' abcdef    A longer title ']);
  });

  it('styles the header without counting the style in its width', () => {
    const text = layoutTable(['ID', 'UPDATED'], [['x', '3 minutes ago']], bold);
    expect(text.split('\n')).toEqual([` ${bold('ID')}    ${bold('UPDATED')}       `, ' x     3 minutes ago ']);
  });

  it('counts wide characters as two columns and combining marks as none', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('文档')).toBe(4);
    expect(displayWidth('e\u0301')).toBe(1);
    const text = layoutTable(
      ['TITLE', 'N'],
      [
        ['文档', '1'],
        ['docs', '2'],
      ],
    );
    // Every line is as wide on screen, so the second column lines up.
    expect(new Set(text.split('\n').map(displayWidth))).toEqual(new Set([displayWidth(' TITLE    N ')]));
    expect(text.split('\n')[1]).toBe(' 文档     1 ');
  });

  it('prints a header alone when there are no rows', () => {
    expect(layoutTable(['ID'], [])).toBe(' ID ');
  });
});

import { describe, expect, it } from 'vitest';
import { layoutTable, widthFor } from '../../src/cli/table.js';

const bold = (t: string) => `\x1b[1m${t}\x1b[22m`;
const ascii = (t: string) => t.length;

describe('layoutTable', () => {
  it('pads each column to its widest cell, a space either side and two between', () => {
    const text = layoutTable(
      ['ID', 'TITLE'],
      [
        ['abc', 'Space 1'],
        ['abcdef', 'A longer title'],
      ],
      ascii,
    );
    expect(text.split('\n')).toEqual([' ID        TITLE          ', ' abc       Space 1        ', ' abcdef    A longer title ']);
  });

  it('styles the header without counting the style in its width', () => {
    const text = layoutTable(['ID', 'UPDATED'], [['x', '3 minutes ago']], ascii, bold);
    expect(text.split('\n')).toEqual([` ${bold('ID')}    ${bold('UPDATED')}       `, ' x     3 minutes ago ']);
  });

  it('counts wide characters as two columns and combining marks as none', async () => {
    const head = ['TITLE', 'N'];
    const rows = [
      ['文档', '1'],
      ['docs', '2'],
    ];
    const width = await widthFor([...head, ...rows.flat()]);
    expect(width('abc')).toBe(3);
    expect(width('文档')).toBe(4);
    expect(width('e\u0301')).toBe(1);
    const text = layoutTable(head, rows, width);
    // Every line is as wide on screen, so the second column lines up.
    expect(new Set(text.split('\n').map(width))).toEqual(new Set([width(' TITLE    N ')]));
    expect(text.split('\n')[1]).toBe(' 文档     1 ');
  });

  it('measures printable ASCII by its length', async () => {
    const width = await widthFor(['abc', 'Space 1']);
    expect(width('abc')).toBe(3);
    // string-width would count the tab as none; the ASCII measure takes every character as one.
    expect(width('a\tb')).toBe(3);
  });

  it('prints a header alone when there are no rows', () => {
    expect(layoutTable(['ID'], [], ascii)).toBe(' ID ');
  });
});

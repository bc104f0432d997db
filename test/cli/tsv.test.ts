import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { header, tsvField } from '../../src/cli/output.js';
import { runCli } from '../helpers/cli.js';
import { RAW_CONTROL, tsvRecordOf, tsvUnescape } from '../helpers/tsv.js';
import { tempDir } from '../helpers/server.js';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

const unescape = tsvUnescape;

describe('tab-separated rows', () => {
  it('round-trip values with tabs, newlines, carriage returns and backslashes', () => {
    for (const v of [
      'plain',
      'a\tb',
      'line 1\nline 2',
      'back\\slash',
      'crlf\r\n',
      '\\t is not a tab',
      '',
      '\x1b]0;title\x07',
      'a\x9b2Jb',
      'x\u202eevil',
      '\\x1b is text',
    ]) {
      const f = tsvField(v);
      expect(f).not.toMatch(/[\t\n]/);
      expect(f).not.toMatch(RAW_CONTROL);
      expect(unescape(f)).toBe(v);
    }
  });

  it('keep a comment with newlines and tabs on one line, and print nested objects as JSON', async () => {
    const store = join(tmp.dir, 'tsv.json');
    const gb = (args: string[]) => runCli(['--store', store, ...args]);
    const space = JSON.parse((await gb(['spaces', 'create', '--title', 'T', '--json', 'id'])).stdout).id as string;
    const text = 'first line\nsecond\tcolumn \\ end';
    expect((await gb(['comments', 'create', space, '--markdown', text])).code).toBe(0);
    const rows = (await gb(['comments', 'list', space])).stdout;
    expect(rows.split('\n').filter(Boolean)).toHaveLength(1);
    const fields = rows.trimEnd().split('\t').map(unescape);
    expect(fields).toContain(text.trim());
    const view = tsvRecordOf((await gb(['spaces', 'get', space])).stdout);
    expect(JSON.parse(view.urls as string)).toMatchObject({ app: expect.stringMatching(/^(http|gbctl:)/) as unknown });
    expect(JSON.parse(view.permissions as string)).toMatchObject({ admin: true });
    expect(view.title).toBe('T');
  });

  it('head columns with words', () => {
    expect(header('updatedAt')).toBe('UPDATED');
    expect(header('siteSpaces')).toBe('SITE SPACES');
    expect(header('postedBy.displayName')).toBe('DISPLAY NAME');
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeLine, safeText } from '../../src/cli/terminal-text.js';
import { runCli } from '../helpers/cli.js';
import { runInPty, terminalTests } from '../helpers/pty.js';
import { tempDir } from '../helpers/server.js';
import { RAW_CONTROL, tsvUnescape } from '../helpers/tsv.js';

/** Titles an API could hand back to retitle the window, clear the screen, overwrite a line or reverse text. */
const HOSTILE = {
  osc: 'osc \x1b]0;pwned\x07 title',
  csi: 'csi \x1b[2J\x1b[H clear',
  cr: 'cr honest\rX overwrite',
  bidi: 'bidi \u202eevil\u202c \u2066iso\u2069 \u200fmark',
  c1: 'c1 \x9b2J \x85 next',
  bs: 'bs abc\b\b\bxyz \x7f del',
};
/** The escape sequences themselves, which must never come out raw. */
const SEQUENCES = ['\x1b]0;', '\x07', '\x1b[2J', '\r', '\u202e', '\u2066', '\u200f', '\x9b', '\x85', '\b', '\x7f'];

const terminal = terminalTests();
const tmp = tempDir('gbctl-terminal-');
const store = join(tmp.dir, 'store.json');
const gb = (args: string[], opts: { tty?: boolean; env?: Record<string, string> } = {}) => runCli(['--store', store, ...args], opts);
const ids: Record<string, string> = {};
let space = '';
let page = '';
let server: Server;
let hostileUrl = '';

/** Nothing in `text` a terminal would act on: no control or bidirectional character but newline and tab. */
function expectSafe(text: string, where: string): void {
  expect(text, where).not.toMatch(RAW_CONTROL);
}

beforeAll(async () => {
  for (const [k, title] of Object.entries(HOSTILE)) {
    const r = await gb(['spaces', 'create', '--title', title, '--json', 'id']);
    expect(r.code, r.stderr).toBe(0);
    ids[k] = (JSON.parse(r.stdout) as { id: string }).id;
  }
  space = ids.osc as string;
  const cr = await gb(['change-requests', 'create', space, '--subject', HOSTILE.csi, '--json', 'number']);
  expect(cr.code, cr.stderr).toBe(0);
  const made = await gb(['pages', 'create', space, '1', '--title', 'Page', '--markdown', Object.values(HOSTILE).join('\n\n'), '--json', 'id']);
  expect(made.code, made.stderr).toBe(0);
  page = (JSON.parse(made.stdout) as { id: string }).id;
  // A server whose every answer is an error quoting hostile text.
  server = createServer((_req, res) => {
    res.writeHead(409, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { code: 409, message: `conflict with ${HOSTILE.osc} ${HOSTILE.bidi} ${HOSTILE.c1}` } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  hostileUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  tmp.cleanup();
});

describe('text from the API on a terminal', () => {
  it('escapes every control and bidirectional character, keeping newlines and tabs only in text of several lines', () => {
    for (const t of Object.values(HOSTILE)) {
      expect(safeLine(t)).not.toMatch(/[\n\t]/);
      expectSafe(safeLine(t), t);
      expectSafe(safeText(`${t}\n\t${t}`), t);
    }
    expect(safeLine('a\x1b]0;x\x07\u202eb\r\n\t')).toBe('a\\x1b]0;x\\x07\\u202eb\\r\\n\\t');
    expect(safeText('line\n\tindented\r')).toBe('line\n\tindented\\r');
    expect(safeLine('plain ✓ é 日本')).toBe('plain ✓ é 日本');
  });

  it('in a table on a terminal, key/value lines, and tab-separated rows (piped, --format tsv and --format table)', async () => {
    const outputs = {
      table: await gb(['spaces', 'list'], { tty: true }),
      object: await gb(['spaces', 'get', space], { tty: true }),
      rows: await gb(['spaces', 'list']),
      fields: await gb(['spaces', 'get', space]),
      tsv: await gb(['spaces', 'list', '--format', 'tsv'], { tty: true }),
      forcedTable: await gb(['spaces', 'list', '--format', 'table']),
      changeRequests: await gb(['change-requests', 'list', space], { tty: true }),
    };
    for (const [name, r] of Object.entries(outputs)) {
      expect(r.code, `${name}: ${r.stderr}`).toBe(0);
      expectSafe(r.stdout, name);
      expectSafe(r.stderr, name);
    }
    expect(outputs.table.stdout).toContain('osc \\x1b]0;pwned\\x07 title');
    expect(outputs.object.stdout).toContain('osc \\x1b]0;pwned\\x07 title');
    // Tab-separated rows read back exactly.
    const titles = outputs.rows.stdout
      .trimEnd()
      .split('\n')
      .map((l) => tsvUnescape(l.split('\t')[1] as string));
    expect(titles.sort()).toEqual(Object.values(HOSTILE).sort());
  });

  it('in plain text (a page as markdown) and in what jq writes on stderr', async () => {
    const md = await gb(['pages', 'get', space, page, '--change-request', '1', '--format', 'markdown']);
    expect(md.code, md.stderr).toBe(0);
    expectSafe(md.stdout, 'markdown');
    expect(md.stdout).toContain('\\x1b[2J');
    const jq = await gb(['spaces', 'list', '--jq', '.[] | .title | debug | length']);
    expect(jq.code, jq.stderr).toBe(0);
    expectSafe(jq.stderr, 'jq debug');
  });

  it('keeps JSON on stdout byte-exact', async () => {
    const r = await gb(['spaces', 'get', space, '--json', 'title']);
    expect((JSON.parse(r.stdout) as { title: string }).title).toBe(HOSTILE.osc);
    const raw = await gb(['spaces', 'get', ids.bidi as string, '--json', 'title']);
    expect(raw.stdout).toContain('\u202e');
  });

  it.skipIf(!terminal)('in the confirmation a destructive command asks and the line that says it was done', async () => {
    const asked = await runInPty(['--store', store, 'spaces', 'delete', space], { steps: [{ expect: 'restored', send: 'n\r' }] });
    expect(asked.code, asked.output).toBe(3);
    expect(asked.output).toContain('osc \\x1b]0;pwned\\x07 title');
    for (const s of ['\x1b]0;', '\x07', '\x1b[2J']) expect(asked.output).not.toContain(s);
    const done = await gb(['spaces', 'delete', ids.bidi as string, '--yes'], { tty: true });
    expect(done.code, done.stderr).toBe(0);
    expectSafe(done.stderr, 'done');
  });

  it('in an error quoting a server message, as text and as JSON', async () => {
    const env = { GITBOOK_ENDPOINT: hostileUrl, GITBOOK_TOKEN: 't' };
    const text = await runCli(['spaces', 'get', 'abc', '--no-retry'], { env });
    expect(text.code).toBe(6);
    expectSafe(text.stderr, 'error');
    expect(text.stderr).toContain('conflict with osc \\x1b]0;pwned\\x07 title');
    const json = await runCli(['spaces', 'get', 'abc', '--no-retry', '--json'], { env });
    expect(json.code).toBe(6);
    for (const s of SEQUENCES) expect(json.stderr).not.toContain(s);
    expect((JSON.parse(json.stderr) as { error: { message: string } }).error.message).toContain(HOSTILE.bidi);
  });
});

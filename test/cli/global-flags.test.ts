import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTuning } from '../../src/cli/global-flags.js';
import { runCli } from '../helpers/cli.js';
import { startControlled, type ControlledServer } from '../helpers/controlled-server.js';
import { tempDir } from '../helpers/server.js';

const tmp = tempDir('gbctl-flags-');
let served: ControlledServer;
beforeAll(async () => {
  served = await startControlled();
});
afterAll(async () => {
  await served.stop();
  tmp.cleanup();
});

const BAD: [string[], string][] = [
  [['--timeout', 'abc'], '--timeout: "abc" is not a duration above 0 (30s, 2m, 500ms, or seconds)'],
  [['--timeout', '0'], '--timeout: "0"'],
  [['--timeout', '-5'], '--timeout: "-5"'],
  [['--retries', 'abc'], '--retries: "abc" is not a whole number'],
  [['--retries', '-1'], '--retries: "-1"'],
  [['--retries', '1.5'], '--retries: "1.5"'],
  [['--retries', '2', '--no-retry'], '--retries and --no-retry say two different things'],
  [['--limit', 'abc'], '--limit: "abc" is not a whole number'],
  [['--limit', '-1'], '--limit: "-1"'],
  [['--page-size', 'abc'], '--page-size: "abc" is not a number'],
  [['--page-size', '5000'], '--page-size: at most 1000'],
  [['--page-size', '-1'], '--page-size: '],
];

describe('flags that tune requests', () => {
  it('are refused alike embedded and over HTTP, before a store is opened or a request sent', async () => {
    for (const [flags, message] of BAD) {
      const store = join(tmp.dir, `never-${flags.join('')}.json`);
      const embedded = await runCli(['--store', store, 'spaces', 'list', ...flags]);
      served.controls.log.clear();
      const http = await runCli(['spaces', 'list', ...flags], { env: served.env });
      for (const [where, r] of [
        ['embedded', embedded],
        ['http', http],
      ] as const) {
        expect(r.code, `${flags.join(' ')} ${where}: ${r.stderr}`).toBe(2);
        expect(r.stderr, `${flags.join(' ')} ${where}`).toContain(message);
      }
      expect(embedded.stderr).toBe(http.stderr);
      expect(existsSync(store), flags.join(' ')).toBe(false);
      expect(served.controls.log.entries(), flags.join(' ')).toEqual([]);
    }
  });

  it('are refused on commands that never connect, too', async () => {
    for (const args of [
      ['version', '--timeout', 'abc'],
      ['api', 'endpoints', '--retries', 'x'],
      ['help', 'formatting', '--timeout', '-1'],
    ]) {
      const r = await runCli(args);
      expect(r.code, args.join(' ')).toBe(2);
    }
  });

  it('are read once: retries and the timeout as the client gets them', () => {
    expect(checkTuning({})).toEqual({ retries: 3, timeoutMs: 30_000 });
    expect(checkTuning({ retries: '0', timeout: '2.5' })).toEqual({ retries: 0, timeoutMs: 2500 });
    expect(checkTuning({ retry: false })).toEqual({ retries: 0, timeoutMs: 30_000 });
    // A duration reads the same as on `emulator wait --timeout`.
    expect(checkTuning({ timeout: '500ms' }).timeoutMs).toBe(500);
    expect(checkTuning({ timeout: '2m' }).timeoutMs).toBe(120_000);
    expect(checkTuning({ timeout: '45s' }).timeoutMs).toBe(45_000);
  });
});

import { describe, expect, it } from 'vitest';
import { redactEndpoint } from '../../src/client/redact.js';
import { runCli } from '../helpers/cli.js';
import { startServer } from '../helpers/server.js';

describe("--debug keeps an endpoint's credentials out of its trace", () => {
  it('prints the endpoint with its user:token@ part replaced', async () => {
    const s = await startServer();
    try {
      const at = new URL(s.url);
      const endpoint = `http://robot:sekrit-token-123@${at.host}`;
      const r = await runCli(['spaces', 'list', '--debug', '--no-retry'], {
        env: { GITBOOK_ENDPOINT: endpoint, GITBOOK_TOKEN: s.token, GITBOOK_ORGANIZATION: s.org },
      });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(`backend: http://***@${at.host} (from GITBOOK_ENDPOINT)`);
      expect(r.stderr).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/v1\/orgs\/\S+\/spaces 200/);
      expect(r.stderr).not.toContain('sekrit');
      const bad = await runCli(['spaces', 'list', '--debug'], { env: { GITBOOK_ENDPOINT: 'http://robot:sekrit@exa mple', GITBOOK_TOKEN: s.token } });
      expect(bad.code).not.toBe(0);
      expect(bad.stderr).not.toContain('sekrit');
    } finally {
      await s.stop();
    }
  });

  it('redacts whatever the userinfo holds, and leaves an endpoint without one alone', () => {
    expect(redactEndpoint('https://a:b@api.example.com/v1')).toBe('https://***@api.example.com/v1');
    expect(redactEndpoint('https://tok@en@api.example.com')).toBe('https://***@api.example.com');
    expect(redactEndpoint('HTTP://user:p%40ss@h:1')).toBe('HTTP://***@h:1');
    expect(redactEndpoint('https://api.example.com/a@b')).toBe('https://api.example.com/a@b');
    expect(redactEndpoint('http://127.0.0.1:7700')).toBe('http://127.0.0.1:7700');
  });
});

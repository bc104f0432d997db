import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { redactPath, RequestLog } from '../../../src/server/controls/request-log.js';
import { api, spawnServe, tempDir } from '../../helpers/server.js';

const tmp = tempDir('gbctl-request-log-');
afterAll(() => tmp.cleanup());

describe('the request log', () => {
  it('never records a download id, however the path is spelt', () => {
    for (const p of [
      '/_gbctl/blobs/SECRETid',
      '/_gbctl\\blobs\\SECRETid',
      '/./_gbctl/blobs/SECRETid',
      '/_gbctl/blobs/x/../SECRETid',
      '/v1/../_gbctl/blobs/SECRETid/more',
      '_gbctl/blobs/SECRETid',
    ]) {
      expect(redactPath(p), p).not.toContain('SECRETid');
      expect(redactPath(p)).toMatch(/^\/_gbctl\/blobs\/\[redacted\]/);
    }
    expect(redactPath('/v1/orgs/abc/spaces')).toBe('/v1/orgs/abc/spaces');
    const log = new RequestLog(10);
    log.add({ at: 0, method: 'GET', path: '/_gbctl/blobs/SECRETid', status: 200, ms: 1 });
    expect(log.entries()[0]?.path).toBe('/_gbctl/blobs/[redacted]');
  });

  it("writes each entry's time when it is read, and in order once the ring wraps", () => {
    const seen: string[] = [];
    const log = new RequestLog(2, (e) => seen.push(e.time));
    const at = Date.parse('2026-01-02T03:04:05.678Z');
    for (let i = 0; i < 3; i++) log.add({ at: at + i, method: 'GET', path: `/v1/x${i}`, status: 200, ms: 1, ...(i === 2 ? { endpoint: 'getX' } : {}) });
    expect(seen).toEqual(['2026-01-02T03:04:05.678Z', '2026-01-02T03:04:05.679Z', '2026-01-02T03:04:05.680Z']);
    expect(log.entries()).toEqual([
      { time: '2026-01-02T03:04:05.679Z', method: 'GET', path: '/v1/x1', status: 200, ms: 1 },
      { time: '2026-01-02T03:04:05.680Z', method: 'GET', path: '/v1/x2', status: 200, ms: 1, endpoint: 'getX' },
    ]);
  });

  it('shows a download as fetched, without its id, in GET /_gbctl/requests and on stderr with --log', { timeout: 20_000 }, async () => {
    const s = await spawnServe(join(tmp.dir, 'store.json'), ['--log']);
    let id: string;
    try {
      const space = (await api(s, 'POST', `/orgs/${s.org}/spaces`, { title: 'Logged' })).body.id as string;
      const cr = (await api(s, 'POST', `/spaces/${space}/change-requests`, { subject: 'Export me' })).body;
      const pdf = await api(s, 'GET', `/spaces/${space}/change-requests/${cr.id}/pdf`);
      expect(pdf.status, JSON.stringify(pdf.body)).toBe(200);
      const url = new URL(pdf.body.url as string);
      id = url.pathname.split('/').pop() as string;
      expect((await fetch(`${s.url}${url.pathname}`)).status).toBe(200);
      const res = await fetch(`${s.url}/_gbctl/requests?limit=5`, { headers: { authorization: `Bearer ${s.token}` } });
      const text = await res.text();
      expect(text).toContain('/_gbctl/blobs/[redacted]');
      expect(text).not.toContain(id);
    } finally {
      await s.stop();
    }
    expect(s.stderr()).toContain('/_gbctl/blobs/[redacted]');
    expect(s.stderr()).not.toContain(id);
  });
});

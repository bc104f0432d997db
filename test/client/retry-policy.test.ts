import { describe, expect, it } from 'vitest';
import { requestedWait } from '../../src/client/client.js';
import { ApiError, NetworkError } from '../../src/client/errors.js';
import { endpoints } from '../../src/contract/index.js';
import { clientOver, scripted } from './stub-transport.js';

const get = { params: { spaceId: 's1' } };
const down = () => new NetworkError('cannot reach https://api.example.test (ECONNRESET)', 'https://api.example.test/v1/spaces/s1');

describe('which requests are retried', () => {
  it.each([429, 502, 503, 504])("a GET answered %i is sent again, and the next answer is the call's", async (status) => {
    const t = scripted({ status }, { body: '{"id":"s1"}' });
    const client = clientOver(t, { retries: 2, parseResponses: false });
    expect(await client.call(endpoints['spaces.get'], get)).toEqual({ id: 's1' });
    expect(t.sent.map((r) => r.path)).toEqual(['/v1/spaces/s1', '/v1/spaces/s1']);
    expect(client.slept).toHaveLength(1);
  });

  it.each([500, 501, 400, 401, 403, 404, 409])('a GET answered %i is not sent again', async (status) => {
    const t = scripted({ status });
    const client = clientOver(t, { retries: 3, parseResponses: false });
    await expect(client.call(endpoints['spaces.get'], get)).rejects.toMatchObject({ name: 'ApiError', status });
    expect(t.sent).toHaveLength(1);
    expect(client.slept).toEqual([]);
  });

  it('a network error is retried for a GET, with a backoff of 0.25-0.5 s, then 0.5-1 s', async () => {
    const t = scripted(down(), down(), { body: '{}' });
    const client = clientOver(t, { retries: 3, parseResponses: false });
    await client.call(endpoints['spaces.get'], get);
    expect(t.sent).toHaveLength(3);
    expect(client.slept).toHaveLength(2);
    expect(client.slept[0]).toBeGreaterThanOrEqual(250);
    expect(client.slept[0]).toBeLessThanOrEqual(500);
    expect(client.slept[1]).toBeGreaterThanOrEqual(500);
    expect(client.slept[1]).toBeLessThanOrEqual(1000);
  });

  it('a DELETE and a PUT, being idempotent, are retried too', async () => {
    const t = scripted({ status: 503 }, { status: 204, body: '' }, down(), { body: '{}' });
    const client = clientOver(t, { retries: 1, parseResponses: false });
    await client.call(endpoints['spaces.delete'], get);
    await client.call(endpoints['openapi.put'], {
      params: { organizationId: 'o', specSlug: 'pets' },
      body: { source: { url: 'https://example.test/openapi.json' } },
    });
    expect(t.sent.map((r) => r.method)).toEqual(['DELETE', 'DELETE', 'PUT', 'PUT']);
  });

  it('a POST or PATCH is never sent twice: not on 429-504, not on a network error', async () => {
    for (const answer of [{ status: 429 }, { status: 503 }, { status: 504 }, down()]) {
      const t = scripted(answer, answer, { body: '{}' }, { body: '{}' });
      const client = clientOver(t, { retries: 3, parseResponses: false });
      const post = await client.call(endpoints['spaces.create'], { params: { organizationId: 'o' }, body: { title: 'T' } }).catch((e: unknown) => e);
      const patch = await client.call(endpoints['spaces.update'], { params: { spaceId: 's1' }, body: { title: 'T' } }).catch((e: unknown) => e);
      expect(post).toBeInstanceOf(answer instanceof Error ? NetworkError : ApiError);
      expect(patch).toBeInstanceOf(answer instanceof Error ? NetworkError : ApiError);
      expect(t.sent.map((r) => r.method)).toEqual(['POST', 'PATCH']);
      expect(client.slept).toEqual([]);
    }
  });

  it('stops after the retries it was given, failing with the last answer; none by default', async () => {
    const t = scripted(
      { status: 503, body: '{"error":{"code":503,"message":"busy"}}' },
      { status: 503 },
      { status: 502, body: '{"error":{"code":502,"message":"still down"}}' },
      { body: '{}' },
    );
    const client = clientOver(t, { retries: 2, parseResponses: false });
    await expect(client.call(endpoints['spaces.get'], get)).rejects.toMatchObject({ status: 502, message: 'still down' });
    expect(t.sent).toHaveLength(3);

    const once = scripted({ status: 503 }, { body: '{}' });
    const plain = clientOver(once, { parseResponses: false });
    await expect(plain.call(endpoints['spaces.get'], get)).rejects.toMatchObject({ status: 503 });
    expect(once.sent).toHaveLength(1);

    const net = scripted(down(), down(), { body: '{}' });
    await expect(clientOver(net, { retries: 1, parseResponses: false }).call(endpoints['spaces.get'], get)).rejects.toBeInstanceOf(NetworkError);
    expect(net.sent).toHaveLength(2);
  });
});

describe('how long a retry waits', () => {
  it('Retry-After in seconds is slept exactly, before the backoff is considered', async () => {
    const t = scripted({ status: 429, headers: { 'retry-after': '7' } }, { status: 503, headers: { 'retry-after': '0.5' } });
    const client = clientOver(t, { retries: 2, parseResponses: false });
    await client.call(endpoints['spaces.get'], get);
    expect(client.slept).toEqual([7000, 500]);
  });

  it('Retry-After as an HTTP date waits until then', async () => {
    const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 30_000);
    const t = scripted({ status: 503, headers: { 'retry-after': at.toUTCString() } });
    const client = clientOver(t, { retries: 1, parseResponses: false });
    await client.call(endpoints['spaces.get'], get);
    expect(client.slept[0]).toBeGreaterThan(29_000);
    expect(client.slept[0]).toBeLessThanOrEqual(31_000);
    expect(requestedWait({ 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' }, Date.parse('Wed, 21 Oct 2015 07:27:50 GMT'))).toBe(10_000);
  });

  it('without Retry-After, X-RateLimit-Reset (epoch seconds) says until when', async () => {
    const reset = Math.ceil(Date.now() / 1000) + 20;
    const t = scripted({ status: 429, headers: { 'x-ratelimit-reset': String(reset) } });
    const client = clientOver(t, { retries: 1, parseResponses: false });
    await client.call(endpoints['spaces.get'], get);
    expect(client.slept[0]).toBeGreaterThan(19_000);
    expect(client.slept[0]).toBeLessThanOrEqual(21_000);
    expect(requestedWait({ 'x-ratelimit-reset': '1000' }, 990_000)).toBe(10_000);
    // Retry-After wins when both are given.
    expect(requestedWait({ 'retry-after': '3', 'x-ratelimit-reset': '1000' }, 990_000)).toBe(3000);
  });

  it('a wait asked for is capped at a minute, and one in the past is no wait', async () => {
    const t = scripted(
      { status: 429, headers: { 'retry-after': '3600' } },
      { status: 429, headers: { 'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 86_400) } },
      { status: 503, headers: { 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' } },
      { status: 429, headers: { 'x-ratelimit-reset': '1000' } },
    );
    const client = clientOver(t, { retries: 4, parseResponses: false });
    await client.call(endpoints['spaces.get'], get);
    expect(client.slept).toEqual([60_000, 60_000, 0, 0]);
  });

  it('a Retry-After that is neither seconds nor a date leaves the backoff to decide', async () => {
    const t = scripted({ status: 503, headers: { 'retry-after': 'soon' } });
    const client = clientOver(t, { retries: 1, parseResponses: false });
    await client.call(endpoints['spaces.get'], get);
    expect(client.slept[0]).toBeGreaterThanOrEqual(250);
    expect(client.slept[0]).toBeLessThanOrEqual(500);
  });
});

import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '../../src/client/client.js';
import { NetworkError } from '../../src/client/errors.js';
import { httpTransport } from '../../src/client/transport.js';
import { endpoints } from '../../src/contract/index.js';

/** A real server on 127.0.0.1 that takes requests and answers none (or only the headers); it counts them. */
async function silentServer(sendHeaders: boolean): Promise<{ origin: string; requests: () => number; close: () => Promise<void> }> {
  const held: ServerResponse[] = [];
  let requests = 0;
  const server: Server = createServer((_req, res) => {
    requests++;
    held.push(res);
    if (sendHeaders) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"id":');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests: () => requests,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe("the HTTP transport's timeout", () => {
  it('a server that never answers is a NetworkError naming the headers timeout, after about the timeout', async () => {
    const s = await silentServer(false);
    close = s.close;
    const started = Date.now();
    const e = await httpTransport(s.origin, 300, {})
      .send({ method: 'GET', path: '/v1/user', headers: {} })
      .catch((x: unknown) => x);
    const took = Date.now() - started;
    expect(e).toBeInstanceOf(NetworkError);
    expect((e as NetworkError).message).toBe(`cannot reach ${s.origin} (UND_ERR_HEADERS_TIMEOUT)`);
    expect((e as NetworkError).url).toBe(`${s.origin}/v1/user`);
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(5000);
  });

  it('a body that stops coming is a NetworkError naming the body timeout', async () => {
    const s = await silentServer(true);
    close = s.close;
    const e = await httpTransport(s.origin, 300, {})
      .send({ method: 'GET', path: '/v1/user', headers: {} })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(NetworkError);
    expect((e as NetworkError).message).toBe(`cannot reach ${s.origin} (UND_ERR_BODY_TIMEOUT)`);
  });

  it('a timed-out GET is retried like any network error, and a timed-out POST is not', async () => {
    const s = await silentServer(false);
    close = s.close;
    const slept: number[] = [];
    const client = new Client({ transport: httpTransport(s.origin, 200, {}), retries: 1, sleep: async (ms) => void slept.push(ms) });
    await expect(client.call(endpoints['account.user'])).rejects.toBeInstanceOf(NetworkError);
    expect(s.requests()).toBe(2);
    expect(slept).toHaveLength(1);
    await expect(client.call(endpoints['spaces.create'], { params: { organizationId: 'o' }, body: {} })).rejects.toBeInstanceOf(NetworkError);
    expect(s.requests()).toBe(3);
  });
});

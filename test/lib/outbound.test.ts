import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundFetch, OutboundError, refusedRange } from '../../src/lib/outbound.js';

describe('address classification', () => {
  it('refuses loopback, private, link-local and unspecified addresses, IPv4 and IPv6, mapped forms included', () => {
    const refused: [string, RegExp][] = [
      ['127.0.0.1', /loopback/],
      ['127.9.9.9', /loopback/],
      ['::1', /loopback/],
      ['::ffff:127.0.0.1', /loopback/],
      ['::ffff:7f00:1', /loopback/],
      ['10.1.2.3', /private/],
      ['172.16.0.1', /private/],
      ['192.168.1.1', /private/],
      ['::ffff:192.168.1.1', /private/],
      ['100.64.0.1', /private/],
      ['fc00::1', /private/],
      ['fd12:3456::1', /private/],
      ['169.254.169.254', /link-local/],
      ['fe80::1', /link-local/],
      ['0.0.0.0', /unspecified/],
      ['::', /unspecified/],
      ['224.0.0.1', /special-purpose/],
    ];
    for (const [address, rule] of refused) expect(refusedRange(address), address).toMatch(rule);
    for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111']) expect(refusedRange(address), address).toBeUndefined();
  });
});

describe('outbound fetches', () => {
  let secret: Server;
  let redirector: Server;
  let hits = 0;
  let secretPort = 0;
  let redirectPort = 0;
  const listen = (s: Server, host: string) => new Promise<number>((r) => s.listen(0, host, () => r((s.address() as AddressInfo).port)));

  beforeAll(async () => {
    secret = createServer((_req, res) => {
      hits++;
      res.end('# the secret\n');
    });
    secretPort = await listen(secret, '127.0.0.1');
    redirector = createServer((req, res) => {
      const to = req.url === '/by-name' ? `http://localhost:${secretPort}/doc.md` : `http://127.0.0.1:${secretPort}/doc.md`;
      res.writeHead(302, { location: to }).end();
    });
    redirectPort = await listen(redirector, '127.0.0.2');
  });
  afterAll(() => {
    secret.close();
    redirector.close();
  });

  // Stands in for a public address: 127.0.0.2 is allowed, the rest of loopback refused.
  const policy = { privateAddresses: false, classify: (a: string) => (a === '127.0.0.2' ? undefined : refusedRange(a)) };
  const refusal = (url: string) =>
    outboundFetch(new URL(url), policy, { timeoutMs: 2000, maxBytes: 1000 }).then(
      () => undefined,
      (e: unknown) => e,
    );

  it('checks every redirect again, by address and by name', async () => {
    for (const path of ['/by-address', '/by-name']) {
      const e = await refusal(`http://127.0.0.2:${redirectPort}${path}`);
      expect(e, path).toBeInstanceOf(OutboundError);
      expect((e as OutboundError).kind).toBe('refused');
      expect((e as OutboundError).message).toMatch(
        /is a loopback address, which this server does not fetch from \(gbctl serve --allow-private-urls allows it\)/,
      );
    }
    expect(hits).toBe(0);
  });

  it('never says whether a port is open: a refused address is refused before any connection', async () => {
    const open = (await refusal(`http://127.0.0.1:${secretPort}/`)) as OutboundError;
    const closed = (await refusal('http://127.0.0.1:1/')) as OutboundError;
    expect(open.message.replace(String(secretPort), 'P')).toBe(closed.message.replace(':1/', ':P/'));
    expect(hits).toBe(0);
  });

  it('fetches when private addresses are allowed', async () => {
    const got = await outboundFetch(new URL(`http://127.0.0.2:${redirectPort}/by-name`), { privateAddresses: true }, { timeoutMs: 2000, maxBytes: 1000 });
    expect(new TextDecoder().decode(got.bytes)).toBe('# the secret\n');
    expect(got.url).toBe(`http://localhost:${secretPort}/doc.md`);
    hits = 0;
  });
});

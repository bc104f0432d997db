import { Client, type ClientOptions } from '../../src/client/client.js';
import type { Transport, WireRequest, WireResponse } from '../../src/client/transport.js';

/** One scripted answer: a response, or an error the transport throws. */
export type Scripted = Partial<WireResponse> | Error;

/**
 * A transport that gives the scripted answers in turn (a 200 with `{}` once they run out) and
 * records each request it was sent.
 */
export function scripted(...answers: Scripted[]): Transport & { sent: WireRequest[] } {
  const sent: WireRequest[] = [];
  return {
    target: 'https://api.example.test',
    sent,
    async send(req) {
      sent.push(req);
      const a = answers.shift();
      if (a instanceof Error) throw a;
      return { status: 200, headers: {}, body: '{}', ...a };
    },
  };
}

/** A client over a scripted transport whose sleeps are recorded instead of waited. */
export function clientOver(t: Transport, opts: Partial<ClientOptions> = {}): Client & { slept: number[] } {
  const slept: number[] = [];
  const client = new Client({ transport: t, sleep: async (ms) => void slept.push(ms), ...opts });
  return Object.assign(client, { slept });
}

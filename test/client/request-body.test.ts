import { describe, expect, it } from 'vitest';
import { Client } from '../../src/client/client.js';
import { InputError } from '../../src/client/errors.js';
import type { Transport, WireRequest } from '../../src/client/transport.js';
import { endpoints } from '../../src/contract/index.js';

/** A transport that answers every request with an empty object and keeps what was sent. */
function recording(): Transport & { sent: WireRequest[] } {
  const sent: WireRequest[] = [];
  return { target: 'recording', sent, send: async (req) => (sent.push(req), { status: 200, headers: {}, body: '{}' }) };
}

// Every caller of the client (the CLI's generated commands, sites setup's prompted answers, the
// bespoke commands, a program using gbctl as a library) has its body checked before it is sent.
describe('the client, given a body', () => {
  it('refuses a field the endpoint does not take, naming it and listing those it does, and sends nothing', async () => {
    const t = recording();
    const client = new Client({ transport: t, parseResponses: false });
    // The call's type refuses these too; a caller whose input is not typed (flags, --data) is refused at run time.
    // @ts-expect-error -- titel is not a field of the body
    const e = await client.call(endpoints['spaces.update'], { params: { spaceId: 'abc' }, body: { titel: 'x' } }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(InputError);
    expect((e as InputError).message).toBe('"titel" is not a field of this request');
    expect((e as InputError).fields).toEqual(['title', 'emoji', 'editMode', 'defaultLevel', 'language']);
    const misspelt = () =>
      // @ts-expect-error -- sectoins is not a field of the body
      client.call(endpoints['sites.create'], { params: { organizationId: 'o' }, body: { title: 'S', spaces: ['a'], sectoins: [] } });
    await expect(misspelt()).rejects.toThrow('"sectoins" is not a field');
    expect(t.sent).toEqual([]);
  });

  it('refuses an update that names nothing, and a body for an endpoint that takes none', async () => {
    const t = recording();
    const client = new Client({ transport: t, parseResponses: false });
    await expect(client.call(endpoints['spaces.update'], { params: { spaceId: 'abc' }, body: {} })).rejects.toThrow('nothing to change');
    await expect(client.call(endpoints['spaces.update'], { params: { spaceId: 'abc' }, body: { title: undefined } })).rejects.toThrow('nothing to change');
    // @ts-expect-error -- spaces.duplicate takes no body
    await expect(client.call(endpoints['spaces.duplicate'], { params: { spaceId: 'abc' }, body: { title: 'x' } })).rejects.toThrow('takes no request body');
    expect(t.sent).toEqual([]);
  });

  it('sends a body that names known fields, and creates with no fields at all', async () => {
    const t = recording();
    const client = new Client({ transport: t, parseResponses: false });
    await client.call(endpoints['spaces.update'], { params: { spaceId: 'abc' }, body: { title: 'x' } });
    await client.call(endpoints['spaces.create'], { params: { organizationId: 'o' }, body: {} });
    await client.call(endpoints['spaces.move'], { params: { spaceId: 'abc' }, body: {} });
    expect(t.sent.map((r) => [r.method, r.path, r.body])).toEqual([
      ['PATCH', '/v1/spaces/abc', '{"title":"x"}'],
      ['POST', '/v1/orgs/o/spaces', '{}'],
      ['POST', '/v1/spaces/abc/move', '{}'],
    ]);
  });
});

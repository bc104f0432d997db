import { describe, expect, it } from 'vitest';
import { ApiError, InputError, NetworkError, ResponseShapeError } from '../../src/client/errors.js';
import { endpoints } from '../../src/contract/index.js';
import { clientOver, scripted } from './stub-transport.js';

const user = { object: 'user', id: 'u1', displayName: 'Ada', urls: { location: 'https://api.example.test/v1/user' } };
const failure = (e: unknown) => e;

describe('a call of the HTTP client', () => {
  it("sends the endpoint's method and filled path, the query encoded, the token and user agent, and answers the parsed body", async () => {
    const t = scripted({ body: JSON.stringify({ next: { page: 'p2' }, items: [] }) });
    const client = clientOver(t, { token: 'tok', userAgent: 'gbctl/test' });
    const res = await client.call(endpoints['spaces.list'], { params: { organizationId: 'org-1' }, query: { limit: 5, page: 'p 1&x' } });
    expect(res.next?.page).toBe('p2');
    expect(t.sent).toEqual([
      {
        method: 'GET',
        path: '/v1/orgs/org-1/spaces?page=p+1%26x&limit=5',
        headers: { accept: 'application/json', authorization: 'Bearer tok', 'user-agent': 'gbctl/test' },
      },
    ]);
  });

  it('answers nothing for a 204', async () => {
    const t = scripted({ status: 204, body: '' });
    await expect(clientOver(t).call(endpoints['spaces.delete'], { params: { spaceId: 's1' } })).resolves.toBeUndefined();
    expect(t.sent.map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /v1/spaces/s1']);
  });
});

describe('errors of a call', () => {
  it("a 4xx with the API's error body is an ApiError with its status and message", async () => {
    const t = scripted({ status: 404, body: JSON.stringify({ error: { code: 404, message: 'space s1 not found' } }) });
    const e = await clientOver(t)
      .call(endpoints['spaces.get'], { params: { spaceId: 's1' } })
      .catch(failure);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ status: 404, message: 'space s1 not found', method: 'GET', url: '/v1/spaces/s1' });
  });

  it('an error whose body is not JSON says the body, trimmed, or the status when it is empty', async () => {
    const t = scripted(
      { status: 502, body: '<html>Bad Gateway</html>\n' },
      { status: 500, body: '' },
      { status: 400, body: '{"message":"not the API\'s shape"}' },
    );
    const client = clientOver(t);
    const get = () => client.call(endpoints['spaces.get'], { params: { spaceId: 's1' } }).catch(failure);
    expect(await get()).toMatchObject({ name: 'ApiError', status: 502, message: '<html>Bad Gateway</html>' });
    expect(await get()).toMatchObject({ name: 'ApiError', status: 500, message: 'HTTP 500' });
    expect(await get()).toMatchObject({ name: 'ApiError', status: 400, message: '{"message":"not the API\'s shape"}' });
  });

  it('a network failure is a NetworkError; any other error of the transport passes as it is, never retried', async () => {
    const down = new NetworkError('cannot reach https://api.example.test (ECONNREFUSED)', 'https://api.example.test/v1/user');
    expect(await clientOver(scripted(down)).call(endpoints['account.user']).catch(failure)).toBe(down);
    const bug = new TypeError('transport bug');
    const t = scripted(bug);
    expect(await clientOver(t, { retries: 3 }).call(endpoints['account.user']).catch(failure)).toBe(bug);
    expect(t.sent).toHaveLength(1);
  });

  it('a 2xx answer the response schema does not describe is a ResponseShapeError with the status', async () => {
    const t = scripted({ body: JSON.stringify({ ...user, displayName: 7 }) }, { status: 201, body: 'not json' });
    const client = clientOver(t);
    const wrong = await client.call(endpoints['account.user']).catch(failure);
    expect(wrong).toBeInstanceOf(ResponseShapeError);
    expect(wrong).toMatchObject({ status: 200, message: expect.stringMatching(/^GET \/v1\/user answered with an unexpected shape: .*displayName/) });
    const text = await client.call(endpoints['account.user']).catch(failure);
    expect(text).toBeInstanceOf(ResponseShapeError);
    expect(text).toMatchObject({ status: 201, message: 'GET /v1/user answered 201 with a body that is not JSON' });
  });

  it("answers the schema's reading of a good answer, and the body as it came when told not to parse", async () => {
    const loose = { ...user, extra: 1 };
    expect(await clientOver(scripted({ body: JSON.stringify(user) })).call(endpoints['account.user'])).toEqual(user);
    // Unparsed (the embedded store's answers), a field the schema would reject still comes through.
    const raw = { ...loose, displayName: 7 };
    expect(await clientOver(scripted({ body: JSON.stringify(raw) }), { parseResponses: false }).call(endpoints['account.user'])).toEqual(raw);
  });

  it('input its schemas refuse is an InputError, and nothing is sent', async () => {
    const t = scripted();
    const client = clientOver(t);
    // @ts-expect-error -- spaceId is required
    expect(await client.call(endpoints['spaces.get'], { params: {} }).catch(failure)).toBeInstanceOf(InputError);
    expect(await client.call(endpoints['spaces.get'], { params: { spaceId: '' } }).catch(failure)).toBeInstanceOf(InputError);
    // @ts-expect-error -- limit is a number
    const q = await client.call(endpoints['spaces.list'], { params: { organizationId: 'o' }, query: { limit: 'many' } }).catch(failure);
    expect(q).toBeInstanceOf(InputError);
    expect((q as InputError).message).toMatch(/limit/);
    const big = await client.call(endpoints['spaces.list'], { params: { organizationId: 'o' }, query: { limit: 5000 } }).catch(failure);
    expect(big).toBeInstanceOf(InputError);
    expect(t.sent).toEqual([]);
  });
});

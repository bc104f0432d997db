import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, endpointById } from '../../../src/contract/index.js';
import { operationErrors, operationIdOf } from '../../helpers/published-schema.js';
import { makeFixtures, operations, type Fixtures, type Op } from '../../helpers/roles.js';
import { api, startServer, type TestServer } from '../../helpers/server.js';

let s: TestServer;
let f: Fixtures;
let ops: Op[];
beforeAll(async () => {
  s = await startServer();
  f = await makeFixtures(s);
  ops = operations(f);
});
afterAll(async () => {
  await s.stop();
  f.cleanup();
});

describe('every operation answers in the shape @gitbook/api 0.143.2 publishes', () => {
  it('each success answer of the catalogue, made by an admin, matches its published operation', async () => {
    const wrong: string[] = [];
    const checked = new Set<string>();
    const requests = [
      ...catalogue
        .filter((e) => e.id.startsWith('account.'))
        .map((e) => ({ id: e.id, request: async () => ({ method: e.method, path: e.path, body: undefined as unknown }) })),
      ...ops,
    ];
    for (const op of requests) {
      const e = endpointById(op.id);
      if (!e) continue;
      const req = await op.request();
      const res = await api({ url: s.url, token: f.tokens.admin }, req.method, req.path, req.body);
      if (res.status !== e.status) {
        wrong.push(`${op.id}: expected ${e.status}, got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        continue;
      }
      const published = operationIdOf(e.method, e.path);
      if (!published || res.status === 204) continue;
      // Rich-text documents included, to every depth.
      const mismatch = operationErrors(published, res.body);
      if (mismatch) wrong.push(`${op.id} (${published}): ${mismatch}`);
      checked.add(op.id);
    }
    expect(wrong).toEqual([]);
    console.log(`checked the answers of ${checked.size} operations against the published schema`);
    expect(checked.size).toBeGreaterThanOrEqual(100);
  });
});

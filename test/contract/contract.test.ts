import { describe, expect, it } from 'vitest';
import { catalogue, endpoints } from '../../src/contract/index.js';
import { pathParams } from '../../src/contract/endpoint.js';
import { describedEndpoints } from '../helpers/description.js';
import { groupCommands } from '../../src/cli/manifest.js';

describe('the catalogue against the description', () => {
  const described = describedEndpoints();

  it('reads 116 distinct method+path pairs from the description', () => {
    expect(described).toHaveLength(116);
    expect(new Set(described).size).toBe(116);
  });

  it('holds every described endpoint exactly once', () => {
    const ours = catalogue.filter((e) => !e.extension).map((e) => `${e.method} /v1${e.path}`);
    for (const d of described)
      expect(
        ours.filter((o) => o === d),
        d,
      ).toHaveLength(1);
    expect(ours.sort()).toEqual([...described].sort());
  });

  it('marks every route outside the description as an extension', () => {
    const set = new Set(described);
    for (const e of catalogue.filter((x) => x.extension)) expect(set.has(`${e.method} /v1${e.path}`)).toBe(false);
  });

  it('has unique ids and unique commands', () => {
    expect(new Set(catalogue.map((e) => e.id)).size).toBe(catalogue.length);
    const commands = catalogue.map((e) => `${e.noun} ${e.verb} ${e.cli?.scope?.option ?? ''}`);
    expect(new Set(commands).size).toBe(commands.length);
    expect(Object.keys(endpoints)).toHaveLength(catalogue.length);
  });

  it('matches {param} placeholders with the params schema', () => {
    for (const e of catalogue) {
      const declared = Object.keys(e.params?.shape ?? {}).sort();
      expect(declared, e.id).toEqual(pathParams(e.path).sort());
    }
  });

  it('gives every scoped variant a command to join', () => {
    const plans = groupCommands(catalogue);
    for (const e of catalogue.filter((x) => x.cli?.scope)) {
      expect(
        plans.some((p) => p.variants.includes(e)),
        e.id,
      ).toBe(true);
    }
  });

  it('describes a response for every status but 204', () => {
    for (const e of catalogue) {
      if (e.status === 204) expect(e.response, e.id).toBeUndefined();
    }
  });
});

describe('the checked-in route table', () => {
  it('is the catalogue\'s, written as src/contract/routes.ts (run "npm run gen" when it is not)', async () => {
    const { ROUTES } = await import('../../src/contract/routes.js');
    const { routeTable } = await import('../../src/contract/route-table.js');
    expect(ROUTES).toEqual(routeTable(catalogue));
  });
});

import { describe, expect, it } from 'vitest';
import { parseSpecDocument } from '../../src/lib/openapi-document.js';

const info = { title: 'Pets', version: '1' };

describe('reading an OpenAPI document', () => {
  it('reads JSON and YAML, OpenAPI 3.x and Swagger 2.0', async () => {
    expect(await parseSpecDocument(JSON.stringify({ openapi: '3.0.3', info, paths: {} }))).toMatchObject({ ok: true, format: 'json' });
    expect(await parseSpecDocument('openapi: 3.1.0\ninfo:\n  title: Pets\n  version: "1"\ncomponents: {}\n')).toMatchObject({
      ok: true,
      format: 'yaml',
      document: { openapi: '3.1.0', components: {} },
    });
    expect(await parseSpecDocument(JSON.stringify({ swagger: '2.0', info, paths: {} }))).toMatchObject({ ok: true });
  });

  it('says what is wrong with a document it refuses', async () => {
    const refused = async (text: string) => {
      const got = await parseSpecDocument(text);
      return got.ok ? undefined : got.message;
    };
    expect(await refused('  \n')).toBe('the document is empty');
    expect(await refused('{"openapi": ')).toMatch(/^not valid JSON: /);
    expect(await refused('a: [1')).toMatch(/^not valid YAML: /);
    expect(await refused(JSON.stringify({ openapi: '4.0.0', info, paths: {} }))).toBe('unsupported "openapi" version "4.0.0": expected 3.x');
    expect(await refused(JSON.stringify({ info, paths: {} }))).toMatch(/^not an OpenAPI document/);
    expect(await refused(JSON.stringify({ openapi: '3.0.0', info }))).toBe('"paths" is missing or not an object');
    expect(await refused(JSON.stringify({ openapi: '3.1.0', info }))).toBe('an OpenAPI 3.1 document needs "paths", "webhooks" or "components"');
    expect(await refused(JSON.stringify({ openapi: '3.1.0', info: { title: 'Pets' }, paths: {} }))).toBe('"info.version" is missing or not a string');
  });
});

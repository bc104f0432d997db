import { describe, expect, it } from 'vitest';
import { answered, nameFor } from '../../../src/server/lib/import-sources.js';
import { SourceRefused } from '../../../src/lib/import-source.js';

describe('nameFor', () => {
  it('names a download by its last path segment, decoded', () => {
    expect(nameFor('https://example.com/docs/install%20guide.md', 'text/markdown')).toBe('install guide.md');
    expect(nameFor('https://example.com/docs/intro', 'text/html')).toBe('intro.html');
  });

  it.each([
    ['https://example.com/..%2F..%2Fetc%2Fpasswd', 'text/plain', 'index.md'],
    ['https://example.com/x/%2E%2E', 'text/html', 'index.html'],
    ['https://example.com/C%3A%5Cevil.md', 'text/markdown', 'index.md'],
    ['https://example.com/a%00b.md', 'text/markdown', 'index.md'],
    ['https://example.com/CON', 'text/html', 'index.html'],
  ])('gives "index" for a segment that decodes to no file name: %s', (url, type, name) => {
    expect(nameFor(url, type)).toBe(name);
  });

  it('keeps a segment that does not decode as it is written', () => {
    expect(nameFor('https://example.com/%E0%A4%A', 'text/html')).toBe('%E0%A4%A.html');
  });
});

describe('answered', () => {
  it('turns what lib/import-source.ts refuses into a 400, on opening and on reading files', async () => {
    await expect(answered(Promise.reject(new SourceRefused('url: nope')))).rejects.toMatchObject({ status: 400, message: 'url: nope' });
    const src = await answered(Promise.resolve({ kind: 'many', entries: [], leftOut: [], load: () => Promise.reject(new SourceRefused('url: gone')) }));
    await expect(src.load([])).rejects.toMatchObject({ status: 400, message: 'url: gone' });
  });

  it('passes other failures on as they are', async () => {
    const boom = new Error('disk on fire');
    await expect(answered(Promise.reject(boom))).rejects.toBe(boom);
  });
});

import { describe, expect, it } from 'vitest';
import { embeddedPath, EMBEDDED_ORIGIN, isEmbeddedUrl } from '../../src/lib/embedded-origin.js';

describe('the embedded store origin', () => {
  it('names the addresses the embedded store gives, and only those', () => {
    expect(isEmbeddedUrl(`${EMBEDDED_ORIGIN}/app/s/X`)).toBe(true);
    expect(isEmbeddedUrl(EMBEDDED_ORIGIN)).toBe(true);
    expect(isEmbeddedUrl('gbctl://localhost/app')).toBe(false);
    expect(isEmbeddedUrl('http://127.0.0.1:7701/app')).toBe(false);
    expect(embeddedPath('gbctl://local/app/s/X')).toBe('/app/s/X');
    expect(embeddedPath('/published/a')).toBe('/published/a');
  });
});

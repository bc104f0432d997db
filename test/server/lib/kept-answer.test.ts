import { describe, expect, it } from 'vitest';
import { jsonBody, keepAnswer } from '../../../src/server/lib/kept-answer.js';

describe('kept answers', () => {
  it('freezes a kept answer whole and encodes it once', () => {
    const a = keepAnswer({ items: [{ title: 'a', urls: { app: 'x' } }] });
    expect(Object.isFrozen(a.items[0]?.urls)).toBe(true);
    const bytes = jsonBody(a);
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(bytes.toString()).toBe('{"items":[{"title":"a","urls":{"app":"x"}}]}');
    expect(jsonBody(a)).toBe(bytes);
  });

  it('encodes an answer nobody kept each time, as it is then', () => {
    const plain = { items: [{ title: 'a' }] };
    expect(jsonBody(plain)).toBe('{"items":[{"title":"a"}]}');
    (plain.items[0] as { title: string }).title = 'b';
    expect(jsonBody(plain)).toBe('{"items":[{"title":"b"}]}');
    expect(Object.isFrozen(plain)).toBe(false);
    expect(jsonBody(null)).toBe('null');
  });
});

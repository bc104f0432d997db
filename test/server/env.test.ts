import { describe, expect, it } from 'vitest';
import { randomIds } from '../../src/server/env.js';

describe('randomIds', () => {
  it('gives ids of the platform pattern, none twice, across many blocks of random bytes', () => {
    // 4096 bytes a block, 20 an id: 1,000 ids draw from five blocks.
    const ids = Array.from({ length: 1000 }, () => randomIds.next());
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives secrets of 32 characters, none equal to an id drawn beside it', () => {
    const s = randomIds.secret();
    expect(s).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(s).not.toContain(randomIds.next());
  });
});

import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../src/lib/steps.js';

describe('runToEnd', () => {
  it('takes every step and answers what the steps return', () => {
    const taken: number[] = [];
    function* steps(): Generator<void, string> {
      for (let i = 0; i < 3; i++) {
        taken.push(i);
        yield;
      }
      return 'done';
    }
    expect(runToEnd(steps())).toBe('done');
    expect(taken).toEqual([0, 1, 2]);
  });
});

import { describe, expect, it } from 'vitest';
import { checkOutputFlags } from '../../src/cli/output-flags.js';
import type { Io } from '../../src/cli/context.js';
import type { EmitOptions } from '../../src/cli/emit.js';

const io = (tty: boolean) => ({ stdout: { isTTY: tty, write: () => true } }) as unknown as Io;
const opts = (o: Partial<EmitOptions>) => ({ color: false, ...o }) as EmitOptions;

describe("a command's output flags", () => {
  it("asks for the response's fields only when a flag needs them: making a response's schema is most of what zod does for a list", async () => {
    const never = () => {
      throw new Error('fields asked for');
    };
    expect(await checkOutputFlags(io(false), never, opts({}), false)).toBe(false);
    expect(await checkOutputFlags(io(false), never, opts({ json: true }), true)).toBe(false);
    expect(await checkOutputFlags(io(true), never, opts({ json: true, jq: '.' }), true)).toBe(false);
  });

  it('checks --json FIELDS against them, and lists them for a bare --json on a terminal', async () => {
    const fields = () => ['id', 'title'];
    await expect(checkOutputFlags(io(false), fields, opts({ json: ['id', 'nope'] }), false)).rejects.toThrow(/unknown field for --json: nope/);
    await expect(checkOutputFlags(io(false), () => [], opts({ json: ['id'] }), false)).rejects.toThrow(/prints no object/);
    expect(await checkOutputFlags(io(true), fields, opts({ json: true }), true)).toBe(true);
    expect(await checkOutputFlags(io(true), () => [], opts({ json: true }), true)).toBe(false);
  });
});

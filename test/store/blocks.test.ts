import { closeSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Blocks, KEEP_BLOCKS } from '../../src/store/blocks.js';
import { tempDir } from '../helpers/server.js';

const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe('Blocks', () => {
  it("keeps the blocks of an index as large as a 100,000-space store's id directory: a second walk reads none from the file", () => {
    // 8 MiB of blocks, half of what is kept.
    const count = 2000;
    expect(KEEP_BLOCKS).toBeGreaterThanOrEqual(count);
    const file = join(tmp.dir, 'index.bin');
    writeFileSync(file, Buffer.alloc(count * 4096, 0x61));
    const fd = openSync(file, 'r');
    try {
      const blocks = new Blocks(fd, file);
      // In hash order, as the probes of a page fall: every block once.
      const order = Array.from({ length: count }, (_, i) => (i * 7919) % count);
      for (const n of order) expect(blocks.read(n * 4096 + 10, 8).toString()).toBe('aaaaaaaa');
      // The file is never written under a reader; changed here, it shows what a second walk reads.
      writeFileSync(file, Buffer.alloc(count * 4096, 0x62));
      const read = order.map((n) => blocks.read(n * 4096 + 10, 8).toString());
      expect(read.filter((s) => s !== 'aaaaaaaa')).toEqual([]);
    } finally {
      closeSync(fd);
    }
  });

  it('reads a 32-bit number anywhere, one that spans two blocks and one at the end of the file too', () => {
    const bytes = Buffer.alloc(3 * 4096 + 6);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 131 + 7) & 0xff;
    const file = join(tmp.dir, 'numbers.bin');
    writeFileSync(file, bytes);
    const fd = openSync(file, 'r');
    try {
      const blocks = new Blocks(fd, file);
      for (const pos of [0, 1, 4092, 4093, 4094, 4095, 4096, 8190, 3 * 4096, bytes.length - 4]) {
        expect(blocks.u32(pos), `at ${pos}`).toBe(bytes.readUInt32LE(pos));
      }
      expect(() => blocks.u32(bytes.length - 3)).toThrow(/cut short/);
    } finally {
      closeSync(fd);
    }
  });
});
